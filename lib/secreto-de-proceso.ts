import { randomBytes, timingSafeEqual } from "node:crypto";

/**
 * A secret known to this process alone, for a header it sends itself and must recognise when it
 * comes back (its own render requests, its own rewrites): no one else's request can carry it.
 * `es` compares in constant time.
 */
export function secretoDeProceso(): { valor: string; es(dado: string | null | undefined): boolean } {
  const valor = randomBytes(24).toString("hex");
  return {
    valor,
    es: (dado) =>
      typeof dado === "string" &&
      dado.length === valor.length &&
      timingSafeEqual(Buffer.from(dado), Buffer.from(valor)),
  };
}

import "server-only";
import { createHash, randomBytes } from "node:crypto";
import type { Prisma } from "../generated/prisma/client";

/** What a single-use e-mail link does. */
export type TipoToken = "confirmar" | "correo" | "restablecer";

const DURACION_MS: Record<TipoToken, number> = {
  confirmar: 24 * 3_600_000,
  correo: 24 * 3_600_000,
  restablecer: 3_600_000,
};

const PREFIX = "planazo";

/** What is stored of an e-mail link's token: its sha256 (the link alone carries the token). */
export function hashToken(token: string): string {
  return createHash("sha256").update(token).digest("hex");
}

/** A new random token for a link (256 bits, URL-safe). */
export const nuevoToken = (): string => randomBytes(32).toString("base64url");

/**
 * A new random token for an e-mail link. Only its hash is stored (in better-auth's
 * verification table), and it replaces any earlier token of the same kind for the user.
 * `dato` carries a value the link needs, e.g. the new address of an e-mail change.
 */
export async function crearToken(
  tx: Prisma.TransactionClient,
  tipo: TipoToken,
  userId: string,
  dato = "",
): Promise<string> {
  const token = nuevoToken();
  await tx.verification.deleteMany({ where: { identifier: { startsWith: `${PREFIX}:${tipo}:${userId}:` } } });
  await tx.verification.create({
    data: {
      id: randomBytes(16).toString("hex"),
      identifier: `${PREFIX}:${tipo}:${userId}:${dato}`,
      value: hashToken(token),
      expiresAt: new Date(Date.now() + DURACION_MS[tipo]),
    },
  });
  return token;
}

/** Uses a token up: it is deleted whatever happens, and returned only if valid and unexpired. */
export async function consumirToken(
  tx: Prisma.TransactionClient,
  token: string,
  tipos: TipoToken[],
): Promise<{ tipo: TipoToken; userId: string; dato: string } | null> {
  if (!/^[A-Za-z0-9_-]{20,100}$/.test(token)) return null;
  const row = await tx.verification.findFirst({
    where: { value: hashToken(token), OR: tipos.map((t) => ({ identifier: { startsWith: `${PREFIX}:${t}:` } })) },
  });
  if (!row) return null;
  await tx.verification.delete({ where: { id: row.id } });
  const [, tipo, userId, ...rest] = row.identifier.split(":");
  if (row.expiresAt < new Date()) return null;
  return { tipo: tipo as TipoToken, userId, dato: rest.join(":") };
}

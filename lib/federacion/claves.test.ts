import { exportJwk } from "@fedify/fedify";
import { describe, expect, it } from "vitest";
import { query } from "@/test-support/database";
import { clavesDe } from "./claves";

const db = () => process.env.DATABASE_URL!;
const publicas = async (pares: CryptoKeyPair[]) => Promise.all(pares.map((p) => exportJwk(p.publicKey)));

describe("an actor's key pairs", () => {
  it("are made once, on first need, the same for callers asking at once, and kept", async () => {
    const actor = `municipio:prueba-${Date.now()}`;
    const [a, b] = await Promise.all([clavesDe(actor), clavesDe(actor)]);
    expect(await publicas(a)).toEqual(await publicas(b));
    expect(await publicas(await clavesDe(actor))).toEqual(await publicas(a));
    const [{ n }] = await query<{ n: number }>(
      db(),
      "SELECT count(*)::int AS n FROM federacion_clave WHERE actor = $1",
      [actor],
    );
    expect(n).toBe(1);
    expect(await publicas(await clavesDe(`${actor}-otro`))).not.toEqual(await publicas(a));
  });

  it("are an RSA pair then an Ed25519 pair that sign and verify", async () => {
    const [rsa, ed] = await clavesDe(`sitio-prueba-${Date.now()}`);
    expect(rsa.privateKey.algorithm).toMatchObject({ name: "RSASSA-PKCS1-v1_5", hash: { name: "SHA-256" } });
    expect((rsa.privateKey.algorithm as RsaHashedKeyAlgorithm).modulusLength).toBe(2048);
    expect(ed.privateKey.algorithm.name).toBe("Ed25519");
    const datos = new TextEncoder().encode("Fiestas de San Roque");
    const firma = await crypto.subtle.sign("RSASSA-PKCS1-v1_5", rsa.privateKey, datos);
    expect(await crypto.subtle.verify("RSASSA-PKCS1-v1_5", rsa.publicKey, firma, datos)).toBe(true);
    const firmaEd = await crypto.subtle.sign("Ed25519", ed.privateKey, datos);
    expect(await crypto.subtle.verify("Ed25519", ed.publicKey, firmaEd, datos)).toBe(true);
    // The stored private halves are JWKs with their private parts, never exposed as public ones.
    const [fila] = await query<{ rsa: { publica: JsonWebKey } }>(
      db(),
      "SELECT rsa FROM federacion_clave ORDER BY creada DESC LIMIT 1",
    );
    expect(fila.rsa.publica.d).toBeUndefined();
  });
});

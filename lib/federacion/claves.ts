import "./navegador";
import { exportJwk, generateCryptoKeyPair, importJwk } from "@fedify/fedify";
import { prisma } from "../db";

type ParJwk = { privada: JsonWebKey; publica: JsonWebKey };

async function aJwk(par: CryptoKeyPair): Promise<ParJwk> {
  return { privada: await exportJwk(par.privateKey), publica: await exportJwk(par.publicKey) };
}

async function deJwk(par: ParJwk): Promise<CryptoKeyPair> {
  return { privateKey: await importJwk(par.privada, "private"), publicKey: await importJwk(par.publica, "public") };
}

/**
 * An RSA pair of 2,048 bits, as Mastodon makes its own: every server checks HTTP signatures with
 * it, and each delivery is signed with it, which at 4,096 bits (Fedify's default) costs twelve
 * times as much CPU (4.6 ms against 0.36 ms a signature here) and a few seconds to make.
 */
const parRsa = () =>
  crypto.subtle.generateKey(
    { name: "RSASSA-PKCS1-v1_5", modulusLength: 2048, publicExponent: new Uint8Array([1, 0, 1]), hash: "SHA-256" },
    true,
    ["sign", "verify"],
  );

/**
 * An actor's two key pairs, RSA (RSASSA-PKCS1-v1_5 with SHA-256, what every server checks HTTP
 * signatures with) then Ed25519: read from federacion_clave, or made on its first need. Two instances that
 * make them at once keep the first one written, and both answer with it.
 */
export async function clavesDe(actor: string): Promise<CryptoKeyPair[]> {
  const leer = async () =>
    (
      await prisma.$queryRaw<{ rsa: ParJwk; ed25519: ParJwk }[]>`
        SELECT rsa, ed25519 FROM federacion_clave WHERE actor = ${actor}`
    )[0];
  let fila = await leer();
  if (!fila) {
    const [rsa, ed25519] = await Promise.all([parRsa().then(aJwk), generateCryptoKeyPair("Ed25519").then(aJwk)]);
    await prisma.$executeRaw`
      INSERT INTO federacion_clave (actor, rsa, ed25519)
      VALUES (${actor}, ${JSON.stringify(rsa)}::jsonb, ${JSON.stringify(ed25519)}::jsonb)
      ON CONFLICT (actor) DO NOTHING`;
    fila = await leer();
  }
  return Promise.all([deJwk(fila.rsa), deJwk(fila.ed25519)]);
}

import { createServer, type Server } from "node:http";
import { exportJWK, generateKeyPair, SignJWT, importJWK, type JWK } from "jose";

/** The test app's OAuth client ids, one per platform (GOOGLE_CLIENT_IDS, web first). */
export const TEST_GOOGLE_CLIENT_IDS = {
  web: "planazo-test.apps.googleusercontent.com",
  android: "planazo-android-test.apps.googleusercontent.com",
  ios: "planazo-ios-test.apps.googleusercontent.com",
} as const;
export const TEST_GOOGLE_CLIENT_ID = TEST_GOOGLE_CLIENT_IDS.web;
export const TEST_KID = "planazo-test-key";

/** A local stand-in for Google's JWKS endpoint, serving the public half of a fresh RSA key. */
export async function startJwksServer(): Promise<{ url: string; privateJwk: JWK; close: () => Promise<void> }> {
  const { publicKey, privateKey } = await generateKeyPair("RS256", { extractable: true });
  const publicJwk = { ...(await exportJWK(publicKey)), kid: TEST_KID, alg: "RS256", use: "sig" };
  const server: Server = createServer((_req, res) => {
    res.writeHead(200, { "Content-Type": "application/json" });
    res.end(JSON.stringify({ keys: [publicJwk] }));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as { port: number };
  return {
    url: `http://127.0.0.1:${port}/certs`,
    privateJwk: await exportJWK(privateKey),
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

export interface GoogleClaims {
  sub: string;
  email: string;
  name: string;
  aud?: string;
  iss?: string;
  expiresIn?: string | number;
}

/** An ID token like Google's, signed with `privateJwk` (or another key, to test a bad signature). */
export async function signGoogleIdToken(privateJwk: JWK, claims: GoogleClaims): Promise<string> {
  const key = await importJWK(privateJwk, "RS256");
  const {
    sub,
    email,
    name,
    aud = TEST_GOOGLE_CLIENT_ID,
    iss = "https://accounts.google.com",
    expiresIn = "1h",
  } = claims;
  return new SignJWT({ email, name, email_verified: true, picture: "https://example.com/p.png" })
    .setProtectedHeader({ alg: "RS256", kid: TEST_KID, typ: "JWT" })
    .setSubject(sub)
    .setIssuer(iss)
    .setAudience(aud)
    .setIssuedAt(Math.floor(Date.now() / 1000) - 60)
    .setExpirationTime(typeof expiresIn === "number" ? expiresIn : expiresIn)
    .sign(key);
}

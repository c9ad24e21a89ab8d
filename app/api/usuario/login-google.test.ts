import { describe, expect, inject, it } from "vitest";
import { api } from "@/test-support/api";
import { query } from "@/test-support/database";
import { signGoogleIdToken, TEST_GOOGLE_CLIENT_IDS } from "@/test-support/google-jwks";
import { call, uniqueEmail } from "@/test-support/users";
import { mensajes } from "@/lib/messages";
import { startAppServer } from "@/test-support/app-server";
import { worker } from "@/test-support/worker";

const db = () => process.env.DATABASE_URL!;
const googleKey = () => JSON.parse(inject("googlePrivateJwk"));

/** Signs in with a fresh Google identity whose ID token was issued for `aud`. */
async function entrarConGoogle(aud: string, body: Record<string, unknown> = {}, base?: string) {
  const correo = uniqueEmail("google");
  const id_token = await signGoogleIdToken(googleKey(), {
    sub: `g-${correo}`,
    email: correo,
    name: "Gala Google",
    aud,
  });
  return {
    correo,
    id_token,
    respuesta: await call("POST", "/api/usuario/login-google", { body: { id_token, ...body }, base }),
  };
}

async function plataformaDe(correo: string): Promise<string | null> {
  const [row] = await query<{ platform: string | null }>(
    db(),
    `SELECT c.platform::text AS platform FROM cuenta c JOIN usuario u ON u.id = c.user_id WHERE u.email = $1 AND c.provider_id = 'google'`,
    [correo],
  );
  return row.platform;
}

describe("POST /api/usuario/login-google from the web and the apps", () => {
  it("accepts ID tokens issued for the web, Android and iOS client ids and keeps each platform in the account", async () => {
    for (const [platform, aud] of Object.entries(TEST_GOOGLE_CLIENT_IDS)) {
      const { correo, respuesta } = await entrarConGoogle(aud, { platform });
      expect(respuesta, platform).toMatchObject({
        status: 200,
        body: { token: expect.any(String), usuario: { correo, google: true } },
      });
      expect(await plataformaDe(correo), platform).toBe(platform);
    }
  });

  it("keeps the platform of the latest sign-in of the same account", async () => {
    const { correo, id_token } = await entrarConGoogle(TEST_GOOGLE_CLIENT_IDS.web, { platform: "web" });
    expect((await call("POST", "/api/usuario/login-google", { body: { id_token, platform: "ios" } })).status).toBe(200);
    expect(await plataformaDe(correo)).toBe("ios");
  });

  it("reads a missing or unknown platform as web, and never stores what it does not know", async () => {
    for (const body of [
      {},
      { platform: "windows-phone" },
      { platform: 42 },
      { platform: null },
      { platform: ["android"] },
      { platform: "" },
    ]) {
      const { correo, respuesta } = await entrarConGoogle(TEST_GOOGLE_CLIENT_IDS.android, body);
      expect(respuesta.status, JSON.stringify(body)).toBe(200);
      expect(await plataformaDe(correo), JSON.stringify(body)).toBe("web");
    }
    const { correo } = await entrarConGoogle(TEST_GOOGLE_CLIENT_IDS.android, { platform: " Android " });
    expect(await plataformaDe(correo)).toBe("android");
  });

  it("still refuses a token for a client id that is not ours", async () => {
    const { correo, respuesta } = await entrarConGoogle("otra-app.apps.googleusercontent.com", { platform: "android" });
    expect(respuesta).toMatchObject({ status: 401, body: { mensaje: mensajes.googleNoVerificado } });
    expect(await query(db(), "SELECT 1 FROM usuario WHERE email = $1", [correo])).toEqual([]);
  });
});

describe("Google sign-in configuration", () => {
  it("keeps a deployment with only the old GOOGLE_CLIENT_ID working, button included", async () => {
    const legado = await startAppServer({
      ...worker().appEnv,
      GOOGLE_CLIENT_IDS: "",
      GOOGLE_CLIENT_ID: TEST_GOOGLE_CLIENT_IDS.web,
    });
    try {
      expect(
        (await entrarConGoogle(TEST_GOOGLE_CLIENT_IDS.web, { platform: "web" }, legado.url)).respuesta.status,
      ).toBe(200);
      expect(
        (await entrarConGoogle(TEST_GOOGLE_CLIENT_IDS.android, { platform: "android" }, legado.url)).respuesta.status,
      ).toBe(401);
      const pagina = await (await fetch(`${legado.url}/iniciar-sesion`)).text();
      expect(pagina).toContain(TEST_GOOGLE_CLIENT_IDS.web);
    } finally {
      await legado.stop();
    }
  }, 120_000);

  it("offers the web client id (the first of GOOGLE_CLIENT_IDS) to the login page's button", async () => {
    const pagina = await (await api("/iniciar-sesion")).text();
    expect(pagina).toContain(TEST_GOOGLE_CLIENT_IDS.web);
    expect(pagina).not.toContain(TEST_GOOGLE_CLIENT_IDS.android);
  });

  it("without any client id shows no Google button and says nothing about it, and the call answers 503", async () => {
    // A local copy (the demo) included: what a visitor sees never speaks of the site's configuration.
    const demo = await startAppServer({
      ...worker().appEnv,
      GOOGLE_CLIENT_IDS: "",
      GOOGLE_CLIENT_ID: "",
      NEXT_PUBLIC_GOOGLE_CLIENT_ID: "",
    });
    try {
      const res = await fetch(`${demo.url}/iniciar-sesion`);
      const pagina = await res.text();
      expect(res.status).toBe(200);
      expect(pagina).toContain("Iniciar sesión");
      expect(pagina).not.toMatch(/GOOGLE_CLIENT|configurar/i);
      expect(pagina).not.toContain("googleusercontent.com");
      expect(res.headers.get("content-security-policy")).not.toContain("accounts.google.com");
      const { respuesta } = await entrarConGoogle(TEST_GOOGLE_CLIENT_IDS.web, { platform: "web" }, demo.url);
      expect(respuesta).toMatchObject({ status: 503, body: { mensaje: mensajes.googleNoDisponible } });
    } finally {
      await demo.stop();
    }
  }, 120_000);
});

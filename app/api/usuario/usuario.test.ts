import { existsSync } from "node:fs";
import path from "node:path";
import { generateKeyPair, exportJWK } from "jose";
import sharp from "sharp";
import { describe, expect, inject, it } from "vitest";
import { query } from "@/test-support/database";
import { signGoogleIdToken } from "@/test-support/google-jwks";
import { call, confirmedUser, freshIp, linkFromOutbox, tokenOf, uniqueEmail } from "@/test-support/users";
import { cookieDe, setCookieDe } from "@/test-support/cookies";
import { storeImage } from "@/lib/media/images";
import { diskStorage } from "@/lib/media/storage";
import { conDatos, mensajes } from "@/lib/messages";
import { worker } from "@/test-support/worker";

const db = () => process.env.DATABASE_URL!;
const googleKey = () => JSON.parse(inject("googlePrivateJwk"));

describe("the e-mails of an account, in its language", () => {
  it("writes the confirmation in the language the person signed up in, its link to that language's page", async () => {
    const correo = uniqueEmail();
    const reg = await call("POST", "/api/usuario/register", {
      body: { nombre: "Jordi Puig", correo, password: "contrasenya1", idioma: "ca" },
    });
    expect(reg.status).toBe(201);
    // The API answers in Spanish whatever the person's language: the apps' contract.
    expect(reg.body).toEqual({ mensaje: mensajes.registroEnviado });
    const link = await linkFromOutbox(correo, "/confirmar-cuenta/");
    expect(link).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/ca\/confirmar-cuenta\/[A-Za-z0-9_-]{40,}$/);
    const [mail] = await query<{ subject: string; html: string; text: string }>(
      db(),
      `SELECT subject, html, text FROM email_outbox WHERE "to" = $1`,
      [correo],
    );
    expect(mail.subject).toBe("Confirma el teu compte · Planazo");
    expect(mail.html).toContain('<html lang="ca">');
    expect(mail.text).toContain("Hola, Jordi Puig:");
    expect(mail.text).toContain("L’equip de Planazo");
    const [{ idioma }] = await query<{ idioma: string }>(db(), "SELECT idioma FROM usuario WHERE email = $1", [correo]);
    expect(idioma).toBe("ca");

    // A reset asked later comes in the same language; a language the site does not speak is Spanish.
    await call("POST", "/api/usuario/restablecer-password", { body: { correo } });
    const [reset] = await query<{ subject: string }>(
      db(),
      `SELECT subject FROM email_outbox WHERE "to" = $1 AND subject LIKE 'Restableix%'`,
      [correo],
    );
    expect(reset?.subject).toBe("Restableix la contrasenya · Planazo");
    const otro = uniqueEmail();
    await call("POST", "/api/usuario/register", {
      body: { nombre: "Jean", correo: otro, password: "motdepasse1", idioma: "fr" },
    });
    const [frances] = await query<{ subject: string }>(db(), `SELECT subject FROM email_outbox WHERE "to" = $1`, [
      otro,
    ]);
    expect(frances.subject).toBe("Confirma tu cuenta · Planazo");
  });

  it("changes the language from the profile's notices, for that person only, and not to one the site does not speak", async () => {
    const [xoana, otra] = [await confirmedUser("Xoana Idioma"), await confirmedUser("Otra Idioma")];
    const idiomaDe = async (id: string) =>
      (await query<{ idioma: string }>(db(), "SELECT idioma FROM usuario WHERE id = $1", [id]))[0].idioma;
    expect((await call("PATCH", "/api/usuario/avisos", { body: { idioma: "gl" } })).status).toBe(401);
    const r = await call("PATCH", "/api/usuario/avisos", { token: xoana.token, body: { idioma: "gl" } });
    expect(r.status).toBe(200);
    expect([await idiomaDe(xoana.id), await idiomaDe(otra.id)]).toEqual(["gl", "es"]);
    await call("PATCH", "/api/usuario/avisos", {
      token: xoana.token,
      body: { idioma: "fr", cambios: { push: false } },
    });
    expect(await idiomaDe(xoana.id)).toBe("gl");
    // Her next e-mail comes in Galician.
    await call("POST", "/api/usuario/restablecer-password", { body: { correo: xoana.correo } });
    const [reset] = await query<{ html: string }>(
      db(),
      `SELECT html FROM email_outbox WHERE "to" = $1 ORDER BY created_at DESC LIMIT 1`,
      [xoana.correo],
    );
    expect(reset.html).toContain('<html lang="gl">');
  });
});

describe("register → confirm → login → GET /api/usuario", () => {
  it("walks the whole flow and never returns a password hash", async () => {
    const correo = uniqueEmail();
    const reg = await call("POST", "/api/usuario/register", {
      body: { nombre: " Ana Ruiz ", correo: `  ${correo.toUpperCase()} `, password: "contraseña1" },
    });
    expect(reg).toMatchObject({ status: 201, body: { mensaje: mensajes.registroEnviado } });

    const [row] = await query<{ name: string; email_verified: boolean }>(
      db(),
      "SELECT name, email_verified FROM usuario WHERE email = $1",
      [correo],
    );
    expect(row).toEqual({ name: "Ana Ruiz", email_verified: false });
    const link = await linkFromOutbox(correo, "/confirmar-cuenta/");
    expect(link).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/confirmar-cuenta\/[A-Za-z0-9_-]{40,}$/);
    const [mail] = await query<{ subject: string; html: string }>(
      db(),
      `SELECT subject, html FROM email_outbox WHERE "to" = $1`,
      [correo],
    );
    expect(mail.subject).toBe("Confirma tu cuenta · Planazo");
    expect(mail.html).toContain(link);

    const before = await call("POST", "/api/usuario/login", { body: { correo, password: "contraseña1" } });
    expect(before).toMatchObject({ status: 403, body: { mensaje: mensajes.cuentaSinConfirmar } });

    const confirm = await call("GET", `/api/usuario/confirmar-cuenta/${tokenOf(link)}`);
    expect(confirm).toMatchObject({ status: 200, body: { mensaje: mensajes.cuentaConfirmada } });
    const again = await call("GET", `/api/usuario/confirmar-cuenta/${tokenOf(link)}`);
    expect(again).toMatchObject({ status: 400, body: { mensaje: mensajes.enlaceNoValido } });

    const login = await call("POST", "/api/usuario/login", {
      body: { correo: correo.toUpperCase(), password: "contraseña1" },
    });
    expect(login.status).toBe(200);
    expect(login.body).toEqual({
      token: expect.any(String),
      usuario: { _id: expect.any(String), nombre: "Ana Ruiz", correo },
    });
    const cookie = setCookieDe(login.setCookie);
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Lax/i);

    const me = await call("GET", "/api/usuario", { token: login.body.token as string });
    expect(me).toMatchObject({
      status: 200,
      body: { usuario: { _id: expect.any(String), nombre: "Ana Ruiz", correo, google: false } },
    });
    const viaCookie = await call("GET", "/api/usuario", { cookie: cookieDe(login.setCookie) });
    expect(viaCookie.body).toEqual(me.body);
    expect(JSON.stringify([reg.body, login.body, me.body])).not.toMatch(/scrypt|password|\$/i);
  });

  it("refuses a second account with the same e-mail, whatever its case", async () => {
    const { correo } = await confirmedUser();
    const dup = await call("POST", "/api/usuario/register", {
      body: { nombre: "Otra", correo: correo.toUpperCase(), password: "contraseña2" },
    });
    expect(dup).toMatchObject({ status: 409, body: { mensaje: mensajes.correoYaRegistrado } });
  });

  it("checks the registration rules in the order of the spec", async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ nombre: "", correo: "x@y.es", password: "12345678" }, mensajes.todosObligatoriosRegistro],
      [{ correo: "x@y.es", password: "12345678" }, mensajes.todosObligatoriosRegistro],
      [{ nombre: "A", correo: "mal", password: "corta" }, mensajes.passwordCortaRegistro],
      [{ nombre: "A", correo: "mal@correo", password: "12345678" }, mensajes.correoFormato],
      [{ nombre: 12, correo: ["x"], password: null }, mensajes.todosObligatoriosRegistro],
    ];
    for (const [body, mensaje] of cases) {
      expect(await call("POST", "/api/usuario/register", { body }), JSON.stringify(body)).toMatchObject({
        status: 400,
        body: { mensaje },
      });
    }
    expect(await call("POST", "/api/usuario/register", { body: "{no es json" })).toMatchObject({
      status: 400,
      body: { mensaje: mensajes.datosNoValidos },
    });
  });

  it("answers wrong credentials with 401 and the same message whether or not the e-mail exists", async () => {
    const { correo } = await confirmedUser();
    const wrong = await call("POST", "/api/usuario/login", { body: { correo, password: "no-es-esta" } });
    const unknown = await call("POST", "/api/usuario/login", {
      body: { correo: uniqueEmail(), password: "no-es-esta" },
    });
    expect(wrong).toMatchObject({ status: 401, body: { mensaje: mensajes.credencialesIncorrectas } });
    expect(unknown).toMatchObject({ status: 401, body: { mensaje: mensajes.credencialesIncorrectas } });
  });

  it("answers 401 without a session and for a made-up token", async () => {
    expect(await call("GET", "/api/usuario")).toMatchObject({
      status: 401,
      body: { mensaje: mensajes.loginNecesario },
    });
    expect(await call("GET", "/api/usuario", { token: "inventado" })).toMatchObject({ status: 401 });
  });

  it("resends the confirmation link to an unconfirmed account only", async () => {
    const correo = uniqueEmail();
    await call("POST", "/api/usuario/register", { body: { nombre: "Pepa", correo, password: "contraseña1" } });
    const first = await linkFromOutbox(correo, "/confirmar-cuenta/");
    const res = await call("POST", "/api/usuario/reenviar-confirmacion", { body: { correo } });
    expect(res).toMatchObject({ status: 200, body: { mensaje: mensajes.confirmacionReenviada } });
    const second = await linkFromOutbox(correo, "/confirmar-cuenta/");
    expect(second).not.toBe(first);
    expect((await call("GET", `/api/usuario/confirmar-cuenta/${tokenOf(first)}`)).status).toBe(400);
    expect((await call("GET", `/api/usuario/confirmar-cuenta/${tokenOf(second)}`)).status).toBe(200);
  });
});

describe("POST /api/usuario/login-google", () => {
  it("creates a Google user on the first sign-in and logs the same user in afterwards", async () => {
    const correo = uniqueEmail("google");
    const idToken = await signGoogleIdToken(googleKey(), { sub: `g-${correo}`, email: correo, name: "Gema Google" });
    const first = await call("POST", "/api/usuario/login-google", { body: { id_token: idToken, platform: "web" } });
    expect(first.status).toBe(200);
    expect(first.body).toEqual({
      token: expect.any(String),
      usuario: { _id: expect.any(String), nombre: "Gema Google", correo, google: true },
    });
    const second = await call("POST", "/api/usuario/login-google", { body: { id_token: idToken, platform: "web" } });
    expect((second.body.usuario as { _id: string })._id).toBe((first.body.usuario as { _id: string })._id);
    const me = await call("GET", "/api/usuario", { token: second.body.token as string });
    expect(me.body).toMatchObject({ usuario: { google: true } });
  });

  it("refuses a token for another audience, an expired one and one signed with another key", async () => {
    const correo = uniqueEmail("google");
    const otherKey = await exportJWK((await generateKeyPair("RS256", { extractable: true })).privateKey);
    const tokens = [
      await signGoogleIdToken(googleKey(), {
        sub: "g-aud",
        email: correo,
        name: "X",
        aud: "otra-app.apps.googleusercontent.com",
      }),
      await signGoogleIdToken(googleKey(), {
        sub: "g-exp",
        email: correo,
        name: "X",
        expiresIn: Math.floor(Date.now() / 1000) - 10,
      }),
      await signGoogleIdToken(otherKey, { sub: "g-sig", email: correo, name: "X" }),
      await signGoogleIdToken(googleKey(), { sub: "g-iss", email: correo, name: "X", iss: "https://evil.example" }),
    ];
    for (const id_token of tokens) {
      expect(await call("POST", "/api/usuario/login-google", { body: { id_token, platform: "web" } })).toMatchObject({
        status: 401,
        body: { mensaje: mensajes.googleNoVerificado },
      });
    }
    const [{ n }] = await query<{ n: number }>(db(), "SELECT count(*)::int AS n FROM usuario WHERE email = $1", [
      correo,
    ]);
    expect(n).toBe(0);
  });

  it("does not let a Google user change name, e-mail or password", async () => {
    const correo = uniqueEmail("google");
    const idToken = await signGoogleIdToken(googleKey(), { sub: `g-${correo}`, email: correo, name: "Gonzalo" });
    const { body } = await call("POST", "/api/usuario/login-google", { body: { id_token: idToken } });
    for (const cambio of [
      { nombre: "Otro" },
      { correo: uniqueEmail() },
      { passwordPerfilActual: "x", passwordPerfilNueva: "12345678" },
    ]) {
      expect(
        await call("PATCH", "/api/usuario/cambiar-datos", { token: body.token as string, body: cambio }),
      ).toMatchObject({
        status: 403,
        body: { mensaje: mensajes.googleNoPuedeCambiar },
      });
    }
  });
});

describe("PATCH /api/usuario/cambiar-datos", () => {
  it("changes the name", async () => {
    const u = await confirmedUser();
    expect(
      await call("PATCH", "/api/usuario/cambiar-datos", { token: u.token, body: { nombre: "  Nuevo Nombre " } }),
    ).toMatchObject({
      status: 200,
      body: { mensaje: mensajes.datosActualizados },
    });
    expect((await call("GET", "/api/usuario", { token: u.token })).body).toMatchObject({
      usuario: { nombre: "Nuevo Nombre" },
    });
    expect(await call("PATCH", "/api/usuario/cambiar-datos", { token: u.token, body: { nombre: "  " } })).toMatchObject(
      {
        status: 400,
        body: { mensaje: mensajes.campoVacio },
      },
    );
  });

  it("changes the e-mail only once the new address confirms it, and says where the link went", async () => {
    const u = await confirmedUser();
    const nuevo = uniqueEmail("nuevo");
    expect(
      await call("PATCH", "/api/usuario/cambiar-datos", { token: u.token, body: { correo: nuevo } }),
    ).toMatchObject({
      status: 200,
      body: { mensaje: conDatos(mensajes.cambioCorreoEnviado, { correo: nuevo }) },
    });
    expect((await call("GET", "/api/usuario", { token: u.token })).body).toMatchObject({
      usuario: { correo: u.correo },
    });
    const link = await linkFromOutbox(nuevo, "/confirmar-cuenta/");
    expect(await call("GET", `/api/usuario/confirmar-cuenta/${tokenOf(link)}`)).toMatchObject({
      status: 200,
      body: { mensaje: mensajes.correoCambiado },
    });
    expect((await call("GET", "/api/usuario", { token: u.token })).body).toMatchObject({ usuario: { correo: nuevo } });
    expect((await call("POST", "/api/usuario/login", { body: { correo: nuevo, password: u.password } })).status).toBe(
      200,
    );
  });

  it("changes the password with the current one and ends the other sessions", async () => {
    const u = await confirmedUser();
    const other = await call("POST", "/api/usuario/login", { body: { correo: u.correo, password: u.password } });
    const wrong = await call("PATCH", "/api/usuario/cambiar-datos", {
      token: u.token,
      body: { passwordPerfilActual: "no", passwordPerfilNueva: "otra-clave-1" },
    });
    expect(wrong).toMatchObject({ status: 400, body: { mensaje: mensajes.passwordActualIncorrecta } });
    const ok = await call("PATCH", "/api/usuario/cambiar-datos", {
      token: u.token,
      body: { passwordPerfilActual: u.password, passwordPerfilNueva: "otra-clave-1" },
    });
    expect(ok).toMatchObject({ status: 200, body: { mensaje: mensajes.passwordActualizada } });
    expect((await call("GET", "/api/usuario", { token: u.token })).status).toBe(200);
    expect((await call("GET", "/api/usuario", { token: other.body.token as string })).status).toBe(401);
    expect(
      (await call("POST", "/api/usuario/login", { body: { correo: u.correo, password: "otra-clave-1" } })).status,
    ).toBe(200);
  });

  it("refuses a cookie-authenticated change from another site", async () => {
    const u = await confirmedUser();
    const login = await call("POST", "/api/usuario/login", { body: { correo: u.correo, password: u.password } });
    const cookie = cookieDe(login.setCookie);
    const res = await call("PATCH", "/api/usuario/cambiar-datos", {
      cookie,
      origin: "https://evil.example",
      body: { nombre: "Hackeado" },
    });
    expect(res).toMatchObject({ status: 403, body: { mensaje: mensajes.origenNoPermitido } });
    expect((await call("GET", "/api/usuario", { token: u.token })).body).toMatchObject({
      usuario: { nombre: "Lucía Prueba" },
    });
  });
});

describe("password reset", () => {
  it("says the same for known and unknown addresses, and resets with a single-use link", async () => {
    const u = await confirmedUser();
    const unknown = await call("POST", "/api/usuario/restablecer-password", { body: { correo: uniqueEmail() } });
    const known = await call("POST", "/api/usuario/restablecer-password", { body: { correo: u.correo } });
    expect(unknown).toEqual(known);
    expect(known).toMatchObject({ status: 200, body: { mensaje: mensajes.restablecerEnviado } });

    const token = tokenOf(await linkFromOutbox(u.correo, "/restablecer-password/"));
    expect(
      await call("PATCH", `/api/usuario/restablecer-password/${token}`, {
        body: { passwordNueva: "nueva-clave-1", passwordConfirm: "otra" },
      }),
    ).toMatchObject({
      status: 400,
      body: { mensaje: mensajes.passwordsNoCoinciden },
    });
    expect(
      await call("PATCH", `/api/usuario/restablecer-password/${token}`, {
        body: { passwordNueva: "corta", passwordConfirm: "corta" },
      }),
    ).toMatchObject({
      status: 400,
      body: { mensaje: mensajes.passwordNuevaCorta },
    });
    expect(
      await call("PATCH", `/api/usuario/restablecer-password/${token}`, {
        body: { passwordNueva: "nueva-clave-1", passwordConfirm: "nueva-clave-1" },
      }),
    ).toMatchObject({
      status: 200,
      body: { mensaje: mensajes.passwordRestablecida },
    });
    expect(
      await call("PATCH", `/api/usuario/restablecer-password/${token}`, {
        body: { passwordNueva: "tercera-clave", passwordConfirm: "tercera-clave" },
      }),
    ).toMatchObject({
      status: 400,
      body: { mensaje: mensajes.enlaceNoValido },
    });
    expect((await call("GET", "/api/usuario", { token: u.token })).status).toBe(401);
    expect(
      (await call("POST", "/api/usuario/login", { body: { correo: u.correo, password: "nueva-clave-1" } })).status,
    ).toBe(200);
  });
});

/** Gives a user an organization with a logo and a plan with a poster, files on the app's disk. */
async function giveUserContent(userId: string): Promise<string[]> {
  const files = diskStorage(worker().storageDir);
  const png = await sharp({ create: { width: 40, height: 30, channels: 3, background: "#c2410c" } })
    .png()
    .toBuffer();
  const logo = await storeImage(files, "logos", "logo.png", png);
  const cartel = await storeImage(files, "carteles", "cartel.png", png);
  const insertArchivo = `INSERT INTO archivo (nombre, path, url, content_type, md5sum, hash, width, height, size, variantes)
    VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10) RETURNING id`;
  const archivo = async (i: typeof logo) =>
    (
      await query<{ id: string }>(db(), insertArchivo, [
        i.nombre,
        i.path,
        i.url,
        i.contentType,
        i.md5sum,
        i.hash,
        i.width,
        i.height,
        i.size,
        JSON.stringify(i.variantes),
      ])
    )[0].id;
  const [org] = await query<{ id: string }>(
    db(),
    `INSERT INTO organizacion (nombre, direccion, email_contacto, archivo_logo_id, usuario_id) VALUES ('Peña', 'Plaza Mayor 1', 'pena@example.com', $1, $2) RETURNING id`,
    [await archivo(logo), userId],
  );
  const [plan] = await query<{ id: string }>(
    db(),
    `INSERT INTO plan (titulo, tipo, municipio, direccion, ubicacion, fecha_inicio, fecha_fin, archivo_cartel_id, usuario_id, organizacion_id)
     VALUES ('Verbena', 'evento', 'Albarracín', 'Plaza Mayor', ST_MakePoint(-1.44, 40.41)::geography, now(), now() + interval '2 hours', $1, $2, $3) RETURNING id`,
    [await archivo(cartel), userId, org.id],
  );
  await query(db(), "INSERT INTO favorito (usuario_id, plan_id) VALUES ($1, $2)", [userId, plan.id]);
  return [...Object.values(logo.variantes), ...Object.values(cartel.variantes)];
}

describe("DELETE /api/usuario", () => {
  it("removes the account with its organizations, plans, favourites and image files", async () => {
    const u = await confirmedUser();
    const keys = await giveUserContent(u.id);
    for (const key of keys) expect(existsSync(path.join(worker().storageDir, key)), key).toBe(true);
    const count = async (sql: string) => (await query<{ n: number }>(db(), sql, [u.id]))[0].n;
    expect(await count("SELECT count(*)::int AS n FROM sesion WHERE user_id = $1")).toBeGreaterThan(0);
    expect(await call("DELETE", "/api/usuario", { token: u.token })).toMatchObject({
      status: 200,
      body: { mensaje: mensajes.cuentaEliminada },
    });
    for (const sql of [
      "SELECT count(*)::int AS n FROM usuario WHERE id = $1",
      "SELECT count(*)::int AS n FROM sesion WHERE user_id = $1",
      "SELECT count(*)::int AS n FROM cuenta WHERE user_id = $1",
      "SELECT count(*)::int AS n FROM favorito WHERE usuario_id = $1",
      "SELECT count(*)::int AS n FROM plan WHERE usuario_id = $1",
      "SELECT count(*)::int AS n FROM organizacion WHERE usuario_id = $1",
      "SELECT count(*)::int AS n FROM verificacion WHERE identifier LIKE '%:' || $1 || ':%'",
    ]) {
      expect(await count(sql), sql).toBe(0);
    }
    expect((await call("GET", "/api/usuario", { token: u.token })).status).toBe(401);
    for (const key of keys) expect(existsSync(path.join(worker().storageDir, key)), key).toBe(false);
    const paths = keys.filter((k) => k.endsWith("original.webp"));
    expect(
      (await query<{ n: number }>(db(), "SELECT count(*)::int AS n FROM archivo WHERE path = ANY($1)", [paths]))[0].n,
    ).toBe(0);
  });
});

describe("rate limits", () => {
  it("answers 429 in Spanish after too many logins for one account", async () => {
    const u = await confirmedUser();
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) {
      statuses.push(
        (await call("POST", "/api/usuario/login", { body: { correo: u.correo, password: "mal" }, ip: freshIp() }))
          .status,
      );
    }
    expect(statuses.slice(0, 9).every((s) => s === 401)).toBe(true);
    const last = await call("POST", "/api/usuario/login", { body: { correo: u.correo, password: u.password } });
    expect(last).toMatchObject({ status: 429, body: { mensaje: mensajes.demasiadasPeticiones } });
  });

  it("answers 429 after too many registrations from one address", async () => {
    const ip = freshIp();
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) {
      statuses.push(
        (
          await call("POST", "/api/usuario/register", {
            ip,
            body: { nombre: "Spam", correo: uniqueEmail("spam"), password: "12345678" },
          })
        ).status,
      );
    }
    expect(statuses.slice(0, 10)).toEqual(Array(10).fill(201));
    expect(statuses[10]).toBe(429);
  });

  it("answers 429 after too many reset requests for one address, and too many Google attempts from one client", async () => {
    const correo = uniqueEmail("reset");
    const reset: number[] = [];
    for (let i = 0; i < 6; i++)
      reset.push((await call("POST", "/api/usuario/restablecer-password", { body: { correo }, ip: freshIp() })).status);
    expect(reset).toEqual([200, 200, 200, 200, 200, 429]);

    const ip = freshIp();
    const google: number[] = [];
    for (let i = 0; i < 31; i++)
      google.push((await call("POST", "/api/usuario/login-google", { ip, body: { id_token: "x".repeat(20) } })).status);
    expect(google.slice(0, 30).every((s) => s === 401)).toBe(true);
    expect(google[30]).toBe(429);
  });
});

import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { mensajes } from "@/lib/messages";
import { planPath } from "@/lib/plans/plan";
import { LIMITES } from "@/lib/rate-limit";
import { startAppServer } from "@/test-support/app-server";
import { launchBrowser } from "@/test-support/browser";
import { query } from "@/test-support/database";
import { camposEvento, enviarFormulario, formulario, png } from "@/test-support/forms";
import { freshOrigin, insertPlan } from "@/test-support/plans";
import { contextoConectado } from "@/test-support/session-context";
import { call, confirmedUser, freshIp, uniqueEmail } from "@/test-support/users";
import { cookieDe, setCookieDe } from "@/test-support/cookies";
import { appUrl, worker } from "@/test-support/worker";

const db = () => process.env.DATABASE_URL!;
const EVIL = "https://malvado.example";

/** The directives of a CSP header, by name. */
function directivas(csp: string): Map<string, string[]> {
  return new Map(
    csp
      .split(";")
      .map((d) => d.trim().split(/\s+/))
      .filter((d) => d[0])
      .map(([k, ...v]) => [k, v]),
  );
}

describe("security headers", () => {
  it("gives every page a CSP with a fresh nonce that every script of the page carries", async () => {
    const base = appUrl();
    const [a, b] = await Promise.all([fetch(`${base}/`), fetch(`${base}/`)]);
    const cspA = a.headers.get("content-security-policy")!;
    const d = directivas(cspA);
    const nonce = d
      .get("script-src")!
      .find((s) => s.startsWith("'nonce-"))!
      .slice(7, -1);
    expect(nonce).toMatch(/^[A-Za-z0-9+/=]{22,}$/);
    expect(b.headers.get("content-security-policy")).not.toContain(nonce);
    expect(d.get("script-src")).toContain("'strict-dynamic'");
    expect(d.get("script-src")).not.toContain("'unsafe-eval'");
    expect(d.get("frame-ancestors")).toEqual(["'none'"]);
    expect(d.get("object-src")).toEqual(["'none'"]);
    expect(d.get("base-uri")).toEqual(["'self'"]);
    expect(d.get("img-src")).toEqual(expect.arrayContaining(["'self'", "https://*.tile.openstreetmap.org"]));
    // The test app has a Google client id: its sign-in script and frame are the only other hosts
    // (our own frame: /widget's preview of /embed/planes).
    expect(d.get("frame-src")).toEqual(["'self'", "https://accounts.google.com/gsi/"]);
    expect(d.get("default-src")).toEqual(["'self'"]);

    const html = await a.text();
    const scripts = [...html.matchAll(/<script\b([^>]*)>/g)].map((m) => m[1]);
    expect(scripts.length).toBeGreaterThan(2);
    for (const attrs of scripts) {
      if (/type="application\/ld\+json"/.test(attrs)) continue; // data, never run
      expect(attrs, attrs).toContain(`nonce="${nonce}"`);
    }
    for (const res of [a, b]) {
      expect(res.headers.get("x-content-type-options")).toBe("nosniff");
      expect(res.headers.get("referrer-policy")).toBe("strict-origin-when-cross-origin");
      expect(res.headers.get("x-frame-options")).toBe("DENY");
    }
  });

  it("gives API and media answers a CSP that lets nothing run or frame them", async () => {
    const base = appUrl();
    for (const path of [
      "/api/health",
      "/api/plan?lat=40&lng=-3",
      "/media/planes/no-existe/original.webp",
      "/api/no-existe",
    ]) {
      const res = await fetch(`${base}${path}`);
      expect(res.headers.get("content-security-policy"), path).toContain("default-src 'none'");
      expect(res.headers.get("content-security-policy"), path).toContain("frame-ancestors 'none'");
      expect(res.headers.get("x-content-type-options"), path).toBe("nosniff");
      expect(res.headers.get("referrer-policy"), path).toBe("strict-origin-when-cross-origin");
    }
  });
});

describe("the CSP in Chromium", () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it("blocks nothing the pages use (scripts, styles, map tiles, the Google button) and blocks injected scripts", async () => {
    const usuario = await confirmedUser();
    const origin = await freshOrigin();
    const id = await insertPlan({ usuarioId: usuario.id, origin, titulo: "Concierto seguro" });
    const bloqueados = new Set<string>();
    const ctx = await contextoConectado(browser, null, { bloqueados });
    await ctx.addInitScript(() => {
      const w = window as unknown as { __violaciones: string[] };
      w.__violaciones = [];
      document.addEventListener("securitypolicyviolation", (e) =>
        w.__violaciones.push(`${e.violatedDirective} ${e.blockedURI}`),
      );
    });
    const page = await ctx.newPage();
    const errores: string[] = [];
    page.on("console", (m) => {
      if (m.type() === "error" && /Content Security Policy/i.test(m.text())) errores.push(m.text());
    });
    const paginas = [
      `/?municipio=Pueblo&lat=${origin.lat}&lng=${origin.lng}&radio=10`,
      planPath("Concierto seguro", id),
      "/iniciar-sesion",
    ];
    for (const path of paginas) {
      await page.goto(`${appUrl()}${path}`, { waitUntil: "networkidle" });
      // The plan page's map loads as it comes near the screen: wait for its tiles, which a busy
      // machine may ask for after the network first went quiet.
      if (path === paginas[1])
        await expect
          .poll(() => [...bloqueados].some((h) => h.endsWith("tile.openstreetmap.org")), { timeout: 20_000 })
          .toBe(true);
      expect(await page.evaluate(() => (window as unknown as { __violaciones: string[] }).__violaciones), path).toEqual(
        [],
      );
    }
    // The app hydrated under the CSP: the login form reacts to typing.
    await page
      .getByLabel(/correo/i)
      .first()
      .fill("x@example.com");
    // Requests the CSP allowed reach the network, where the test refuses them: the map tiles
    // (plan page) and Google's sign-in script (login page) were really asked for.
    expect([...bloqueados].some((h) => h.endsWith("tile.openstreetmap.org"))).toBe(true);
    expect(bloqueados.has("accounts.google.com")).toBe(true);

    // A script injected into the page without the nonce does not run.
    const corrio = await page.evaluate(async () => {
      const w = window as unknown as { __inyectado?: boolean; __violaciones: string[] };
      document.body.insertAdjacentHTML("beforeend", '<img src="x" onerror="window.__inyectado = true">');
      await new Promise((r) => setTimeout(r, 300));
      return { inyectado: w.__inyectado === true, violaciones: w.__violaciones };
    });
    expect(corrio.inyectado).toBe(false);
    expect(corrio.violaciones.some((v) => v.startsWith("script-src"))).toBe(true);
    expect(errores.filter((e) => !/inline event handler/i.test(e))).toEqual([]);
    await ctx.close();
  });
});

describe("cookies, Origin and rate limits", () => {
  it("sets the session cookie httpOnly and SameSite=Lax, never Secure-less under an https SITE_URL", async () => {
    const u = await confirmedUser();
    const login = await call("POST", "/api/usuario/login", { body: { correo: u.correo, password: u.password } });
    const cookie = setCookieDe(login.setCookie);
    expect(cookie).toMatch(/;\s*HttpOnly/i);
    expect(cookie).toMatch(/;\s*SameSite=Lax/i);
    expect(cookie).toMatch(/;\s*Path=\//i);

    // The production setting: a site served over https gets __Secure- cookies marked Secure.
    const https = await startAppServer({ ...worker().appEnv, SITE_URL: "https://planazo.example" });
    try {
      const r = await call("POST", "/api/usuario/login", {
        base: https.url,
        body: { correo: u.correo, password: u.password },
      });
      expect(r.status).toBe(200);
      const segura = setCookieDe(r.setCookie, "__Secure-planazo.session_token");
      expect(segura).toMatch(/;\s*Secure/i);
      expect(segura).toMatch(/;\s*HttpOnly/i);
      expect(segura).toMatch(/;\s*SameSite=Lax/i);
      const csp = (await fetch(`${https.url}/`)).headers.get("content-security-policy")!;
      expect(csp).toContain("upgrade-insecure-requests");
    } finally {
      await https.stop();
    }
  });

  it("refuses changes carrying the session cookie from a foreign Origin, and log-in CSRF, with nothing changed", async () => {
    const u = await confirmedUser("Nombre Original");
    const login = await call("POST", "/api/usuario/login", { body: { correo: u.correo, password: u.password } });
    const cookie = cookieDe(login.setCookie);
    const id = await insertPlan({ usuarioId: u.id, origin: await freshOrigin(), titulo: "Plan protegido" });
    const estado = () =>
      query<{ name: string; plans: number; favs: number; sesiones: number }>(
        db(),
        `SELECT name, (SELECT count(*)::int FROM plan WHERE usuario_id = $1) AS plans, (SELECT count(*)::int FROM favorito WHERE usuario_id = $1) AS favs,
                (SELECT count(*)::int FROM sesion WHERE user_id = $1) AS sesiones FROM usuario WHERE id = $1`,
        [u.id],
      );
    const antes = await estado();
    expect(antes[0]).toMatchObject({ name: "Nombre Original", plans: 1, favs: 0 });
    const refused = { status: 403, body: { mensaje: mensajes.origenNoPermitido } };
    const intentos: [string, string, unknown][] = [
      ["PATCH", "/api/usuario/cambiar-datos", { nombre: "Hackeado" }],
      ["DELETE", `/api/plan/${id}`, undefined],
      ["POST", `/api/plan/agregar-plan-favorito/${id}`, undefined],
      ["POST", "/api/usuario/logout", undefined],
      ["DELETE", "/api/usuario", undefined],
      ["POST", "/api/usuario/login", { correo: u.correo, password: u.password }],
    ];
    for (const [metodo, ruta, body] of intentos) {
      expect(await call(metodo, ruta, { cookie, origin: EVIL, body }), `${metodo} ${ruta}`).toMatchObject(refused);
    }
    // A browser that sends no Origin still says where the request came from.
    const sinOrigin = await fetch(`${appUrl()}/api/usuario/cambiar-datos`, {
      method: "PATCH",
      headers: {
        Cookie: cookie,
        "Sec-Fetch-Site": "cross-site",
        "Content-Type": "application/json",
        "X-Forwarded-For": freshIp(),
      },
      body: JSON.stringify({ nombre: "Hackeado" }),
    });
    expect(sinOrigin.status).toBe(403);
    expect(await estado()).toEqual(antes);
    // Our own origin, and the mobile app (no Origin, bearer), are served.
    expect(
      (
        await call("PATCH", "/api/usuario/cambiar-datos", {
          cookie,
          origin: appUrl(),
          body: { nombre: "Nombre Nuevo" },
        })
      ).status,
    ).toBe(200);
    expect((await call("POST", `/api/plan/agregar-plan-favorito/${id}`, { token: u.token })).status).toBe(200);
  });

  it("answers 429 in Spanish when a limit is passed: login per account, report per address", async () => {
    // Each attempt from a new address: only the per-account count can stop them.
    const correo = uniqueEmail("fuerza-bruta");
    const [porCuenta] = LIMITES.login("x", correo).filter((l) => l.key.includes(":cuenta:"));
    const statuses: number[] = [];
    for (let i = 0; i < porCuenta.max; i++) {
      statuses.push(
        (await call("POST", "/api/usuario/login", { body: { correo, password: "mal-contraseña" } })).status,
      );
    }
    expect(statuses).toEqual(Array(porCuenta.max).fill(401));
    const bloqueado = await call("POST", "/api/usuario/login", { body: { correo, password: "mal-contraseña" } });
    expect(bloqueado).toMatchObject({ status: 429, body: { mensaje: mensajes.demasiadasPeticiones } });

    const ip = freshIp();
    const [reporte] = LIMITES.reporte(ip);
    const cuerpo = { titulo: "Contenido inapropiado", urlPlan: "https://planazo.es/plan/x/y" };
    for (let i = 0; i < reporte.max; i++)
      expect((await call("POST", "/api/plan/reportar-plan", { ip, body: cuerpo })).status).toBe(200);
    expect(await call("POST", "/api/plan/reportar-plan", { ip, body: cuerpo })).toMatchObject({
      status: 429,
      body: { mensaje: mensajes.demasiadasPeticiones },
    });
  });

  it("never returns a password hash, in any answer about the user", async () => {
    const u = await confirmedUser();
    const [{ password: hash }] = await query<{ password: string }>(
      db(),
      "SELECT password FROM cuenta WHERE user_id = $1 AND password IS NOT NULL",
      [u.id],
    );
    expect(hash.length).toBeGreaterThan(20);
    const sal = hash.split(":")[0];
    const ctx = { token: u.token };
    const respuestas = [
      await call("POST", "/api/usuario/login", { body: { correo: u.correo, password: u.password } }),
      await call("GET", "/api/usuario", ctx),
      await call("PATCH", "/api/usuario/cambiar-datos", { ...ctx, body: { nombre: "Otro Nombre" } }),
    ];
    const plan = await enviarFormulario(
      "POST",
      "/api/plan",
      formulario({
        ...camposEvento(),
        titulo: "Plan con autora",
        ubicacion: JSON.stringify({ type: "Point", coordinates: [-1.1065, 40.3456] }),
        archivoCartel: { bytes: await png(), nombre: "cartel.png" },
      }),
      u.token,
    );
    expect(plan.status).toBe(201);
    const planId = (plan.body.plan as { _id: string })._id;
    const textos = [
      ...respuestas.map((r) => JSON.stringify(r.body)),
      JSON.stringify(plan.body),
      JSON.stringify((await call("GET", `/api/plan/detalle/${planId}`)).body),
      JSON.stringify((await call("GET", "/api/plan/planesUsuario", ctx)).body),
    ];
    for (const texto of textos) {
      expect(texto).not.toContain(hash);
      expect(texto).not.toContain(sal);
      expect(texto).not.toMatch(/"password"/i);
    }
    expect(respuestas.every((r) => r.status === 200)).toBe(true);
    await call("DELETE", `/api/plan/${planId}`, ctx);
  });
});

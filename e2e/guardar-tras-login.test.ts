import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { mensajes } from "@/lib/messages";
import { planPath } from "@/lib/plans/plan";
import { startAppServer } from "@/test-support/app-server";
import { captura, launchBrowser } from "@/test-support/browser";
import { query } from "@/test-support/database";
import { signGoogleIdToken } from "@/test-support/google-jwks";
import { freshOrigin, insertPlan, insertUser } from "@/test-support/plans";
import { contextoConectado } from "@/test-support/session-context";
import { confirmedUser, linkFromOutbox, uniqueEmail } from "@/test-support/users";
import { appUrl, worker } from "@/test-support/worker";

const db = () => process.env.DATABASE_URL!;

const VISTAS = [
  { nombre: "390", ancho: 390, alto: 844 },
  { nombre: "1280", ancho: 1280, alto: 800 },
] as const;

/** The ids of the plans the account with this e-mail has saved, as the database has them. */
async function guardados(correo: string): Promise<string[]> {
  const rows = await query<{ plan_id: string }>(
    db(),
    "SELECT f.plan_id FROM favorito f JOIN usuario u ON u.id = f.usuario_id WHERE u.email = $1 ORDER BY f.plan_id",
    [correo],
  );
  return rows.map((r) => r.plan_id);
}

/** A stand-in for Google's button script: its button hands the page this ID token, as Google's does. */
function scriptDeGoogle(idToken: string): string {
  return `window.google = { accounts: { id: {
    initialize(o) { window.__gis = o; },
    renderButton(el) {
      const b = document.createElement("button");
      b.type = "button";
      b.textContent = "Continuar con Google";
      b.onclick = () => window.__gis.callback({ credential: ${JSON.stringify(idToken)} });
      el.replaceChildren(b);
    },
  } } };`;
}

/**
 * A visitor taps "Guardar" without a session: the login page says why it opened and for which
 * plan, and logging in (e-mail and password, Google, or a new account) saves the plan and goes
 * back to where the tap was. The way back is only ever a path of this site.
 */
describe("saving a plan through the login page", () => {
  let browser: Browser;
  let autora: string;
  let origin: { lat: number; lng: number };
  const sufijo = Math.random().toString(36).slice(2, 7);

  beforeAll(async () => {
    browser = await launchBrowser();
    autora = await insertUser();
    origin = await freshOrigin();
  });
  afterAll(async () => {
    await browser?.close();
  });

  async function nuevoPlan(titulo: string): Promise<{ id: string; ruta: string; titulo: string }> {
    const id = await insertPlan({ usuarioId: autora, origin, titulo });
    return { id, ruta: planPath(titulo, id), titulo };
  }

  async function abrir(ctx: BrowserContext, ruta: string): Promise<Page> {
    const page = await ctx.newPage();
    const res = await page.goto(`${appUrl()}${ruta}`);
    expect(res?.status(), ruta).toBe(200);
    return page;
  }

  /** Taps the plan page's "Guardar" as soon as it can be tapped, and waits for the login page. */
  async function tocarFavorito(page: Page) {
    const boton = page.locator("main").getByRole("button", { name: "Guardar", exact: true });
    await expect(boton.getAttribute("aria-pressed")).resolves.toBe("false");
    await boton.click();
    await page.waitForURL((u) => u.pathname === "/iniciar-sesion");
  }

  async function entrar(page: Page, usuario: { correo: string; password: string }) {
    await page.getByLabel("Correo electrónico").fill(usuario.correo);
    await page.getByLabel("Contraseña", { exact: true }).fill(usuario.password);
    await page.getByRole("button", { name: "Iniciar sesión", exact: true }).click();
  }

  /** Back on the plan's page, told so, with its button showing it saved. */
  async function deVueltaGuardado(page: Page, ruta: string) {
    await page.waitForURL((u) => u.pathname === ruta);
    await page.getByRole("status").filter({ hasText: mensajes.favoritoGuardado }).waitFor();
    const boton = page.locator("main article > header button[aria-pressed][aria-busy]");
    await expect(boton.getAttribute("aria-pressed")).resolves.toBe("true");
    await expect(boton.textContent()).resolves.toBe(mensajes.favoritoGuardadoBoton);
  }

  for (const vista of VISTAS) {
    it(`at ${vista.nombre} px: explains itself, logs in, and is back on the plan with it saved`, async () => {
      const plan = await nuevoPlan(`Concierto en la ermita ${sufijo} ${vista.nombre}`);
      const usuario = await confirmedUser();
      const ctx = await contextoConectado(browser, null, { ancho: vista.ancho, alto: vista.alto });
      const page = await abrir(ctx, plan.ruta);
      await tocarFavorito(page);

      const main = page.locator("main");
      const porGuardar = main.getByText(mensajes.guardarTrasLogin, { exact: true });
      await expect(porGuardar.isVisible()).resolves.toBe(true);
      await expect(main.getByText(plan.titulo, { exact: true }).isVisible()).resolves.toBe(true);
      // Above the form, in view without scrolling, on a phone too.
      await expect(
        porGuardar.evaluate((e) => {
          const r = e.getBoundingClientRect();
          return r.top >= 0 && r.bottom <= window.innerHeight;
        }),
      ).resolves.toBe(true);
      await captura(page, `login-guardar-plan-${vista.nombre}`);

      await entrar(page, usuario);
      await deVueltaGuardado(page, plan.ruta);
      expect(await guardados(usuario.correo)).toEqual([plan.id]);
      await captura(page, `plan-guardado-tras-login-${vista.nombre}`);

      const lista = await abrir(ctx, "/planes-favoritos");
      await expect(lista.locator("main article h2").allTextContents()).resolves.toEqual([plan.titulo]);
      await ctx.close();
    }, 90_000);
  }

  it("does the same through Google's button", async () => {
    const plan = await nuevoPlan(`Ruta de los molinos ${sufijo}`);
    const correo = uniqueEmail("google");
    const idToken = await signGoogleIdToken(JSON.parse(inject("googlePrivateJwk")), {
      sub: `g-${correo}`,
      email: correo,
      name: "Gala Guardadora",
    });
    const ctx = await contextoConectado(browser, null);
    await ctx.route("https://accounts.google.com/gsi/client", (r) =>
      r.fulfill({ contentType: "text/javascript", body: scriptDeGoogle(idToken) }),
    );
    const page = await abrir(ctx, plan.ruta);
    await tocarFavorito(page);
    await page.locator("main").getByText(mensajes.guardarTrasLogin).waitFor();
    await page.getByRole("button", { name: "Continuar con Google" }).click();
    await deVueltaGuardado(page, plan.ruta);
    expect(await guardados(correo)).toEqual([plan.id]);
    await ctx.close();
  }, 90_000);

  it("keeps the plan and the way back through registration and its confirmation", async () => {
    const plan = await nuevoPlan(`Taller de esparto ${sufijo}`);
    const nueva = { correo: uniqueEmail("registro"), password: "clave-de-prueba" };
    const ctx = await contextoConectado(browser, null);
    const page = await abrir(ctx, plan.ruta);
    await tocarFavorito(page);
    await page.getByRole("link", { name: "Regístrate" }).click();
    await page.waitForURL((u) => u.pathname === "/registro");
    await page.locator("main").getByText(mensajes.guardarTrasRegistro).waitFor();
    await expect(page.locator("main").getByText(plan.titulo, { exact: true }).isVisible()).resolves.toBe(true);
    await page.getByLabel("Nombre", { exact: true }).fill("Rosa Registrada");
    await page.getByLabel("Correo electrónico", { exact: true }).fill(nueva.correo);
    await page.getByLabel("Contraseña", { exact: true }).fill(nueva.password);
    await page.getByLabel("Confirmar contraseña", { exact: true }).fill(nueva.password);
    await page.getByRole("checkbox").check();
    await page.getByRole("button", { name: "Me registro" }).click();
    const modal = page.getByRole("dialog", { name: "Confirmar cuenta" });
    await modal.getByRole("button", { name: "Cerrar" }).click();
    // The login page again, still for this plan.
    await page.waitForURL((u) => u.pathname === "/iniciar-sesion");
    await page.locator("main").getByText(mensajes.guardarTrasLogin).waitFor();

    // The e-mail's link, opened elsewhere, confirms the account; then the person logs in here.
    const confirmar = await ctx.newPage();
    await confirmar.goto(`${appUrl()}${new URL(await linkFromOutbox(nueva.correo, "/confirmar-cuenta/")).pathname}`);
    await expect(confirmar.getByRole("heading", { level: 1 }).textContent()).resolves.toBe(mensajes.cuentaConfirmada);
    await entrar(page, nueva);
    await deVueltaGuardado(page, plan.ruta);
    expect(await guardados(nueva.correo)).toEqual([plan.id]);
    await ctx.close();
  }, 90_000);

  it("never leaves the site after logging in, however the way back is written: it goes home", async () => {
    const plan = await nuevoPlan(`Feria del queso ${sufijo}`);
    const usuario = await confirmedUser();
    const base = appUrl();
    const fuera = new Set<string>();
    // Every way of writing another site is refused by destinoSeguro (lib/safe-redirect.unit.test.ts);
    // here, that the login page goes through it, in the page it renders and once logged in.
    for (const redirigir of ["//evil.example/plan", "/%5Cevil.example", "javascript:alert(1)"]) {
      const ctx = await contextoConectado(browser, null, { ancho: 1280, alto: 800, bloqueados: fuera });
      const q = new URLSearchParams({ redirigir, guardar: plan.id });
      const page = await abrir(ctx, `/iniciar-sesion?${q}`);
      // Nothing of it reaches what the page shows or links to (its registration link included).
      await expect(page.locator("main").innerHTML()).resolves.not.toContain("evil.example");
      await page.locator("main").getByText(mensajes.guardarTrasLogin).waitFor();
      await entrar(page, usuario);
      await page.waitForURL((u) => u.origin !== base || u.pathname === "/");
      expect(new URL(page.url()).origin, redirigir).toBe(base);
      expect(new URL(page.url()).pathname, redirigir).toBe("/");
      await page.getByRole("status").filter({ hasText: mensajes.favoritoGuardado }).waitFor();
      await ctx.close();
    }
    expect([...fuera].filter((h) => h.includes("evil"))).toEqual([]);
    expect(await guardados(usuario.correo)).toEqual([plan.id]);
  }, 120_000);

  it("goes home, with no error, when the plan is gone before or while the person logs in", async () => {
    const antes = await nuevoPlan(`Mercadillo que ya no está ${sufijo}`);
    const durante = await nuevoPlan(`Verbena que se borra ${sufijo}`);
    const usuario = await confirmedUser();
    await query(db(), "DELETE FROM plan WHERE id = $1", [antes.id]);

    // Gone before: the page says nothing about a plan, and the way back to its page becomes home.
    let ctx = await contextoConectado(browser, null);
    let page = await abrir(ctx, `/iniciar-sesion?${new URLSearchParams({ redirigir: antes.ruta, guardar: antes.id })}`);
    await expect(page.locator("main").getByText(mensajes.guardarTrasLogin).count()).resolves.toBe(0);
    await entrar(page, usuario);
    await page.waitForURL((u) => u.pathname === "/");
    await page.getByRole("heading", { level: 1 }).waitFor();
    await expect(page.locator("main").getByRole("alert").count()).resolves.toBe(0);
    await ctx.close();

    // Gone while the login page is open.
    ctx = await contextoConectado(browser, null);
    page = await abrir(ctx, durante.ruta);
    await tocarFavorito(page);
    await page.locator("main").getByText(durante.titulo, { exact: true }).waitFor();
    await query(db(), "DELETE FROM plan WHERE id = $1", [durante.id]);
    await entrar(page, usuario);
    await page.waitForURL((u) => u.pathname === "/");
    await page.getByRole("heading", { level: 1 }).waitFor();
    await expect(page.getByRole("heading", { level: 1 }).textContent()).resolves.not.toBe(mensajes.paginaNoEncontrada);
    await expect(page.locator("main").getByRole("alert").count()).resolves.toBe(0);
    expect(await guardados(usuario.correo)).toEqual([]);
    await ctx.close();
  }, 90_000);

  it("saves nothing for someone already logged in who opens a login link with a plan in it", async () => {
    const plan = await nuevoPlan(`Cine de verano ${sufijo}`);
    const usuario = await confirmedUser();
    const ctx = await contextoConectado(browser, usuario);
    const page = await abrir(ctx, `/iniciar-sesion?${new URLSearchParams({ redirigir: plan.ruta, guardar: plan.id })}`);
    await page.waitForLoadState("networkidle");
    expect(await guardados(usuario.correo)).toEqual([]);
    await ctx.close();
  });

  it("without JavaScript, still explains itself, and a sent form never puts the password in the address", async () => {
    const plan = await nuevoPlan(`Romería sin scripts ${sufijo}`);
    const usuario = await confirmedUser();
    const ctx = await browser.newContext({ javaScriptEnabled: false, viewport: { width: 390, height: 844 } });
    const page = await ctx.newPage();
    const login = `${appUrl()}/iniciar-sesion?${new URLSearchParams({ redirigir: plan.ruta, guardar: plan.id })}`;
    await page.goto(login);
    await page.locator("main").getByText(mensajes.guardarTrasLogin).waitFor();
    await expect(page.locator("main").getByText(plan.titulo, { exact: true }).isVisible()).resolves.toBe(true);
    const enviado = page.waitForResponse((r) => r.request().isNavigationRequest());
    await entrar(page, usuario);
    const respuesta = await enviado;
    expect(respuesta.request().method()).toBe("POST");
    expect(respuesta.status()).toBe(200);
    await page.waitForLoadState("load");
    expect(page.url()).toBe(login);
    expect(page.url()).not.toContain(encodeURIComponent(usuario.password));
    await page.locator("main").getByText(mensajes.guardarTrasLogin).waitFor();
    expect(await guardados(usuario.correo)).toEqual([]);
    await ctx.close();
  });

  it("shows no word about the site's configuration when Google sign-in is not set up", async () => {
    const plan = await nuevoPlan(`Fiesta de la vendimia ${sufijo}`);
    const sinGoogle = await startAppServer({
      ...worker().appEnv,
      GOOGLE_CLIENT_IDS: "",
      GOOGLE_CLIENT_ID: "",
      NEXT_PUBLIC_GOOGLE_CLIENT_ID: "",
    });
    try {
      for (const vista of VISTAS) {
        const ctx = await contextoConectado(browser, null, { ancho: vista.ancho, alto: vista.alto });
        const page = await ctx.newPage();
        const q = new URLSearchParams({ redirigir: plan.ruta, guardar: plan.id });
        await page.goto(`${sinGoogle.url}/iniciar-sesion?${q}`);
        const main = page.locator("main");
        await main.getByText(mensajes.guardarTrasLogin).waitFor();
        // Hydrated: whatever the page would add in the browser is there.
        await page.waitForLoadState("networkidle");
        const texto = await main.innerText();
        expect(texto).not.toMatch(/GOOGLE|configur|client/i);
        expect(texto).not.toContain("Google");
        await expect(main.getByRole("button", { name: "Iniciar sesión", exact: true }).isVisible()).resolves.toBe(true);
        await captura(page, `login-guardar-sin-google-${vista.nombre}`);
        await ctx.close();
      }
    } finally {
      await sinGoogle.stop();
    }
  }, 120_000);
});

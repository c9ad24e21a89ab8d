import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { mensajes } from "@/lib/messages";
import { organizacionPath } from "@/lib/organizaciones/paths";
import { conCookiesAceptadas, launchBrowser, captura } from "@/test-support/browser";
import { query } from "@/test-support/database";
import { freshOrigin, insertPlan, insertUser } from "@/test-support/plans";
import { appUrl } from "@/test-support/worker";

const db = () => process.env.DATABASE_URL!;
/** Where the notes of this work keep their screenshots (also under e2e/screenshots). */

/**
 * The "Suscribirse al calendario" button of the home results and of an organization page on a
 * phone: its webcal:// address is the feed of exactly that search (or organization), the feed
 * it names answers, and the page links its Atom feed in its head.
 */
describe("subscribe to a search's or an organization's calendar", () => {
  let browser: Browser;
  let usuarioId: string;
  let origin: { lat: number; lng: number };
  let orgId: string;
  const base = () => appUrl();
  const host = () => new URL(base()).host;

  beforeAll(async () => {
    browser = await launchBrowser();
    usuarioId = await insertUser();
    origin = await freshOrigin();
    [{ id: orgId }] = await query<{ id: string }>(
      db(),
      `INSERT INTO organizacion (nombre, direccion, email_contacto, usuario_id) VALUES ('Asociación Cultural La Era', 'Calle Real, 2', 'era@example.com', $1) RETURNING id`,
      [usuarioId],
    );
    const id = await insertPlan({ usuarioId, origin, titulo: "Concierto en la era", categorias: ["Cultura"] });
    await query(db(), "UPDATE plan SET organizacion_id = $1 WHERE id = $2", [orgId, id]);
  });
  afterAll(async () => {
    await browser?.close();
    await query(db(), "DELETE FROM plan WHERE usuario_id = $1", [usuarioId]);
    await query(db(), "DELETE FROM organizacion WHERE usuario_id = $1", [usuarioId]);
  });

  async function abrir(ruta: string, ancho: number, alto: number): Promise<{ ctx: BrowserContext; page: Page }> {
    const ctx = await browser.newContext({ viewport: { width: ancho, height: alto } });
    await conCookiesAceptadas(ctx, base());
    const page = await ctx.newPage();
    const res = await page.goto(`${base()}${ruta}`);
    expect(res?.status()).toBe(200);
    return { ctx, page };
  }

  /** Opens "Seguir esta búsqueda", where the calendar and the feed are offered. */
  async function abrirSeguir(page: Page) {
    const seguir = page.getByText(mensajes.seguirBusqueda, { exact: true });
    await seguir.scrollIntoViewIfNeeded();
    await seguir.click();
  }

  async function comprobarBoton(page: Page, esperado: string, nombre: string) {
    const boton = page.getByRole("link", { name: mensajes.suscribirCalendario });
    await expect(boton.count()).resolves.toBe(1);
    await expect(boton.isVisible()).resolves.toBe(true);
    await expect(boton.getAttribute("href")).resolves.toBe(esperado);
    // Big enough for a thumb, and inside the phone's width.
    const caja = (await boton.boundingBox())!;
    expect(caja.height).toBeGreaterThanOrEqual(44);
    expect(caja.x + caja.width).toBeLessThanOrEqual(390);
    const atom = page.getByRole("link", { name: mensajes.feedAtom });
    await expect(atom.getAttribute("href")).resolves.toBe(
      esperado.replace("webcal://", "http://").replace("/calendario.ics", "/feed.atom"),
    );
    await expect(
      page.locator('head link[rel="alternate"][type="application/atom+xml"]').getAttribute("href"),
    ).resolves.toBe(await atom.getAttribute("href"));
    // The address a calendar app fetches answers the calendar with the page's plan.
    const res = await fetch(esperado.replace("webcal://", "http://"));
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("text/calendar; charset=utf-8");
    expect(await res.text()).toContain("SUMMARY:Concierto en la era");
    await captura(page, nombre);
  }

  it("on the home results, at 390 px: the feed of exactly the search shown", async () => {
    const q = `municipio=Pueblo+de+Prueba&lat=${origin.lat}&lng=${origin.lng}&radio=10&categorias=Cultura&fecha=mes`;
    const { ctx, page } = await abrir(`/?${q}&page=1&vista=lista`, 390, 844);
    await page.getByRole("heading", { name: "Concierto en la era" }).waitFor();
    await abrirSeguir(page);
    await comprobarBoton(page, `webcal://${host()}/calendario.ics?${q}`, "feeds-home-390-mes");
    await ctx.close();
    const sinFecha = `municipio=Pueblo+de+Prueba&lat=${origin.lat}&lng=${origin.lng}&radio=10`;
    const otra = await abrir(`/?${sinFecha}`, 390, 844);
    await abrirSeguir(otra.page);
    await comprobarBoton(otra.page, `webcal://${host()}/calendario.ics?${sinFecha}`, "feeds-home-390");
    await otra.ctx.close();
  });

  it("on an organization page, at 390 px: the organization's feed", async () => {
    const ruta = organizacionPath("Asociación Cultural La Era", orgId);
    const { ctx, page } = await abrir(ruta, 390, 844);
    await abrirSeguir(page);
    await comprobarBoton(page, `webcal://${host()}${ruta}/calendario.ics`, "feeds-org-390");
    await ctx.close();
  });

  it("looks right on a laptop too (screenshots)", async () => {
    const q = `municipio=Pueblo+de+Prueba&lat=${origin.lat}&lng=${origin.lng}&radio=10`;
    for (const [ruta, nombre] of [
      [`/?${q}`, "feeds-home-1280"],
      [organizacionPath("Asociación Cultural La Era", orgId), "feeds-org-1280"],
    ]) {
      const { ctx, page } = await abrir(ruta, 1280, 800);
      await abrirSeguir(page);
      await expect(page.getByRole("link", { name: mensajes.suscribirCalendario }).isVisible()).resolves.toBe(true);
      await captura(page, nombre);
      await ctx.close();
    }
  });
});

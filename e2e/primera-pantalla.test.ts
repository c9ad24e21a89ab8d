import type { Browser, Locator, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { query } from "@/test-support/database";
import { freshOrigin, insertPlan, insertUser } from "@/test-support/plans";
import { mensajes } from "@/lib/messages";
import { CENTRO_ESPANA } from "@/lib/portada/portada";
import { captura, launchBrowser } from "@/test-support/browser";
import { appUrl } from "@/test-support/worker";

const db = () => process.env.DATABASE_URL!;
const DIA = 86_400_000;
const TELEFONO = { nombre: "390", viewport: { width: 390, height: 844 } } as const;
const PORTATIL = { nombre: "1280", viewport: { width: 1280, height: 800 } } as const;
const VISTAS = [TELEFONO, PORTATIL] as const;
/** Words a person should not need to know to follow a search or read a plan. */
const JERGA = /\b(feed|rss|atom|icalendar|markdown)\b/i;

type Caja = { x: number; y: number; width: number; height: number };
const caja = async (l: Locator): Promise<Caja> => (await l.boundingBox())!;
/** The box is whole on the screen (below what sticks at the top, when given). */
const entera = (c: Caja, alto: number, arriba = 0) => c.y >= arriba - 0.5 && c.y + c.height <= alto + 0.5;

/**
 * Every link, button and text of the page's main that shows on the screen (below the sticky
 * navbar and search bar) is what the screen shows at its centre: nothing floats over it.
 */
function tapados(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    let tapa = 0;
    for (const el of document.querySelectorAll("body > div > header, header, #barra-busqueda")) {
      const p = getComputedStyle(el).position;
      if (p === "sticky" || p === "fixed") tapa = Math.max(tapa, el.getBoundingClientRect().bottom);
    }
    const fuera: string[] = [];
    for (const el of document.querySelectorAll<HTMLElement>(
      "main a, main button, main summary, main h2, main h3, main h4, main p",
    )) {
      if (el.closest(".leaflet-container") || !el.checkVisibility({ visibilityProperty: true })) continue;
      const r = el.getBoundingClientRect();
      if (r.width < 2 || r.height < 2) continue;
      const x = r.left + Math.min(r.width / 2, 20);
      const y = r.top + r.height / 2;
      if (y <= tapa + 1 || y >= window.innerHeight - 1 || x < 0 || x >= window.innerWidth) continue;
      const encima = document.elementFromPoint(x, y);
      if (encima && !el.contains(encima) && !encima.contains(el)) {
        fuera.push(`${el.tagName} «${el.textContent?.trim().slice(0, 30)}» bajo ${encima.tagName}`);
      }
    }
    return fuera;
  });
}

/** tapados() at the top, at two points down the page and at its end. */
async function nadaFlotaEncima(page: Page): Promise<string[]> {
  const alto = await page.evaluate(() => document.documentElement.scrollHeight - window.innerHeight);
  const todos: string[] = [];
  for (const y of [0, alto / 3, (2 * alto) / 3, alto]) {
    await page.evaluate((top) => window.scrollTo({ top, behavior: "instant" }), y);
    todos.push(...(await tapados(page)));
  }
  await page.evaluate(() => window.scrollTo({ top: 0, behavior: "instant" }));
  return todos;
}

describe("what a newcomer sees first, in Chromium", () => {
  let browser: Browser;
  let usuarioId: string;
  let pueblo: { lat: number; lng: number };
  const sufijo = Math.random().toString(36).slice(2, 7);
  const busqueda = () => `${appUrl()}/?municipio=Pueblo+de+Prueba&lat=${pueblo.lat}&lng=${pueblo.lng}`;

  beforeAll(async () => {
    browser = await launchBrowser();
    usuarioId = await insertUser();
    // The first visit's feed searches around the towns with plans nearest the centre of Spain:
    // one open every day is always in it, whatever else the database holds.
    await insertPlan({
      usuarioId,
      origin: CENTRO_ESPANA,
      distanciaM: 200,
      titulo: `Ruta por el cerro de los Ángeles ${sufijo}`,
      tipo: "experiencia",
      fechaInicio: null,
      fechaFin: null,
      municipio: "Getafe",
      municipioIne: "28065",
      horarios: [0, 1, 2, 3, 4, 5, 6].map((diaSemana) => ({ diaSemana, horaInicio: "10:00", horaFin: "18:00" })),
    });
    // A town of its own with plans over the coming days, a long title first (a card of two lines).
    pueblo = await freshOrigin();
    for (let i = 0; i < 14; i++) {
      await insertPlan({
        usuarioId,
        origin: pueblo,
        distanciaM: 500 + i * 300,
        rumbo: i * 25,
        titulo: i === 0 ? `Gran concierto de la banda municipal ${sufijo}` : `Plan ${i} ${sufijo}`,
        fechaInicio: new Date(Date.now() + (1 + Math.floor(i / 3)) * DIA),
        fechaFin: new Date(Date.now() + (1 + Math.floor(i / 3)) * DIA + 3_600_000),
      });
    }
    await query(db(), "UPDATE plan SET precio = 12 WHERE titulo LIKE $1", [`% ${sufijo}`]);
  });
  afterAll(async () => {
    await query(db(), "DELETE FROM plan WHERE usuario_id = $1", [usuarioId]);
    await browser?.close();
  });

  it.each(VISTAS)(
    "the home: a whole plan under the cookie bar, the example place said, filters one tap away (%s)",
    async ({ nombre, viewport }) => {
      const ctx = await browser.newContext({ viewport });
      const page = await ctx.newPage();
      await page.goto(appUrl());
      const aviso = page.getByRole("region", { name: "Aviso de cookies" });
      const cookies = await caja(aviso);
      // One or two lines, with its button and a link to the policy.
      expect(cookies.height).toBeLessThanOrEqual(60);
      await expect(aviso.getByRole("link").getAttribute("href")).resolves.toBe("/cookies");
      await captura(page, `primera-pantalla-portada-${nombre}`);

      const feed = page.getByRole("region", { name: /cerca de/ });
      const primera = feed.locator("article").first();
      if (nombre === "390") {
        // Poster, title, when and price: the whole card on the first screen.
        expect(entera(await caja(primera), viewport.height)).toBe(true);
        await expect(primera.getByRole("heading").isVisible()).resolves.toBe(true);
      }
      // The place is an example, and both ways to one's own are right there, once.
      for (const l of [
        feed.getByText(mensajes.lugarDeEjemplo),
        feed.getByRole("button", { name: mensajes.elegirPueblo }),
        feed.getByRole("button", { name: "Usar mi ubicación" }),
      ]) {
        expect(entera(await caja(l), viewport.height)).toBe(true);
      }
      await expect(page.getByRole("button", { name: "Usar mi ubicación" }).count()).resolves.toBe(1);
      // The app's promo comes after the first plan.
      const promo = await caja(page.getByRole("region", { name: "Llévate los planes en el bolsillo" }));
      const card = await caja(primera);
      expect(promo.y).toBeGreaterThan(card.y + card.height);

      // The date chips: whole with room to spare; on a phone a row that scrolls, and says so.
      const fechas = page.getByRole("group", { name: "Fecha" });
      const fila = () =>
        fechas.evaluate((el: HTMLElement) => ({
          desborda: el.scrollWidth > el.clientWidth + 1,
          mas: el.dataset.mas ?? null,
          mascara: getComputedStyle(el).maskImage,
        }));
      if (nombre === "390") {
        await expect.poll(fila).toMatchObject({ desborda: true, mas: "derecha" });
        expect((await fila()).mascara).toContain("gradient");
        await fechas.evaluate((el) => el.scrollTo({ left: el.scrollWidth, behavior: "instant" }));
        await expect.poll(async () => (await fila()).mas).toBe("izquierda");
      } else {
        expect(await fila()).toEqual({ desborda: false, mas: null, mascara: "none" });
        for (const chip of await fechas.getByRole("button").all()) {
          const c = await caja(chip);
          expect(c.x + c.width).toBeLessThanOrEqual(viewport.width);
        }
      }
      expect(await nadaFlotaEncima(page)).toEqual([]);

      // 'Filtros' is on the first screen and one tap brings the filters.
      const filtros = page.locator("#barra-busqueda").getByRole("link", { name: "Filtros" });
      expect(entera(await caja(filtros), viewport.height)).toBe(true);
      await filtros.click();
      await expect
        .poll(async () => entera(await caja(page.getByRole("group", { name: "Categorías" })), viewport.height))
        .toBe(true);
      await ctx.close();
    },
  );

  it.each(VISTAS)(
    "a town's search: a whole plan under the cookie bar, nothing floating, follow options by their button (%s)",
    async ({ nombre, viewport }) => {
      const ctx = await browser.newContext({ viewport });
      const page = await ctx.newPage();
      await page.goto(busqueda());
      const primera = page.locator("#resultados article").first();
      await primera.waitFor();
      if (nombre === "390") expect(entera(await caja(primera), viewport.height)).toBe(true);
      await captura(page, `primera-pantalla-pueblo-${nombre}`);
      // 'Mapa' sits in the results' header, in the flow, above the first plan.
      const mapa = page.getByRole("group", { name: mensajes.vistaResultados }).getByRole("link", { name: "Mapa" });
      await expect(mapa.evaluate((el) => getComputedStyle(el.parentElement!).position)).resolves.toBe("static");
      const m = await caja(mapa);
      expect(m.y + m.height).toBeLessThanOrEqual((await caja(primera)).y);
      expect(await nadaFlotaEncima(page)).toEqual([]);

      // The follow options open where the button is, even with the button at the screen's bottom.
      const seguir = page.locator("#seguir-busqueda");
      const boton = seguir.locator("> summary");
      await boton.evaluate((el) => el.scrollIntoView({ block: "end", behavior: "instant" }));
      await boton.click();
      const panel = seguir.locator("> summary + div");
      const tapa = await page.locator("#barra-busqueda").evaluate((el) => el.getBoundingClientRect().bottom);
      await expect.poll(async () => entera(await caja(panel), viewport.height, tapa)).toBe(true);
      const [b, p] = [await caja(boton), await caja(panel)];
      const junto = Math.min(Math.abs(p.y - (b.y + b.height)), Math.abs(b.y - (p.y + p.height)));
      expect(junto).toBeLessThanOrEqual(12);
      // Lined up with the button, not across the page from it.
      expect(Math.min(Math.abs(p.x - b.x), Math.abs(p.x + p.width - (b.x + b.width)))).toBeLessThanOrEqual(1);
      await expect(panel.innerText()).resolves.not.toMatch(JERGA);
      await expect(panel.getByRole("link", { name: mensajes.feedAtom }).count()).resolves.toBe(1);
      await captura(page, `primera-pantalla-seguir-${nombre}`);

      // The map: 'Lista' in the header, nothing over the map's card either.
      await page.evaluate(() => window.scrollTo({ top: 0, behavior: "instant" }));
      await mapa.click();
      await page.waitForURL(/vista=mapa/);
      const lista = page.getByRole("group", { name: mensajes.vistaResultados }).getByRole("link", { name: "Lista" });
      await expect(lista.evaluate((el) => getComputedStyle(el.parentElement!).position)).resolves.toBe("static");
      await page.locator(".leaflet-container").waitFor();
      expect(await nadaFlotaEncima(page)).toEqual([]);
      await ctx.close();
    },
  );

  it("a town's page: a whole plan under the cookie bar on a phone", async () => {
    const ctx = await browser.newContext({ viewport: TELEFONO.viewport });
    const page = await ctx.newPage();
    await page.goto(`${appUrl()}/planes/madrid/getafe`);
    const primera = page.locator("main article").first();
    await primera.waitFor();
    expect(entera(await caja(primera), TELEFONO.viewport.height)).toBe(true);
    await captura(page, "primera-pantalla-pagina-pueblo-390");
    await ctx.close();
  });

  it("a plan's page speaks plainly", async () => {
    const [{ id }] = await query<{ id: string }>(
      db(),
      "SELECT id FROM plan WHERE titulo LIKE 'Gran concierto%' || $1",
      [sufijo],
    );
    const ctx = await browser.newContext({ viewport: TELEFONO.viewport });
    const page = await ctx.newPage();
    await page.goto(`${appUrl()}/plan/x/${id}`);
    await page.getByRole("heading", { level: 1 }).waitFor();
    await page.locator("main details summary").first().click();
    await expect(page.locator("main").innerText()).resolves.not.toMatch(JERGA);
    await ctx.close();
  });
});

import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { captura, launchBrowser } from "@/test-support/browser";
import { query } from "@/test-support/database";
import { freshOrigin, insertPlan, insertUser } from "@/test-support/plans";
import { contextoConectado } from "@/test-support/session-context";
import { appUrl } from "@/test-support/worker";

const db = () => process.env.DATABASE_URL!;
const DIA = 86_400_000;

/** The filters' 'Gratis' chip and the list's 'Antes primero / Cerca primero', tapped quickly on a phone and used on a laptop. */
describe("the 'Gratis' chip and the order of the results in Chromium", () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  for (const [ancho, alto] of [
    [390, 844],
    [1280, 800],
  ]) {
    it(`keeps only free plans and lists the soonest first, in the URL, at ${ancho} px`, async () => {
      const usuarioId = await insertUser();
      const origin = await freshOrigin();
      const sufijo = Math.random().toString(36).slice(2, 6);
      const ahora = Date.now();
      // The nearest is the latest; the free ones are the first and the second by date.
      const planes = [
        { titulo: `Concierto lejano gratis ${sufijo}`, distanciaM: 3_000, dias: 1, precio: 0 },
        { titulo: `Teatro cercano ${sufijo}`, distanciaM: 200, dias: 9, precio: 12 },
        { titulo: `Mercado medio gratis ${sufijo}`, distanciaM: 1_000, dias: 4, precio: 0 },
      ];
      for (const p of planes) {
        const id = await insertPlan({
          usuarioId,
          origin,
          distanciaM: p.distanciaM,
          titulo: p.titulo,
          fechaInicio: new Date(ahora + p.dias * DIA),
          fechaFin: new Date(ahora + p.dias * DIA + 2 * 3_600_000),
        });
        await query(db(), "UPDATE plan SET precio = $2 WHERE id = $1", [id, p.precio]);
      }
      const titulos = async () =>
        (await page.locator("main article").getByRole("heading").allTextContents()).filter((t) => t.endsWith(sufijo));

      const ctx = await contextoConectado(browser, null, { ancho, alto });
      const page = await ctx.newPage();
      await page.goto(`${appUrl()}/?municipio=Prueba&lat=${origin.lat}&lng=${origin.lng}&radio=5&orden=distancia`);
      await page.getByRole("heading", { name: planes[1].titulo }).waitFor();
      // All three, nearest first.
      expect((await titulos()).sort()).toEqual(planes.map((p) => p.titulo).sort());

      const filtros = page.getByRole("button", { name: /^Filtros/ });
      const enHoja = await filtros.isVisible();
      if (enHoja) await filtros.click();
      await page.getByRole("button", { name: "Gratis", exact: true }).click();
      await expect(
        page.getByRole("button", { name: "Gratis", exact: true }).getAttribute("aria-pressed"),
      ).resolves.toBe("true");
      await captura(page, `busqueda-gratis-${ancho}`);
      // On a phone the sheet closes with 'Ver N planes'; then, at once, the order in the list's header.
      if (enHoja) await page.getByRole("button", { name: /^(Ver \d|Buscando)/ }).click();
      await page.getByRole("link", { name: "Antes primero", exact: true }).click();
      await page.waitForURL((u) => u.searchParams.get("gratis") === "1" && !u.searchParams.has("orden"));
      await page.waitForFunction(() => !document.querySelector('[aria-busy="true"]'));
      await expect(
        page.getByRole("link", { name: "Antes primero", exact: true }).getAttribute("aria-current"),
      ).resolves.toBe("true");
      await expect(
        page.getByRole("link", { name: "Cerca primero", exact: true }).getAttribute("aria-current"),
      ).resolves.toBeNull();
      await captura(page, `busqueda-gratis-fecha-${ancho}`);
      await expect.poll(titulos).toEqual([planes[0].titulo, planes[2].titulo]);

      // The URL is the state: a reload keeps both.
      await page.reload();
      await page.getByRole("heading", { name: planes[0].titulo }).waitFor();
      expect(await titulos()).toEqual([planes[0].titulo, planes[2].titulo]);
      await ctx.close();
      await query(db(), "DELETE FROM plan WHERE usuario_id = $1", [usuarioId]);
    }, 90_000);
  }
});

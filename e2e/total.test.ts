import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { query } from "@/test-support/database";
import { freshOrigin, insertPlanesEnEspiral, insertUser } from "@/test-support/plans";
import { launchBrowser, captura } from "@/test-support/browser";
import { TOPE_TOTAL } from "@/lib/plans/constants";
import { appUrl } from "@/test-support/worker";

/** The home's results over more plans than a search counts exactly (TOPE_TOTAL, 3,000). */
describe("a search with more plans than the bound, in Chromium", () => {
  let browser: Browser;
  let usuarioId: string;
  let url: string;

  beforeAll(async () => {
    browser = await launchBrowser();
    usuarioId = await insertUser();
    const origin = await freshOrigin();
    await insertPlanesEnEspiral({ usuarioId, origin, n: TOPE_TOTAL + 5, titulo: "Espiral" });
    url = `${appUrl()}/?municipio=Pueblo+de+Prueba&lat=${origin.lat}&lng=${origin.lng}`;
  });
  afterAll(async () => {
    await query(process.env.DATABASE_URL!, "DELETE FROM plan WHERE usuario_id = $1", [usuarioId]);
    await browser?.close();
  });

  it("says 'Más de 3.000 planes' and pages up to the bound", async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    await page.goto(url);
    const cabecera = page.locator("#resultados-titulo + p");
    await expect(cabecera.textContent()).resolves.toBe("Más de 3.000 planes");
    const paginacion = page.getByRole("navigation", { name: "Paginación" });
    await paginacion.getByRole("link", { name: "Página 100" }).click();
    await page.waitForURL((u) => u.searchParams.get("page") === "100");
    await page.getByRole("heading", { name: "Espiral 3000" }).waitFor();
    await expect(paginacion.getByRole("link", { name: "Siguiente" }).count()).resolves.toBe(0);
    await expect(cabecera.textContent()).resolves.toBe("Más de 3.000 planes");
    await page.close();
  });

  it("closes the phone's filters with 'Ver más de 3.000 planes'", async () => {
    const page = await browser.newPage({ viewport: { width: 390, height: 844 } });
    await page.goto(url);
    await page.getByRole("button", { name: /^Filtros/ }).click();
    const ver = page.getByRole("button", { name: "Ver más de 3.000 planes" });
    await ver.waitFor();
    await captura(page, "home-mas-de-3000-390", { fullPage: false });
    await ver.click();
    await ver.waitFor({ state: "hidden" });
    await page.close();
  });
});

import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { query, versionDeBusqueda } from "@/test-support/database";
import { leerEstado, urlBusqueda } from "@/lib/busqueda/estado";
import { launchBrowser, captura } from "@/test-support/browser";
import { freshOrigin, insertPlan, insertUser } from "@/test-support/plans";
import { appUrl } from "@/test-support/worker";

const db = () => process.env.DATABASE_URL!;

/** Featuring until a date ends by itself, with nothing written at that instant. */
describe("a featured plan's card in Chromium", () => {
  let browser: Browser;
  const sufijo = Math.random().toString(36).slice(2, 7);
  const titulos = { destacado: `Feria de ganado ${sufijo}`, cerca: `Mercadillo ${sufijo}` };
  let busqueda: string;
  let hasta: Date;
  let destacadoId: string;

  beforeAll(async () => {
    browser = await launchBrowser();
    const origin = await freshOrigin();
    const usuarioId = await insertUser();
    hasta = new Date(Date.now() + 15_000);
    destacadoId = await insertPlan({
      usuarioId,
      origin,
      distanciaM: 9_000,
      titulo: titulos.destacado,
      destacadoHasta: hasta,
    });
    await insertPlan({ usuarioId, origin, distanciaM: 800, titulo: titulos.cerca });
    // Nearest first: the featured plan goes first in any order, then back to its place.
    busqueda = urlBusqueda({
      ...leerEstado({}),
      orden: "distancia",
      municipio: "Pueblo de Prueba",
      lat: origin.lat,
      lng: origin.lng,
    });
  });
  afterAll(async () => {
    await browser?.close();
  });

  const titulosEnOrden = (page: Page) => page.locator("main article :is(h3, h4)").allTextContents();
  const tarjeta = (page: Page, titulo: string) =>
    page.locator("main article", { has: page.getByRole("heading", { name: titulo }) });

  it("shows DESTACADO and lists it first until destacado_hasta, then neither, by itself", async () => {
    const page = await browser.newPage({ viewport: { width: 390, height: 844 } });
    await page.goto(`${appUrl()}${busqueda}`);
    await expect(titulosEnOrden(page)).resolves.toEqual([titulos.destacado, titulos.cerca]);
    await expect(tarjeta(page, titulos.destacado).getByText("DESTACADO", { exact: true }).count()).resolves.toBe(1);
    await expect(tarjeta(page, titulos.cerca).getByText("DESTACADO", { exact: true }).count()).resolves.toBe(0);
    await captura(page, "destacado-hasta-390");
    await page.setViewportSize({ width: 1280, height: 800 });
    await captura(page, "destacado-hasta-1280");
    // The end is brought near now that the card has been seen (a slow machine needed the margin
    // before); from here on nothing is written.
    [{ hasta }] = await query<{ hasta: Date }>(
      db(),
      "UPDATE plan SET destacado_hasta = now() + interval '2 seconds' WHERE id = $1 RETURNING destacado_hasta AS hasta",
      [destacadoId],
    );
    const version = await versionDeBusqueda(db());

    // The instant passes; nothing is written to the database.
    for (;;) {
      const [{ paso }] = await query<{ paso: boolean }>(db(), "SELECT now() > $1::timestamptz AS paso", [hasta]);
      if (paso) break;
      await new Promise((r) => setTimeout(r, 200));
    }
    await page.reload();
    await expect(titulosEnOrden(page)).resolves.toEqual([titulos.cerca, titulos.destacado]);
    await expect(tarjeta(page, titulos.destacado).getByText("DESTACADO", { exact: true }).count()).resolves.toBe(0);
    await expect(tarjeta(page, titulos.destacado).getByText("Evento", { exact: true }).count()).resolves.toBe(1);
    await captura(page, "destacado-hasta-terminado-1280");
    const r = await page.request.get(`${appUrl()}/api/plan/detalle/${destacadoId}`);
    expect(r.status()).toBe(200);
    expect(((await r.json()) as { destacado: boolean }).destacado).toBe(false);
    await expect(versionDeBusqueda(db())).resolves.toBe(version);
    await page.close();
  });
});

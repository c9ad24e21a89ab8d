import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sinViolaciones } from "@/test-support/axe";
import { query } from "@/test-support/database";
import { png } from "@/test-support/forms";
import { persona, type Persona } from "@/test-support/gestion";
import { freshOrigin, insertPlan, insertUser } from "@/test-support/plans";
import { contextoConectado } from "@/test-support/session-context";

import { launchBrowser, captura } from "@/test-support/browser";
import { appUrl } from "@/test-support/worker";
import { mensajesGestion } from "@/lib/mensajes-gestion";

const db = () => process.env.DATABASE_URL!;

/** An admin runs the sponsor cards from the back-office, and the search shows them. */
describe("sponsor cards in Chromium", () => {
  let browser: Browser;
  let admin: Persona;
  let origin: { lat: number; lng: number };
  const sufijo = Math.random().toString(36).slice(2, 6);
  const titulo = `Miel de la Alcarria ${sufijo}`;

  beforeAll(async () => {
    browser = await launchBrowser();
    admin = await persona("Admin de patrocinios", "admin");
    origin = await freshOrigin();
    await insertPlan({ usuarioId: await insertUser(), origin, titulo: "Feria de la miel" });
  });
  afterAll(async () => {
    await query(db(), "DELETE FROM patrocinio WHERE titulo = $1", [titulo]);
    await browser?.close();
  });

  const busqueda = () => `${appUrl()}/?municipio=Prueba&lat=${origin.lat}&lng=${origin.lng}`;
  const tarjetaPatrocinada = (p: Page) =>
    p.getByRole("article").filter({ has: p.getByText("Patrocinado", { exact: true }) });

  it("an admin creates one with its preview, gives it the first turn, and the search shows it; paused it goes, deleted it says so", async () => {
    const ctx = await contextoConectado(browser, admin);
    const page = await ctx.newPage();
    await page.goto(`${appUrl()}/gestion/patrocinios`);
    await page.getByRole("link", { name: "Nuevo patrocinio" }).click();
    await page.waitForURL(/\/gestion\/patrocinios\/nuevo$/);

    // Sent empty: every missing field is marked, and nothing is created.
    await page.getByRole("button", { name: "Crear patrocinio" }).click();
    await page.getByRole("alert").filter({ hasText: mensajesGestion.patrocinioObligatorios }).waitFor();

    const vista = page.getByRole("region", { name: "Vista previa" });
    await page.getByLabel("Empresa").fill("Mieles Pepa");
    await page.getByLabel("Enlace de «Saber más»").fill("https://mielespepa.example/tienda");
    await page.getByLabel("Título").fill(titulo);
    await page.getByLabel("Descripción (opcional)").fill("Miel cruda de brezo y romero, de colmenas del pueblo.");
    await page
      .locator('input[type="file"]')
      .setInputFiles({ name: "miel.png", mimeType: "image/png", buffer: await png(600, 400) });
    // The preview is the search's own card, drawn as the admin types.
    await expect(vista.getByRole("heading", { name: titulo }).isVisible()).resolves.toBe(true);
    await expect(vista.getByText("Miel cruda de brezo y romero, de colmenas del pueblo.").isVisible()).resolves.toBe(
      true,
    );
    await expect(vista.locator("img").getAttribute("src")).resolves.toMatch(/^blob:/);
    await expect(vista.getByText("Patrocinado", { exact: true }).isVisible()).resolves.toBe(true);
    await sinViolaciones(page);
    await expect(page.evaluate(() => document.documentElement.scrollWidth)).resolves.toBeLessThanOrEqual(390);
    await captura(page, "gestion-patrocinio-nuevo-390", { fullPage: true });
    await page.setViewportSize({ width: 1280, height: 800 });
    await captura(page, "gestion-patrocinio-nuevo-1280", { fullPage: true });
    await page.setViewportSize({ width: 390, height: 844 });

    await page.getByRole("button", { name: "Crear patrocinio" }).click();
    await page.waitForURL(/\/gestion\/patrocinios$/);
    await page.getByRole("status").filter({ hasText: mensajesGestion.patrocinioCreado }).waitFor();
    const fila = page.locator("li", { has: page.getByRole("heading", { name: titulo }) });
    await expect(fila.textContent()).resolves.toContain("En las búsquedas");

    // Up, quickly, until it is first in the turn.
    for (;;) {
      const subir = fila.getByRole("button", { name: `Subir «${titulo}» un turno` });
      if (await subir.isDisabled()) break;
      const antes = (await fila.textContent())!.match(/Turno (\d+) de/)![1];
      await subir.click();
      await fila.getByText(`Turno ${Number(antes) - 1} de`, { exact: false }).waitFor();
    }
    await expect(fila.textContent()).resolves.toMatch(/Turno 1 de \d+/);
    await sinViolaciones(page);
    await expect(page.evaluate(() => document.documentElement.scrollWidth)).resolves.toBeLessThanOrEqual(390);
    await captura(page, "gestion-patrocinios-390", { fullPage: true });
    await page.setViewportSize({ width: 1280, height: 800 });
    await captura(page, "gestion-patrocinios-1280", { fullPage: true });

    // A visitor's search shows it among the plans, 'Saber más' going to the sponsor's site.
    const visita = await contextoConectado(browser, null);
    const p = await visita.newPage();
    await p.goto(busqueda());
    const tarjeta = tarjetaPatrocinada(p);
    await expect(tarjeta.getByRole("heading", { name: titulo }).isVisible()).resolves.toBe(true);
    await expect(tarjeta.getByRole("link", { name: "Saber más" }).getAttribute("href")).resolves.toBe(
      "https://mielespepa.example/tienda",
    );
    await captura(tarjeta, "patrocinio-en-busqueda-390");

    // Paused: gone from the next search.
    await fila.getByRole("button", { name: `Pausar «${titulo}»` }).click();
    await fila.getByRole("status").filter({ hasText: mensajesGestion.patrocinioPausado }).waitFor();
    await expect(fila.textContent()).resolves.toContain("En pausa");
    await p.reload();
    await p.getByRole("heading", { name: "Feria de la miel" }).waitFor();
    await expect(p.getByRole("heading", { name: titulo }).count()).resolves.toBe(0);

    // Deleted: the row goes, and the page still says what happened.
    await fila.getByRole("button", { name: `Borrar «${titulo}»` }).click();
    await fila.getByRole("button", { name: "Borrar el patrocinio" }).click();
    await page.getByRole("status").filter({ hasText: mensajesGestion.patrocinioBorrado }).waitFor();
    await expect(page.getByRole("heading", { name: titulo }).count()).resolves.toBe(0);
    await expect(query(db(), "SELECT 1 FROM patrocinio WHERE titulo = $1", [titulo])).resolves.toEqual([]);
    await visita.close();
    await ctx.close();
  }, 120_000);
});

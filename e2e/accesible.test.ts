import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { query } from "@/test-support/database";
import { enviarFormulario, formulario, png } from "@/test-support/forms";
import { freshOrigin, insertPlan } from "@/test-support/plans";
import { contextoConectado } from "@/test-support/session-context";
import { confirmedUser } from "@/test-support/users";
import { mensajes } from "@/lib/messages";
import { ACCESIBLE_TEXTO } from "@/lib/plans/constants";
import { planPath } from "@/lib/plans/plan";
import { launchBrowser, captura } from "@/test-support/browser";
import { appUrl } from "@/test-support/worker";

const db = () => process.env.DATABASE_URL!;

/** "Accesible para personas con movilidad reducida", from the edit page to the plan page and the search chip. */
describe("an accessible plan in Chromium", () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it("the owner ticks it on the edit page; the plan page says it; the 'Accesible' chip keeps only such plans, in the URL", async () => {
    const duena = await confirmedUser("Dueña de un plan accesible");
    const origin = await freshOrigin();
    const sufijo = Math.random().toString(36).slice(2, 6);
    const titulo = `Ruta adaptada ${sufijo}`;
    const inicio = new Date(Date.now() + 3 * 86_400_000);
    const r = await enviarFormulario(
      "POST",
      "/api/plan",
      formulario({
        titulo,
        tipo: "evento",
        categorias: "Turismo",
        direccion: "Plaza Mayor, 1",
        municipio: "Pueblo de Prueba",
        ubicacion: JSON.stringify({ type: "Point", coordinates: [origin.lng, origin.lat] }),
        fechaInicio: inicio.toISOString(),
        fechaFin: new Date(inicio.getTime() + 3 * 3_600_000).toISOString(),
        archivoCartel: { bytes: await png(300, 420), nombre: "c.png" },
      }),
      duena.token,
    );
    expect(r.status).toBe(201);
    const id = (r.body.plan as { _id: string })._id;
    const otro = `Subida al castillo ${sufijo}`;
    await insertPlan({ usuarioId: duena.id, origin, distanciaM: 300, titulo: otro });

    const ctx = await contextoConectado(browser, duena, { ancho: 390, alto: 844 });
    const page = await ctx.newPage();
    await page.goto(`${appUrl()}/editar-plan/${id}`);
    await page.locator(".leaflet-marker-icon").waitFor();
    const casilla = page.getByRole("checkbox", { name: ACCESIBLE_TEXTO });
    await expect(casilla.isChecked()).resolves.toBe(false);
    await casilla.check();
    await page.getByRole("button", { name: "Actualizar", exact: true }).click();
    await page.getByText(mensajes.planActualizado).waitFor();
    await expect(query(db(), "SELECT accesible FROM plan WHERE id = $1", [id])).resolves.toEqual([{ accesible: true }]);

    // A visitor sees it on the plan's page, under ¿DÓNDE?
    const visita = await contextoConectado(browser, null, { ancho: 390, alto: 844 });
    const p = await visita.newPage();
    await p.goto(`${appUrl()}${planPath(titulo, id)}`);
    const donde = p.getByRole("region", { name: "¿DÓNDE?" });
    await expect(donde.getByText(ACCESIBLE_TEXTO).isVisible()).resolves.toBe(true);
    await captura(donde, "plan-accesible-390");
    const ld = JSON.parse((await p.locator('script[type="application/ld+json"]').first().textContent())!);
    expect(JSON.stringify(ld)).toContain("LocationFeatureSpecification");

    // The search's 'Accesible' chip, tapped at once on a phone: only the accessible plan, and it stays in the URL.
    await p.goto(`${appUrl()}/?municipio=Prueba&lat=${origin.lat}&lng=${origin.lng}&radio=5`);
    await p.getByRole("heading", { name: otro }).waitFor();
    await p.getByRole("button", { name: /^Filtros/ }).click();
    await p.getByRole("button", { name: "Accesible" }).click();
    await p.waitForURL((u) => u.searchParams.get("accesible") === "1");
    await p.waitForFunction(() => !document.querySelector('[aria-busy="true"]'));
    await expect(p.getByRole("button", { name: "Accesible" }).getAttribute("aria-pressed")).resolves.toBe("true");
    await expect(p.getByRole("heading", { name: titulo }).count()).resolves.toBe(1);
    await expect(p.getByRole("heading", { name: otro }).count()).resolves.toBe(0);
    await captura(p, "busqueda-accesible-390");
    await p.reload();
    await expect(p.getByRole("heading", { name: otro }).count()).resolves.toBe(0);
    await expect(p.getByRole("heading", { name: titulo }).count()).resolves.toBe(1);
    await visita.close();
    await ctx.close();
  }, 90_000);
});

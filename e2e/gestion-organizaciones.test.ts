import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { query } from "@/test-support/database";
import { camposOrganizacion, enviarFormulario, formulario, png } from "@/test-support/forms";
import { freshOrigin, insertPlan } from "@/test-support/plans";
import { contextoConectado } from "@/test-support/session-context";
import { confirmedUser } from "@/test-support/users";

import { organizacionPath } from "@/lib/organizaciones/paths";
import { planPath } from "@/lib/plans/plan";
import { launchBrowser, captura } from "@/test-support/browser";
import { sinViolaciones } from "@/test-support/axe";
import { appUrl } from "@/test-support/worker";
import { mensajesGestion } from "@/lib/mensajes-gestion";

const db = () => process.env.DATABASE_URL!;
const TAMANOS = [
  [390, 844],
  [1280, 800],
] as const;

describe("verifying an organization in Chromium", () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it("a moderator verifies it from /gestion/organizaciones, and the public sees 'Verificada' on its page, its plan's page and its card", async () => {
    const duena = await confirmedUser("Dueña de la peña verificada");
    const moderadora = await confirmedUser("Moderadora de organizaciones");
    await query(db(), "UPDATE usuario SET rol = 'moderador' WHERE id = $1", [moderadora.id]);
    const nombre = `Peña El Cierzo ${Math.random().toString(36).slice(2, 6)}`;
    const creada = await enviarFormulario(
      "POST",
      "/api/organizacion",
      formulario({ ...camposOrganizacion(), nombre, archivoLogo: { bytes: await png(120, 120), nombre: "l.png" } }),
      duena.token,
    );
    const orgId = (creada.body.organizacion as { _id: string })._id;
    const origin = await freshOrigin();
    const titulo = "Ronda jotera por el casco viejo";
    const planId = await insertPlan({ usuarioId: duena.id, origin, titulo });
    await query(db(), "UPDATE plan SET organizacion_id = $1 WHERE id = $2", [orgId, planId]);

    // The moderator, on a phone, finds it by name and verifies it.
    const ctx = await contextoConectado(browser, moderadora);
    const page = await ctx.newPage();
    await page.goto(`${appUrl()}/gestion/organizaciones`);
    await page.getByRole("searchbox", { name: "Nombre o correo del responsable" }).fill(nombre);
    await page.getByRole("button", { name: "Buscar" }).click();
    await page.waitForURL(/q=/);
    const fila = page.locator("li", { has: page.getByRole("heading", { name: nombre }) });
    await expect(fila.textContent()).resolves.toContain(duena.correo);
    await expect(fila.textContent()).resolves.toContain("1 plan");
    // Nothing (a long owner e-mail) runs past the phone's screen.
    await expect(page.evaluate(() => document.documentElement.scrollWidth)).resolves.toBeLessThanOrEqual(390);
    await captura(page, "gestion-organizaciones-390", { fullPage: true });
    await fila.getByRole("button", { name: `Verificar ${nombre}` }).click();
    await fila.getByRole("status").filter({ hasText: mensajesGestion.orgVerificada }).waitFor();
    await fila.getByRole("button", { name: `Quitar verificación de ${nombre}` }).waitFor();
    await expect(fila.getByRole("heading", { name: nombre }).textContent()).resolves.toContain("Verificada");
    await sinViolaciones(page);
    await page.setViewportSize({ width: 1280, height: 800 });
    await captura(page, "gestion-organizaciones-1280", { fullPage: true });
    await ctx.close();

    // A visitor at both widths: the organization's page, the plan's page, and the search's card.
    for (const [ancho, alto] of TAMANOS) {
      const visita = await contextoConectado(browser, null, { ancho, alto });
      const p = await visita.newPage();

      await p.goto(`${appUrl()}${organizacionPath(nombre, orgId)}`);
      const cabecera = p.locator("header", { has: p.getByRole("heading", { level: 1, name: nombre }) });
      await expect(cabecera.getByText("Verificada", { exact: true }).isVisible()).resolves.toBe(true);
      await expect(
        p
          .getByRole("region", { name: "Planes:" })
          .getByRole("article")
          .filter({ hasText: titulo })
          .getByText("Verificada", { exact: true })
          .isVisible(),
      ).resolves.toBe(true);
      await captura(p, `org-verificada-${ancho}`, { fullPage: true });

      await p.goto(`${appUrl()}${planPath(titulo, planId)}`);
      const organiza = p.getByRole("region", { name: "ORGANIZADO POR:" });
      await expect(organiza.getByRole("link", { name: nombre }).isVisible()).resolves.toBe(true);
      await expect(organiza.getByText("Verificada", { exact: true }).isVisible()).resolves.toBe(true);
      await captura(p, `plan-org-verificada-${ancho}`, { fullPage: false });

      await p.goto(`${appUrl()}/?municipio=Prueba&lat=${origin.lat}&lng=${origin.lng}`);
      const tarjeta = p.getByRole("article").filter({ hasText: titulo });
      await expect(tarjeta.getByText("Verificada", { exact: true }).isVisible()).resolves.toBe(true);
      await expect(tarjeta.textContent()).resolves.toContain(nombre);
      await captura(tarjeta, `tarjeta-org-verificada-${ancho}`);
      await visita.close();
    }
  }, 120_000);
});

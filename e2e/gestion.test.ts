import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { query } from "@/test-support/database";
import { freshOrigin, insertPlan } from "@/test-support/plans";
import { contextoConectado } from "@/test-support/session-context";
import { confirmedUser } from "@/test-support/users";
import { mensajes } from "@/lib/messages";
import { planPath } from "@/lib/plans/plan";
import { launchBrowser, captura } from "@/test-support/browser";
import { appUrl } from "@/test-support/worker";
import { mensajesGestion } from "@/lib/mensajes-gestion";

const db = () => process.env.DATABASE_URL!;

describe("the back-office in Chromium", () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it("takes a visitor's report to a moderator, who hides the plan with a reason and later publishes it again", async () => {
    const duena = await confirmedUser("Dueña del mercadillo");
    const moderadora = await confirmedUser("Moderadora");
    await query(db(), "UPDATE usuario SET rol = 'moderador' WHERE id = $1", [moderadora.id]);
    const titulo = `Mercadillo ${Math.random().toString(36).slice(2, 7)}`;
    const planId = await insertPlan({ usuarioId: duena.id, origin: await freshOrigin(), titulo });
    const url = `${appUrl()}${planPath(titulo, planId)}`;

    // A visitor reports it from its page.
    const visitante = await contextoConectado(browser, null);
    const pv = await visitante.newPage();
    await pv.goto(url);
    await pv.getByRole("button", { name: "Reportar mal uso" }).click();
    const dialogo = pv.getByRole("dialog", { name: mensajes.reportarPlanTitulo });
    await dialogo.getByRole("radio", { name: mensajes.reporteMotivoSpam }).check();
    await dialogo.getByRole("button", { name: "Reportar", exact: true }).click();
    await pv.locator("main").getByRole("status").filter({ hasText: mensajes.reporteEnviado }).waitFor();

    // The moderator sees it at the top of the queue, on a phone.
    const ctx = await contextoConectado(browser, moderadora);
    const page = await ctx.newPage();
    await page.goto(`${appUrl()}/gestion/reportes`);
    const fila = page.locator("li", { has: page.getByRole("heading", { name: titulo }) });
    await expect(fila.textContent()).resolves.toContain("1 reporte");
    await expect(fila.getByRole("list", { name: "Motivo" }).textContent()).resolves.toBe(mensajes.reporteMotivoSpam);
    await expect(fila.textContent()).resolves.toContain(duena.correo);
    await captura(page, "gestion-reportes-390", { fullPage: true });

    // Hiding asks for the reason first; an empty one is refused where it is typed.
    await fila.getByRole("button", { name: `Ocultar «${titulo}»` }).click();
    const motivo = fila.getByRole("textbox", { name: /Motivo/ });
    await expect(motivo.evaluate((e) => e === document.activeElement)).resolves.toBe(true);
    await motivo.fill("Es la publicidad de una tienda, no un plan.");
    await fila.getByRole("button", { name: "Ocultar el plan" }).click();
    await page.getByRole("status").filter({ hasText: mensajesGestion.planOcultado }).waitFor();
    // The queue is read again: nothing open is left of it.
    await expect.poll(() => page.getByRole("heading", { name: titulo }).count()).toBe(0);

    // Gone for the public, the owner told why, marked hidden in their 'Planes Creados'.
    const publico = await pv.goto(url);
    expect(publico?.status()).toBe(404);
    const [correo] = await query<{ text: string }>(
      db(),
      `SELECT text FROM email_outbox WHERE "to" = $1 AND subject LIKE 'Hemos ocultado tu plan%'`,
      [duena.correo],
    );
    expect(correo.text).toContain("Motivo: Es la publicidad de una tienda, no un plan.");
    const dueña = await contextoConectado(browser, duena);
    const pd = await dueña.newPage();
    // Its page is still there for its owner (and the team), marked, with the reason, never indexed.
    for (const quien of [pd, page]) {
      expect((await quien.goto(url))?.status()).toBe(200);
      await expect(quien.getByRole("note").textContent()).resolves.toBe(
        `${mensajes.planOcultoAviso} Motivo: Es la publicidad de una tienda, no un plan.`,
      );
      await expect(quien.locator('meta[name="robots"]').getAttribute("content")).resolves.toMatch(/noindex/);
      await expect(quien.locator('script[type="application/ld+json"]').count()).resolves.toBe(0);
    }
    const otra = await contextoConectado(browser, await confirmedUser("Otra persona"));
    expect((await (await otra.newPage()).goto(url))?.status()).toBe(404);
    await otra.close();
    await page.goto(`${appUrl()}/gestion/reportes`);
    await pd.goto(`${appUrl()}/mis-planes`);
    await expect(
      pd
        .locator("article", { has: pd.getByRole("heading", { name: titulo }) })
        .locator("p")
        .first()
        .textContent(),
    ).resolves.toBe("OcultoEvento");

    // The closed report and the log say who did it.
    await page.getByRole("link", { name: "Cerrados" }).click();
    await page.waitForURL(/estado=cerrados/);
    await expect(page.locator("main").textContent()).resolves.toContain(`Plan ocultado por ${moderadora.correo}`);
    await page.getByRole("navigation", { name: "Gestión" }).getByRole("link", { name: "Registro" }).click();
    await page.waitForURL(/\/gestion\/registro/);
    const entrada = page.locator("tr", { hasText: planId });
    await expect(entrada.textContent()).resolves.toContain("Ocultar plan");
    await expect(entrada.textContent()).resolves.toContain(moderadora.correo);

    // 'Planes' finds it by title; publishing it again brings its page back.
    await page.getByRole("navigation", { name: "Gestión" }).getByRole("link", { name: "Planes" }).click();
    await page.getByRole("searchbox", { name: /Título, municipio/ }).fill(titulo.toUpperCase());
    await page.getByRole("button", { name: "Buscar" }).click();
    await page.waitForURL(/q=/);
    const enPlanes = page.locator("li", { has: page.getByRole("heading", { name: titulo }) });
    await expect(enPlanes.textContent()).resolves.toContain("Oculto");
    await expect(enPlanes.textContent()).resolves.toContain("Motivo: Es la publicidad de una tienda, no un plan.");
    await enPlanes.getByRole("button", { name: `Publicar de nuevo «${titulo}»` }).click();
    await page.getByRole("status").filter({ hasText: mensajesGestion.planMostrado }).waitFor();
    expect((await pv.goto(url))?.status()).toBe(200);

    // Featured for a week from the same row: the home's search shows it with DESTACADO.
    await enPlanes.getByRole("button", { name: `Destacar 1 semana más «${titulo}»` }).click();
    await page
      .getByRole("status")
      .filter({ hasText: /^Plan destacado hasta el \d\d\/\d\d\/\d{4} \d\d:\d\d\.$/ })
      .waitFor();
    await expect.poll(() => enPlanes.textContent()).toContain("Destacado hasta el");
    await pv.goto(`${appUrl()}${planPath(titulo, planId)}`);
    await expect(pv.locator("main").getByText("DESTACADO", { exact: true }).count()).resolves.toBe(1);
    await captura(page, "gestion-planes-destacado-390", { fullPage: true });
    await ctx.close();
    await visitante.close();
    await dueña.close();
  }, 120_000);

  it("shows the summary with its counts and chart at 390 px and 1280 px", async () => {
    const admin = await confirmedUser("Admin");
    await query(db(), "UPDATE usuario SET rol = 'admin' WHERE id = $1", [admin.id]);
    const [{ n }] = await query<{ n: number }>(db(), "SELECT count(*)::int AS n FROM reporte WHERE cerrado_en IS NULL");
    for (const [ancho, alto] of [
      [390, 844],
      [1280, 800],
    ]) {
      const ctx = await contextoConectado(browser, admin, { ancho, alto });
      const page = await ctx.newPage();
      await page.goto(`${appUrl()}/gestion`);
      await expect(page.getByRole("heading", { level: 1 }).textContent()).resolves.toBe("Resumen");
      await expect(page.getByRole("link", { name: /reportes abiertos/ }).textContent()).resolves.toBe(
        `${n.toLocaleString("es-ES")} reportes abiertos`,
      );
      await expect(
        page.getByRole("img", { name: /Últimos 30 días: \d+ planes nuevos y \d+ usuarios nuevos/ }).count(),
      ).resolves.toBe(1);
      await captura(page, `gestion-resumen-${ancho}`, { fullPage: true });
      await expect(page.evaluate(() => [document.documentElement.scrollWidth, window.innerWidth])).resolves.toEqual([
        ancho,
        ancho,
      ]);
      await page.goto(`${appUrl()}/gestion/planes`);
      await expect(page.evaluate(() => [document.documentElement.scrollWidth, window.innerWidth])).resolves.toEqual([
        ancho,
        ancho,
      ]);
      await captura(page, `gestion-planes-${ancho}`);
      await page.goto(`${appUrl()}/gestion/usuarios?q=${encodeURIComponent(admin.correo)}`);
      await expect(page.getByRole("heading", { name: "Admin" }).count()).resolves.toBe(1);
      await expect(page.evaluate(() => [document.documentElement.scrollWidth, window.innerWidth])).resolves.toEqual([
        ancho,
        ancho,
      ]);
      await page.goto(`${appUrl()}/gestion/usuarios`);
      await captura(page, `gestion-usuarios-${ancho}`);
      await ctx.close();
    }
  }, 60_000);
});

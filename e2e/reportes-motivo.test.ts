import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { mensajes } from "@/lib/messages";
import { planPath } from "@/lib/plans/plan";
import { sinViolaciones } from "@/test-support/axe";
import { captura, launchBrowser } from "@/test-support/browser";
import { query } from "@/test-support/database";
import { persona, type Persona } from "@/test-support/gestion";
import { freshOrigin, insertPlan } from "@/test-support/plans";
import { contextoConectado } from "@/test-support/session-context";
import { call } from "@/test-support/users";
import { appUrl } from "@/test-support/worker";

const db = () => process.env.DATABASE_URL!;
const TAMANOS = [
  [390, 844],
  [1280, 800],
] as const;

/** The user menu's entries, opened as a person would (behind "Menú" on a phone). */
async function entradasDelMenu(page: Page, ancho: number): Promise<string[]> {
  if (ancho < 720) await page.getByRole("button", { name: "Menú" }).click();
  await page.getByRole("button", { name: /Mi cuenta|Acceder/ }).click();
  const menu = page.locator("#menu-usuario");
  await menu.getByRole("link").first().waitFor();
  return menu.getByRole("link").allTextContents();
}

describe("a report's reason, from the visitor's dialog to the team's queue", () => {
  let browser: Browser;
  let moderadora: Persona;
  let usuaria: Persona;

  beforeAll(async () => {
    browser = await launchBrowser();
    [moderadora, usuaria] = await Promise.all([
      persona("Moderadora Motivos", "moderador"),
      persona("Usuaria Motivos", "usuario"),
    ]);
  });
  afterAll(async () => {
    await browser?.close();
  });

  it.each(TAMANOS)(
    "at %i px: a visitor must choose a reason, then the moderator sees it and filters by it",
    async (ancho, alto) => {
      const titulo = `Romería ${ancho} ${Math.random().toString(36).slice(2, 7)}`;
      const planId = await insertPlan({ usuarioId: usuaria.id, origin: await freshOrigin(), titulo });
      const palabras = "Se suspendió por la lluvia, lo dice el bando del ayuntamiento.";

      // An anonymous visitor reports it.
      const visitante = await contextoConectado(browser, null, { ancho, alto });
      const pv = await visitante.newPage();
      await pv.goto(`${appUrl()}${planPath(titulo, planId)}`);
      await pv.getByRole("button", { name: "Reportar mal uso" }).click();
      const dialogo = pv.getByRole("dialog", { name: mensajes.reportarPlanTitulo });
      await dialogo.waitFor();
      await expect(dialogo.getByText(mensajes.reportarPlanConfirmacion).count()).resolves.toBe(1);
      const radios = dialogo.getByRole("radio");
      await expect(
        radios.evaluateAll((rs) => rs.map((r) => (r as HTMLInputElement).labels?.[0]?.textContent)),
      ).resolves.toEqual([
        mensajes.reporteMotivoFalsa,
        mensajes.reporteMotivoInapropiado,
        mensajes.reporteMotivoSpam,
        mensajes.reporteMotivoCaducado,
        mensajes.reporteMotivoOtro,
      ]);
      // Sending without a reason: one message, by the reasons, and nothing sent.
      await dialogo.getByRole("button", { name: "Reportar", exact: true }).click();
      await dialogo.getByText(mensajes.reporteMotivoObligatorio).waitFor();
      await expect(pv.getByText(mensajes.reporteMotivoObligatorio).count()).resolves.toBe(1);
      await expect(pv.locator("main").getByRole("alert").count()).resolves.toBe(0);
      await expect(dialogo.getByRole("radiogroup").getAttribute("aria-invalid")).resolves.toBe("true");
      await expect(radios.first().evaluate((r) => r === document.activeElement)).resolves.toBe(true);
      await sinViolaciones(pv);
      await captura(pv, `reporte-dialogo-sin-motivo-${ancho}`);
      // "Otro" opens a few words of one's own; choosing takes the message away.
      await expect(dialogo.getByRole("textbox").count()).resolves.toBe(0);
      await dialogo.getByText(mensajes.reporteMotivoOtro, { exact: true }).click();
      await expect(pv.getByText(mensajes.reporteMotivoObligatorio).count()).resolves.toBe(0);
      const texto = dialogo.getByRole("textbox", { name: mensajes.reporteDetalleEtiqueta });
      await expect(texto.getAttribute("maxlength")).resolves.toBe("300");
      await texto.fill(palabras);
      await sinViolaciones(pv);
      await captura(pv, `reporte-dialogo-otro-${ancho}`);
      await dialogo.getByRole("button", { name: "Reportar", exact: true }).click();
      await pv.locator("main").getByRole("status").filter({ hasText: mensajes.reporteEnviado }).waitFor();
      await expect(
        query(db(), "SELECT motivo, detalle, usuario_id FROM reporte WHERE plan_id = $1", [planId]),
      ).resolves.toEqual([{ motivo: "otro", detalle: palabras, usuario_id: null }]);
      // A visitor's menu has no way into the back-office.
      expect(await entradasDelMenu(pv, ancho)).not.toContain("Gestión");

      // The moderator goes from her menu to the back-office, and to the reports.
      const ctx = await contextoConectado(browser, moderadora, { ancho, alto });
      const page = await ctx.newPage();
      await page.goto(`${appUrl()}/`);
      expect(await entradasDelMenu(page, ancho)).toContain("Gestión");
      await page.locator("#menu-usuario").getByRole("link", { name: "Gestión" }).click();
      await page.waitForURL(/\/gestion$/);
      await page.getByRole("navigation", { name: "Gestión" }).getByRole("link", { name: "Reportes" }).click();
      await page.waitForURL(/\/gestion\/reportes$/);
      const fila = page.locator("li", { has: page.getByRole("heading", { name: titulo }) });
      await expect(fila.getByRole("list", { name: "Motivo" }).textContent()).resolves.toBe(mensajes.reporteMotivoOtro);
      await expect(fila.getByRole("list", { name: "Lo que dicen" }).textContent()).resolves.toBe(`«${palabras}»`);

      // Filtering by its reason keeps it, in the URL; by another, it leaves the list.
      await page.getByRole("combobox", { name: "Motivo" }).selectOption({ label: mensajes.reporteMotivoOtro });
      await page.getByRole("button", { name: "Filtrar" }).click();
      await page.waitForURL(/\/gestion\/reportes\?motivo=otro$/);
      await fila.waitFor();
      await expect(page.evaluate(() => [document.documentElement.scrollWidth, window.innerWidth])).resolves.toEqual([
        ancho,
        ancho,
      ]);
      await captura(page, `gestion-reportes-motivo-${ancho}`, { fullPage: true });
      await page.getByRole("combobox", { name: "Motivo" }).selectOption({ label: mensajes.reporteMotivoSpam });
      await page.getByRole("button", { name: "Filtrar" }).click();
      await page.waitForURL(/\?motivo=spam$/);
      await expect(page.getByRole("heading", { name: titulo }).count()).resolves.toBe(0);
      await expect(page.getByRole("combobox", { name: "Motivo" }).inputValue()).resolves.toBe("spam");

      // Two more reports of it, from an app: spam, and one that gives no reason.
      const cuerpo = { titulo, urlArchivo: null, urlPlan: `${appUrl()}${planPath(titulo, planId)}` };
      for (const body of [{ ...cuerpo, motivo: "spam" }, { ...cuerpo, motivo: "spam" }, cuerpo])
        expect((await call("POST", "/api/plan/reportar-plan", { body })).status).toBe(200);
      await page.reload();
      await fila.waitFor();
      await expect(
        fila.getByRole("list", { name: "Motivos" }).getByRole("listitem").allTextContents(),
      ).resolves.toEqual([
        `${mensajes.reporteMotivoSpam} · 2`,
        `${mensajes.reporteMotivoOtro} · 1`,
        `${mensajes.reporteSinMotivo} · 1`,
      ]);
      await captura(fila, `gestion-reportes-varios-motivos-${ancho}`);

      // A plain user's menu has no "Gestión" either.
      const suya = await contextoConectado(browser, usuaria, { ancho, alto });
      const pu = await suya.newPage();
      await pu.goto(`${appUrl()}/`);
      const entradas = await entradasDelMenu(pu, ancho);
      expect(entradas).toContain("Perfil");
      expect(entradas).not.toContain("Gestión");
      await Promise.all([visitante.close(), ctx.close(), suya.close()]);
    },
    90_000,
  );
});

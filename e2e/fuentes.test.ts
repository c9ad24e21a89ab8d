import { conDatos } from "@/lib/con-datos";
import es from "@/mensajes/es.json";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { mensajes } from "@/lib/messages";
import { mensajesFuentes as m } from "@/lib/fuentes/mensajes";
import { sinViolaciones } from "@/test-support/axe";
import { captura, launchBrowser } from "@/test-support/browser";
import { query } from "@/test-support/database";
import { importarPlan, insertFuente, insertOrganizacion, SINCRONIZACION_CON_UN_DESCARTE } from "@/test-support/fuentes";
import { persona, type Persona } from "@/test-support/gestion";
import { freshOrigin, insertPlan } from "@/test-support/plans";
import { contextoConectado } from "@/test-support/session-context";
import { appUrl } from "@/test-support/worker";

const db = () => process.env.DATABASE_URL!;
const sufijo = Math.random().toString(36).slice(2, 6);
const visible = (id: string) =>
  query<{ visible: boolean }>(db(), "SELECT visible FROM plan WHERE id = $1", [id]).then((r) => r[0].visible);

/**
 * Sources in Chromium, at a phone's width: the team pauses, deletes and reviews them; an
 * organization's owner disconnects a calendar; an imported plan's page and cards. Nothing here
 * syncs (a sync fetches its URL, and tests reach no outside name): the rows are a sync's.
 */
describe("sources in Chromium", () => {
  let browser: Browser;
  let moderadora: Persona;
  let duena: Persona;
  let origin: { lat: number; lng: number };
  let fuenteId: string;
  let importadoId: string;
  let pendienteId: string;
  let descartadoId: string;
  let orgId: string;
  const agenda = `Agenda comarcal ${sufijo}`;
  const calendario = `Calendario de la peña ${sufijo}`;

  beforeAll(async () => {
    browser = await launchBrowser();
    [moderadora, duena] = await Promise.all([
      persona("Moderadora de fuentes", "moderador"),
      persona("Dueña de calendarios", "usuario"),
    ]);
    origin = await freshOrigin();
    fuenteId = await insertFuente({
      nombre: agenda,
      resultado: SINCRONIZACION_CON_UN_DESCARTE,
    });
    importadoId = await insertPlan({ usuarioId: "agenda-planazo", origin, titulo: `Concierto ${sufijo}` });
    await importarPlan(fuenteId, importadoId, { url: "https://agenda.example/concierto" });
    const revision = await insertFuente({ nombre: `Fiestas con revisión ${sufijo}`, publicacion: "revision" });
    pendienteId = await insertPlan({ usuarioId: "agenda-planazo", origin, titulo: `San Roque ${sufijo}` });
    descartadoId = await insertPlan({ usuarioId: "agenda-planazo", origin, titulo: `Pleno ${sufijo}` });
    await importarPlan(revision, pendienteId, { pendiente: true });
    await importarPlan(revision, descartadoId, { pendiente: true });
    orgId = await insertOrganizacion(duena.id, `Peña ${sufijo}`);
    await insertFuente({
      nombre: calendario,
      usuarioId: duena.id,
      organizacionId: orgId,
      resultado: { creados: 2, actualizados: 0, retirados: 0, sinCambios: 0, descartados: [] },
    });
  });
  afterAll(async () => {
    await browser?.close();
  });

  it("a moderator pauses and resumes a source, deletes it after a warning (its plans hidden), and reviews the queue", async () => {
    const ctx = await contextoConectado(browser, moderadora);
    const page = await ctx.newPage();
    await page.goto(`${appUrl()}/gestion/fuentes`);
    const fila = page.locator("li", { has: page.getByRole("heading", { name: agenda }) });
    await fila.getByText("1 descartado").click();
    await fila.getByText("Pleno municipal").waitFor();
    await expect(page.evaluate(() => document.documentElement.scrollWidth)).resolves.toBeLessThanOrEqual(390);
    await captura(page, "gestion-fuentes-390", { fullPage: true });

    // An address that is not http(s): the server's message, in place, and nothing added.
    await page.getByLabel("Dirección de la fuente").fill("ftp://agenda.example/eventos.ics");
    await page.getByRole("button", { name: "Añadir fuente" }).click();
    await page.getByRole("alert").filter({ hasText: m.urlNoValida }).waitFor();

    await fila.getByRole("button", { name: `Pausar «${agenda}»` }).click();
    await fila.getByRole("status").filter({ hasText: m.fuentePausada }).waitFor();
    await fila.getByText(m.pausada, { exact: true }).waitFor();
    await fila.getByRole("button", { name: `Reanudar «${agenda}»` }).click();
    await fila.getByRole("status").filter({ hasText: m.fuenteReanudada }).waitFor();

    await fila.getByRole("button", { name: `Eliminar «${agenda}»` }).click();
    await fila.getByText(m.eliminarConfirmacion(agenda)).waitFor();
    await fila.getByRole("button", { name: m.eliminarBoton }).click();
    await page.getByRole("status").filter({ hasText: m.fuenteEliminada }).waitFor();
    await expect(page.getByRole("heading", { name: agenda }).count()).resolves.toBe(0);
    await expect(visible(importadoId)).resolves.toBe(false);

    const cola = page.getByRole("region", { name: /Por revisar/ });
    await cola.getByRole("button", { name: `Publicar «San Roque ${sufijo}»` }).click();
    await page.getByRole("status").filter({ hasText: m.planPublicadoDesdeRevision }).waitFor();
    await cola.getByRole("button", { name: `Descartar «Pleno ${sufijo}»` }).click();
    await page.getByRole("status").filter({ hasText: m.planDescartadoDeRevision }).waitFor();
    await expect.poll(() => cola.getByRole("heading", { name: new RegExp(sufijo) }).count()).toBe(0);
    await expect(visible(pendienteId)).resolves.toBe(true);
    await expect(visible(descartadoId)).resolves.toBe(false);
    await sinViolaciones(page);
    await ctx.close();
  }, 90_000);

  it("an organization's owner sees its calendars, finds where a calendar's address is, is told in place what is wrong with one, disconnects one and sees a new one's first sync end", async () => {
    const ctx = await contextoConectado(browser, duena);
    const page = await ctx.newPage();
    await page.goto(`${appUrl()}/tus-organizaciones`);
    const bloque = page.getByRole("region", { name: m.calendariosConectados });
    await bloque.getByText(calendario).waitFor();
    await bloque.getByText(m.cifras({ creados: 2, actualizados: 0, retirados: 0, sinCambios: 0 })).waitFor();
    await expect(page.evaluate(() => document.documentElement.scrollWidth)).resolves.toBeLessThanOrEqual(390);
    await captura(bloque, "calendarios-conectados-390");

    // Where a calendar keeps its address, folded under the field.
    await bloque.getByText(m.dondeEncuentroDireccion).click();
    await bloque.getByText(m.pistasDireccion[0].como).waitFor();

    await bloque.getByLabel(m.direccionCalendario).fill("ftp://calendario.example/peña.ics");
    await bloque.getByRole("button", { name: m.conectar, exact: true }).click();
    await bloque.getByRole("alert").filter({ hasText: m.urlNoValida }).waitFor();

    await bloque.getByRole("button", { name: `${m.desconectar} «${calendario}»` }).click();
    await bloque.getByText(m.desconectarConfirmacion(calendario)).waitFor();
    await bloque.getByRole("button", { name: m.desconectar, exact: true }).click();
    await bloque.getByRole("status").filter({ hasText: m.fuenteEliminada }).waitFor();
    await expect(bloque.getByText(calendario).count()).resolves.toBe(0);

    // A calendar whose first sync is running says so, and its result shows when it is written,
    // without a reload (the run's lease and its end are the sync's own writes).
    const nuevo = `Calendario recién conectado ${sufijo}`;
    const id = await insertFuente({ nombre: nuevo, usuarioId: duena.id, organizacionId: orgId });
    await query(db(), "UPDATE fuente SET sincronizando_hasta = now() + interval '15 minutes' WHERE id = $1", [id]);
    await page.reload();
    const tarjeta = bloque.locator("li", { hasText: nuevo });
    await tarjeta.getByText(m.sincronizando).waitFor();
    const resultado = { creados: 4, actualizados: 0, retirados: 0, sinCambios: 0, descartados: [] };
    await query(
      db(),
      `UPDATE fuente SET sincronizando_hasta = NULL, sincronizada_en = now(), proxima_en = now() + interval '1 hour',
         resultado = $2::jsonb WHERE id = $1`,
      [id, JSON.stringify(resultado)],
    );
    await tarjeta.getByText(m.cifras(resultado)).waitFor();
    await ctx.close();
  }, 60_000);

  it("an imported plan's page says where it comes from and draws its poster, on its page and on its card", async () => {
    const plan = await insertPlan({
      usuarioId: "agenda-planazo",
      origin,
      titulo: `Jotas ${sufijo}`,
      categorias: ["Cultura"],
    });
    const fuente = await insertFuente({ nombre: `Agenda cultural ${sufijo}` });
    await importarPlan(fuente, plan, { url: "https://agenda.example/jotas" });
    const ctx = await contextoConectado(browser, null);
    const page = await ctx.newPage();
    await page.goto(`${appUrl()}/plan/jotas/${plan}`);
    const enlace = page.getByRole("link", {
      name: conDatos(es.plan.publicadoDesde, { fuente: `Agenda cultural ${sufijo}` }),
    });
    await expect(enlace.getAttribute("href")).resolves.toBe("https://agenda.example/jotas");
    await expect(enlace.getAttribute("rel")).resolves.toBe("nofollow noopener");
    const cartel = page.locator('[data-cartel="generado"]').first();
    await expect(cartel.isVisible()).resolves.toBe(true);
    // Its caption is drawn (CSS generated content from its attribute).
    await expect(
      cartel
        .locator(`[data-texto="${mensajes.cartelGenerado}"]`)
        .evaluate((e) => getComputedStyle(e, "::before").content),
    ).resolves.toBe(`"${mensajes.cartelGenerado}"`);
    await captura(page, "plan-importado-390");

    await page.goto(`${appUrl()}/?municipio=Prueba&lat=${origin.lat}&lng=${origin.lng}`);
    const tarjeta = page.getByRole("article").filter({ has: page.getByRole("heading", { name: `Jotas ${sufijo}` }) });
    await expect(tarjeta.locator('[data-cartel="generado"]').isVisible()).resolves.toBe(true);
    // The card's link is named by its own heading and text: the poster's words are hidden from it.
    await expect(tarjeta.getByRole("link", { name: new RegExp(mensajes.cartelGenerado) }).count()).resolves.toBe(0);
    await expect(tarjeta.getByRole("link", { name: new RegExp(`Jotas ${sufijo}`) }).count()).resolves.toBe(1);
    await captura(tarjeta, "tarjeta-cartel-generado-390");

    // A title of two lines keeps the poster's words clear of its caption.
    const largo = `Festival de cortometrajes del valle ${sufijo}`;
    await insertPlan({ usuarioId: "agenda-planazo", origin, distanciaM: 400, titulo: largo, categorias: ["Cultura"] });
    await page.reload();
    const larga = page.getByRole("article").filter({ has: page.getByRole("heading", { name: largo }) });
    const cajas = await larga.locator("[data-cartel] [data-texto]").evaluateAll((es) =>
      es.map((e) => {
        const r = e.getBoundingClientRect();
        return { texto: e.getAttribute("data-texto"), top: r.top, bottom: r.bottom, visible: r.height > 0 };
      }),
    );
    const pie = cajas.find((c) => c.texto === mensajes.cartelGenerado)!;
    const encima = cajas.filter((c) => c !== pie && c.visible && c.bottom > pie.top).map((c) => c.texto);
    expect(encima).toEqual([]);
    await captura(larga, "tarjeta-cartel-generado-largo-390");
    await ctx.close();
  }, 60_000);
});

import { randomBytes } from "node:crypto";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { mensajes, pistas } from "@/lib/messages";
import { captura, launchBrowser } from "@/test-support/browser";
import { query } from "@/test-support/database";
import {
  elegirMunicipio,
  esperarPaso,
  fecha,
  fechas,
  GRIEGOS,
  ponerCartel,
  tipoYCategorias,
} from "@/test-support/asistente";
import { enviarFormulario, formulario, png } from "@/test-support/forms";
import { contextoConectado } from "@/test-support/session-context";
import { confirmedUser } from "@/test-support/users";
import { appUrl } from "@/test-support/worker";

const db = () => process.env.DATABASE_URL!;
const ANCHOS = [
  { ancho: 390, alto: 844 },
  { ancho: 1280, alto: 800 },
] as const;

type Usuario = Awaited<ReturnType<typeof confirmedUser>>;

const unico = (texto: string) => `${texto} ${randomBytes(3).toString("hex")}`;
const alertas = (page: Page) => page.locator("main").getByRole("alert");
const clave = (u: Usuario) => `borradorPlan:${u.id}`;

/** The preview shows a stored image (not a file of this browser) that has loaded. */
function vistaDelServidor(page: Page) {
  return page.getByRole("img", { name: "Vista previa del cartel" }).evaluate((img: HTMLImageElement) => ({
    servidor: img.src.startsWith("http") && img.src.includes("/media/carteles/"),
    cargada: img.complete && img.naturalWidth > 0,
  }));
}

/** Steps 1 to 3 of an event at Griegos with a poster, and on to step 4. */
async function hastaElPaso4(page: Page, titulo: string) {
  await page.goto(`${appUrl()}/publicar`);
  await tipoYCategorias(page, "Evento", ["Fiesta"]);
  await page.getByLabel("Título").fill(titulo);
  await elegirMunicipio(page, GRIEGOS.nombre);
  await page.getByLabel("Dirección").fill("Plaza de la Iglesia, 1");
  await ponerCartel(page);
  await fechas(page, fecha(6), fecha(6, 4));
  await page.getByRole("button", { name: "Continuar" }).click();
  await esperarPaso(page, "Opcional");
}

/** The file input of the poster has the focus and its block is on screen, below the sticky navbar. */
function cartelEnfocadoYVisible(page: Page) {
  return page.evaluate(() => {
    const el = document.activeElement as HTMLInputElement | null;
    if (!el || el.type !== "file") return false;
    const bloque = el.closest("[data-campo]")!.getBoundingClientRect();
    const cabecera = document.querySelector("header")!.getBoundingClientRect().bottom;
    return bloque.top >= cabecera - 1 && bloque.top < window.innerHeight;
  });
}

describe("a draft keeps its poster, and a missing piece is asked for where it belongs", () => {
  let browser: Browser;
  let usuario: Usuario;

  beforeAll(async () => {
    browser = await launchBrowser();
    usuario = await confirmedUser("Berta Borrador");
  });
  afterAll(async () => {
    await query(db(), "DELETE FROM plan WHERE usuario_id = $1", [usuario.id]);
    await browser?.close();
  });

  for (const { ancho, alto } of ANCHOS) {
    it(`at ${ancho} px, resumes a draft after the browser is closed with its poster, and publishes with it`, async () => {
      const titulo = unico("Fiesta de la trashumancia");
      let ctx = await contextoConectado(browser, usuario, { ancho, alto });
      let page = await ctx.newPage();
      await page.goto(`${appUrl()}/publicar`);
      await esperarPaso(page, "Tipo");

      // Step 1 with nothing chosen: one message, the spec's, at the choice itself.
      await page.getByRole("button", { name: "Continuar" }).click();
      await expect.poll(() => alertas(page).allTextContents()).toEqual([mensajes.tipoObligatorio]);
      await expect(page.locator("main").getByText(mensajes.tipoObligatorio).count()).resolves.toBe(1);
      await expect(page.locator("main").getByText(pistas.tipo).count()).resolves.toBe(0);
      await captura(page, `borrador-paso1-error-${ancho}`);

      await tipoYCategorias(page, "Evento", ["Fiesta"]);
      await page.getByLabel("Título").fill(titulo);
      await elegirMunicipio(page, GRIEGOS.nombre);
      await page.getByLabel("Dirección").fill("Plaza de la Iglesia, 1");
      await ponerCartel(page);
      await fechas(page, fecha(6), fecha(6, 4));
      // The poster is stored already: the draft has its URL, not the file.
      const borrador = JSON.parse((await page.evaluate((k) => localStorage.getItem(k), clave(usuario)))!);
      expect(borrador.campos.archivoTemporal).toMatchObject({ nombre: "cartel.png" });
      const temporalId = borrador.campos.archivoTemporal._id as string;
      await expect(
        query(db(), "SELECT usuario_id FROM cartel_temporal WHERE archivo_id = $1", [temporalId]),
      ).resolves.toEqual([{ usuario_id: usuario.id }]);

      // The map's zoom buttons pass under the sticky navbar while the page scrolls, never over it.
      const zoom = page.locator(".leaflet-control-zoom-in");
      await zoom.waitFor();
      const encima = await zoom.evaluate((boton) => {
        const cabecera = document.querySelector("header")!;
        const alto = cabecera.getBoundingClientRect().height;
        window.scrollBy(0, boton.getBoundingClientRect().top - alto / 2);
        const r = boton.getBoundingClientRect();
        const el = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
        return { bajoLaCabecera: r.top < alto, cabecera: Boolean(el?.closest("header")) };
      });
      expect(encima).toEqual({ bajoLaCabecera: true, cabecera: true });
      await captura(page, `borrador-zoom-bajo-cabecera-${ancho}`);

      await page.getByRole("button", { name: "Continuar" }).click();
      await esperarPaso(page, "Opcional");
      await page.getByLabel("Descripción", { exact: true }).fill("Paso del **ganado** por el pueblo.");

      // The browser is closed (its cookies and storage kept), and opened again another day.
      const estado = await ctx.storageState();
      await ctx.close();
      ctx = await contextoConectado(browser, null, { ancho, alto, estado });
      page = await ctx.newPage();
      await page.goto(`${appUrl()}/publicar`);
      await esperarPaso(page, "Opcional");
      await expect(page.getByLabel("Descripción", { exact: true }).inputValue()).resolves.toBe(
        "Paso del **ganado** por el pueblo.",
      );
      await page.getByRole("button", { name: "Atrás" }).click();
      await esperarPaso(page, "Datos");
      await page.getByText("Archivo elegido: cartel.png").waitFor();
      await expect.poll(() => vistaDelServidor(page)).toEqual({ servidor: true, cargada: true });
      await page.getByRole("img", { name: "Vista previa del cartel" }).scrollIntoViewIfNeeded();
      await captura(page, `borrador-reanudado-cartel-${ancho}`);
      await page.getByRole("button", { name: "Continuar" }).click();
      await esperarPaso(page, "Opcional");

      // Privacy unticked: one message, once, at the checkbox.
      await page.getByRole("button", { name: "Publicar" }).click();
      await expect.poll(() => alertas(page).allTextContents()).toEqual([mensajes.debesAceptarPrivacidad]);
      await expect(page.locator("main").getByText(mensajes.debesAceptarPrivacidad).count()).resolves.toBe(1);
      await expect(page.locator("main").getByText(pistas.privacidad).count()).resolves.toBe(0);
      await page.getByRole("checkbox", { name: /política de privacidad/ }).check();
      await page.getByRole("button", { name: "Publicar" }).click();
      await page.getByRole("link", { name: "Ver mi plan" }).waitFor({ timeout: 10_000 });

      // The plan took that very poster, which is no longer temporary, and its page shows it.
      const [plan] = await query<{ id: string; cartel: string }>(
        db(),
        "SELECT id, archivo_cartel_id::text AS cartel FROM plan WHERE titulo = $1",
        [titulo],
      );
      expect(plan.cartel).toBe(temporalId);
      await expect(query(db(), "SELECT 1 FROM cartel_temporal WHERE archivo_id = $1", [temporalId])).resolves.toEqual(
        [],
      );
      await page.getByRole("link", { name: "Ver mi plan" }).click();
      await page.waitForURL(/\/plan\//);
      const cartel = page.locator("main img[src*='/media/carteles/']").first();
      await expect
        .poll(() => cartel.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0))
        .toBe(true);
      await captura(page, `borrador-plan-publicado-${ancho}`);
      await ctx.close();
    }, 150_000);

    it(`at ${ancho} px, sends 'Publicar' without a poster back to the poster field of step 3, named`, async () => {
      const ctx = await contextoConectado(browser, usuario, { ancho, alto });
      const page = await ctx.newPage();
      const titulo = unico("Feria del queso");
      await hastaElPaso4(page, titulo);
      await page.getByRole("checkbox", { name: /política de privacidad/ }).check();
      // A draft that lost its poster (as drafts kept only in the browser did): step 4, no poster.
      await page.evaluate((k) => {
        const b = JSON.parse(localStorage.getItem(k)!);
        b.campos.archivoTemporal = null;
        localStorage.setItem(k, JSON.stringify(b));
      }, clave(usuario));
      await page.reload();
      await esperarPaso(page, "Opcional");
      await page.getByRole("button", { name: "Publicar" }).click();

      await esperarPaso(page, "Datos");
      await expect.poll(() => alertas(page).allTextContents()).toEqual([pistas.cartel]);
      await expect.poll(() => cartelEnfocadoYVisible(page)).toBe(true);
      await expect(page.locator("main").getByText(mensajes.todosObligatorios).count()).resolves.toBe(0);
      await captura(page, `borrador-falta-cartel-${ancho}`);
      await expect(query(db(), "SELECT 1 FROM plan WHERE titulo = $1", [titulo])).resolves.toEqual([]);

      await ponerCartel(page);
      await expect.poll(() => alertas(page).count()).toBe(0);
      await page.getByRole("button", { name: "Continuar" }).click();
      await esperarPaso(page, "Opcional");
      await page.getByRole("button", { name: "Publicar" }).click();
      await page.getByRole("link", { name: "Ver mi plan" }).waitFor({ timeout: 10_000 });
      await expect(query(db(), "SELECT 1 FROM plan WHERE titulo = $1", [titulo])).resolves.toHaveLength(1);
      await ctx.close();
    }, 120_000);
  }

  it("a draft whose stored poster has expired is sent back to choose it again, with the reason, creating nothing", async () => {
    const ctx = await contextoConectado(browser, usuario);
    const page = await ctx.newPage();
    const titulo = unico("Mercado de invierno");
    await hastaElPaso4(page, titulo);
    const id = await page.evaluate(
      (k) => JSON.parse(localStorage.getItem(k)!).campos.archivoTemporal._id,
      clave(usuario),
    );
    await query(db(), "UPDATE cartel_temporal SET creado_en = now() - interval '8 days' WHERE archivo_id = $1", [id]);
    await page.getByRole("checkbox", { name: /política de privacidad/ }).check();
    await page.getByRole("button", { name: "Publicar" }).click();
    await esperarPaso(page, "Datos");
    await expect.poll(() => alertas(page).allTextContents()).toEqual([mensajes.cartelTemporalCaducado]);
    await expect.poll(() => cartelEnfocadoYVisible(page)).toBe(true);
    await expect(page.getByText(/Archivo elegido/).count()).resolves.toBe(0);
    await captura(page, "borrador-cartel-caducado-390");
    await expect(query(db(), "SELECT 1 FROM plan WHERE titulo = $1", [titulo])).resolves.toEqual([]);
    await ctx.close();
  }, 90_000);

  for (const { ancho, alto } of ANCHOS) {
    it(`at ${ancho} px, the edit page with contact details says once that the privacy policy must be accepted`, async () => {
      const inicio = new Date(Date.now() + 5 * 86_400_000);
      const r = await enviarFormulario(
        "POST",
        "/api/plan",
        formulario({
          titulo: unico("Concierto en la ermita"),
          tipo: "evento",
          direccion: "Ermita de San Roque",
          municipio: GRIEGOS.nombre,
          ubicacion: JSON.stringify({ type: "Point", coordinates: [GRIEGOS.lng, GRIEGOS.lat] }),
          fechaInicio: inicio.toISOString(),
          fechaFin: new Date(inicio.getTime() + 3 * 3_600_000).toISOString(),
          emailContacto: "ermita@example.com",
          telefonoContacto: "600 444 555",
          archivoCartel: { bytes: await png(300, 420), nombre: "cartel.png" },
        }),
        usuario.token,
      );
      expect(r.status).toBe(201);
      const ctx = await contextoConectado(browser, usuario, { ancho, alto });
      const page = await ctx.newPage();
      await page.goto(`${appUrl()}/editar-plan/${(r.body.plan as { _id: string })._id}`);
      await page.locator(".leaflet-marker-icon").waitFor();
      await page.getByRole("button", { name: "Actualizar", exact: true }).click();
      await expect.poll(() => alertas(page).allTextContents()).toEqual([mensajes.debesAceptarPrivacidad]);
      await expect(page.locator("main").getByText(mensajes.debesAceptarPrivacidad).count()).resolves.toBe(1);
      await expect(page.locator("main").getByText(pistas.privacidad).count()).resolves.toBe(0);
      await expect(
        page.getByRole("checkbox", { name: /política de privacidad/ }).evaluate((c) => c === document.activeElement),
      ).resolves.toBe(true);
      await captura(page, `borrador-editar-privacidad-${ancho}`);
      await ctx.close();
    }, 60_000);
  }
});

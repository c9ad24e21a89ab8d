import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { mensajes, pistas } from "@/lib/messages";
import { fechaVisible, localDeInstante } from "@/lib/dates";
import { launchBrowser, captura, esperarImagen } from "@/test-support/browser";
import { query } from "@/test-support/database";
import { enviarFormulario, escribirFecha, formulario, png } from "@/test-support/forms";
import { contextoConectado } from "@/test-support/session-context";
import { confirmedUser } from "@/test-support/users";
import { appUrl } from "@/test-support/worker";

const db = () => process.env.DATABASE_URL!;
const HORA = 3_600_000;
const DIA = 24 * HORA;
const ORG = "Asociación Cultural El Olmo";

type Usuario = Awaited<ReturnType<typeof confirmedUser>>;

/** The picker value of an instant `dias` days ago, on the hour (the pickers move in 15-minute steps). */
const haceDias = (dias: number) =>
  localDeInstante(new Date(Math.floor((Date.now() - dias * DIA) / HORA) * HORA).toISOString());

const alerta = (page: Page) => page.locator("main").getByRole("alert");

async function pulsarYLeer(page: Page, esperado: string) {
  await page.getByRole("button", { name: "Actualizar", exact: true }).click();
  await expect.poll(() => alerta(page).textContent(), { timeout: 5_000 }).toBe(esperado);
}

async function fila(id: string) {
  const [p] = await query<{
    titulo: string;
    archivo_cartel_id: string;
    email_contacto: string | null;
    telefono_contacto: string | null;
    fecha_fin: Date;
    precio: string | null;
  }>(
    db(),
    "SELECT titulo, archivo_cartel_id, email_contacto, telefono_contacto, fecha_fin, precio::text FROM plan WHERE id = $1",
    [id],
  );
  return p;
}

describe("the edit page /editar-plan/{id}", () => {
  let browser: Browser;
  let duena: Usuario;
  let otra: Usuario;
  let orgId: string;
  const inicio = new Date(Math.ceil((Date.now() + 4 * DIA) / HORA) * HORA);
  const fin = new Date(inicio.getTime() + 6 * HORA);

  async function publicar(titulo: string): Promise<string> {
    const r = await enviarFormulario(
      "POST",
      "/api/plan",
      formulario({
        titulo,
        descripcion: "Bailes **tradicionales** en la plaza.",
        tipo: "evento",
        categorias: "Fiesta,Cultura",
        direccion: "Plaza Mayor, 3",
        municipio: "Griegos",
        ubicacion: JSON.stringify({ type: "Point", coordinates: [-1.712, 40.4272] }),
        fechaInicio: inicio.toISOString(),
        fechaFin: fin.toISOString(),
        precio: "12.50",
        emailContacto: "olmo@example.com",
        telefonoContacto: "600 222 333",
        organizacionId: orgId,
        archivoCartel: { bytes: await png(300, 420), nombre: "cartel.png" },
      }),
      duena.token,
    );
    expect(r.status).toBe(201);
    return (r.body.plan as { _id: string })._id;
  }

  /** Opens the edit page; once found, waits for the map (client-only), so the form is hydrated. */
  const editar = async (page: Page, id: string) => {
    const res = await page.goto(`${appUrl()}/editar-plan/${id}`);
    if (res?.status() === 200) await page.locator(".leaflet-marker-icon").waitFor();
    return res?.status();
  };

  beforeAll(async () => {
    browser = await launchBrowser();
    [duena, otra] = [await confirmedUser("Olga Organizadora"), await confirmedUser("Rita Curiosa")];
    const org = await enviarFormulario(
      "POST",
      "/api/organizacion",
      formulario({
        nombre: ORG,
        emailContacto: "olmo@example.com",
        archivoLogo: { bytes: await png(80, 80), nombre: "logo.png" },
      }),
      duena.token,
    );
    expect(org.status).toBe(201);
    orgId = (org.body.organizacion as { _id: string })._id;
  });
  afterAll(async () => {
    await browser?.close();
  });

  it("loads every field of the plan, with the contact switch on, the organizer and its links", async () => {
    const id = await publicar("Danzas del Olmo");
    const ctx = await contextoConectado(browser, duena, { ancho: 1280, alto: 900 });
    const page = await ctx.newPage();
    expect(await editar(page, id)).toBe(200);
    await expect(page.getByRole("heading", { level: 1 }).textContent()).resolves.toBe("Editar plan");
    await expect(page.getByLabel("Título").inputValue()).resolves.toBe("Danzas del Olmo");
    await expect(page.getByText("15 - 50", { exact: true }).count()).resolves.toBe(1);
    await expect(page.getByRole("textbox", { name: "Descripción" }).inputValue()).resolves.toBe(
      "Bailes **tradicionales** en la plaza.",
    );
    const categorias = page.getByRole("group", { name: "Categorías" }).getByRole("button");
    await expect(categorias.first().textContent()).resolves.toBe("Otros");
    await expect(
      page.getByRole("group", { name: "Categorías" }).locator("[aria-pressed='true']").allTextContents(),
    ).resolves.toEqual(["Fiesta", "Cultura"]);
    await expect(page.getByRole("combobox", { name: "Municipio" }).inputValue()).resolves.toBe("Griegos");
    await expect(page.getByLabel("Dirección").inputValue()).resolves.toBe("Plaza Mayor, 3");
    await expect(page.getByLabel("Seleccionar fecha de inicio", { exact: true }).inputValue()).resolves.toBe(
      fechaVisible(localDeInstante(inicio.toISOString())),
    );
    await expect(page.getByLabel("Seleccionar fecha de fin", { exact: true }).inputValue()).resolves.toBe(
      fechaVisible(localDeInstante(fin.toISOString())),
    );
    const cartel = page.getByRole("img", { name: "Vista previa del cartel" });
    await expect(cartel.getAttribute("src")).resolves.toMatch(/\/detalle\.webp$/);
    await esperarImagen(cartel);
    await expect(page.getByLabel("Seleccionar nuevo cartel").count()).resolves.toBe(1);
    await expect(page.getByLabel("Organización").inputValue()).resolves.toBe(orgId);
    const organiza = page.getByRole("link", { name: ORG });
    await expect(organiza.getAttribute("href")).resolves.toBe(
      `/org/${encodeURIComponent(ORG.replace(/ /g, "-"))}/${orgId}`,
    );
    await expect(page.getByText(/^Organiza:/).textContent()).resolves.toBe(`Organiza: ${ORG}`);
    const aqui = page.getByRole("link", { name: /^Aquí/ });
    await expect(aqui.getAttribute("href")).resolves.toBe("/crear-organizacion");
    await expect(aqui.getAttribute("target")).resolves.toBe("_blank");
    await expect(page.getByLabel("Precio (€)").inputValue()).resolves.toBe("12.5");
    await expect(page.getByRole("switch", { name: "Mostrar datos de contacto" }).isChecked()).resolves.toBe(true);
    await expect(page.getByLabel("Correo electrónico de contacto").inputValue()).resolves.toBe("olmo@example.com");
    await expect(page.getByLabel("Teléfono de contacto").inputValue()).resolves.toBe("600 222 333");

    await captura(page, "editar-plan-1280", { fullPage: true });
    await page.setViewportSize({ width: 390, height: 844 });
    await captura(page, "editar-plan-390", { fullPage: true });
    await ctx.close();
  }, 60_000);

  it("checks the update rules in their order, then changes the title and the poster", async () => {
    const id = await publicar("Feria de artesanía");
    const antes = await fila(id);
    const ctx = await contextoConectado(browser, duena);
    const page = await ctx.newPage();
    expect(await editar(page, id)).toBe(200);
    const direccion = page.getByLabel("Dirección");
    const titulo = page.getByLabel("Título");
    const desde = page.getByLabel("Seleccionar fecha de inicio", { exact: true });
    const hasta = page.getByLabel("Seleccionar fecha de fin", { exact: true });

    await direccion.fill("  ");
    // The location message asks to pick a suggestion, which the address field has not: it names itself.
    await pulsarYLeer(page, pistas.direccion);
    await direccion.fill("Plaza Mayor, 3");
    await titulo.fill("");
    await expect(page.getByText("0 - 50", { exact: true }).count()).resolves.toBe(1);
    await pulsarYLeer(page, mensajes.tituloObligatorio);
    await titulo.fill("Feria de artesanía y oficios");
    await expect(page.getByText("28 - 50", { exact: true }).count()).resolves.toBe(1);
    await escribirFecha(hasta, "");
    await pulsarYLeer(page, mensajes.fechaFinFalta);
    await escribirFecha(hasta, localDeInstante(fin.toISOString()));
    await escribirFecha(desde, "");
    await pulsarYLeer(page, mensajes.fechaInicioFalta);
    await escribirFecha(desde, localDeInstante(new Date(fin.getTime() + DIA).toISOString()));
    await pulsarYLeer(page, mensajes.fechaInicioPosterior);
    await escribirFecha(desde, haceDias(5));
    await escribirFecha(hasta, haceDias(3));
    await pulsarYLeer(page, mensajes.fechaFinPasadaPlan);
    await escribirFecha(desde, localDeInstante(inicio.toISOString()));
    await escribirFecha(hasta, localDeInstante(fin.toISOString()));
    // The contact switch is on: the privacy policy has to be accepted again.
    await pulsarYLeer(page, mensajes.debesAceptarPrivacidad);
    expect(await fila(id)).toEqual(antes);

    await page.getByRole("checkbox", { name: /política de privacidad/ }).check();
    await page
      .getByLabel("Seleccionar nuevo cartel")
      .setInputFiles({ name: "nuevo.jpg", mimeType: "image/png", buffer: await png(500, 300) });
    await page.getByText("Archivo elegido: nuevo.jpg").waitFor();
    await page.getByRole("button", { name: "Actualizar", exact: true }).click();
    await expect
      .poll(() => page.locator("main").getByRole("status").filter({ hasText: mensajes.planActualizado }).count())
      .toBe(1);
    await expect(alerta(page).count()).resolves.toBe(0);
    const despues = await fila(id);
    expect(despues.titulo).toBe("Feria de artesanía y oficios");
    expect(despues.archivo_cartel_id).not.toBe(antes.archivo_cartel_id);
    expect(despues.email_contacto).toBe("olmo@example.com");
    // The chosen file is cleared and the stored poster (the new one, 500 px wide) shows.
    await expect(page.getByText("Archivo elegido: nuevo.jpg").count()).resolves.toBe(0);
    await expect
      .poll(() =>
        page
          .getByRole("img", { name: "Vista previa del cartel" })
          .evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth),
      )
      .toBe(500);

    // Switched off, the contact data goes; 'Es gratis' makes the price 0 (its field steps aside).
    await page.getByRole("switch", { name: "Mostrar datos de contacto" }).uncheck();
    await expect(page.getByLabel("Correo electrónico de contacto").count()).resolves.toBe(0);
    await page.getByRole("checkbox", { name: mensajes.esGratis }).check();
    await expect(page.getByLabel("Precio (€)").count()).resolves.toBe(0);
    await page.getByRole("button", { name: "Actualizar", exact: true }).click();
    await expect.poll(async () => (await fila(id)).email_contacto).toBeNull();
    expect(await fila(id)).toMatchObject({ telefono_contacto: null, precio: "0.00" });

    await page.getByRole("link", { name: "Ver el plan publicado" }).click();
    await page.waitForURL(/\/plan\//);
    await expect(page.getByRole("heading", { level: 1 }).textContent()).resolves.toBe("Feria de artesanía y oficios");
    await expect(page.locator("main").getByText("Gratis", { exact: true }).count()).resolves.toBe(1);
    await ctx.close();
  }, 60_000);

  it("loads an experience's week, Monday first, and its optional dates", async () => {
    const r = await enviarFormulario(
      "POST",
      "/api/plan",
      formulario({
        titulo: "Ruta de los molinos",
        tipo: "experiencia",
        direccion: "Molino de abajo",
        municipio: "Griegos",
        ubicacion: JSON.stringify({ type: "Point", coordinates: [-1.712, 40.4272] }),
        fechaFin: fin.toISOString(),
        horariosDisponibles: JSON.stringify([
          { diaSemana: 0, horaInicio: "09:00", horaFin: "11:30" },
          { diaSemana: 3, horaInicio: "17:15", horaFin: "19:00" },
        ]),
        archivoCartel: { bytes: await png(), nombre: "cartel.png" },
      }),
      duena.token,
    );
    expect(r.status).toBe(201);
    const ctx = await contextoConectado(browser, duena);
    const page = await ctx.newPage();
    expect(await editar(page, (r.body.plan as { _id: string })._id)).toBe(200);
    const semana = page.getByRole("group", { name: "Días y horarios disponibles" });
    await expect(semana.locator("button[aria-pressed='true']").allTextContents()).resolves.toEqual(["X", "D"]);
    await expect(page.getByLabel("Hora de inicio (Miércoles)").inputValue()).resolves.toBe("17:15");
    await expect(page.getByLabel("Hora de fin (Domingo)").inputValue()).resolves.toBe("11:30");
    await expect(page.getByLabel("Seleccionar fecha de inicio (opcional)").inputValue()).resolves.toBe("");
    await expect(page.getByLabel("Seleccionar fecha de fin (opcional)").inputValue()).resolves.toBe(
      fechaVisible(localDeInstante(fin.toISOString())),
    );
    await expect(page.getByRole("switch", { name: "Mostrar datos de contacto" }).isChecked()).resolves.toBe(false);
    await expect(page.getByLabel("Correo electrónico de contacto").count()).resolves.toBe(0);
    // No price given: neither free nor priced, and the field says what empty means.
    await expect(page.getByRole("checkbox", { name: mensajes.esGratis }).isChecked()).resolves.toBe(false);
    await expect(page.getByLabel("Precio (€)").inputValue()).resolves.toBe("");
    await expect(page.getByText(mensajes.precioAyuda).count()).resolves.toBe(1);
    await ctx.close();
  });

  it("shows the not-found page to anyone but the owner", async () => {
    const id = await publicar("Mercado medieval");
    const ctx = await contextoConectado(browser, otra);
    const page = await ctx.newPage();
    for (const ruta of [id, "00000000-0000-0000-0000-000000000000", "no-es-un-id"]) {
      expect(await editar(page, ruta), ruta).toBe(404);
      await expect(page.getByRole("heading", { level: 1 }).textContent()).resolves.toBe(mensajes.paginaNoEncontrada);
    }
    await ctx.close();
    const anonimo = await contextoConectado(browser, null);
    const visita = await anonimo.newPage();
    await visita.goto(`${appUrl()}/editar-plan/${id}`);
    expect(new URL(visita.url()).pathname).toBe("/iniciar-sesion");
    await anonimo.close();
    expect((await fila(id)).titulo).toBe("Mercado medieval");
  });

  it("deletes the plan after the 'Eliminar Plan' confirmation and goes back to 'Planes Creados', which says so", async () => {
    const id = await publicar("Concurso de migas");
    const ctx = await contextoConectado(browser, duena);
    const page = await ctx.newPage();
    expect(await editar(page, id)).toBe(200);
    await page.getByRole("button", { name: "Eliminar", exact: true }).click();
    const dialogo = page.getByRole("dialog", { name: mensajes.eliminarPlanTitulo });
    await dialogo.waitFor();
    await expect(dialogo.textContent()).resolves.toContain(mensajes.eliminarPlanConfirmacion);
    await captura(page, "editar-plan-eliminar-390");
    await dialogo.getByRole("button", { name: "Cancelar" }).click();
    await dialogo.waitFor({ state: "hidden" });
    expect(await fila(id)).toBeDefined();

    await page.getByRole("button", { name: "Eliminar", exact: true }).click();
    await dialogo.getByRole("button", { name: "Eliminar", exact: true }).click();
    // Not the 404 of the plan that is gone: the list, with the server's message and without the plan.
    await page.waitForURL((u) => u.pathname === "/mis-planes");
    await expect
      .poll(() => page.locator("main").getByRole("status").filter({ hasText: mensajes.planEliminado }).count())
      .toBe(1);
    await expect(page.getByRole("heading", { level: 1 }).textContent()).resolves.toBe("Planes Creados");
    await expect(page.locator("main").getByText("Concurso de migas").count()).resolves.toBe(0);
    await captura(page, "publish-eliminado-desde-edicion-390", { fullPage: true });
    expect(await fila(id)).toBeUndefined();
    expect(await editar(page, id)).toBe(404);
    await ctx.close();
  });

  it("sets the language the plan is written in and adds a translation, read by that language's visitors", async () => {
    const id = await publicar("Danzas de la plaza");
    const ctx = await contextoConectado(browser, duena);
    const page = await ctx.newPage();
    expect(await editar(page, id)).toBe(200);
    await page.getByLabel("Idioma del texto").selectOption("es");
    await page.getByText("Traducciones (opcional)").click();
    await page.getByLabel("Título en Euskara").fill("Plazako dantzak");
    await page.getByLabel("Descripción en Euskara").fill("Dantza tradizionalak plazan.");
    await page.getByRole("checkbox", { name: /política de privacidad/ }).check();
    await captura(page, "editar-plan-traducciones-390", { fullPage: true });
    await page.getByRole("button", { name: "Actualizar", exact: true }).click();
    await expect
      .poll(
        async () => (await query<{ textos: unknown }>(db(), "SELECT textos FROM plan WHERE id = $1", [id]))[0].textos,
      )
      .toEqual({ eu: { titulo: "Plazako dantzak", descripcion: "Dantza tradizionalak plazan." } });
    const detalle = (await (await fetch(`${appUrl()}/api/plan/detalle/${id}`)).json()) as { urlPlan: string };
    const vasca = await (await fetch(`${appUrl()}/eu${new URL(detalle.urlPlan).pathname}`)).text();
    expect(vasca).toContain("Plazako dantzak");
    await ctx.close();
  });
});

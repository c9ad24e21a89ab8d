import { randomBytes } from "node:crypto";
import type { Browser, Locator, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { diaEnMadrid, diaIso, fechaVisible, instanteDeLocal, sumarDias } from "@/lib/dates";
import type { FechaApi } from "@/lib/plans/fechas";
import { diaVisible } from "@/lib/plans/formulario";
import { mensajesFechas } from "@/lib/plans/mensajes-fechas";
import { conDatos, mensajes } from "@/lib/messages";
import { sinViolaciones } from "@/test-support/axe";
import { captura, launchBrowser } from "@/test-support/browser";
import { query } from "@/test-support/database";
import { elegirMunicipio, esperarPaso, GRIEGOS, ponerCartel, tipoYCategorias } from "@/test-support/asistente";
import { escribirFecha } from "@/test-support/forms";
import { cartelDePrograma } from "@/test-support/cartel-programa";
import { pdfDePrograma } from "@/test-support/pdf";
import { contextoConectado } from "@/test-support/session-context";
import { confirmedUser } from "@/test-support/users";
import { appUrl } from "@/test-support/worker";

const db = () => process.env.DATABASE_URL!;
type Usuario = Awaited<ReturnType<typeof confirmedUser>>;

const unico = (texto: string) => `${texto} ${randomBytes(3).toString("hex")}`;
/** Madrid's day `n` days from today, as a day picker holds it. */
const dia = (n: number) => diaIso(sumarDias(diaEnMadrid(), n));
/** A picker value: Madrid's day `n` days from today at "HH:mm". */
const a = (n: number, hora: string) => `${dia(n)}T${hora}`;
const iso = (valor: string) => instanteDeLocal(valor)!.toISOString();

/** Types a day as a person does, dd/mm/aaaa. */
async function escribirDia(campo: Locator, valor: string) {
  await campo.fill("");
  await campo.pressSequentially(diaVisible(valor));
}

const fila = (page: Page, n: number) => page.getByRole("group", { name: `Fecha ${n}`, exact: true });
const empieza = (page: Page, n: number) => page.getByLabel(`Empieza, fecha ${n}`, { exact: true });
const termina = (page: Page, n: number) => page.getByLabel(`Termina (opcional), fecha ${n}`, { exact: true });
const alertas = (page: Page) => page.locator("main").getByRole("alert");

/** What the rows of "Varias fechas" show, start and end, as the person reads them. */
async function filas(page: Page): Promise<string[][]> {
  const n = await page.getByRole("group", { name: /^Fecha \d+$/ }).count();
  const lista: string[][] = [];
  for (let i = 1; i <= n; i++) lista.push([await empieza(page, i).inputValue(), await termina(page, i).inputValue()]);
  return lista;
}
const visibles = (fechas: [string, string][]) => fechas.map(([i, f]) => [fechaVisible(i), fechaVisible(f)]);

async function detalle(id: string): Promise<FechaApi[]> {
  const r = await fetch(`${appUrl()}/api/plan/detalle/${id}`);
  expect(r.status).toBe(200);
  return ((await r.json()) as { fechas: FechaApi[] }).fechas;
}

/** Steps 1 and 2, then the data of step 3 but its dates: an event at Griegos with a poster. */
async function hastaLasFechas(page: Page, titulo: string) {
  await page.goto(`${appUrl()}/publicar`);
  await tipoYCategorias(page, "Evento", ["Fiesta"]);
  await page.getByLabel("Título").fill(titulo);
  await elegirMunicipio(page, GRIEGOS.nombre);
  await page.getByLabel("Dirección").fill("Plaza de la Iglesia, 1");
  await ponerCartel(page);
}

async function publicar(page: Page, titulo: string): Promise<string> {
  await page.getByRole("button", { name: "Continuar" }).click();
  await esperarPaso(page, "Opcional");
  await page.getByRole("checkbox", { name: /política de privacidad/ }).check();
  await page.getByRole("button", { name: "Publicar" }).click();
  await page.getByRole("link", { name: "Ver mi plan" }).waitFor({ timeout: 10_000 });
  const [{ id }] = await query<{ id: string }>(db(), "SELECT id FROM plan WHERE titulo = $1", [titulo]);
  return id;
}

/** The shots at both widths (with SHOTS_DIR), the page left at its own. */
async function capturas(page: Page, nombre: string) {
  if (!process.env.SHOTS_DIR) return;
  const antes = page.viewportSize()!;
  await page.setViewportSize({ width: 1280, height: 800 });
  await captura(page, `${nombre}-1280`, { fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await captura(page, `${nombre}-390`, { fullPage: true });
  await page.setViewportSize(antes);
}

describe("an event's several dates in the wizard and the edit form", () => {
  let browser: Browser;
  let usuario: Usuario;

  beforeAll(async () => {
    browser = await launchBrowser();
    usuario = await confirmedUser("Valentina Varias");
  });
  afterAll(async () => {
    await query(db(), "DELETE FROM plan WHERE usuario_id = $1", [usuario.id]);
    await browser?.close();
  });

  it("on a phone, adds dates, repeats them weekly, removes one, keeps them in the draft, publishes and edits one", async () => {
    const titulo = unico("Teatro en la era");
    const ctx = await contextoConectado(browser, usuario, { ancho: 390, alto: 844 });
    const page = await ctx.newPage();
    await hastaLasFechas(page, titulo);

    await page.getByRole("radio", { name: /^Varias fechas/ }).check();
    await escribirFecha(empieza(page, 1), a(7, "20:00"));
    await escribirFecha(termina(page, 1), a(7, "22:00"));
    await page.getByRole("button", { name: "Duplicar la fecha 1 una semana después" }).click();
    await page.getByRole("button", { name: "Añadir fecha" }).click();
    await escribirFecha(empieza(page, 3), a(8, "19:30"));
    // A date ending before it starts: said on that date's row, the third, though it is the
    // second by date (the rules number dates by start), and only there.
    await escribirFecha(termina(page, 3), a(8, "18:00"));
    await page.getByRole("button", { name: "Continuar" }).click();
    await expect.poll(() => alertas(page).allTextContents()).toEqual([mensajes.fechaInicioPosterior]);
    await expect(fila(page, 3).getByRole("alert").textContent()).resolves.toBe(mensajes.fechaInicioPosterior);
    await expect(page.evaluate(() => document.activeElement?.closest("[role=group]")?.textContent)).resolves.toMatch(
      /^Fecha 3/,
    );
    await captura(page, "form-varias-error-390", { fullPage: true });
    await sinViolaciones(page, "varias fechas, one failing");
    await escribirFecha(termina(page, 3), "");
    await expect.poll(() => alertas(page).count()).toBe(0);
    await capturas(page, "form-varias");
    // Each date again every week: the 14th day's is there already.
    await escribirDia(page.getByLabel("Repetir cada semana hasta…", { exact: true }), dia(22));
    await page.getByRole("button", { name: "Repetir", exact: true }).click();
    await page
      .getByRole("status")
      .filter({ hasText: conDatos(mensajesFechas.repetidas, { n: "3" }) })
      .waitFor();
    // The 14th day's date goes.
    await page.getByRole("button", { name: "Quitar fecha 3" }).click();
    const esperadas: [string, string][] = [
      [a(7, "20:00"), a(7, "22:00")],
      [a(8, "19:30"), ""],
      [a(15, "19:30"), ""],
      [a(21, "20:00"), a(21, "22:00")],
      [a(22, "19:30"), ""],
    ];
    await expect(filas(page)).resolves.toEqual(visibles(esperadas));

    // The draft keeps the shape and the dates: the page opened again shows them.
    await page.reload();
    await esperarPaso(page, "Datos");
    await expect(page.getByRole("radio", { name: /^Varias fechas/ }).isChecked()).resolves.toBe(true);
    await expect(filas(page)).resolves.toEqual(visibles(esperadas));

    const id = await publicar(page, titulo);
    const publicadas = await detalle(id);
    expect(publicadas.map((f) => [f.inicio, f.fin])).toEqual(esperadas.map(([i, f]) => [iso(i), f ? iso(f) : null]));

    // The edit form opens on the same dates; the second one moves half an hour, the others keep their ids.
    await page.goto(`${appUrl()}/editar-plan/${id}`);
    await page.locator(".leaflet-marker-icon").waitFor();
    await expect(page.getByRole("radio", { name: /^Varias fechas/ }).isChecked()).resolves.toBe(true);
    await expect(filas(page)).resolves.toEqual(visibles(esperadas));
    await escribirFecha(empieza(page, 2), a(8, "20:00"));
    await capturas(page, "form-editar-varias");
    await page.getByRole("button", { name: "Actualizar", exact: true }).click();
    await page.locator("main").getByRole("status").filter({ hasText: mensajes.planActualizado }).waitFor();
    const editadas = await detalle(id);
    expect(editadas.map((f) => f.id)).toEqual(publicadas.map((f) => f.id));
    expect(editadas[1].inicio).toBe(iso(a(8, "20:00")));
    expect(editadas.map((f) => f.inicio).filter((_, i) => i !== 1)).toEqual(
      publicadas.map((f) => f.inicio).filter((_, i) => i !== 1),
    );
    await ctx.close();
  }, 60_000);

  it("writes a programme of acts over two days, kept by the draft, and publishes it", async () => {
    const titulo = unico("Fiestas de San Roque");
    const ctx = await contextoConectado(browser, usuario, { ancho: 1280, alto: 800 });
    const page = await ctx.newPage();
    await hastaLasFechas(page, titulo);
    await capturas(page, "form-una");

    await page.getByRole("radio", { name: /^Programa/ }).check();
    await escribirDia(page.getByRole("textbox", { name: "Día 1", exact: true }), dia(10));
    const acto = (campo: string, n: number, d: number) =>
      page.getByLabel(`${campo} del acto ${n} del día ${d}`, { exact: true });
    await acto("Hora", 1, 1).selectOption("12:00");
    await acto("Qué se hace", 1, 1).fill("Pregón de fiestas");
    await acto("Lugar (opcional)", 1, 1).fill("Balcón del Ayuntamiento");
    await page.getByRole("button", { name: "Añadir acto al día 1" }).click();
    await acto("Qué se hace", 2, 1).fill("Verbena");
    await acto("Hora", 2, 1).selectOption("23:00");
    await page.getByRole("button", { name: "Añadir día" }).click();
    await expect(page.getByRole("textbox", { name: "Día 2", exact: true }).inputValue()).resolves.toBe(
      diaVisible(dia(11)),
    );
    await acto("Qué se hace", 1, 2).fill("Misa y procesión");
    await page.getByRole("button", { name: "Añadir acto al día 2" }).click();
    await acto("Qué se hace", 2, 2).fill("Paella popular");
    await acto("Hora", 2, 2).selectOption("14:00");
    await capturas(page, "form-programa");
    await sinViolaciones(page, "programa");

    await page.reload();
    await esperarPaso(page, "Datos");
    await expect(page.getByRole("radio", { name: /^Programa/ }).isChecked()).resolves.toBe(true);
    await expect(acto("Qué se hace", 2, 2).inputValue()).resolves.toBe("Paella popular");

    const id = await publicar(page, titulo);
    expect((await detalle(id)).map((f) => [f.inicio, f.titulo, f.direccion])).toEqual([
      [iso(a(10, "12:00")), "Pregón de fiestas", "Balcón del Ayuntamiento"],
      [iso(a(10, "23:00")), "Verbena", null],
      [iso(a(11, "10:00")), "Misa y procesión", null],
      [iso(a(11, "14:00")), "Paella popular", null],
    ]);
    await ctx.close();
  }, 60_000);

  it("reads a pasted programme into the table: one act fixed, a line dropped, another added, published by day", async () => {
    const titulo = unico("Fiestas de invierno");
    const ctx = await contextoConectado(browser, usuario, { ancho: 390, alto: 844 });
    const page = await ctx.newPage();
    await hastaLasFechas(page, titulo);
    const mes = (n: number) =>
      new Intl.DateTimeFormat("es-ES", { month: "long", timeZone: "UTC" })
        .format(new Date(`${dia(n)}T12:00:00Z`))
        .toUpperCase();
    const texto = [
      "FIESTAS DE INVIERNO",
      "Organiza: Comisión de Fiestas",
      "",
      `DÍA ${Number(dia(10).slice(8))} DE ${mes(10)}`,
      "12:00 h. Pregón de fiestas en el balcón del Ayuntamiento.",
      "18.00 horas: Chocolatada popular en la Plaza Mayor.",
      "23:30 h.: Verbena con la orquesta Sirena en la Plaza Mayor.",
      "",
      "Rogamos traigan abrigo y linterna si es posible",
      `DÍA ${Number(dia(11).slice(8))} DE ${mes(11)}`,
      "13:00 h. Misa. A continuación, procesión.",
      "14:30 h. Paella popular en el Pabellón.",
      "",
      "Entrega de trofeos del campeonato de mus",
    ].join("\n");

    await page.getByRole("radio", { name: /^Programa/ }).check();
    await page.getByRole("button", { name: mensajesFechas.pegarPrograma }).click();
    await page.getByLabel(mensajesFechas.textoDelPrograma).fill(texto);
    await page.getByRole("button", { name: mensajesFechas.leerPrograma }).click();
    await page.getByText(conDatos(mensajesFechas.actosLeidos, { n: "6" })).waitFor();
    const sinLeer = page.getByRole("region", { name: mensajesFechas.sinLeer });
    await expect(sinLeer.getByRole("listitem").allInnerTexts()).resolves.toHaveLength(2);
    await capturas(page, "programa-leido");

    const acto = (campo: string, n: number, d: number) =>
      page.getByLabel(`${campo} del acto ${n} del día ${d}`, { exact: true });
    // As a person does, straight away: fix an act, drop a line, add the other as an act.
    await acto("Qué se hace", 2, 1).fill("Chocolatada con churros");
    await sinLeer.getByRole("button", { name: /^Descartar: Rogamos/ }).click();
    await sinLeer.getByRole("button", { name: /^Añadir como acto: Entrega de trofeos/ }).click();
    await expect(sinLeer.count()).resolves.toBe(0);
    await expect(acto("Qué se hace", 4, 2).inputValue()).resolves.toBe("Entrega de trofeos del campeonato de mus");
    await expect(page.getByLabel("Título").inputValue()).resolves.toBe(titulo);
    await sinViolaciones(page, "programa leído");

    const id = await publicar(page, titulo);
    expect((await detalle(id)).map((f) => [f.inicio, f.titulo, f.direccion])).toEqual([
      [iso(a(10, "12:00")), "Pregón de fiestas", "balcón del Ayuntamiento"],
      [iso(a(10, "18:00")), "Chocolatada con churros", "Plaza Mayor"],
      [iso(a(10, "23:30")), "Verbena con la orquesta Sirena", "Plaza Mayor"],
      [iso(a(11, "13:00")), "Misa", null],
      [iso(a(11, "13:00")), "Procesión", null],
      [iso(a(11, "14:30")), "Paella popular", "Pabellón"],
      [iso(a(11, "15:30")), "Entrega de trofeos del campeonato de mus", null],
    ]);
    await page.getByRole("link", { name: "Ver mi plan" }).click();
    await page.getByRole("heading", { name: "Programa" }).waitFor();
    await expect(page.getByText("Entrega de trofeos del campeonato de mus").count()).resolves.toBeGreaterThan(0);
    await capturas(page, "programa-publicado");
    await ctx.close();
  }, 60_000);

  it("proposes the programme's title, town and categories where none were given, offers the others, and keeps the pasted text in the draft", async () => {
    const ctx = await contextoConectado(browser, usuario, { ancho: 390, alto: 844 });
    const page = await ctx.newPage();
    await page.goto(`${appUrl()}/publicar`);
    await tipoYCategorias(page, "Evento");
    await page.getByRole("radio", { name: /^Programa/ }).check();
    await page.getByRole("button", { name: mensajesFechas.pegarPrograma }).click();
    const texto = (...tarde: string[]) =>
      [
        "AYUNTAMIENTO DE GRIEGOS",
        "FIESTAS DE SANTIAGO",
        `DÍA ${Number(dia(10).slice(8))} DE ${new Intl.DateTimeFormat("es-ES", { month: "long", timeZone: "UTC" }).format(new Date(`${dia(10)}T12:00:00Z`))}`,
        "12:00 h. Pregón y chupinazo con la charanga Los Cencerros.",
        ...tarde,
        "23:30 h. Verbena con la orquesta Sirena en la Plaza.",
      ].join("\n");
    const infantil = texto("17:00 h. Hinchables para los niños.", "19:00 h. Cuentacuentos infantil en la biblioteca.");
    await page.getByLabel(mensajesFechas.textoDelPrograma).fill(infantil);
    // Left before reading, as a person called away: the draft keeps the text where it was.
    await page.reload();
    await esperarPaso(page, "Datos");
    await expect(page.getByLabel(mensajesFechas.textoDelPrograma).inputValue()).resolves.toBe(infantil);
    await page.getByRole("button", { name: mensajesFechas.leerPrograma }).click();
    await page.getByText(conDatos(mensajesFechas.actosLeidos, { n: "4" })).waitFor();
    await expect(page.getByLabel("Título").inputValue()).resolves.toBe("Fiestas de Santiago");
    await expect(page.getByRole("combobox", { name: "Municipio" }).inputValue()).resolves.toBe("Griegos");
    await page.locator(".leaflet-marker-icon").waitFor();

    // A second reading, with tournaments: the categories are now the person's, so the new one is offered.
    await page.getByLabel("Título").fill("Fiestas de Santiago en Griegos");
    await page.getByRole("button", { name: mensajesFechas.pegarPrograma }).click();
    await page
      .getByLabel(mensajesFechas.textoDelPrograma)
      .fill(texto("17:00 h. Torneo de frontenis en el frontón.", "19:00 h. Campeonato de mus en el bar."));
    await page.getByRole("button", { name: mensajesFechas.leerPrograma }).click();
    const oferta = page.getByText(conDatos(mensajesFechas.categoriasPropuestas, { categorias: "Deporte" }));
    await oferta.waitFor();
    await capturas(page, "programa-propuesto");
    await expect(page.getByLabel("Título").inputValue()).resolves.toBe("Fiestas de Santiago en Griegos");
    await page.getByRole("button", { name: mensajesFechas.anadirCategorias }).click();
    await oferta.waitFor({ state: "hidden" });
    await page.getByRole("button", { name: "Atrás" }).click();
    await esperarPaso(page, "Categoría");
    const elegidas = await page.locator("button[aria-pressed='true']").allInnerTexts();
    expect(elegidas.sort()).toEqual(["Deporte", "Fiestas de pueblo", "Infantil"]);
    await ctx.close();
  }, 40_000);

  it("fills the table from the town hall's PDF, then from a photo of its poster, after the acts already there", async () => {
    const titulo = unico("Fiestas de la Candelaria");
    const ctx = await contextoConectado(browser, usuario, { ancho: 1280, alto: 800 });
    const page = await ctx.newPage();
    await hastaLasFechas(page, titulo);
    const encabezado = (n: number) => {
      const mes = new Intl.DateTimeFormat("es-ES", { month: "long", timeZone: "UTC" }).format(
        new Date(`${dia(n)}T12:00:00Z`),
      );
      return `DÍA ${Number(dia(n).slice(8))} DE ${mes.toUpperCase()}`;
    };
    // The PDF: its days in two columns, stored row by row across them.
    const enPdf = pdfDePrograma(
      ["FIESTAS DE LA CANDELARIA", "Programa de actos"],
      [encabezado(12), "12:00 h. Misa y procesión con las candelas.", "18:00 h. Chocolatada en la Plaza Mayor."],
      [encabezado(13), "11:00 h. Concurso de migas en el Pabellón.", "22:00 h. Baile con el dúo Alborada."],
    );
    // The poster: four acts more, as a phone photographs it.
    const cartel = await cartelDePrograma(
      ["FIESTAS DE LA CANDELARIA"],
      [encabezado(14), "12:30 h. Subasta de los roscos del Santo.", "17:00 h. Juegos para los niños en la Plaza."],
      [encabezado(15), "19:00 h. Teatro infantil en el Centro Cultural.", "22:30 h. Hoguera en las eras."],
    );

    await page.getByRole("radio", { name: /^Programa/ }).check();
    const subir = async (nombre: string, mimeType: string, buffer: Buffer) => {
      const [selector] = await Promise.all([
        page.waitForEvent("filechooser"),
        page.getByRole("button", { name: mensajesFechas.subirPrograma }).click(),
      ]);
      await selector.setFiles({ name: nombre, mimeType, buffer });
    };
    await subir("programa-candelaria.pdf", "application/pdf", enPdf);
    await page.getByText(conDatos(mensajesFechas.actosLeidos, { n: "4" })).waitFor();
    const acto = (campo: string, n: number, d: number) =>
      page.getByLabel(`${campo} del acto ${n} del día ${d}`, { exact: true });
    await expect(acto("Qué se hace", 1, 1).inputValue()).resolves.toBe("Misa y procesión con las candelas");
    await expect(acto("Qué se hace", 2, 2).inputValue()).resolves.toBe("Baile con el dúo Alborada");

    await subir("cartel.jpg", "image/jpeg", cartel);
    await page.getByText(conDatos(mensajesFechas.actosLeidos, { n: "4" })).waitFor({ timeout: 30_000 });
    await expect(acto("Qué se hace", 1, 1).inputValue()).resolves.toBe("Misa y procesión con las candelas");
    await expect(acto("Qué se hace", 1, 3).inputValue()).resolves.toMatch(/^Subasta de los roscos/);
    await expect(acto("Qué se hace", 1, 4).inputValue()).resolves.toBe("Teatro infantil");
    await expect(acto(mensajesFechas.lugar, 1, 4).inputValue()).resolves.toBe("Centro Cultural");
    await capturas(page, "programa-subido");
    await ctx.close();
  }, 60_000);
});

import { randomBytes } from "node:crypto";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { mensajes, pistas } from "@/lib/messages";
import { fechaVisible } from "@/lib/dates";
import { planPath } from "@/lib/plans/plan";
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
  VALDELINARES,
} from "@/test-support/asistente";
import { enviarFormulario, escribirFecha, formulario, png } from "@/test-support/forms";
import { contextoConectado } from "@/test-support/session-context";
import { confirmedUser } from "@/test-support/users";
import { sinViolaciones } from "@/test-support/axe";
import { appUrl } from "@/test-support/worker";

const db = () => process.env.DATABASE_URL!;
const HORA = 3_600_000;
const DIA = 24 * HORA;

type Usuario = Awaited<ReturnType<typeof confirmedUser>>;

const unico = (texto: string) => `${texto} ${randomBytes(3).toString("hex")}`;

const alerta = (page: Page) => page.locator("main").getByRole("alert");

/** Presses the wizard's button and waits for the message (the resolver runs asynchronously). */
async function pulsarYLeer(page: Page, boton: string, esperado: string) {
  await page.getByRole("button", { name: boton, exact: true }).click();
  await expect.poll(() => alerta(page).textContent(), { timeout: 5_000 }).toBe(esperado);
}

/** A full-page screenshot from the top (the sticky navbar stays where it belongs). */
async function capturaArriba(page: Page, nombre: string) {
  await page.evaluate(() => window.scrollTo(0, 0));
  await captura(page, nombre, { fullPage: true });
}

const tituloPaso = (page: Page) => page.locator("#paso-titulo");

/** Step 3 of an event with valid data. */
async function datosDeEvento(page: Page, titulo: string, lugar = GRIEGOS) {
  await page.getByLabel("Título").fill(titulo);
  await elegirMunicipio(page, lugar.nombre);
  await page.getByLabel("Dirección").fill("Plaza de la Iglesia, 1");
  await ponerCartel(page);
  await fechas(page, fecha(3), fecha(3, 5));
}

/** The screen after publishing: the server's message, once, and the new plan's card. */
async function pantallaPublicado(page: Page, titulo: string) {
  const main = page.locator("main");
  await expect
    .poll(() => main.getByRole("status").filter({ hasText: mensajes.planPublicado }).count(), { timeout: 10_000 })
    .toBe(1);
  await expect(main.getByRole("heading", { level: 2, name: mensajes.planPublicado }).count()).resolves.toBe(1);
  const tarjeta = main.getByRole("article").filter({ has: page.getByRole("heading", { name: titulo }) });
  await expect(tarjeta.count()).resolves.toBe(1);
  const plan = await planPorTitulo(titulo);
  await expect(tarjeta.getByRole("link").getAttribute("href")).resolves.toBe(planPath(titulo, plan.id));
  await expect(page.getByRole("link", { name: "Ver mi plan" }).getAttribute("href")).resolves.toBe(
    planPath(titulo, plan.id),
  );
  return plan;
}

async function planPorTitulo(titulo: string) {
  const [p] = await query<{
    id: string;
    lng: number;
    lat: number;
    categorias: string[];
    precio: string | null;
    tipo: string;
    email_contacto: string | null;
    descripcion: string;
  }>(
    db(),
    `SELECT id, ST_X(ubicacion::geometry) AS lng, ST_Y(ubicacion::geometry) AS lat, categorias::text[] AS categorias, precio::text, tipo::text,
            email_contacto, descripcion FROM plan WHERE titulo = $1`,
    [titulo],
  );
  return p;
}

describe("the publishing wizard /publicar", () => {
  let browser: Browser;
  let usuario: Usuario;
  const bloqueados = new Set<string>();

  beforeAll(async () => {
    browser = await launchBrowser();
    usuario = await confirmedUser("Pilar Publicadora");
  });
  afterAll(async () => {
    // The plans stay at Griegos otherwise, and a later run's search there would page past its own.
    await query(process.env.DATABASE_URL!, "DELETE FROM plan WHERE usuario_id = $1", [usuario.id]);
    await browser?.close();
  });

  it("publishes an event through the four steps, with every data-step message once, then shows it on its page and in the search", async () => {
    const ctx = await contextoConectado(browser, usuario, { bloqueados });
    const page = await ctx.newPage();
    const titulo = unico("Verbena en la plaza");
    const res = await page.goto(`${appUrl()}/publicar`);
    expect(res?.status()).toBe(200);
    await expect(page.getByRole("heading", { level: 1 }).textContent()).resolves.toBe("Publicar un plan");
    await expect(page.locator("ol[aria-label='Pasos para publicar'] li").allTextContents()).resolves.toEqual([
      "Tipo",
      "Categoría",
      "Datos",
      "Opcional",
    ]);

    // Step 1: a type is needed; the message goes when the step changes.
    await esperarPaso(page, "Tipo");
    await capturaArriba(page, "publicar-1-tipo-390");
    await pulsarYLeer(page, "Continuar", mensajes.tipoObligatorio);
    // One message for the one cause, at the choice itself; none by the button.
    await expect(page.locator("main").getByText(mensajes.tipoObligatorio).count()).resolves.toBe(1);
    await expect(page.locator("main").getByText(pistas.tipo).count()).resolves.toBe(0);
    await page.getByRole("radio", { name: /^Evento/ }).check();
    await page.getByRole("button", { name: "Continuar" }).click();
    await esperarPaso(page, "Categoría");
    await expect(alerta(page).count()).resolves.toBe(0);
    await expect(page.evaluate(() => document.activeElement?.id)).resolves.toBe("paso-titulo");

    // Step 2: 'Otros' by default; another replaces it, 'Otros' clears the rest, empty goes back to 'Otros'.
    const pulsada = (c: string) => page.getByRole("button", { name: c, exact: true }).getAttribute("aria-pressed");
    await expect(pulsada("Otros")).resolves.toBe("true");
    await page.getByRole("button", { name: "Fiesta", exact: true }).click();
    await expect(pulsada("Otros")).resolves.toBe("false");
    await page.getByRole("button", { name: "Fiesta", exact: true }).click();
    await expect(pulsada("Otros")).resolves.toBe("true");
    await page.getByRole("button", { name: "Deporte", exact: true }).click();
    await page.getByRole("button", { name: "Otros", exact: true }).click();
    await expect(pulsada("Deporte")).resolves.toBe("false");
    await page.getByRole("button", { name: "Fiestas de pueblo", exact: true }).click();
    await page.getByRole("button", { name: "Cultura", exact: true }).click();
    await capturaArriba(page, "publicar-2-categoria-390");
    // Back goes one step and keeps the choice.
    await page.getByRole("button", { name: "Atrás" }).click();
    await esperarPaso(page, "Tipo");
    await expect(page.getByRole("radio", { name: /^Evento/ }).isChecked()).resolves.toBe(true);
    await page.getByRole("button", { name: "Continuar" }).click();
    await esperarPaso(page, "Categoría");
    await expect(pulsada("Cultura")).resolves.toBe("true");
    await page.getByRole("button", { name: "Continuar" }).click();
    await esperarPaso(page, "Datos");

    // Step 3: the rules of spec §5 in their order, each message once.
    await pulsarYLeer(page, "Continuar", mensajes.ubicacionFalta);
    await elegirMunicipio(page, GRIEGOS.nombre);
    await page.getByLabel("Dirección").fill("Plaza de la Iglesia, 1");
    // 'Todos los campos son obligatorios.' says nothing of which: each missing field names itself.
    await pulsarYLeer(page, "Continuar", pistas.titulo);
    await expect(page.locator("main").getByText(mensajes.todosObligatorios).count()).resolves.toBe(0);
    await expect(page.locator("main").getByText(pistas.cartel).count()).resolves.toBe(1);
    await page.getByLabel("Título").fill(titulo);
    await expect(page.getByText(`${titulo.length} - 50`).count()).resolves.toBe(1);
    await expect(page.getByLabel("Título").getAttribute("maxlength")).resolves.toBe("50");
    await ponerCartel(page);
    await expect(
      page
        .getByRole("img", { name: "Vista previa del cartel" })
        .evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth === 400),
    ).resolves.toBe(true);
    await pulsarYLeer(page, "Continuar", mensajes.fechaFinFalta);
    await fechas(page, "", fecha(3, 5));
    await pulsarYLeer(page, "Continuar", mensajes.fechaInicioFalta);
    await fechas(page, fecha(4), fecha(3));
    await pulsarYLeer(page, "Continuar", mensajes.fechaInicioPosterior);
    await fechas(page, fecha(-4), fecha(-3));
    await pulsarYLeer(page, "Continuar", mensajes.fechaFinPasadaEvento);
    await fechas(page, fecha(2), fecha(64));
    await pulsarYLeer(page, "Continuar", mensajes.duracionMaxima);
    await fechas(page, fecha(3), fecha(3, 5));
    await ponerCartel(page, "cartel.gif");
    await pulsarYLeer(page, "Continuar", mensajes.imagenTipo);
    await ponerCartel(page, "cartel.png");
    // The pickers show the choice as dd/MM/yyyy HH:mm (their calendar has its own test in formularios.test.ts).
    const [d, h] = fecha(3).split("T");
    await expect(page.getByLabel("Seleccionar fecha de inicio", { exact: true }).inputValue()).resolves.toBe(
      `${d.split("-").reverse().join("/")} ${h}`,
    );
    // The pin is dragged away from the town's centre to the exact spot.
    // In the middle of the screen: near its top it would be under the sticky navbar, which stays on top.
    const pin = page.locator(".leaflet-marker-icon");
    await pin.evaluate((el) => el.scrollIntoView({ block: "center" }));
    const caja = (await pin.boundingBox())!;
    await page.mouse.move(caja.x + caja.width / 2, caja.y + caja.height / 2);
    await page.mouse.down();
    await page.mouse.move(caja.x + caja.width / 2 + 60, caja.y + caja.height / 2 + 40, { steps: 8 });
    await page.mouse.up();
    await capturaArriba(page, "publicar-3-datos-390");
    await page.getByRole("button", { name: "Continuar" }).scrollIntoViewIfNeeded();
    await expect(page.evaluate(() => window.scrollY)).resolves.toBeGreaterThan(500);
    await page.getByRole("button", { name: "Continuar" }).click();
    await esperarPaso(page, "Opcional");
    await expect(alerta(page).count()).resolves.toBe(0);
    await expect(page.evaluate(() => window.scrollY)).resolves.toBe(0);

    // Step 4: description with its preview, price, organization, contact and the privacy acceptance.
    await page.getByLabel("Descripción", { exact: true }).fill("Con **orquesta** hasta tarde.");
    await page.getByRole("tab", { name: "Vista previa" }).click();
    await expect(page.getByRole("tabpanel").locator("strong").textContent()).resolves.toBe("orquesta");
    await page.getByRole("tab", { name: "Escribir" }).click();
    await expect(page.getByLabel("Precio (€)").getAttribute("step")).resolves.toBe("0.01");
    await expect(page.getByLabel("Precio (€)").getAttribute("min")).resolves.toBe("0");
    await page.getByLabel("Precio (€)").fill("8.50");
    const crear = page.getByRole("link", { name: /Crear una organización/ });
    await expect(crear.getAttribute("href")).resolves.toBe("/crear-organizacion");
    await expect(crear.getAttribute("target")).resolves.toBe("_blank");
    await page.getByLabel("Correo electrónico de contacto").fill("verbena@example.com");
    await page.getByLabel("Teléfono de contacto").fill("600 111 222");
    await capturaArriba(page, "publicar-4-opcional-390");
    await pulsarYLeer(page, "Publicar", mensajes.debesAceptarPrivacidad);
    await expect(page.locator("main").getByText(mensajes.debesAceptarPrivacidad).count()).resolves.toBe(1);
    await expect(page.locator("main").getByText(pistas.privacidad).count()).resolves.toBe(0);
    await page.getByRole("checkbox", { name: /política de privacidad/ }).check();
    await page.getByRole("button", { name: "Publicar" }).click();

    // Not above 10 €: the success screen with the server's message and the new plan's card, then its page.
    await pantallaPublicado(page, titulo);
    await expect(page.getByRole("dialog").count()).resolves.toBe(0);
    await sinViolaciones(page, "publicado");
    await capturaArriba(page, "publicar-publicado-390");
    await page.getByRole("link", { name: "Ver mi plan" }).click();
    await page.waitForURL(/\/plan\//);
    await expect(page.getByRole("heading", { level: 1 }).textContent()).resolves.toBe(titulo);
    await expect(page.locator("main").getByText(GRIEGOS.nombre, { exact: true }).count()).resolves.toBe(1);
    const plan = await planPorTitulo(titulo);
    expect(plan).toMatchObject({
      tipo: "evento",
      categorias: ["Fiestas de pueblo", "Cultura"],
      precio: "8.50",
      email_contacto: "verbena@example.com",
      descripcion: "Con **orquesta** hasta tarde.",
    });
    expect(new URL(page.url()).pathname).toMatch(new RegExp(`/${plan.id}$`));
    // The dragged pin: east and south of the centre, still within a kilometre.
    expect(plan.lng).toBeGreaterThan(GRIEGOS.lng);
    expect(plan.lat).toBeLessThan(GRIEGOS.lat);
    expect(Math.abs(plan.lng - GRIEGOS.lng) + Math.abs(plan.lat - GRIEGOS.lat)).toBeLessThan(0.02);
    // The draft is gone.
    await expect(page.evaluate((k) => localStorage.getItem(k), `borradorPlan:${usuario.id}`)).resolves.toBeNull();
    // The confirmation belonged to the success screen: the plan's page does not repeat it.
    await expect(page.locator("main").getByText(mensajes.planPublicado).count()).resolves.toBe(0);

    // The search near the town finds it.
    await page.goto(
      `${appUrl()}/?${new URLSearchParams({ municipio: GRIEGOS.nombre, lat: String(GRIEGOS.lat), lng: String(GRIEGOS.lng), radio: "5" })}`,
    );
    await expect(page.locator("main").getByRole("link", { name: titulo }).count()).resolves.toBe(1);
    expect([...bloqueados].every((h) => h.endsWith("openstreetmap.org"))).toBe(true);
    await ctx.close();
  }, 120_000);

  it("publishes an experience with two days, Monday first and Wednesday as X", async () => {
    const ctx = await contextoConectado(browser, usuario);
    const page = await ctx.newPage();
    const titulo = unico("Visita al mirador");
    await page.goto(`${appUrl()}/publicar`);
    await tipoYCategorias(page, "Experiencia", ["Turismo"]);
    await page.getByLabel("Título").fill(titulo);
    await elegirMunicipio(page, VALDELINARES.nombre);
    await page.getByLabel("Dirección").fill("Mirador del pueblo");
    await ponerCartel(page);
    const dias = page.getByRole("group", { name: "Días y horarios disponibles" }).getByRole("button");
    await expect(dias.allTextContents()).resolves.toEqual(["L", "M", "X", "J", "V", "S", "D"]);
    await expect(page.getByRole("button", { name: "Miércoles" }).textContent()).resolves.toBe("X");
    await pulsarYLeer(page, "Continuar", mensajes.horariosFaltan);
    await page.getByRole("button", { name: "Domingo" }).click();
    await page.getByRole("button", { name: "Sábado" }).click();
    await pulsarYLeer(page, "Continuar", mensajes.horariosFaltan);
    await page.getByLabel("Hora de inicio (Sábado)").selectOption("10:00");
    await page.getByLabel("Hora de fin (Sábado)").selectOption("12:30");
    await page.getByLabel("Hora de inicio (Domingo)").selectOption("12:00");
    await page.getByLabel("Hora de fin (Domingo)").selectOption("11:00");
    await pulsarYLeer(page, "Continuar", mensajes.horaFinAnterior);
    await page.getByLabel("Hora de fin (Domingo)").selectOption("13:45");
    // The optional dates of an experience.
    await escribirFecha(page.getByLabel("Seleccionar fecha de fin (opcional)"), fecha(40));
    await capturaArriba(page, "publicar-3-experiencia-390");
    await page.getByRole("button", { name: "Continuar" }).click();
    await esperarPaso(page, "Opcional");
    await page.getByRole("checkbox", { name: /política de privacidad/ }).check();
    await page.getByRole("button", { name: "Publicar" }).click();
    await pantallaPublicado(page, titulo);
    await page.getByRole("link", { name: "Ver mi plan" }).click();
    await page.waitForURL(/\/plan\//);
    await expect(page.getByRole("heading", { name: "¿CUÁNDO ESTÁ DISPONIBLE?" }).count()).resolves.toBe(1);
    await expect(page.locator("main").getByText("De 10:00 a 12:30").count()).resolves.toBe(1);
    await expect(page.locator("main").getByText("De 12:00 a 13:45").count()).resolves.toBe(1);
    const plan = await planPorTitulo(titulo);
    expect(plan).toMatchObject({ tipo: "experiencia", categorias: ["Turismo"], precio: null, email_contacto: null });
    const horarios = await query(
      db(),
      "SELECT dia_semana, hora_inicio, hora_fin FROM horario_disponible WHERE plan_id = $1 ORDER BY dia_semana",
      [plan.id],
    );
    expect(horarios).toEqual([
      { dia_semana: 0, hora_inicio: "12:00", hora_fin: "13:45" },
      { dia_semana: 6, hora_inicio: "10:00", hora_fin: "12:30" },
    ]);
    await ctx.close();
  }, 90_000);

  it("offers the promotion for a plan above 10 €, stores the request and closes onto the success screen", async () => {
    const ctx = await contextoConectado(browser, usuario);
    const page = await ctx.newPage();
    const titulo = unico("Concierto de verano");
    await page.goto(`${appUrl()}/publicar`);
    await tipoYCategorias(page, "Evento");
    await datosDeEvento(page, titulo);
    await page.getByRole("button", { name: "Continuar" }).click();
    await esperarPaso(page, "Opcional");
    await page.getByLabel("Precio (€)").fill("15");
    await page.getByRole("checkbox", { name: /política de privacidad/ }).check();
    await page.getByRole("button", { name: "Publicar" }).click();

    const modal = page.getByRole("dialog", { name: mensajes.promocionTitulo });
    await modal.waitFor();
    const plan = await planPorTitulo(titulo);
    expect(plan.precio).toBe("15.00");
    await expect(modal.getByRole("link", { name: /@/ }).getAttribute("href")).resolves.toMatch(
      /^mailto:hola@planazo\.es\?subject=/,
    );
    // The chat goes to the team's phone (PROMOTION_PHONE of the test app: +34 600 000 999).
    const chat = modal.getByRole("link", { name: /WhatsApp/ });
    await expect(chat.getAttribute("href")).resolves.toMatch(/^https:\/\/wa\.me\/34600000999\?text=/);
    await expect(chat.getAttribute("href")).resolves.toContain(encodeURIComponent(titulo));
    await expect(chat.getAttribute("target")).resolves.toBe("_blank");
    await modal.getByRole("button", { name: "Quiero destacarlo" }).click();
    await expect.poll(() => modal.getByRole("alert").textContent()).toBe(mensajes.destacadoTelefono);
    await sinViolaciones(page, "modal de promoción");
    await captura(page, "publicar-promocion-390");
    await modal.getByLabel("Teléfono").fill("600 123 456");
    await modal.getByRole("button", { name: "Quiero destacarlo" }).click();
    await expect.poll(() => modal.getByRole("status").textContent()).toBe(mensajes.destacadoEnviado);
    await expect(modal.getByLabel("Teléfono").inputValue()).resolves.toBe("");
    const solicitudes = await query(
      db(),
      "SELECT telefono, nombre, correo, nombre_plan, origen, id_user FROM solicitud_destacado WHERE plan_id = $1",
      [plan.id],
    );
    expect(solicitudes).toEqual([
      {
        telefono: "600 123 456",
        nombre: "Pilar Publicadora",
        correo: usuario.correo,
        nombre_plan: titulo,
        origen: "Web app",
        id_user: usuario.id,
      },
    ]);
    // Closing it shows what was published (the spec's "goes to /" is the success screen's 'Ir al inicio').
    await modal.getByRole("button", { name: "Cerrar" }).click();
    await modal.waitFor({ state: "hidden" });
    await pantallaPublicado(page, titulo);
    await expect(page.evaluate(() => document.activeElement?.id)).resolves.toBe("publicado-titulo");
    expect(new URL(page.url()).pathname).toBe("/publicar");
    await expect(page.getByRole("link", { name: "Ir al inicio" }).getAttribute("href")).resolves.toBe("/");
    await sinViolaciones(page, "publicado tras la promoción");
    await capturaArriba(page, "publish-promocion-cerrada-390");
    await ctx.close();
  }, 90_000);

  it("keeps the draft, poster included, through a reload and a detour to create an organization", async () => {
    const ctx = await contextoConectado(browser, usuario);
    const page = await ctx.newPage();
    const titulo = unico("Taller de cerámica");
    await page.goto(`${appUrl()}/publicar`);
    await tipoYCategorias(page, "Evento", ["Taller"]);
    await page.getByLabel("Título").fill(titulo);
    await elegirMunicipio(page, GRIEGOS.nombre);
    await page.getByLabel("Dirección").fill("Calle Mayor, 7");
    await ponerCartel(page);
    await escribirFecha(page.getByLabel("Seleccionar fecha de inicio", { exact: true }), fecha(5));

    const comprobar = async () => {
      await esperarPaso(page, "Datos");
      await expect(tituloPaso(page).textContent()).resolves.toContain("Datos del plan");
      await expect(page.getByLabel("Título").inputValue()).resolves.toBe(titulo);
      await expect(page.getByRole("combobox", { name: "Municipio" }).inputValue()).resolves.toBe(GRIEGOS.nombre);
      await expect(page.getByLabel("Dirección").inputValue()).resolves.toBe("Calle Mayor, 7");
      await expect(page.getByLabel("Seleccionar fecha de inicio", { exact: true }).inputValue()).resolves.toBe(
        fechaVisible(fecha(5)),
      );
      await page.getByText("Archivo elegido: cartel.png").waitFor();
      await page.locator(".leaflet-marker-icon").waitFor();
    };
    await page.reload();
    await comprobar();

    // A detour in the same tab to create an organization, and back.
    await page.goto(`${appUrl()}/crear-organizacion`);
    await page.goto(`${appUrl()}/publicar`);
    await comprobar();
    await page.getByRole("button", { name: "Atrás" }).click();
    await esperarPaso(page, "Categoría");
    await expect(page.getByRole("button", { name: "Taller", exact: true }).getAttribute("aria-pressed")).resolves.toBe(
      "true",
    );
    await page.getByRole("button", { name: "Continuar" }).click();
    await esperarPaso(page, "Datos");
    await escribirFecha(page.getByLabel("Seleccionar fecha de fin", { exact: true }), fecha(5, 3));
    await page.getByRole("button", { name: "Continuar" }).click();
    await esperarPaso(page, "Opcional");

    // The organization created meanwhile (another tab) shows after refreshing the list.
    const org = await enviarFormulario(
      "POST",
      "/api/organizacion",
      formulario({
        nombre: unico("Peña La Alegría"),
        emailContacto: "pena@example.com",
        archivoLogo: { bytes: await png(80, 80), nombre: "logo.png" },
      }),
      usuario.token,
    );
    expect(org.status).toBe(201);
    const { _id: orgId, nombre: orgNombre } = org.body.organizacion as { _id: string; nombre: string };
    const select = page.getByLabel("Organización");
    await expect(select.locator("option", { hasText: orgNombre }).count()).resolves.toBe(0);
    await page.getByRole("button", { name: "Actualizar la lista de organizaciones" }).click();
    await select.locator("option", { hasText: orgNombre }).waitFor({ state: "attached" });
    await select.selectOption(orgId);
    await page.reload();
    await esperarPaso(page, "Opcional");
    await expect(page.getByLabel("Organización").inputValue()).resolves.toBe(orgId);

    await page.getByRole("checkbox", { name: /política de privacidad/ }).check();
    await page.getByRole("button", { name: "Publicar" }).click();
    await pantallaPublicado(page, titulo);
    await page.getByRole("link", { name: "Ver mi plan" }).click();
    await page.waitForURL(/\/plan\//);
    await expect(page.locator("main").getByRole("link", { name: orgNombre }).count()).resolves.toBe(1);
    const [fila] = await query<{ organizacion_id: string; categorias: string[] }>(
      db(),
      "SELECT organizacion_id, categorias::text[] AS categorias FROM plan WHERE titulo = $1",
      [titulo],
    );
    expect(fila).toEqual({ organizacion_id: orgId, categorias: ["Taller"] });

    // A new visit starts from scratch.
    await page.goto(`${appUrl()}/publicar`);
    await esperarPaso(page, "Tipo");
    await expect(page.getByRole("radio", { name: /^Evento/ }).isChecked()).resolves.toBe(false);
    await ctx.close();
  }, 120_000);

  /** Steps 1 to 4 of an event at Griegos, published. */
  async function publicarEvento(page: Page, titulo: string) {
    await page.goto(`${appUrl()}/publicar`);
    await tipoYCategorias(page, "Evento");
    await datosDeEvento(page, titulo);
    await page.getByRole("button", { name: "Continuar" }).click();
    await esperarPaso(page, "Opcional");
    await page.getByRole("checkbox", { name: /política de privacidad/ }).check();
    await page.getByRole("button", { name: "Publicar" }).click();
  }

  for (const [ancho, alto] of [
    [390, 844],
    [1280, 800],
  ] as const) {
    it(`ends on a success screen at ${ancho} px whose 'Compartir' shares or copies the link and whose 'Publicar otro' starts again, empty`, async () => {
      const ctx = await contextoConectado(browser, usuario, { ancho, alto });
      // The phone gets a share sheet; the laptop has none, so the link is copied.
      const conHoja = ancho === 390;
      if (conHoja) {
        await ctx.addInitScript(() => {
          Object.defineProperty(Navigator.prototype, "share", {
            configurable: true,
            value: (datos: ShareData) => {
              (window as unknown as { compartido: ShareData }).compartido = datos;
              return Promise.resolve();
            },
          });
        });
      } else {
        await ctx.addInitScript(() =>
          Object.defineProperty(Navigator.prototype, "share", { configurable: true, value: undefined }),
        );
        await ctx.grantPermissions(["clipboard-read", "clipboard-write"], { origin: appUrl() });
      }
      const page = await ctx.newPage();
      const titulo = unico("Mercado de otoño");
      await publicarEvento(page, titulo);
      const plan = await pantallaPublicado(page, titulo);
      const ruta = planPath(titulo, plan.id);
      await expect(page.evaluate(() => document.activeElement?.id)).resolves.toBe("publicado-titulo");
      await sinViolaciones(page, `publicado ${ancho}`);
      await capturaArriba(page, `publish-publicado-${ancho}`);

      // One 'Compartir' for the plan page and this screen (components/plans/SharePlan.tsx).
      await page.locator("main").getByText("Compartir", { exact: true }).click();
      if (conHoja) {
        await expect
          .poll(() => page.evaluate(() => (window as unknown as { compartido?: ShareData }).compartido?.url ?? ""))
          .toMatch(/\/plan\//);
        const datos = await page.evaluate(() => (window as unknown as { compartido: ShareData }).compartido);
        expect(new URL(datos.url!).pathname).toBe(ruta);
        expect(datos.title).toBe(titulo);
        await expect(page.getByText(mensajes.enlaceCopiado).count()).resolves.toBe(0);
      } else {
        await page.locator("main").getByRole("button", { name: "Copiar enlace" }).click();
        await page.locator("main").getByRole("status").filter({ hasText: mensajes.enlaceCopiado }).waitFor();
        const copiado = await page.evaluate(() => navigator.clipboard.readText());
        expect(new URL(copiado).pathname).toBe(ruta);
        await capturaArriba(page, `publish-enlace-copiado-${ancho}`);
      }
      // The chat link sits in Compartir's panel, closed when the share sheet answered.
      const chat = await page.locator("main a[href^='https://wa.me/']").getAttribute("href");
      expect(chat).toMatch(/^https:\/\/wa\.me\/\?text=/);
      expect(decodeURIComponent(chat!.split("text=")[1])).toContain(titulo);

      // 'Publicar otro': step 1, nothing chosen, and the next plan's draft is kept again.
      await page.getByRole("button", { name: "Publicar otro" }).click();
      await esperarPaso(page, "Tipo");
      await expect(page.evaluate(() => document.activeElement?.id)).resolves.toBe("paso-titulo");
      await expect(page.locator("main").getByText(mensajes.planPublicado).count()).resolves.toBe(0);
      await expect(page.getByRole("radio", { name: /^Evento/ }).isChecked()).resolves.toBe(false);
      await tipoYCategorias(page, "Evento");
      await expect(page.getByLabel("Título").inputValue()).resolves.toBe("");
      await expect(page.getByRole("combobox", { name: "Municipio" }).inputValue()).resolves.toBe("");
      await expect(page.getByText(/Archivo elegido/).count()).resolves.toBe(0);
      await page.getByLabel("Título").fill("El siguiente");
      await page.reload();
      await esperarPaso(page, "Datos");
      await expect(page.getByLabel("Título").inputValue()).resolves.toBe("El siguiente");
      await page.evaluate((k) => localStorage.removeItem(k), `borradorPlan:${usuario.id}`);
      await ctx.close();
    }, 120_000);
  }

  it("duplicates one's own plan into the wizard, poster included and dates left to set, and never another person's", async () => {
    const titulo = unico("Mercado mensual");
    const dia = (d: number) => new Date(Math.ceil((Date.now() + d * DIA) / HORA) * HORA);
    const r = await enviarFormulario(
      "POST",
      "/api/plan",
      formulario({
        titulo,
        descripcion: "Puestos de **artesanía**.",
        tipo: "evento",
        categorias: "Gastronomía,Cultura",
        direccion: "Plaza Mayor, 1",
        municipio: GRIEGOS.nombre,
        ubicacion: JSON.stringify({ type: "Point", coordinates: [GRIEGOS.lng, GRIEGOS.lat] }),
        fechaInicio: dia(2).toISOString(),
        fechaFin: dia(2.2).toISOString(),
        precio: "3",
        emailContacto: "mercado@example.com",
        telefonoContacto: "600 333 444",
        archivoCartel: { bytes: await png(300, 420), nombre: "mercado.png" },
      }),
      usuario.token,
    );
    expect(r.status).toBe(201);
    const id = (r.body.plan as { _id: string })._id;

    // Another person asking for it gets the usual empty wizard: nothing of the plan reaches the page.
    const otra = await confirmedUser("Olvido Ajena");
    const ajeno = await contextoConectado(browser, otra);
    const intruso = await ajeno.newPage();
    expect((await intruso.goto(`${appUrl()}/publicar?duplicar=${id}`))?.status()).toBe(200);
    await esperarPaso(intruso, "Tipo");
    await expect(intruso.content()).resolves.not.toContain("Mercado mensual");
    await expect(intruso.content()).resolves.not.toContain("mercado@example.com");
    await expect(intruso.getByRole("radio", { name: /^Evento/ }).isChecked()).resolves.toBe(false);
    await ajeno.close();
    const anonimo = await contextoConectado(browser, null);
    const visita = await anonimo.newPage();
    await visita.goto(`${appUrl()}/publicar?duplicar=${id}`);
    expect(new URL(visita.url()).pathname).toBe("/iniciar-sesion");
    await anonimo.close();

    // The owner, from 'Planes Creados': the data step, everything but the dates, the poster reused.
    const ctx = await contextoConectado(browser, usuario);
    const page = await ctx.newPage();
    await page.goto(`${appUrl()}/mis-planes`);
    await page
      .locator("article", { has: page.getByRole("heading", { name: titulo }) })
      .getByRole("link", { name: /^Duplicar/ })
      .click();
    await esperarPaso(page, "Datos");
    await expect(page.getByLabel("Título").inputValue()).resolves.toBe(titulo);
    await expect(page.getByRole("combobox", { name: "Municipio" }).inputValue()).resolves.toBe(GRIEGOS.nombre);
    await expect(page.getByLabel("Dirección").inputValue()).resolves.toBe("Plaza Mayor, 1");
    await expect(page.getByLabel("Seleccionar fecha de inicio", { exact: true }).inputValue()).resolves.toBe("");
    await expect(page.getByLabel("Seleccionar fecha de fin", { exact: true }).inputValue()).resolves.toBe("");
    await page.getByText("Archivo elegido: mercado.jpg").waitFor();
    await page.getByText(mensajes.duplicadoCartel).waitFor();
    // The copy is stored like a chosen poster, so the draft keeps it.
    await page.getByText("Guardando el cartel…").waitFor({ state: "hidden", timeout: 15_000 });
    await expect(page.getByText(`Copia de «${titulo}»`, { exact: false }).count()).resolves.toBe(1);
    // The address no longer asks for the plan again on a reload.
    expect(new URL(page.url()).search).toBe("");
    await capturaArriba(page, "publish-duplicado-390");
    await page.getByRole("button", { name: "Atrás" }).click();
    await esperarPaso(page, "Categoría");
    await expect(
      page.getByRole("button", { name: "Gastronomía", exact: true }).getAttribute("aria-pressed"),
    ).resolves.toBe("true");
    await expect(page.getByRole("button", { name: "Cultura", exact: true }).getAttribute("aria-pressed")).resolves.toBe(
      "true",
    );
    await page.getByRole("button", { name: "Continuar" }).click();
    await esperarPaso(page, "Datos");
    await pulsarYLeer(page, "Continuar", mensajes.fechaFinFalta);
    await fechas(page, fecha(33), fecha(33, 5));
    await page.reload();
    await esperarPaso(page, "Datos");
    await page.getByText("Archivo elegido: mercado.jpg").waitFor();
    await page.getByRole("button", { name: "Continuar" }).click();
    await esperarPaso(page, "Opcional");
    await expect(page.getByLabel("Precio (€)").inputValue()).resolves.toBe("3");
    await expect(page.getByLabel("Correo electrónico de contacto").inputValue()).resolves.toBe("mercado@example.com");
    await expect(page.getByLabel("Teléfono de contacto").inputValue()).resolves.toBe("600 333 444");
    await expect(page.getByLabel("Descripción", { exact: true }).inputValue()).resolves.toBe(
      "Puestos de **artesanía**.",
    );
    await page.getByRole("checkbox", { name: /política de privacidad/ }).check();
    await page.getByRole("button", { name: "Publicar" }).click();
    await expect
      .poll(() => page.locator("main").getByRole("status").filter({ hasText: mensajes.planPublicado }).count(), {
        timeout: 10_000,
      })
      .toBe(1);

    const filas = await query<{
      id: string;
      categorias: string[];
      precio: string;
      email_contacto: string;
      descripcion: string;
      fecha_inicio: Date;
      width: number;
      cartel: string;
    }>(
      db(),
      `SELECT p.id, p.categorias::text[] AS categorias, p.precio::text, p.email_contacto, p.descripcion, p.fecha_inicio, a.width, a.id AS cartel
         FROM plan p JOIN archivo a ON a.id = p.archivo_cartel_id WHERE p.titulo = $1 ORDER BY p.fecha_creacion`,
      [titulo],
    );
    expect(filas).toHaveLength(2);
    const [original, copia] = filas;
    expect(copia).toMatchObject({
      categorias: ["Gastronomía", "Cultura"],
      precio: "3.00",
      email_contacto: "mercado@example.com",
      descripcion: "Puestos de **artesanía**.",
      width: 300,
    });
    expect(copia.cartel).not.toBe(original.cartel);
    expect(copia.fecha_inicio.getTime()).toBeGreaterThan(original.fecha_inicio.getTime() + 20 * DIA);
    await ctx.close();
  }, 120_000);

  it("sends a visitor without a session to the login page", async () => {
    const ctx = await contextoConectado(browser, null);
    const page = await ctx.newPage();
    await page.goto(`${appUrl()}/publicar`);
    expect(new URL(page.url()).pathname).toBe("/iniciar-sesion");
    // The way back keeps the query: 'Duplicar' from a logged-out tab returns to the duplicate.
    await page.goto(`${appUrl()}/publicar?duplicar=0b7c6f2e-8a51-4f0e-9d3c-5f1e2a3b4c5d`);
    expect(new URL(page.url()).searchParams.get("redirigir")).toBe(
      "/publicar?duplicar=0b7c6f2e-8a51-4f0e-9d3c-5f1e2a3b4c5d",
    );
    await ctx.close();
  });
});

import { TZDate } from "@date-fns/tz";
import { format } from "date-fns";
import type { Browser, Locator, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { mensajes, pistas } from "@/lib/messages";
import { localDeInstante } from "@/lib/dates";
import { launchBrowser, captura } from "@/test-support/browser";
import { query } from "@/test-support/database";
import { enviarFormulario, escribirFecha, formulario, png } from "@/test-support/forms";
import { contextoConectado } from "@/test-support/session-context";
import { call, confirmedUser, linkFromOutbox, tokenOf } from "@/test-support/users";
import { sinViolaciones } from "@/test-support/axe";
import { appUrl } from "@/test-support/worker";

const HORA = 3_600_000;
const DIA = 24 * HORA;
const ANCHOS = [
  { ancho: 390, alto: 844 },
  { ancho: 1280, alto: 800 },
];

type Usuario = Awaited<ReturnType<typeof confirmedUser>>;

/** A Madrid wall-clock picker value `dias` days from now, on the hour. */
const fecha = (dias: number, horas = 0) =>
  localDeInstante(new Date(Math.ceil((Date.now() + dias * DIA) / HORA) * HORA + horas * HORA).toISOString());

const alerta = (page: Page) => page.locator("main").getByRole("alert");

/** The hint a field is marked with (aria-invalid, and the hint it is described by), or null when it is not marked. */
function pistaDe(campo: Locator): Promise<string | null> {
  return campo.evaluate((el) => {
    if (el.getAttribute("aria-invalid") !== "true") return null;
    const ids = (el.getAttribute("aria-describedby") ?? "").split(" ").filter((id) => id.endsWith("pista"));
    return ids.map((id) => document.getElementById(id)?.textContent ?? "").join(" ") || "";
  });
}

/** The field has the focus and is on screen. */
function enfocadoYVisible(campo: Locator): Promise<boolean> {
  return campo.evaluate((el) => {
    const r = el.getBoundingClientRect();
    return el === document.activeElement && r.top >= 0 && r.bottom <= window.innerHeight;
  });
}

async function alPaso3(page: Page, tipo: "Evento" | "Experiencia") {
  await page.goto(`${appUrl()}/publicar`);
  await page.getByRole("radio", { name: new RegExp(`^${tipo}`) }).check();
  await page.getByRole("button", { name: "Continuar" }).click();
  await page.locator("ol li[aria-current='step']", { hasText: "Categoría" }).waitFor();
  await page.getByRole("button", { name: "Continuar" }).click();
  await page.locator("ol li[aria-current='step']", { hasText: "Datos" }).waitFor();
}

async function elegirMunicipio(page: Page, nombre: string) {
  await page.getByRole("combobox", { name: "Municipio" }).fill(nombre);
  await page.getByRole("option").filter({ hasText: nombre }).first().click();
  await page.locator(".leaflet-marker-icon").waitFor();
}

async function ponerCartel(page: Page) {
  await page
    .getByLabel(/^Seleccionar cartel$/)
    .setInputFiles({ name: "cartel.png", mimeType: "image/png", buffer: await png(300, 420) });
  await page.getByText("Archivo elegido: cartel.png").waitFor();
}

describe("forms that help: every failing field marked, focused, and cleared once fixed", () => {
  let browser: Browser;
  let usuario: Usuario;

  beforeAll(async () => {
    browser = await launchBrowser();
    usuario = await confirmedUser("Fermina Formularios");
  });
  afterAll(async () => {
    await query(process.env.DATABASE_URL!, "DELETE FROM plan WHERE usuario_id = $1", [usuario.id]);
    await browser?.close();
  });

  it("the wizard marks every failing field of the data step, focuses the first, and clears the 60-day span and the privacy hints once fixed", async () => {
    for (const { ancho, alto } of ANCHOS) {
      const ctx = await contextoConectado(browser, usuario, { ancho, alto });
      const page = await ctx.newPage();
      await alPaso3(page, "Evento");
      const titulo = page.getByLabel("Título");
      const municipio = page.getByRole("combobox", { name: "Municipio" });
      const direccion = page.getByLabel("Dirección");
      const cartel = page.getByLabel(/^Seleccionar cartel$/);
      const inicio = page.getByLabel("Seleccionar fecha de inicio", { exact: true });
      const fin = page.getByLabel("Seleccionar fecha de fin", { exact: true });

      // Nothing filled: the spec's first message at its own field (the municipality), announced, and
      // every other field its own hint: one message per cause.
      await page.getByRole("button", { name: "Continuar" }).click();
      await expect.poll(() => alerta(page).textContent()).toBe(mensajes.ubicacionFalta);
      await expect(pistaDe(titulo)).resolves.toBe(pistas.titulo);
      await expect(pistaDe(municipio)).resolves.toBe(mensajes.ubicacionFalta);
      await expect(page.locator("main").getByText(mensajes.ubicacionFalta).count()).resolves.toBe(1);
      await expect(pistaDe(direccion)).resolves.toBe(pistas.direccion);
      await expect(pistaDe(cartel)).resolves.toBe(pistas.cartel);
      await expect(pistaDe(inicio)).resolves.toBe(pistas.fechaInicio);
      await expect(pistaDe(fin)).resolves.toBe(pistas.fechaFin);
      await expect.poll(() => enfocadoYVisible(titulo)).toBe(true);
      await sinViolaciones(page, `paso 3 con errores a ${ancho}`);
      await captura(page, `forms-publicar-errores-${ancho}`);

      // Each hint goes as its field is fixed; the top message once its own rule passes.
      await titulo.pressSequentially("Fiesta de la vendimia");
      await expect.poll(() => pistaDe(titulo)).toBeNull();
      await expect(alerta(page).textContent()).resolves.toBe(mensajes.ubicacionFalta);
      await elegirMunicipio(page, "Griegos");
      await direccion.fill("Plaza Mayor, 2");
      await expect.poll(() => pistaDe(direccion)).toBeNull();
      await expect(pistaDe(municipio)).resolves.toBeNull();
      await expect.poll(() => alerta(page).count()).toBe(0);
      await expect(pistaDe(fin)).resolves.toBe(pistas.fechaFin);

      // An event of more than 60 days: the end is marked, and fixing it clears hint and message.
      await ponerCartel(page);
      await escribirFecha(inicio, fecha(2));
      await escribirFecha(fin, fecha(64));
      await page.getByRole("button", { name: "Continuar" }).click();
      await expect.poll(() => alerta(page).textContent()).toBe(mensajes.duracionMaxima);
      await expect(pistaDe(fin)).resolves.toBe(mensajes.duracionMaxima);
      await expect(pistaDe(inicio)).resolves.toBeNull();
      await expect.poll(() => enfocadoYVisible(fin)).toBe(true);
      await escribirFecha(fin, fecha(3));
      await expect.poll(() => pistaDe(fin)).toBeNull();
      await expect.poll(() => alerta(page).count()).toBe(0);

      // The privacy checkbox of the last step.
      await page.getByRole("button", { name: "Continuar" }).click();
      await page.locator("ol li[aria-current='step']", { hasText: "Opcional" }).waitFor();
      const privacidad = page.getByRole("checkbox", { name: /política de privacidad/ });
      await page.getByRole("button", { name: "Publicar" }).click();
      await expect.poll(() => alerta(page).textContent()).toBe(mensajes.debesAceptarPrivacidad);
      await expect(pistaDe(privacidad)).resolves.toBe(mensajes.debesAceptarPrivacidad);
      await expect(page.locator("main").getByText(pistas.privacidad).count()).resolves.toBe(0);
      await expect.poll(() => enfocadoYVisible(privacidad)).toBe(true);
      await captura(page, `forms-publicar-privacidad-${ancho}`);
      await privacidad.press("Space");
      await expect.poll(() => pistaDe(privacidad)).toBeNull();
      await expect.poll(() => alerta(page).count()).toBe(0);
      await ctx.close();
    }
  }, 180_000);

  it("the wizard marks the weekdays and each day's hours of an experience, and clears the hours' hint once they are right", async () => {
    for (const { ancho, alto } of ANCHOS) {
      const ctx = await contextoConectado(browser, usuario, { ancho, alto });
      const page = await ctx.newPage();
      await alPaso3(page, "Experiencia");
      await page.getByLabel("Título").fill("Visita a la ermita");
      await elegirMunicipio(page, "Griegos");
      await page.getByLabel("Dirección").fill("Ermita de San Roque");
      await ponerCartel(page);

      // No day: the weekdays are marked and the focus goes to the first one.
      await page.getByRole("button", { name: "Continuar" }).click();
      await expect.poll(() => alerta(page).textContent()).toBe(mensajes.horariosFaltan);
      const dias = page.getByRole("group", { name: "Días de la semana" });
      await expect(dias.getAttribute("data-invalido")).resolves.toBe("");
      await expect(
        dias.evaluate((g) => document.getElementById(g.getAttribute("aria-describedby")!)?.textContent),
      ).resolves.toBe(mensajes.horariosFaltan);
      await expect.poll(() => enfocadoYVisible(page.getByRole("button", { name: "Lunes" }))).toBe(true);
      await page.getByRole("button", { name: "Sábado" }).click();
      await expect.poll(() => dias.getAttribute("data-invalido")).toBeNull();

      // A day without hours, then with the end before the start, then right.
      const desde = page.getByLabel("Hora de inicio (Sábado)");
      const hasta = page.getByLabel("Hora de fin (Sábado)");
      await page.getByRole("button", { name: "Continuar" }).click();
      await expect.poll(() => alerta(page).textContent()).toBe(mensajes.horariosFaltan);
      await expect(pistaDe(desde)).resolves.toBe(mensajes.horariosFaltan);
      await expect(pistaDe(hasta)).resolves.toBe(mensajes.horariosFaltan);
      await expect.poll(() => enfocadoYVisible(desde)).toBe(true);
      await desde.selectOption("18:00");
      await hasta.selectOption("17:00");
      // The day's new failure is shown at once, not announced while the person is choosing.
      await expect.poll(() => pistaDe(hasta)).toBe(mensajes.horaFinAnterior);
      await expect.poll(() => alerta(page).count()).toBe(0);
      await hasta.selectOption("19:30");
      await expect.poll(() => pistaDe(hasta)).toBeNull();
      await expect(pistaDe(desde)).resolves.toBeNull();
      await captura(page, `forms-publicar-horas-${ancho}`);
      await ctx.close();
    }
  }, 120_000);

  it("the edit page focuses the emptied title at the top instead of leaving the message far below, and clears it when typed", async () => {
    const inicio = new Date(Math.ceil((Date.now() + 4 * DIA) / HORA) * HORA);
    const r = await enviarFormulario(
      "POST",
      "/api/plan",
      formulario({
        titulo: "Romería de la Virgen",
        tipo: "evento",
        direccion: "Ermita",
        municipio: "Griegos",
        ubicacion: JSON.stringify({ type: "Point", coordinates: [-1.712, 40.4272] }),
        fechaInicio: inicio.toISOString(),
        fechaFin: new Date(inicio.getTime() + 4 * HORA).toISOString(),
        archivoCartel: { bytes: await png(300, 420), nombre: "cartel.png" },
      }),
      usuario.token,
    );
    expect(r.status).toBe(201);
    const id = (r.body.plan as { _id: string })._id;
    for (const { ancho, alto } of ANCHOS) {
      const ctx = await contextoConectado(browser, usuario, { ancho, alto });
      const page = await ctx.newPage();
      await page.goto(`${appUrl()}/editar-plan/${id}`);
      await page.locator(".leaflet-marker-icon").waitFor();
      const titulo = page.getByLabel("Título");
      await titulo.fill("");
      await page.getByRole("button", { name: "Actualizar", exact: true }).click();
      await expect.poll(() => alerta(page).textContent()).toBe(mensajes.tituloObligatorio);
      await expect(pistaDe(titulo)).resolves.toBe(mensajes.tituloObligatorio);
      await expect.poll(() => enfocadoYVisible(titulo)).toBe(true);
      await sinViolaciones(page, `editar con errores a ${ancho}`);
      await captura(page, `forms-editar-titulo-${ancho}`);
      await titulo.pressSequentially("Romería de San Isidro");
      await expect.poll(() => pistaDe(titulo)).toBeNull();
      await expect.poll(() => alerta(page).count()).toBe(0);
      await ctx.close();
    }
  }, 90_000);

  it("the organization form marks its required fields and the privacy acceptance, and focuses the name", async () => {
    for (const { ancho, alto } of ANCHOS) {
      const ctx = await contextoConectado(browser, usuario, { ancho, alto });
      const page = await ctx.newPage();
      await page.goto(`${appUrl()}/crear-organizacion`);
      const nombre = page.getByLabel("Nombre", { exact: true });
      const correo = page.getByLabel("Correo electrónico de contacto");
      const logo = page.getByLabel("Seleccionar logo");
      const privacidad = page.getByRole("checkbox", { name: /política de privacidad/ });
      await page.getByRole("button", { name: "Crear organización" }).click();
      await expect.poll(() => alerta(page).textContent()).toBe(mensajes.orgObligatoriosCrear);
      await expect(pistaDe(nombre)).resolves.toBe(pistas.nombre);
      await expect(pistaDe(correo)).resolves.toBe(pistas.correoFalta);
      await expect(pistaDe(logo)).resolves.toBe(pistas.logo);
      await expect(pistaDe(privacidad)).resolves.toBe(pistas.privacidad);
      await expect(pistaDe(page.getByLabel("Dirección"))).resolves.toBeNull();
      await expect.poll(() => enfocadoYVisible(nombre)).toBe(true);
      await sinViolaciones(page, `organización con errores a ${ancho}`);
      await captura(page, `forms-organizacion-${ancho}`, { fullPage: true });
      await nombre.pressSequentially("Peña Los Amigos");
      await expect.poll(() => pistaDe(nombre)).toBeNull();
      await correo.pressSequentially("pena@example");
      await expect.poll(() => pistaDe(correo)).toBe(pistas.correo);
      await correo.pressSequentially(".com");
      await expect.poll(() => pistaDe(correo)).toBeNull();
      await privacidad.check();
      await expect.poll(() => pistaDe(privacidad)).toBeNull();
      await expect(alerta(page).textContent()).resolves.toBe(mensajes.orgObligatoriosCrear);
      await ctx.close();
    }
  }, 90_000);

  it("registration marks every empty field, focuses the name, and clears the privacy hint when ticked", async () => {
    for (const { ancho, alto } of ANCHOS) {
      const ctx = await contextoConectado(browser, null, { ancho, alto });
      const page = await ctx.newPage();
      await page.goto(`${appUrl()}/registro`);
      const campo = (etiqueta: string) => page.getByLabel(etiqueta, { exact: true });
      const privacidad = page.getByRole("checkbox", { name: /política de privacidad/ });
      await page.getByRole("button", { name: "Me registro" }).click();
      await expect.poll(() => alerta(page).textContent()).toBe(mensajes.todosObligatoriosRegistro);
      await expect(pistaDe(campo("Nombre"))).resolves.toBe(pistas.nombre);
      await expect(pistaDe(campo("Correo electrónico"))).resolves.toBe(pistas.correoFalta);
      await expect(pistaDe(campo("Contraseña"))).resolves.toBe(pistas.passwordFalta);
      await expect(pistaDe(campo("Confirmar contraseña"))).resolves.toBe(pistas.confirmarFalta);
      await expect(pistaDe(privacidad)).resolves.toBe(pistas.privacidad);
      await expect.poll(() => enfocadoYVisible(campo("Nombre"))).toBe(true);
      await sinViolaciones(page, `registro con errores a ${ancho}`);
      await captura(page, `forms-registro-${ancho}`);

      await campo("Nombre").pressSequentially("Nuria");
      await campo("Correo electrónico").pressSequentially("nuria@example.com");
      await campo("Contraseña").pressSequentially("una-clave-larga");
      await campo("Confirmar contraseña").pressSequentially("una-clave-larga");
      for (const e of ["Nombre", "Correo electrónico", "Contraseña", "Confirmar contraseña"])
        await expect.poll(() => pistaDe(campo(e)), { message: e }).toBeNull();
      await expect.poll(() => alerta(page).count()).toBe(0);
      await page.getByRole("button", { name: "Me registro" }).click();
      await expect.poll(() => alerta(page).textContent()).toBe(mensajes.aceptaPrivacidadRegistro);
      await expect.poll(() => enfocadoYVisible(privacidad)).toBe(true);
      await privacidad.check();
      await expect.poll(() => pistaDe(privacidad)).toBeNull();
      await expect.poll(() => alerta(page).count()).toBe(0);
      await ctx.close();
    }
  }, 90_000);

  it("the password reset marks the confirmation that differs and the short password, and clears each once fixed", async () => {
    const cuenta = await confirmedUser("Rosa Restablece");
    expect((await call("POST", "/api/usuario/restablecer-password", { body: { correo: cuenta.correo } })).status).toBe(
      200,
    );
    const token = tokenOf(await linkFromOutbox(cuenta.correo, "/restablecer-password/"));
    const ctx = await contextoConectado(browser, null);
    const page = await ctx.newPage();
    await page.goto(`${appUrl()}/restablecer-password/${token}`);
    const nueva = page.getByLabel("Nueva contraseña", { exact: true });
    const confirmar = page.getByLabel("Confirmar contraseña", { exact: true });
    await nueva.fill("corta");
    await confirmar.fill("otra");
    await page.getByRole("button", { name: "Actualizar" }).click();
    await expect.poll(() => alerta(page).textContent()).toBe(mensajes.passwordsNoCoinciden);
    await expect(pistaDe(nueva)).resolves.toBe(pistas.passwordCorta);
    await expect(pistaDe(confirmar)).resolves.toBe(pistas.noCoinciden);
    await expect.poll(() => enfocadoYVisible(nueva)).toBe(true);
    await sinViolaciones(page, "restablecer con errores");
    await nueva.fill("una-clave-larga");
    await expect.poll(() => pistaDe(nueva)).toBeNull();
    await expect(alerta(page).textContent()).resolves.toBe(mensajes.passwordsNoCoinciden);
    await confirmar.fill("una-clave-larga");
    await expect.poll(() => pistaDe(confirmar)).toBeNull();
    await expect.poll(() => alerta(page).count()).toBe(0);
    await ctx.close();
  }, 60_000);

  it("after a submit, typing clears hints but never marks a field that was fine (the rules run once per keystroke, not twice)", async () => {
    for (const { ancho, alto } of ANCHOS) {
      const ctx = await contextoConectado(browser, null, { ancho, alto });
      const page = await ctx.newPage();
      await page.goto(`${appUrl()}/registro`);
      const campo = (etiqueta: string) => page.getByLabel(etiqueta, { exact: true });
      await campo("Nombre").fill("Nuria");
      await campo("Correo electrónico").fill("nuria@example.com");
      await page.getByRole("button", { name: "Me registro" }).click();
      await expect.poll(() => pistaDe(campo("Contraseña"))).toBe(pistas.passwordFalta);
      await expect(pistaDe(campo("Correo electrónico"))).resolves.toBeNull();
      // The address broken while typing: react-hook-form's own re-validation on change marked it
      // at once; only the next submit may.
      await campo("Correo electrónico").press("End");
      for (let i = 0; i < "example.com".length; i++) await campo("Correo electrónico").press("Backspace");
      await campo("Contraseña").pressSequentially("una-clave-larga");
      await expect.poll(() => pistaDe(campo("Contraseña"))).toBeNull();
      await expect(pistaDe(campo("Correo electrónico"))).resolves.toBeNull();
      await expect(pistaDe(campo("Nombre"))).resolves.toBeNull();
      await page.getByRole("button", { name: "Me registro" }).click();
      await expect.poll(() => pistaDe(campo("Correo electrónico"))).toBe(pistas.correo);
      await ctx.close();
    }
  }, 60_000);

  it("the change-password modal of /perfil opens clean again after a failed try was closed", async () => {
    // A person of its own: the other tests' logins already use up most of the per-account limit.
    const usuario = await confirmedUser("Pedro Perfil");
    for (const { ancho, alto } of ANCHOS) {
      const ctx = await contextoConectado(browser, usuario, { ancho, alto });
      const page = await ctx.newPage();
      await page.goto(`${appUrl()}/perfil`);
      const dialogo = page.getByRole("dialog", { name: "Cambiar contraseña" });
      const confirmar = dialogo.getByLabel("Confirmar contraseña", { exact: true });
      await page.getByRole("button", { name: "Cambiar contraseña" }).click();
      await dialogo.waitFor();
      await dialogo.getByLabel("Contraseña actual", { exact: true }).fill(usuario.password);
      await dialogo.getByLabel("Nueva contraseña", { exact: true }).fill("una-clave-larga");
      await confirmar.fill("otra-clave-larga");
      await dialogo.getByRole("button", { name: "Guardar" }).click();
      await expect.poll(() => pistaDe(confirmar)).toBe(pistas.noCoinciden);
      await expect(dialogo.getByRole("alert").textContent()).resolves.toBe(mensajes.passwordConfirmarDistinta);
      await dialogo.getByRole("button", { name: "Cerrar" }).click();
      await dialogo.waitFor({ state: "hidden" });

      await page.getByRole("button", { name: "Cambiar contraseña" }).click();
      await dialogo.waitFor();
      await expect(pistaDe(confirmar)).resolves.toBeNull();
      await expect(dialogo.getByRole("alert").count()).resolves.toBe(0);
      // A fresh try: typing marks nothing until the next 'Guardar'.
      await dialogo.getByLabel("Nueva contraseña", { exact: true }).fill("una-clave-larga");
      await confirmar.fill("una");
      await expect(pistaDe(confirmar)).resolves.toBeNull();
      await captura(page, `perfil-reabierto-${ancho}`);
      await ctx.close();
    }
  }, 60_000);

  it("the date picker shows dd/MM/yyyy HH:mm, opens a Monday-first calendar with no past days, works by keyboard and offers 15-minute steps", async () => {
    // A person of its own: logins are limited per account.
    const persona = await confirmedUser("Paco Calendario");
    for (const { ancho, alto } of ANCHOS) {
      const ctx = await contextoConectado(browser, persona, { ancho, alto });
      const page = await ctx.newPage();
      await alPaso3(page, "Evento");
      const inicio = page.getByLabel("Seleccionar fecha de inicio", { exact: true });
      const boton = page.getByRole("button", { name: "Calendario de la fecha de inicio" });
      await expect(inicio.getAttribute("type")).resolves.toBe("text");
      await expect(page.locator("input[type='datetime-local']").count()).resolves.toBe(0);

      // Typed: minutes off the 15-minute steps are refused once the person leaves the field.
      await inicio.pressSequentially("25/12/2030 20:10");
      await inicio.press("Tab");
      await expect.poll(() => pistaDe(inicio)).toBe(pistas.fechaPaso);
      await inicio.fill("");
      await inicio.pressSequentially("25/12/2030 20:15");
      await expect.poll(() => pistaDe(inicio)).toBeNull();
      await expect(inicio.inputValue()).resolves.toBe("25/12/2030 20:15");
      await escribirFecha(inicio, "");

      // The calendar: this month, Monday first with Wednesday as X, nothing before today.
      await boton.click();
      const calendario = page.getByRole("group", { name: "Calendario de la fecha de inicio" });
      await calendario.waitFor();
      await expect(calendario.locator("thead th").allTextContents()).resolves.toEqual([
        "L",
        "M",
        "X",
        "J",
        "V",
        "S",
        "D",
      ]);
      await expect(
        calendario.getByRole("button", { name: "Ir al mes anterior" }).getAttribute("aria-disabled"),
      ).resolves.toBe("true");
      const hoy = new TZDate(Date.now(), "Europe/Madrid");
      const pasados = await calendario
        .locator("td[data-day]")
        .evaluateAll(
          (celdas, dia) =>
            celdas.filter(
              (c) =>
                c.getAttribute("data-day")! < dia &&
                !c.hasAttribute("data-outside") &&
                !c.hasAttribute("data-disabled"),
            ).length,
          format(hoy, "yyyy-MM-dd"),
        );
      expect(pasados).toBe(0);
      await captura(page, `forms-calendario-${ancho}`);
      await sinViolaciones(page, `calendario a ${ancho}`);

      // By keyboard: the focus starts on today, an arrow goes to tomorrow, Enter picks it and moves to the hour.
      await expect
        .poll(() => page.evaluate(() => document.activeElement?.getAttribute("aria-label") ?? ""))
        .toMatch(/^Hoy, /);
      await page.keyboard.press("ArrowRight");
      await page.keyboard.press("Enter");
      const hora = calendario.getByLabel("Hora");
      await expect.poll(() => hora.evaluate((s) => s === document.activeElement)).toBe(true);
      const horas = await hora.locator("option").allTextContents();
      expect(horas).toHaveLength(96);
      expect(horas.slice(0, 5)).toEqual(["00:00", "00:15", "00:30", "00:45", "01:00"]);
      expect(horas.at(-1)).toBe("23:45");
      const manana = format(new TZDate(Date.now() + DIA, "Europe/Madrid"), "dd/MM/yyyy");
      await expect.poll(() => inicio.inputValue()).toBe(`${manana} 10:00`);
      await hora.selectOption("20:45");
      await expect.poll(() => inicio.inputValue()).toBe(`${manana} 20:45`);
      await page.keyboard.press("Escape");
      await calendario.waitFor({ state: "detached" });
      await expect(boton.evaluate((b) => b === document.activeElement)).resolves.toBe(true);

      // The form keeps the Madrid wall-clock value it always sent.
      const guardado = await page.evaluate(
        (k) => JSON.parse(localStorage.getItem(k) ?? "{}").campos?.fechaInicio,
        `borradorPlan:${persona.id}`,
      );
      expect(guardado).toBe(`${format(new TZDate(Date.now() + DIA, "Europe/Madrid"), "yyyy-MM-dd")}T20:45`);
      await ctx.close();
    }
  }, 120_000);
});

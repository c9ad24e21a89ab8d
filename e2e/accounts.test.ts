import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { conDatos, mensajes } from "@/lib/messages";
import { launchBrowser, captura } from "@/test-support/browser";
import { contextoConectado } from "@/test-support/session-context";
import { confirmedUser, linkFromOutbox, uniqueEmail } from "@/test-support/users";
import { appUrl } from "@/test-support/worker";
import { mensajesAvisos } from "@/lib/avisos/mensajes";
import { query } from "@/test-support/database";
import es from "@/mensajes/es.json";

const db = () => process.env.DATABASE_URL!;

describe("accounts in Chromium", () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  async function fill(page: Page, label: string, value: string) {
    await page.getByLabel(label, { exact: true }).fill(value);
  }

  it("registers, confirms through the e-mailed link, logs in, edits the name, logs out", async () => {
    const base = appUrl();
    const correo = uniqueEmail("e2e");
    const page = await browser.newPage();

    // Registration: the spec's rules in order, then the confirmation modal
    await page.goto(`${base}/registro`);
    await fill(page, "Nombre", "Marta Navegadora");
    await fill(page, "Correo electrónico", correo);
    await fill(page, "Contraseña", "clave-de-prueba");
    await fill(page, "Confirmar contraseña", "otra-distinta");
    await page.getByRole("button", { name: "Me registro" }).click();
    await expect(page.locator("main").getByRole("alert").textContent()).resolves.toBe(mensajes.passwordsNoCoinciden);
    await fill(page, "Confirmar contraseña", "clave-de-prueba");
    await page.getByRole("button", { name: "Me registro" }).click();
    await expect(page.locator("main").getByRole("alert").textContent()).resolves.toBe(
      mensajes.aceptaPrivacidadRegistro,
    );
    await page.getByRole("checkbox").check();
    await page.getByRole("button", { name: "Me registro" }).click();
    const modal = page.getByRole("dialog", { name: "Confirmar cuenta" });
    await modal.waitFor();
    await expect(modal.textContent()).resolves.toContain(mensajes.registroEnviado);
    // It says where the link went, and sends another on a tap
    await expect(modal.textContent()).resolves.toContain(`Enviamos el enlace a ${correo}.`);
    await captura(page, "registro-confirmar");
    await modal.getByRole("button", { name: "Enviarme otro correo de confirmación" }).click();
    await expect(modal.getByRole("status").textContent()).resolves.toBe(mensajes.confirmacionReenviada);
    await expect
      .poll(async () => (await query(db(), `SELECT 1 FROM email_outbox WHERE "to" = $1`, [correo])).length)
      .toBe(2);
    await modal.getByRole("button", { name: "Cerrar" }).click();
    await page.waitForURL(/\/iniciar-sesion$/);

    // Logging in before confirming says so, names the address and offers the link again
    await fill(page, "Correo electrónico", correo);
    await fill(page, "Contraseña", "clave-de-prueba");
    await page.getByRole("button", { name: "Iniciar sesión" }).click();
    await expect(page.locator("main").getByRole("alert").textContent()).resolves.toBe(mensajes.cuentaSinConfirmar);
    await expect(page.locator("main").textContent()).resolves.toContain(`Enviamos el enlace a ${correo}.`);
    await expect(page.getByRole("button", { name: "Enviarme otro correo de confirmación" }).isVisible()).resolves.toBe(
      true,
    );

    // Confirmation through the link in the outbox (rebased on the test server)
    const link = new URL(await linkFromOutbox(correo, "/confirmar-cuenta/"));
    await page.goto(`${base}${link.pathname}`);
    await expect(page.getByRole("heading", { level: 1 }).textContent()).resolves.toBe(mensajes.cuentaConfirmada);

    // A protected page without a session goes to the login page and comes back after it
    await page.goto(`${base}/perfil`);
    await page.waitForURL(/\/iniciar-sesion\?redirigir=%2Fperfil$/);
    await expect(page.getByRole("heading", { level: 1 }).textContent()).resolves.toBe("Entrar");
    await fill(page, "Correo electrónico", correo);
    await fill(page, "Contraseña", "clave-incorrecta");
    await page.getByRole("button", { name: "Iniciar sesión" }).click();
    await expect(page.locator("main").getByRole("alert").textContent()).resolves.toBe(mensajes.credencialesIncorrectas);
    await fill(page, "Contraseña", "clave-de-prueba");
    await page.getByLabel("Contraseña", { exact: true }).press("Enter");
    await page.waitForURL(/\/perfil$/);
    await expect(page.getByText("Marta Navegadora").count()).resolves.toBe(1);

    // The navbar shows the logged-in entries
    await page.getByRole("button", { name: "Mi cuenta" }).click();
    for (const entry of ["Perfil", "Guardados", "Mis publicaciones", "Mis organizaciones"]) {
      await expect(page.getByRole("link", { name: entry, exact: true }).isVisible()).resolves.toBe(true);
    }
    await page.locator("h1").click();

    // Edit the name
    await page.getByRole("button", { name: "Editar nombre" }).click();
    const editar = page.getByRole("dialog", { name: "Editar nombre" });
    await editar.getByLabel("Nombre").fill("Marta Editada");
    await editar.getByRole("button", { name: "Guardar" }).click();
    await expect(editar.getByRole("status").textContent()).resolves.toBe(mensajes.datosActualizados);
    await editar.getByRole("button", { name: "Cerrar" }).click();
    await page.getByText("Marta Editada").waitFor();

    // Edit the e-mail: the change waits for the link sent to the new address, and the page says so
    const nuevoCorreo = uniqueEmail("e2e-nuevo");
    await page.getByRole("button", { name: "Editar correo electrónico" }).click();
    const editarCorreo = page.getByRole("dialog", { name: "Editar correo electrónico" });
    await editarCorreo.getByLabel("Correo electrónico").fill(nuevoCorreo);
    await editarCorreo.getByRole("button", { name: "Guardar" }).click();
    await expect(editarCorreo.getByRole("status").textContent()).resolves.toBe(
      conDatos(mensajes.cambioCorreoEnviado, { correo: nuevoCorreo }),
    );
    await editarCorreo.getByRole("button", { name: "Cerrar" }).click();
    await expect(page.getByText(correo, { exact: true }).count()).resolves.toBe(1);

    // Reminder e-mails are on by default and can be switched off (and stay off after a reload);
    // the notification's box of the same kind stays as it was
    const casilla = (canal: string) =>
      page
        .getByRole("group", { name: es.perfil.avisoTipoRecordatorios })
        .getByRole("checkbox", { name: canal, exact: true });
    const recordatorios = casilla(es.perfil.avisosCorreo);
    await expect(recordatorios.isChecked()).resolves.toBe(true);
    await recordatorios.uncheck();
    await expect(page.locator("#avisos").getByRole("status").textContent()).resolves.toBe(
      mensajesAvisos.avisosGuardados,
    );
    await page.reload();
    await expect(recordatorios.isChecked()).resolves.toBe(false);
    await expect(casilla(es.perfil.avisosPush).isChecked()).resolves.toBe(true);
    await captura(page, "perfil", { fullPage: true });

    // The delete confirmation uses the exact text, and cancelling keeps the account
    await page.getByRole("button", { name: "Eliminar cuenta" }).click();
    const eliminar = page.getByRole("dialog", { name: "Eliminar cuenta" });
    await expect(eliminar.textContent()).resolves.toContain(mensajes.eliminarCuentaConfirmacion);
    await eliminar.getByRole("button", { name: "Cancelar" }).click();

    // Log out: back home, and the profile is protected again
    await page.getByRole("button", { name: "Cerrar sesión" }).click();
    await page.waitForURL(`${base}/`);
    await page.getByRole("button", { name: "Acceder" }).waitFor();
    await page.goto(`${base}/perfil`);
    await page.waitForURL(/\/iniciar-sesion\?redirigir=%2Fperfil$/);
    await page.close();
  });

  it("opens the password recovery modal from the login page", async () => {
    const page = await browser.newPage();
    await page.goto(`${appUrl()}/iniciar-sesion`);
    await page.getByRole("button", { name: "He olvidado mi contraseña" }).click();
    const modal = page.getByRole("dialog", { name: "Restablecer Contraseña" });
    await modal.getByLabel("Correo electrónico").fill(uniqueEmail("nadie"));
    await modal.getByRole("button", { name: "Enviar", exact: true }).click();
    await expect(modal.getByRole("status").textContent()).resolves.toBe(mensajes.restablecerEnviado);
    await modal.getByRole("button", { name: "Enviar un nuevo correo" }).waitFor();
    await captura(page, "login-recuperar");
    await modal.getByRole("button", { name: "Cerrar" }).click();
    await expect(modal.isVisible()).resolves.toBe(false);
    await page.close();
  });

  it("never follows a redirect after login off the site, however it is written", async () => {
    const base = appUrl();
    const u = await confirmedUser("Rita Redirigida");
    // The forms another site can take are destinoSeguro's cases (lib/safe-redirect.unit.test.ts)
    // and guardar-tras-login.test.ts's; here, the plain login's way back.
    for (const destino of ["//evil.example/x", "/%09/evil.example"]) {
      const ctx = await contextoConectado(browser, null, { ancho: 1280, alto: 800 });
      const page = await ctx.newPage();
      await page.goto(`${base}/iniciar-sesion?redirigir=${destino}`);
      await fill(page, "Correo electrónico", u.correo);
      await fill(page, "Contraseña", u.password);
      await page.getByRole("button", { name: "Iniciar sesión" }).click();
      await page.waitForURL((url) => url.pathname === "/" || url.origin !== base);
      expect(new URL(page.url()).origin, destino).toBe(base);
      expect(new URL(page.url()).pathname, destino).toBe("/");
      await ctx.close();
    }
    // A path of the site is still followed.
    const ctx = await contextoConectado(browser, null);
    const page = await ctx.newPage();
    await page.goto(`${base}/iniciar-sesion?redirigir=${encodeURIComponent("/mis-planes")}`);
    await fill(page, "Correo electrónico", u.correo);
    await fill(page, "Contraseña", u.password);
    await page.getByRole("button", { name: "Iniciar sesión" }).click();
    await page.waitForURL(`${base}/mis-planes`);
    await ctx.close();
  }, 90_000);

  it("opens 'Restablecer Contraseña' from the change-password modal of /perfil, and it stays open", async () => {
    const u = await confirmedUser("Olga Olvidadiza");
    const ctx = await contextoConectado(browser, u);
    const page = await ctx.newPage();
    await page.goto(`${appUrl()}/perfil`);
    await page.getByRole("button", { name: "Cambiar contraseña" }).click();
    const cambiar = page.getByRole("dialog", { name: "Cambiar contraseña" });
    await cambiar.waitFor();
    await cambiar.getByRole("button", { name: "He olvidado mi contraseña" }).click();
    const recuperar = page.getByRole("dialog", { name: "Restablecer Contraseña" });
    await recuperar.waitFor();
    // The close event of the first modal arrives a moment later; it must not close this one.
    await page.waitForTimeout(400);
    await expect(recuperar.isVisible()).resolves.toBe(true);
    await expect(cambiar.isVisible()).resolves.toBe(false);
    await expect(recuperar.getByLabel("Correo electrónico").inputValue()).resolves.toBe(u.correo);
    await recuperar.getByRole("button", { name: "Enviar", exact: true }).click();
    await expect.poll(() => recuperar.getByRole("status").textContent()).toBe(mensajes.restablecerEnviado);
    await captura(page, "perfil-recuperar-390");
    await recuperar.getByRole("button", { name: "Cerrar" }).click();
    await expect(recuperar.isVisible()).resolves.toBe(false);
    // Escape still closes a modal, and the page is usable again.
    await page.getByRole("button", { name: "Cambiar contraseña" }).click();
    await cambiar.waitFor();
    await page.keyboard.press("Escape");
    await cambiar.waitFor({ state: "hidden" });
    await ctx.close();
  });
});

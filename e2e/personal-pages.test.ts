import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { mensajes } from "@/lib/messages";
import { organizacionPath } from "@/lib/organizaciones/paths";
import { planPath } from "@/lib/plans/plan";
import { launchBrowser, captura } from "@/test-support/browser";
import { query } from "@/test-support/database";
import { png } from "@/test-support/forms";
import { freshOrigin, insertPlan } from "@/test-support/plans";
import { call, confirmedUser, freshIp } from "@/test-support/users";
import { contextoConectado } from "@/test-support/session-context";
import { sinViolaciones } from "@/test-support/axe";
import { appUrl } from "@/test-support/worker";

const db = () => process.env.DATABASE_URL!;
type Usuario = Awaited<ReturnType<typeof confirmedUser>>;

describe("personal lists and organization pages", () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  /** A browser context of its own (the cookie bar accepted), logged in as `usuario` when given. */
  const contexto = (usuario?: Usuario, { width, height } = { width: 390, height: 844 }): Promise<BrowserContext> =>
    contextoConectado(browser, usuario ?? null, { ancho: width, alto: height });

  async function abrir(ctx: BrowserContext, path: string): Promise<Page> {
    const page = await ctx.newPage();
    const res = await page.goto(`${appUrl()}${path}`);
    expect(res?.status(), path).toBe(200);
    expect(new URL(page.url()).pathname).toBe(path);
    return page;
  }

  /** Full-page screenshots at 390 px and 1280 px wide. */
  async function capturas(page: Page, nombre: string) {
    // From the top, so the sticky navbar sits where a visitor sees it.
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.setViewportSize({ width: 390, height: 844 });
    await captura(page, `${nombre}-390`, { fullPage: true });
    await page.setViewportSize({ width: 1280, height: 900 });
    await captura(page, `${nombre}-1280`, { fullPage: true });
    await page.setViewportSize({ width: 390, height: 844 });
  }

  const alerta = (page: Page) => page.locator("main").getByRole("alert");
  const estado = (page: Page) => page.locator("main").getByRole("status");

  async function logoCargado(page: Page, alt: string): Promise<boolean> {
    const img = page.locator("main").getByRole("img", { name: alt });
    await img.waitFor();
    return img.evaluate(async (el: HTMLImageElement) => {
      await el.decode().catch(() => undefined);
      return el.complete && el.naturalWidth > 0;
    });
  }

  it("sends anonymous visitors of the four pages to the login page", async () => {
    const ctx = await contexto();
    const page = await ctx.newPage();
    for (const path of ["/crear-organizacion", "/tus-organizaciones", "/mis-planes", "/planes-favoritos"]) {
      await page.goto(`${appUrl()}${path}`);
      const url = new URL(page.url());
      expect(url.pathname, path).toBe("/iniciar-sesion");
      expect(url.searchParams.get("redirigir")).toBe(path);
    }
    await ctx.close();
  });

  it("creates an organization through the form, with the rules of spec §5 in order and the server's message", async () => {
    const usuario = await confirmedUser();
    const ctx = await contexto(usuario);
    const page = await abrir(ctx, "/crear-organizacion");
    await expect(page.getByRole("heading", { level: 1 }).textContent()).resolves.toBe("Crear organización");
    await capturas(page, "crear-organizacion");
    const crear = page.getByRole("button", { name: "Crear organización" });
    const logo = page.getByLabel("Seleccionar logo");

    // The required fields first, then the privacy acceptance, then the e-mail format
    await crear.click();
    await expect(alerta(page).textContent()).resolves.toBe(mensajes.orgObligatoriosCrear);
    await page.getByLabel("Nombre").fill("  Peña Los Navegantes  ");
    await page.getByLabel("Correo electrónico de contacto").fill("pena@correo");
    await crear.click();
    await expect(alerta(page).textContent()).resolves.toBe(mensajes.orgObligatoriosCrear);
    await logo.setInputFiles({ name: "logo.png", mimeType: "image/png", buffer: await png(160, 120) });
    await expect(logoCargado(page, "Vista previa del logo elegido")).resolves.toBe(true);
    await expect(page.getByText("logo.png", { exact: true }).count()).resolves.toBe(1);
    await crear.click();
    await expect(alerta(page).textContent()).resolves.toBe(mensajes.orgPrivacidadCrear);
    await page.getByRole("checkbox", { name: /política de privacidad/ }).check();
    await crear.click();
    await expect(alerta(page).textContent()).resolves.toBe(mensajes.correoFormato);
    await page.getByLabel("Correo electrónico de contacto").fill("navegantes@example.com");

    // Only png, jpg and jpeg logos; every field of 50 characters at most
    await logo.setInputFiles({ name: "logo.gif", mimeType: "image/gif", buffer: Buffer.from("GIF89a") });
    await crear.click();
    await expect(alerta(page).textContent()).resolves.toBe(mensajes.imagenTipo);
    for (const etiqueta of ["Nombre", "Dirección", "Correo electrónico de contacto", "Teléfono de contacto"]) {
      await expect(page.getByLabel(etiqueta).getAttribute("maxlength"), etiqueta).resolves.toBe("50");
    }

    // A file that only looks like a PNG passes the browser's checks: the server's message shows
    const roto = Buffer.concat([(await png()).subarray(0, 8), Buffer.from("no es una imagen")]);
    await logo.setInputFiles({ name: "roto.png", mimeType: "image/png", buffer: roto });
    await crear.click();
    await expect(alerta(page).textContent()).resolves.toBe(mensajes.imagenDefectuosa);
    expect(await query(db(), "SELECT 1 FROM organizacion WHERE usuario_id = $1", [usuario.id])).toEqual([]);

    await logo.setInputFiles({ name: "logo.png", mimeType: "image/png", buffer: await png(160, 120) });
    await page.getByLabel("Dirección").fill("Calle del Puerto 4");
    await page.getByLabel("Teléfono de contacto").fill("600 111 222");
    await page.getByLabel("Descripción (opcional)").fill("Salimos **cada domingo**.");
    await crear.click();
    await expect(estado(page).filter({ hasText: mensajes.orgCreada }).textContent()).resolves.toBe(mensajes.orgCreada);
    await expect(alerta(page).count()).resolves.toBe(0);
    // The form is empty again, for another organization
    await expect(page.getByLabel("Nombre").inputValue()).resolves.toBe("");
    await expect(page.getByRole("checkbox", { name: /política de privacidad/ }).isChecked()).resolves.toBe(false);
    await expect(page.locator("main").getByRole("img").count()).resolves.toBe(0);
    const filas = await query<{
      nombre: string;
      direccion: string;
      email_contacto: string;
      telefono_contacto: string;
      descripcion: string;
      width: number;
    }>(
      db(),
      "SELECT o.nombre, o.direccion, o.email_contacto, o.telefono_contacto, o.descripcion, a.width FROM organizacion o JOIN archivo a ON a.id = o.archivo_logo_id WHERE o.usuario_id = $1",
      [usuario.id],
    );
    expect(filas).toEqual([
      {
        nombre: "Peña Los Navegantes",
        direccion: "Calle del Puerto 4",
        email_contacto: "navegantes@example.com",
        telefono_contacto: "600 111 222",
        descripcion: "Salimos **cada domingo**.",
        width: 160,
      },
    ]);
    await capturas(page, "crear-organizacion-creada");

    await page.getByRole("link", { name: "Ver tus organizaciones" }).click();
    await page.waitForURL((u) => u.pathname === "/tus-organizaciones");
    await ctx.close();
  });

  it("updates an organization's name and logo on its card, and deletes it after a confirmation", async () => {
    const usuario = await confirmedUser();
    const crear = new FormData();
    for (const [k, v] of Object.entries({
      nombre: "Asociación Río Claro",
      direccion: "Plaza 1",
      emailContacto: "rio@example.com",
      telefonoContacto: "600 000 333",
    }))
      crear.append(k, v);
    crear.append("archivoLogo", new Blob([new Uint8Array(await png(120, 120))], { type: "image/png" }), "logo.png");
    const res = await fetch(`${appUrl()}/api/organizacion`, {
      method: "POST",
      body: crear,
      headers: { Authorization: `Bearer ${usuario.token}`, "X-Forwarded-For": freshIp() },
    });
    expect(res.status).toBe(201);
    const id = ((await res.json()) as { organizacion: { _id: string } }).organizacion._id;

    const ctx = await contexto(usuario);
    const page = await abrir(ctx, "/tus-organizaciones");
    const main = page.locator("main");
    await expect(main.getByRole("heading", { level: 1 }).textContent()).resolves.toBe("Mis organizaciones");
    const tarjeta = main.getByRole("article");
    await expect(tarjeta.getByRole("heading", { level: 2 }).textContent()).resolves.toBe("Asociación Río Claro");
    await expect(tarjeta.getByRole("link", { name: /Ver página/ }).getAttribute("href")).resolves.toBe(
      organizacionPath("Asociación Río Claro", id),
    );
    await expect(logoCargado(page, "Logo de Asociación Río Claro")).resolves.toBe(true);
    await expect(tarjeta.getByLabel("Correo electrónico de contacto").inputValue()).resolves.toBe("rio@example.com");
    await capturas(page, "tus-organizaciones");

    // The update's rules: the address is required here, then the privacy acceptance
    const actualizar = tarjeta.getByRole("button", { name: "Actualizar" });
    await tarjeta.getByLabel("Dirección", { exact: true }).fill("");
    await actualizar.click();
    await expect(alerta(page).textContent()).resolves.toBe(mensajes.orgObligatoriosActualizar);
    await tarjeta.getByLabel("Dirección", { exact: true }).fill("Plaza del Río 2");
    await actualizar.click();
    await expect(alerta(page).textContent()).resolves.toBe(mensajes.debesAceptarPrivacidad);
    await tarjeta.getByRole("checkbox", { name: /política de privacidad/ }).check();
    await tarjeta.getByLabel("Nombre").fill("Asociación Río Bravo");
    await tarjeta
      .getByLabel("Seleccionar nuevo logo")
      .setInputFiles({ name: "nuevo.jpg", mimeType: "image/png", buffer: await png(90, 90) });
    await expect(logoCargado(page, "Vista previa del logo elegido")).resolves.toBe(true);
    await actualizar.click();
    await expect(estado(page).filter({ hasText: mensajes.datosActualizados }).textContent()).resolves.toBe(
      mensajes.datosActualizados,
    );
    // The list is read again: the new name, its page and the stored new logo
    await tarjeta.getByRole("heading", { level: 2, name: "Asociación Río Bravo" }).waitFor();
    await expect(tarjeta.getByRole("link", { name: /Ver página/ }).getAttribute("href")).resolves.toBe(
      organizacionPath("Asociación Río Bravo", id),
    );
    await expect(logoCargado(page, "Logo de Asociación Río Bravo")).resolves.toBe(true);
    const [fila] = await query<{ nombre: string; direccion: string; width: number }>(
      db(),
      "SELECT o.nombre, o.direccion, a.width FROM organizacion o JOIN archivo a ON a.id = o.archivo_logo_id WHERE o.id = $1",
      [id],
    );
    expect(fila).toEqual({ nombre: "Asociación Río Bravo", direccion: "Plaza del Río 2", width: 90 });
    await capturas(page, "tus-organizaciones-actualizada");

    // Delete: cancelling keeps it; confirming removes it and shows the empty text
    await tarjeta.getByRole("button", { name: "Eliminar" }).click();
    const dialogo = page.getByRole("dialog", { name: "Eliminar organización" });
    await dialogo.waitFor();
    await expect(dialogo.getByText(mensajes.eliminarOrgConfirmacion).count()).resolves.toBe(1);
    await sinViolaciones(page);
    await dialogo.getByRole("button", { name: "Cancelar" }).click();
    await expect(dialogo.isVisible()).resolves.toBe(false);
    expect(await query(db(), "SELECT 1 FROM organizacion WHERE id = $1", [id])).toHaveLength(1);
    await tarjeta.getByRole("button", { name: "Eliminar" }).click();
    await dialogo.getByRole("button", { name: "Eliminar" }).click();
    await main.getByText(mensajes.sinOrganizaciones).waitFor();
    await expect(estado(page).filter({ hasText: mensajes.orgEliminada }).count()).resolves.toBe(1);
    await expect(main.getByRole("link", { name: "Crear una organización" }).getAttribute("href")).resolves.toBe(
      "/crear-organizacion",
    );
    expect(await query(db(), "SELECT 1 FROM organizacion WHERE id = $1", [id])).toEqual([]);

    // After a reload too, for good
    await page.reload();
    await expect(main.getByText(mensajes.sinOrganizaciones).count()).resolves.toBe(1);
    await expect(main.getByRole("article").count()).resolves.toBe(0);
    await capturas(page, "tus-organizaciones-vacia");
    await ctx.close();
  });

  it("shows 'Planes Creados' as a dashboard: each plan's state, listed ones first, and Ver, Editar and Duplicar, or the empty text", async () => {
    const usuario = await confirmedUser();
    const origin = await freshOrigin();
    const DIA = 86_400_000;
    const plan = await insertPlan({
      usuarioId: usuario.id,
      origin,
      titulo: "Concierto en la plaza",
      fechaInicio: new Date(Date.now() + 9 * DIA),
      fechaFin: new Date(Date.now() + 9.1 * DIA),
    });
    const destacado = await insertPlan({
      usuarioId: usuario.id,
      origin,
      titulo: "Feria destacada",
      destacadoHasta: new Date(Date.now() + 3 * DIA),
      fechaInicio: new Date(Date.now() + 2 * DIA),
      fechaFin: new Date(Date.now() + 2.1 * DIA),
    });
    // Its featuring ended yesterday: a plain published plan again.
    await insertPlan({
      usuarioId: usuario.id,
      origin,
      titulo: "Mercado ya sin destacar",
      destacadoHasta: new Date(Date.now() - DIA),
      fechaInicio: new Date(Date.now() + 5 * DIA),
      fechaFin: new Date(Date.now() + 5.1 * DIA),
    });
    const oculto = await insertPlan({
      usuarioId: usuario.id,
      origin,
      titulo: "Taller aún oculto",
      visible: false,
      tipo: "experiencia",
      horarios: [{ diaSemana: 6, horaInicio: "10:00", horaFin: "12:00" }],
    });
    const pasado = await insertPlan({
      usuarioId: usuario.id,
      origin,
      titulo: "Fiesta del verano pasado",
      fechaInicio: new Date(Date.now() - 40 * DIA),
      fechaFin: new Date(Date.now() - 39 * DIA),
    });
    await query(db(), "UPDATE plan SET enlace_web_exterior = 'https://example.com/concierto' WHERE id = $1", [plan]);
    const otro = await confirmedUser();
    await insertPlan({ usuarioId: otro.id, origin, titulo: "De otra persona" });

    for (const viewport of [
      { width: 390, height: 844 },
      { width: 1280, height: 800 },
    ]) {
      const ctx = await contexto(usuario, viewport);
      const page = await abrir(ctx, "/mis-planes");
      const main = page.locator("main");
      await expect(main.getByRole("heading", { level: 1 }).textContent()).resolves.toBe("Planes Creados");
      // Its own plans only, hidden and finished ones too: what people find now first (soonest first), then hidden, then finished.
      await expect(main.getByRole("heading", { level: 2 }).allTextContents()).resolves.toEqual([
        "Feria destacada",
        "Mercado ya sin destacar",
        "Concierto en la plaza",
        "Taller aún oculto",
        "Fiesta del verano pasado",
      ]);
      await expect(main.getByText("De otra persona").count()).resolves.toBe(0);
      await expect(main.getByText(mensajes.sinPlanesCreados).count()).resolves.toBe(0);
      const fila = (titulo: string) => main.locator("article", { has: page.getByRole("heading", { name: titulo }) });
      const estados = (titulo: string) => fila(titulo).locator("p").first().textContent();
      await expect(estados("Concierto en la plaza")).resolves.toBe("PublicadoEvento");
      await expect(estados("Feria destacada")).resolves.toBe("PublicadoDestacadoEvento");
      await expect(estados("Mercado ya sin destacar")).resolves.toBe("PublicadoEvento");
      await expect(estados("Taller aún oculto")).resolves.toBe("OcultoExperiencia");
      await expect(estados("Fiesta del verano pasado")).resolves.toBe("FinalizadoEvento");
      await expect(fila("Taller aún oculto").textContent()).resolves.toContain(
        "No aparece en las búsquedas ni tiene página pública",
      );

      // The title and 'Ver' open the public page (ours, never the external web); nothing opens the edit form by surprise.
      await expect(
        fila("Concierto en la plaza").getByRole("heading").getByRole("link").getAttribute("href"),
      ).resolves.toBe(planPath("Concierto en la plaza", plan));
      await expect(
        fila("Concierto en la plaza").getByRole("link", { name: /^Ver/ }).getAttribute("href"),
      ).resolves.toBe(planPath("Concierto en la plaza", plan));
      await expect(
        fila("Fiesta del verano pasado").getByRole("link", { name: /^Ver/ }).getAttribute("href"),
      ).resolves.toBe(planPath("Fiesta del verano pasado", pasado));
      // A hidden plan has no page: no link, and the row says so.
      await expect(fila("Taller aún oculto").getByRole("heading").getByRole("link").count()).resolves.toBe(0);
      await expect(fila("Taller aún oculto").getByRole("link", { name: /^Ver/ }).count()).resolves.toBe(0);
      await expect(fila("Taller aún oculto").getByText("Sin página pública").count()).resolves.toBe(1);
      for (const [titulo, id] of [
        ["Concierto en la plaza", plan],
        ["Feria destacada", destacado],
        ["Taller aún oculto", oculto],
        ["Fiesta del verano pasado", pasado],
      ]) {
        await expect(
          fila(titulo)
            .getByRole("link", { name: `Editar «${titulo}»` })
            .getAttribute("href"),
        ).resolves.toBe(`/editar-plan/${id}`);
        await expect(
          fila(titulo)
            .getByRole("link", { name: `Duplicar «${titulo}»` })
            .getAttribute("href"),
        ).resolves.toBe(`/publicar?duplicar=${id}`);
        await expect(
          fila(titulo)
            .getByRole("button", { name: `Eliminar «${titulo}»` })
            .count(),
        ).resolves.toBe(1);
        await expect(main.locator(`a[href="/editar-plan/${id}"]`).count()).resolves.toBe(1);
      }
      await captura(page, `publish-mis-planes-${viewport.width}`, { fullPage: true });

      if (viewport.width === 390) {
        // Each action goes where it says.
        await fila("Concierto en la plaza").getByRole("link", { name: /^Ver/ }).click();
        await page.waitForURL((u) => u.pathname === planPath("Concierto en la plaza", plan));
        await page.goBack();
        await fila("Taller aún oculto")
          .getByRole("link", { name: /^Editar/ })
          .click();
        await page.waitForURL((u) => u.pathname === `/editar-plan/${oculto}`);
        await expect(page.getByRole("heading", { level: 1 }).textContent()).resolves.toBe("Editar plan");
        await page.goBack();
        await fila("Fiesta del verano pasado")
          .getByRole("link", { name: /^Duplicar/ })
          .click();
        await page.waitForURL((u) => u.pathname === "/publicar");
        await page.locator("ol li[aria-current='step']", { hasText: "Datos" }).waitFor();
        await expect(page.getByLabel("Título").inputValue()).resolves.toBe("Fiesta del verano pasado");
        await page.evaluate((k) => localStorage.removeItem(k), `borradorPlan:${usuario.id}`);
      }
      await ctx.close();
    }

    const vacio = await contexto(await confirmedUser());
    const pagina = await abrir(vacio, "/mis-planes");
    await expect(pagina.locator("main").getByText(mensajes.sinPlanesCreados, { exact: true }).count()).resolves.toBe(1);
    await expect(pagina.locator("main article").count()).resolves.toBe(0);
    await capturas(pagina, "mis-planes-vacia");
    await vacio.close();
  }, 90_000);

  it("deletes a plan from 'Planes Creados' after the 'Eliminar Plan' confirmation, and the list says so without it", async () => {
    const usuario = await confirmedUser();
    const origin = await freshOrigin();
    const borrar = await insertPlan({ usuarioId: usuario.id, origin, titulo: "Rastrillo solidario" });
    await insertPlan({ usuarioId: usuario.id, origin, titulo: "Cine de verano" });
    const otro = await confirmedUser();
    const ajeno = await insertPlan({ usuarioId: otro.id, origin, titulo: "Plan de otra persona" });

    const ctx = await contexto(usuario, { width: 1280, height: 800 });
    const page = await abrir(ctx, "/mis-planes");
    const main = page.locator("main");
    const fila = main.locator("article", { has: page.getByRole("heading", { name: "Rastrillo solidario" }) });
    await fila.getByRole("button", { name: /^Eliminar/ }).click();
    const dialogo = page.getByRole("dialog", { name: mensajes.eliminarPlanTitulo });
    await dialogo.waitFor();
    await expect(dialogo.textContent()).resolves.toContain(mensajes.eliminarPlanConfirmacion);
    await sinViolaciones(page);
    await captura(page, "publish-mis-planes-eliminar-1280");
    await dialogo.getByRole("button", { name: "Cancelar" }).click();
    await dialogo.waitFor({ state: "hidden" });
    expect(await query(db(), "SELECT 1 FROM plan WHERE id = $1", [borrar])).toHaveLength(1);

    await fila.getByRole("button", { name: /^Eliminar/ }).click();
    await dialogo.getByRole("button", { name: "Eliminar", exact: true }).click();
    await expect.poll(() => estado(page).filter({ hasText: mensajes.planEliminado }).count()).toBe(1);
    await expect.poll(() => main.getByText("Rastrillo solidario").count()).toBe(0);
    await expect(main.getByRole("heading", { level: 2 }).allTextContents()).resolves.toEqual(["Cine de verano"]);
    expect(await query(db(), "SELECT 1 FROM plan WHERE id = $1", [borrar])).toEqual([]);
    await sinViolaciones(page);
    await captura(page, "publish-mis-planes-eliminado-1280", { fullPage: true });
    // Another person's plan cannot be deleted with this session: the API refuses and the plan stays.
    const r = await page.evaluate(async (id) => (await fetch(`/api/plan/${id}`, { method: "DELETE" })).status, ajeno);
    expect(r).toBe(403);
    expect(await query(db(), "SELECT 1 FROM plan WHERE id = $1", [ajeno])).toHaveLength(1);
    await ctx.close();
  });

  it("lists the saved plans in 'Planes guardados', each opening its page, or the empty text", async () => {
    const autora = await confirmedUser();
    const origin = await freshOrigin();
    const guardado = await insertPlan({ usuarioId: autora.id, origin, titulo: "Romería de San Isidro" });
    const externo = await insertPlan({ usuarioId: autora.id, origin, titulo: "Feria con web propia" });
    await insertPlan({ usuarioId: autora.id, origin, titulo: "Sin guardar" });
    await query(db(), "UPDATE plan SET enlace_web_exterior = 'https://example.com/feria' WHERE id = $1", [externo]);

    const usuario = await confirmedUser();
    const ctx = await contexto(usuario);
    const page = await abrir(ctx, "/planes-favoritos");
    const main = page.locator("main");
    await expect(main.getByRole("heading", { level: 1 }).textContent()).resolves.toBe("Planes guardados");
    await expect(main.getByText(mensajes.sinPlanesGuardados, { exact: true }).count()).resolves.toBe(1);
    await capturas(page, "planes-favoritos-vacia");

    for (const id of [externo, guardado]) {
      expect((await call("POST", `/api/plan/agregar-plan-favorito/${id}`, { token: usuario.token })).status).toBe(200);
    }
    await page.reload();
    await expect(main.getByText(mensajes.sinPlanesGuardados).count()).resolves.toBe(0);
    await expect(main.getByRole("list").getByRole("link").count()).resolves.toBe(2);
    await expect(main.getByRole("link", { name: /Romería de San Isidro/ }).getAttribute("href")).resolves.toBe(
      planPath("Romería de San Isidro", guardado),
    );
    await expect(main.getByRole("link", { name: /Feria con web propia/ }).getAttribute("href")).resolves.toBe(
      planPath("Feria con web propia", externo),
    );
    await expect(main.getByText("Sin guardar").count()).resolves.toBe(0);
    await capturas(page, "planes-favoritos");

    // Removing one (as the plan page does) takes it off the list
    expect((await call("PATCH", `/api/plan/eliminar-plan-favorito/${externo}`, { token: usuario.token })).status).toBe(
      200,
    );
    await page.reload();
    await expect(main.getByRole("list").getByRole("link").count()).resolves.toBe(1);
    await main.getByRole("link", { name: /Romería de San Isidro/ }).click();
    await page.waitForURL((u) => u.pathname === planPath("Romería de San Isidro", guardado));
    await ctx.close();
  });

  it("marks ended plans in 'Planes guardados' as finished and lists them after the upcoming ones", async () => {
    const autora = await confirmedUser();
    const origin = await freshOrigin();
    const DIA = 86_400_000;
    const proximo = await insertPlan({ usuarioId: autora.id, origin, titulo: "Mercado de Navidad" });
    const experiencia = await insertPlan({
      usuarioId: autora.id,
      origin,
      titulo: "Visita a la almazara",
      tipo: "experiencia",
      horarios: [{ diaSemana: 6, horaInicio: "10:00", horaFin: "12:00" }],
    });
    const acabado = await insertPlan({
      usuarioId: autora.id,
      origin,
      titulo: "Verbena de agosto",
      fechaInicio: new Date(Date.now() - 90 * DIA),
      fechaFin: new Date(Date.now() - 89 * DIA),
    });
    const usuario = await confirmedUser();
    // Saved last, so "most recently saved first" alone would put the ended plan on top.
    for (const id of [proximo, experiencia, acabado]) {
      expect((await call("POST", `/api/plan/agregar-plan-favorito/${id}`, { token: usuario.token })).status).toBe(200);
    }
    for (const viewport of [
      { width: 390, height: 844 },
      { width: 1280, height: 800 },
    ]) {
      const ctx = await contexto(usuario, viewport);
      const page = await abrir(ctx, "/planes-favoritos");
      const main = page.locator("main");
      await expect(main.getByRole("heading", { level: 2 }).allTextContents()).resolves.toEqual([
        "Visita a la almazara",
        "Mercado de Navidad",
        "Verbena de agosto",
      ]);
      const tarjeta = (titulo: string) => main.locator("article", { has: page.getByRole("heading", { name: titulo }) });
      await expect(
        tarjeta("Verbena de agosto").getByText(mensajes.planFinalizado, { exact: true }).isVisible(),
      ).resolves.toBe(true);
      await expect(main.getByRole("link", { name: /Verbena de agosto/ }).getAttribute("href")).resolves.toBe(
        planPath("Verbena de agosto", acabado),
      );
      for (const titulo of ["Mercado de Navidad", "Visita a la almazara"]) {
        await expect(tarjeta(titulo).textContent()).resolves.not.toContain(mensajes.planFinalizado);
      }
      await captura(page, `planpage-guardados-${viewport.width}`, { fullPage: true });
      await ctx.close();
    }
  });
});

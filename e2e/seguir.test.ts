import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sinViolaciones } from "@/test-support/axe";
import { query } from "@/test-support/database";
import { png } from "@/test-support/forms";
import { insertPlan, insertUser } from "@/test-support/plans";
import { municipioDelNomenclator } from "@/test-support/seguimientos";
import { contextoConectado } from "@/test-support/session-context";
import { confirmedUser, uniqueEmail } from "@/test-support/users";
import { launchBrowser, captura } from "@/test-support/browser";
import { createPrismaClient } from "@/lib/db/client";
import { diaEnMadrid, instanteEnMadrid, lunesDe, sumarDias } from "@/lib/dates";
import { enviarResumenes } from "@/lib/seguimientos/resumen-semanal";
import { conDatos, mensajes } from "@/lib/messages";
import { urlBusqueda, leerEstado } from "@/lib/busqueda/estado";
import { appUrl } from "@/test-support/worker";

const db = () => process.env.DATABASE_URL!;

async function capturas(page: Page, nombre: string) {
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.setViewportSize({ width: 390, height: 844 });
  await captura(page, `${nombre}-390`, { fullPage: true });
  await page.setViewportSize({ width: 1280, height: 800 });
  await captura(page, `${nombre}-1280`, { fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
}

describe("follow my town in the browser", () => {
  let browser: Browser;
  let pueblo: Awaited<ReturnType<typeof municipioDelNomenclator>>;
  const autoras: string[] = [];
  const prisma = createPrismaClient(process.env.DATABASE_URL, 2);
  beforeAll(async () => {
    browser = await launchBrowser();
    pueblo = await municipioDelNomenclator();
  });
  afterAll(async () => {
    await browser?.close();
    await query(db(), "DELETE FROM plan WHERE usuario_id = ANY($1::text[])", [autoras]);
    await prisma.$disconnect();
  });

  const busqueda = () =>
    urlBusqueda({ ...leerEstado({}), municipio: pueblo.nombre, lat: pueblo.lat, lng: pueblo.lng, radio: 20 });

  it("follows by e-mail at 390×844 through the double opt-in link of the outbox, then manages and unsubscribes", async () => {
    const ctx = await contextoConectado(browser, null);
    const page = await ctx.newPage();
    await page.goto(`${appUrl()}${busqueda()}`);
    // No plans around yet: "Seguir {municipio}" opens the follow card in place.
    await page.locator("summary", { hasText: conDatos(mensajes.seguirBoton, { municipio: pueblo.nombre }) }).click();
    const control = page.getByRole("region", { name: conDatos(mensajes.seguirTitulo, { municipio: pueblo.nombre }) });
    await control.scrollIntoViewIfNeeded();
    await captura(control, `control-seguir-anonimo-390`);
    const email = uniqueEmail("navegador");
    await control.getByLabel(mensajes.seguirCorreoEtiqueta).fill(email);
    await control.getByRole("button", { name: mensajes.seguirEnviar }).click();
    await expect.poll(() => control.getByRole("status").textContent()).toBe(mensajes.seguirConfirmaCorreo);
    await captura(control, `control-seguir-enviado-390`);
    await sinViolaciones(page);

    // The link of the e-mail, as the outbox row has it.
    const [{ text }] = await query<{ text: string }>(
      db(),
      `SELECT text FROM email_outbox WHERE "to" = $1 ORDER BY created_at DESC LIMIT 1`,
      [email],
    );
    const enlace = text.match(/https?:\/\/\S+\/seguimientos\/confirmar\/[A-Za-z0-9_-]{43}/)![0];
    await page.goto(enlace);
    await expect(
      page.getByRole("heading", { name: conDatos(mensajes.seguimientoConfirmarTitulo, { municipio: pueblo.nombre }) }),
    ).toBeTruthy();
    await capturas(page, "confirmar");
    await page.getByRole("button", { name: mensajes.seguimientoConfirmarBoton }).click();
    await expect
      .poll(() => page.getByRole("status").textContent())
      .toBe(conDatos(mensajes.seguimientoConfirmado, { municipio: pueblo.nombre }));
    await capturas(page, "confirmado");
    const [fila] = await query<{ radio: number; confirmado_en: Date | null }>(
      db(),
      "SELECT radio, confirmado_en FROM seguimiento WHERE email = $1",
      [email],
    );
    expect(fila.radio).toBe(20);
    expect(fila.confirmado_en).not.toBeNull();

    await page.getByRole("link", { name: mensajes.seguimientosGestionar }).click();
    await page.waitForURL(/\/seguimientos\/gestionar\//);
    await page.getByRole("heading", { name: mensajes.seguimientosTitulo }).waitFor();
    await capturas(page, "gestionar");
    await page.getByLabel(mensajes.seguimientoRadioEtiqueta).selectOption("10");
    await page.getByLabel("Infantil").check();
    await page.getByRole("button", { name: `${mensajes.seguimientoGuardar} ${pueblo.nombre}` }).click();
    await expect.poll(() => page.getByRole("status").textContent()).toBe(mensajes.seguimientoGuardado);
    await expect(
      query(db(), "SELECT radio, categorias::text FROM seguimiento WHERE email = $1", [email]),
    ).resolves.toEqual([{ radio: 10, categorias: "{Infantil}" }]);

    await page.getByRole("link", { name: mensajes.bajaTitulo }).click();
    await page.waitForURL(/\/seguimientos\/baja\//);
    await capturas(page, "baja");
    await page.getByRole("button", { name: mensajes.bajaBoton }).click();
    await expect.poll(() => page.getByRole("status").textContent()).toBe(mensajes.bajaHecha);
    await expect(query(db(), "SELECT 1 FROM seguimiento WHERE email = $1", [email])).resolves.toEqual([]);

    // A link that does not exist: the 404 page, in Spanish.
    const res = await page.goto(`${appUrl()}/seguimientos/gestionar/${"z".repeat(43)}`);
    expect(res?.status()).toBe(404);
    await expect(page.getByText(mensajes.seguimientoEnlaceNoValido).textContent()).resolves.toBeTruthy();
    await ctx.close();
  }, 90_000);

  it("follows with one tap when logged in, and /perfil lists the towns", async () => {
    const ana = await confirmedUser("Ana Navegador");
    const ctx = await contextoConectado(browser, ana);
    const page = await ctx.newPage();
    await page.goto(`${appUrl()}${busqueda()}`);
    // No plans around yet: "Seguir {municipio}" opens the follow card in place.
    await page.locator("summary", { hasText: conDatos(mensajes.seguirBoton, { municipio: pueblo.nombre }) }).click();
    const control = page.getByRole("region", { name: conDatos(mensajes.seguirTitulo, { municipio: pueblo.nombre }) });
    await control.scrollIntoViewIfNeeded();
    await captura(control, `control-seguir-sesion-390`);
    await capturas(page, "portada-con-seguir");
    await control.getByRole("button", { name: conDatos(mensajes.seguirBoton, { municipio: pueblo.nombre }) }).click();
    await expect
      .poll(() => control.getByRole("status").textContent())
      .toBe(conDatos(mensajes.seguirHecho, { municipio: pueblo.nombre }));
    await expect(
      query(db(), "SELECT radio, categorias::text FROM seguimiento WHERE usuario_id = $1", [ana.id]),
    ).resolves.toEqual([{ radio: 20, categorias: "{}" }]);

    await page.goto(`${appUrl()}/perfil`);
    const lista = page.getByRole("region", { name: mensajes.seguimientosTitulo });
    await lista.getByRole("heading", { name: pueblo.nombre }).waitFor();
    await capturas(page, "perfil");
    await lista.getByRole("button", { name: `${mensajes.seguimientoDejar} ${pueblo.nombre}` }).click();
    await expect
      .poll(() => lista.getByRole("status").textContent())
      .toBe(conDatos(mensajes.seguimientoEliminado, { municipio: pueblo.nombre }));
    await expect(query(db(), "SELECT 1 FROM seguimiento WHERE usuario_id = $1", [ana.id])).resolves.toEqual([]);
    await ctx.close();
  }, 90_000);

  it("renders the weekly e-mail's HTML", async () => {
    const hoy = diaEnMadrid();
    let jueves = sumarDias(lunesDe(hoy), 3);
    if (instanteEnMadrid(jueves, "10:00") < new Date()) jueves = sumarDias(jueves, 7);
    const sabado = sumarDias(jueves, 2);
    const autora = await insertUser();
    autoras.push(autora);
    const titulos = ["Mercado medieval", "Ruta de las ermitas", "Concierto en la plaza"];
    for (const [i, titulo] of titulos.entries()) {
      const id = await insertPlan({
        usuarioId: autora,
        origin: pueblo,
        titulo,
        distanciaM: 800 + i * 3000,
        fechaInicio: instanteEnMadrid(i === 2 ? sumarDias(jueves, 6) : sabado, "18:00"),
        fechaFin: instanteEnMadrid(i === 2 ? sumarDias(jueves, 6) : sabado, "21:00"),
      });
      const [{ id: archivo }] = await query<{ id: string }>(
        db(),
        `INSERT INTO archivo (url, nombre, path, content_type, md5sum, hash, width, height, size)
         VALUES ('/media/carteles/' || $1 || '/original.webp', 'cartel.png', 'carteles/' || $1 || '/original.webp',
                 'image/webp', repeat('a', 32), repeat('b', 64), 600, 800, 1000) RETURNING id`,
        [id],
      );
      await query(db(), "UPDATE plan SET archivo_cartel_id = $1 WHERE id = $2", [archivo, id]);
    }
    const email = uniqueEmail("html");
    await query(
      db(),
      "INSERT INTO seguimiento (email, municipio_ine, radio, confirmado_en) VALUES ($1, $2, 20, now())",
      [email, pueblo.ine],
    );
    await enviarResumenes(prisma, instanteEnMadrid(jueves, "10:00"));
    const [{ html }] = await query<{ html: string }>(db(), `SELECT html FROM email_outbox WHERE "to" = $1`, [email]);
    const ctx = await browser.newContext({ viewport: { width: 390, height: 844 } });
    const cartel = await png(300, 400);
    // The posters' absolute URLs point at the site: a blue poster stands in for each.
    await ctx.route("**/*", (r) =>
      r.request().resourceType() === "image"
        ? r.fulfill({ status: 200, contentType: "image/png", body: cartel })
        : r.abort(),
    );
    const page = await ctx.newPage();
    await page.setContent(html);
    for (const t of titulos) await expect(page.getByRole("link", { name: t }).count()).resolves.toBeGreaterThan(0);
    await captura(page, `correo-390`, { fullPage: true });
    await page.setViewportSize({ width: 1280, height: 800 });
    await captura(page, `correo-1280`, { fullPage: true });
    await ctx.close();
  }, 60_000);
});

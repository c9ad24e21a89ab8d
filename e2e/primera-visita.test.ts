import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { query } from "@/test-support/database";
import { freshOrigin, insertPlan, insertUser } from "@/test-support/plans";
import { mensajes } from "@/lib/messages";
import { palabrasPlanes, planesTexto } from "@/lib/plans/cantidades";
import es from "@/mensajes/es.json";
import { ventanaFechas } from "@/lib/busqueda/estado";
import { sinViolaciones } from "@/test-support/axe";
import { launchBrowser, captura } from "@/test-support/browser";
import { appUrl } from "@/test-support/worker";

const db = () => process.env.DATABASE_URL!;
const HORA = 3_600_000;
const VISTAS = [
  { nombre: "390", viewport: { width: 390, height: 844 } },
  { nombre: "1280", viewport: { width: 1280, height: 800 } },
] as const;
// Cudillero (Asturias): no other test puts plans near it. Its gazetteer point, and a spot in
// the town a few hundred metres away, where 'Usar mi ubicación' says the person is.
const CUDILLERO = { ine: "33021", lat: 43.56217, lng: -6.14589 };
const EN_CUDILLERO = { latitude: 43.5635, longitude: -6.1475 };
/** How many plans the test lists in Cudillero, so that it is among the towns with most plans. */
const PLANES_CUDILLERO = 40;

/** The search that was on its way has landed. */
const listos = (page: Page) => page.locator('#resultados[aria-busy="false"]').waitFor();

describe("first visit and empty states in Chromium", () => {
  let browser: Browser;
  const sufijo = Math.random().toString(36).slice(2, 7);
  const t = (nombre: string) => `${nombre} ${sufijo}`;
  const titulos = {
    finde: t("Paseo por el puerto"),
    destacado: t("Fiesta del Pixueto"),
    vacio: t("Regata lejana"),
  };
  let vacio: { lat: number; lng: number };

  beforeAll(async () => {
    browser = await launchBrowser();
    const usuarioId = await insertUser();
    // After this weekend and the next two: never in 'Este finde'.
    const despues = ventanaFechas("finDeSemana", 2)!.hasta.getTime() + HORA;
    const origin = { lat: CUDILLERO.lat, lng: CUDILLERO.lng };
    // Open every day, with no dates: always in 'Este finde'.
    await insertPlan({
      usuarioId,
      origin,
      distanciaM: 300,
      titulo: titulos.finde,
      tipo: "experiencia",
      fechaInicio: null,
      fechaFin: null,
      horarios: [0, 1, 2, 3, 4, 5, 6].map((diaSemana) => ({ diaSemana, horaInicio: "10:00", horaFin: "18:00" })),
    });
    // Featured and already on: first among the featured plans, soonest first.
    await insertPlan({
      usuarioId,
      origin,
      distanciaM: 500,
      titulo: titulos.destacado,
      destacadoHasta: new Date(despues + HORA),
      fechaInicio: new Date(Date.now() - HORA),
      fechaFin: new Date(despues + HORA),
    });
    for (let i = 2; i < PLANES_CUDILLERO; i++) {
      await insertPlan({
        usuarioId,
        origin,
        distanciaM: 200 + i * 50,
        rumbo: i * 9,
        titulo: t(`Plan ${i}`),
        fechaInicio: new Date(despues),
        fechaFin: new Date(despues + 2 * HORA),
      });
    }
    await query(db(), "UPDATE plan SET municipio = 'Cudillero', municipio_ine = $1 WHERE titulo LIKE $2", [
      CUDILLERO.ine,
      `% ${sufijo}`,
    ]);
    // A place of its own for the empty results: one sports plan 30 km away, after this weekend.
    vacio = await freshOrigin();
    await insertPlan({
      usuarioId,
      origin: vacio,
      distanciaM: 30_000,
      titulo: titulos.vacio,
      categorias: ["Deporte"],
      fechaInicio: new Date(despues),
      fechaFin: new Date(despues + HORA),
    });
  });
  afterAll(async () => {
    await query(db(), "DELETE FROM plan WHERE titulo LIKE $1", [`% ${sufijo}`]);
    await browser?.close();
  });

  const contexto = (viewport: { width: number; height: number }, extra: Parameters<Browser["newContext"]>[0] = {}) =>
    browser.newContext({ viewport, ...extra });
  const cerrar = async (c: BrowserContext) => c.close();

  it.each(VISTAS)(
    "shows featured plans and the towns with most plans on a first visit, and a town runs its search (%s)",
    async ({ nombre, viewport }) => {
      const ctx = await contexto(viewport);
      const page = await ctx.newPage();
      await page.goto(appUrl());

      // The featured plans still listed, soonest first, as the database has them.
      const esperados = await query<{ titulo: string }>(
        db(),
        `SELECT titulo FROM plan WHERE destacado_hasta > now() AND visible AND (fecha_fin IS NULL OR fecha_fin >= now()) ORDER BY fecha_inicio, id LIMIT 6`,
      );
      expect(esperados.map((e) => e.titulo)).toContain(titulos.destacado);
      const destacados = page.getByRole("region", { name: "Destacados" });
      await expect(destacados.locator("article h3").allTextContents()).resolves.toEqual(esperados.map((e) => e.titulo));

      // Towns by listed plans, most first; Cudillero with every plan of this test.
      const pueblos = page.getByRole("region", { name: "Pueblos con más planes" });
      const enlaces = pueblos.getByRole("link");
      const textos = await enlaces.allTextContents();
      expect(textos.length).toBeGreaterThan(0);
      expect(textos.length).toBeLessThanOrEqual(8);
      const cuentas = textos.map((x) => Number(/· ([\d.]+) plan(?:es)?$/.exec(x)![1].replace(/\./g, "")));
      expect(cuentas).toEqual([...cuentas].sort((a, b) => b - a));
      const cudillero = pueblos.getByRole("link", { name: /^Cudillero/ });
      await expect(cudillero.textContent()).resolves.toBe(
        `CudilleroAsturias · ${planesTexto(PLANES_CUDILLERO, palabrasPlanes("es", es.buscador, es.busqueda))}`,
      );
      await captura(page, `primera-visita-${nombre}`, { fullPage: true });

      await cudillero.click();
      await page.waitForURL(/municipio=Cudillero/);
      const url = new URL(page.url());
      expect(Number(url.searchParams.get("lat"))).toBeCloseTo(CUDILLERO.lat, 4);
      expect(Number(url.searchParams.get("lng"))).toBeCloseTo(CUDILLERO.lng, 4);
      await page.getByRole("heading", { name: "Planes cerca de Cudillero" }).waitFor();
      await expect(page.getByRole("heading", { name: titulos.destacado }).count()).resolves.toBe(1);
      await cerrar(ctx);
    },
  );

  it.each(VISTAS)("'Usar mi ubicación' searches the nearest town this weekend (%s)", async ({ nombre, viewport }) => {
    const ctx = await contexto(viewport, { permissions: ["geolocation"], geolocation: EN_CUDILLERO });
    const page = await ctx.newPage();
    await page.goto(appUrl());
    await page.getByRole("button", { name: "Usar mi ubicación" }).click();
    await page.waitForURL(/municipio=Cudillero/);
    const url = new URL(page.url());
    expect(url.searchParams.get("fecha")).toBe("finDeSemana");
    expect(Number(url.searchParams.get("lat"))).toBeCloseTo(CUDILLERO.lat, 4);
    await page.getByRole("heading", { name: "Planes cerca de Cudillero" }).waitFor();
    await expect(
      page
        .getByRole("group", { name: "Fecha" })
        .getByRole("button", { name: "Este finde", exact: true })
        .getAttribute("aria-pressed"),
    ).resolves.toBe("true");
    await expect(page.getByRole("combobox", { name: "¿Dónde buscas planes?" }).inputValue()).resolves.toBe("Cudillero");
    const mios = (await page.locator("main article").getByRole("heading").allTextContents()).filter((x) =>
      x.endsWith(sufijo),
    );
    // Featured first; the other plans of Cudillero are after this weekend.
    expect(mios).toEqual([titulos.destacado, titulos.finde]);
    await captura(page, `primera-ubicacion-${nombre}`);

    // Picked as if typed: the next visit runs the same place again.
    await page.goto(appUrl());
    await page.waitForURL(/municipio=Cudillero/);
    await cerrar(ctx);
  });

  it.each(VISTAS)("says so when the location is refused, and stays where it was (%s)", async ({ viewport }) => {
    const ctx = await contexto(viewport);
    await ctx.clearPermissions();
    const page = await ctx.newPage();
    await page.goto(appUrl());
    await page.getByRole("button", { name: "Usar mi ubicación" }).click();
    await expect(page.locator("main").getByRole("alert").textContent()).resolves.toBe(mensajes.ubicacionDenegada);
    expect(new URL(page.url()).search).toBe("");
    await expect(page.getByRole("region", { name: "Destacados" }).isVisible()).resolves.toBe(true);
    await cerrar(ctx);
  });

  it.each(VISTAS)(
    "offers only the fixes that apply to an empty search, each widening it (%s)",
    async ({ nombre, viewport }) => {
      const ctx = await contexto(viewport);
      const page = await ctx.newPage();
      const base = `/?municipio=Isla&lat=${vacio.lat}&lng=${vacio.lng}`;
      await page.goto(`${appUrl()}${base}&radio=10&categorias=Cultura&fecha=hoy`);
      const resultados = page.locator("#resultados");
      const arreglos = () =>
        resultados.getByRole("list", { name: "Ampliar la búsqueda" }).getByRole("link").allTextContents();
      await expect(resultados.getByText(mensajes.sinPlanes).count()).resolves.toBe(1);
      await expect(arreglos()).resolves.toEqual(["Ampliar a 50 km", "Todas las categorías", "Cualquier fecha"]);
      await captura(page, `primera-vacio-${nombre}`, { fullPage: true });

      const parametros = () => Object.fromEntries(new URL(page.url()).searchParams);
      const donde = { municipio: "Isla", lat: String(vacio.lat), lng: String(vacio.lng) };
      await resultados.getByRole("link", { name: "Ampliar a 50 km" }).click();
      await page.waitForURL((u) => !u.searchParams.has("radio"));
      await listos(page);
      expect(parametros()).toEqual({ ...donde, categorias: "Cultura", fecha: "hoy" });
      await expect(arreglos()).resolves.toEqual(["Todas las categorías", "Cualquier fecha"]);

      await resultados.getByRole("link", { name: "Cualquier fecha" }).click();
      await page.waitForURL((u) => !u.searchParams.has("fecha"));
      await listos(page);
      expect(parametros()).toEqual({ ...donde, categorias: "Cultura" });
      await expect(arreglos()).resolves.toEqual(["Todas las categorías (1 plan)"]);

      await resultados.getByRole("link", { name: "Todas las categorías" }).click();
      await page.waitForURL((u) => !u.searchParams.has("categorias"));
      await listos(page);
      expect(parametros()).toEqual(donde);
      await resultados.getByRole("heading", { name: titulos.vacio }).waitFor();
      await expect(resultados.getByText(mensajes.sinPlanes).count()).resolves.toBe(0);
      await cerrar(ctx);
    },
  );

  it.each(VISTAS)("the fixes are plain links without JavaScript (%s)", async ({ viewport }) => {
    const ctx = await contexto(viewport, { javaScriptEnabled: false });
    const page = await ctx.newPage();
    await page.goto(
      `${appUrl()}/?municipio=Isla&lat=${vacio.lat}&lng=${vacio.lng}&radio=20&categorias=Deporte&fecha=hoy`,
    );
    const resultados = page.locator("#resultados");
    await expect(
      resultados.getByRole("list", { name: "Ampliar la búsqueda" }).getByRole("link").allTextContents(),
    ).resolves.toEqual(["Ampliar a 50 km", "Todas las categorías", "Cualquier fecha"]);
    await resultados.getByRole("link", { name: "Cualquier fecha" }).click();
    await page.waitForURL((u) => !u.searchParams.has("fecha"));
    expect(new URL(page.url()).searchParams.get("radio")).toBe("20");
    expect(new URL(page.url()).searchParams.get("categorias")).toBe("Deporte");
    await expect(resultados.getByRole("link", { name: "Ampliar a 50 km" }).count()).resolves.toBe(1);
    await resultados.getByRole("link", { name: "Ampliar a 50 km" }).click();
    await page.waitForURL((u) => !u.searchParams.has("radio"));
    // The sports plan 30 km away, with the sports filter kept.
    expect(new URL(page.url()).searchParams.get("categorias")).toBe("Deporte");
    await resultados.getByRole("heading", { name: titulos.vacio }).waitFor();
    await cerrar(ctx);
  });

  it.each(VISTAS)("the 404 page offers a way back to the plans (%s)", async ({ nombre, viewport }) => {
    const ctx = await contexto(viewport);
    const page = await ctx.newPage();
    const res = await page.goto(`${appUrl()}/esto-no-existe`);
    expect(res?.status()).toBe(404);
    await expect(page.getByRole("heading", { level: 1 }).textContent()).resolves.toBe(mensajes.paginaNoEncontrada);
    await expect(
      page.locator("main").getByRole("link", { name: "Publicar un plan" }).getAttribute("href"),
    ).resolves.toBe("/publicar");
    await captura(page, `primera-404-${nombre}`);
    await page.locator("main").getByRole("link", { name: "Buscar planes" }).click();
    await page.waitForURL((u) => u.pathname === "/");
    await page.getByRole("combobox", { name: "¿Dónde buscas planes?" }).waitFor();
    await cerrar(ctx);
  });

  it.each(VISTAS)(
    "a confirmation link that fails offers a new one, logging in and the plans (%s)",
    async ({ nombre, viewport }) => {
      const ctx = await contexto(viewport);
      const page = await ctx.newPage();
      await page.goto(`${appUrl()}/confirmar-cuenta/enlace-que-no-vale-${sufijo}`);
      await expect(page.getByRole("heading", { level: 1 }).textContent()).resolves.toBe(mensajes.enlaceNoValido);
      const main = page.locator("main");
      await expect(main.getByRole("link", { name: "Iniciar sesión" }).getAttribute("href")).resolves.toBe(
        "/iniciar-sesion",
      );
      await expect(main.getByRole("link", { name: "Buscar planes" }).getAttribute("href")).resolves.toBe("/");
      await main.getByLabel("Correo electrónico").fill(`nadie-${sufijo}-${nombre}@example.com`);
      await main.getByRole("button", { name: "Enviarme otro enlace" }).click();
      await expect(main.getByRole("status").textContent()).resolves.toBe(mensajes.confirmacionReenviada);
      await captura(page, `primera-confirmar-${nombre}`);
      await sinViolaciones(page, `confirmation link, new one sent, at ${nombre} px`);
      await main.getByRole("link", { name: "Iniciar sesión" }).click();
      await page.waitForURL(/\/iniciar-sesion$/);
      await cerrar(ctx);
    },
  );
});

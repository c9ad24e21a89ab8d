import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { query } from "@/test-support/database";
import { insertPlan, insertUser } from "@/test-support/plans";
import { cuandoEventoTexto, fechasTexto } from "@/lib/dates";
import { ventanaFechas } from "@/lib/busqueda/estado";
import { api } from "@/test-support/api";
import { conCookiesAceptadas, launchBrowser, captura } from "@/test-support/browser";
import { appUrl } from "@/test-support/worker";

// Frontera (El Hierro): no other test puts plans within 50 km of it.
const FRONTERA = { lat: 27.75404, lng: -18.00367 };
const HORA = 3_600_000;

describe("home search in Chromium", () => {
  let browser: Browser;
  const sufijo = Math.random().toString(36).slice(2, 7);
  const t = (nombre: string) => `${nombre} ${sufijo}`;
  const semana = ventanaFechas("semana", 0)!;
  const semanaQueViene = ventanaFechas("semana", 1)!;
  const mesQueViene = ventanaFechas("mes", 1)!;
  const planes = {
    cerca: {
      titulo: t("Concierto en la plaza"),
      inicio: new Date(Math.max(Date.now() + HORA, semana.hasta.getTime() - 3 * HORA)),
      horas: 1,
    },
    lejos: { titulo: t("Ruta del Julan"), inicio: new Date(semanaQueViene.desde.getTime() + 10 * HORA), horas: 30 },
    // In next month but never in next week (on 23 November both hold 2 December), so each
    // arrow shows one plan whatever the day the tests run.
    mes: {
      titulo: t("Feria del queso"),
      inicio: new Date(Math.max(mesQueViene.desde.getTime() + 40 * HORA, semanaQueViene.hasta.getTime() + 24 * HORA)),
      horas: 6,
    },
  };

  beforeAll(async () => {
    browser = await launchBrowser();
    const usuarioId = await insertUser();
    const fin = (p: { inicio: Date; horas: number }) => new Date(p.inicio.getTime() + p.horas * HORA);
    await insertPlan({
      usuarioId,
      origin: FRONTERA,
      distanciaM: 900,
      titulo: planes.cerca.titulo,
      categorias: ["Cultura"],
      fechaInicio: planes.cerca.inicio,
      fechaFin: fin(planes.cerca),
    });
    await insertPlan({
      usuarioId,
      origin: FRONTERA,
      distanciaM: 12_000,
      rumbo: 60,
      titulo: planes.lejos.titulo,
      categorias: ["Deporte"],
      fechaInicio: planes.lejos.inicio,
      fechaFin: fin(planes.lejos),
    });
    await insertPlan({
      usuarioId,
      origin: FRONTERA,
      distanciaM: 5_000,
      rumbo: 200,
      titulo: planes.mes.titulo,
      categorias: ["Gastronomía"],
      fechaInicio: planes.mes.inicio,
      fechaFin: fin(planes.mes),
    });
  });
  afterAll(async () => {
    await query(process.env.DATABASE_URL!, "DELETE FROM plan WHERE titulo LIKE $1", [`% ${sufijo}`]);
    await browser?.close();
  });

  /** The cards' titles, whatever their level (h3 right under the results' h2, h4 under a group's h3). */
  const titulos = async (page: Page) =>
    (await page.locator("main article").getByRole("heading").allTextContents()).filter((x) => x.endsWith(sufijo));
  /** The heading level of each card's title, as its tag. */
  const nivelesTarjetas = (page: Page) =>
    page
      .locator("main article")
      .evaluateAll((as) => [...new Set(as.map((a) => a.querySelector("h2, h3, h4, h5, h6")?.tagName))]);
  /** The date chips of the search bar. */
  const chipFecha = (page: Page, nombre: string) =>
    page.getByRole("group", { name: "Fecha" }).getByRole("button", { name: nombre, exact: true });
  const tarjeta = (page: Page, titulo: string) =>
    page.locator("main article", { has: page.getByRole("heading", { name: titulo }) });

  it("searches a town from the box and shows its plans with dates and distances", async () => {
    const contexto = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await contexto.newPage();
    await page.goto(appUrl());
    await page.getByRole("combobox", { name: "¿Dónde buscas planes?" }).fill("Fronter");
    await page.getByRole("option", { name: /^Frontera/ }).click();
    await page.waitForURL(/lat=27\.754/);
    expect(new URL(page.url()).searchParams.get("municipio")).toBe("Frontera");
    await expect(page.getByRole("heading", { name: "Planes cerca de Frontera" }).isVisible()).resolves.toBe(true);
    // By date, the web's order: this week's, next week's, next month's.
    expect(await titulos(page)).toEqual([planes.cerca.titulo, planes.lejos.titulo, planes.mes.titulo]);

    // Within 3 km the distance is hidden; beyond, it shows.
    // (The distance as the cards write it: a random title suffix such as "km45u" once matched / km/.)
    await expect(tarjeta(page, planes.cerca.titulo).textContent()).resolves.not.toMatch(/a \d+(,\d+)? km/);
    await expect(tarjeta(page, planes.lejos.titulo).textContent()).resolves.toContain("a 12 km");
    const fechaLejos = cuandoEventoTexto(
      planes.lejos.inicio.toISOString(),
      new Date(planes.lejos.inicio.getTime() + 30 * HORA).toISOString(),
    )!;
    expect(fechaLejos).toMatch(/^Del \d+ [a-z]{3}, \d\d:\d\d al /); // 30 hours: from one instant to another
    await expect(tarjeta(page, planes.lejos.titulo).textContent()).resolves.toContain(fechaLejos);
    await expect(tarjeta(page, planes.lejos.titulo).getByRole("link").getAttribute("href")).resolves.toMatch(
      /^\/plan\/Ruta-del-Julan-/,
    );

    // The place is remembered: the next visit to / runs the search again, without the promo block.
    await page.goto(appUrl());
    await page.waitForURL(/municipio=Frontera/);
    await expect(page.getByRole("heading", { name: "Llévate los planes en el bolsillo" }).count()).resolves.toBe(0);
    await captura(page, "home-busqueda-1280", { fullPage: true });

    const movil = await browser.newPage({ viewport: { width: 390, height: 844 } });
    await movil.goto(page.url());
    await captura(movil, "home-busqueda-390", { fullPage: true });
    await movil.close();
    await contexto.close();
  });

  it("narrows by category, distance and the date filter with its arrows (spec §4)", async () => {
    const ctx = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await ctx.newPage();
    const base = `${appUrl()}/?municipio=Frontera&lat=${FRONTERA.lat}&lng=${FRONTERA.lng}`;
    await page.goto(base);

    await page.getByRole("button", { name: "Deporte" }).click();
    await page.waitForURL(/categorias=Deporte/);
    expect(await titulos(page)).toEqual([planes.lejos.titulo]);
    // Without a date the cards are grouped by when: the groups' titles are h3, the cards' h4.
    await expect(nivelesTarjetas(page)).resolves.toEqual(["H4"]);
    const tarjetas = await page.locator("main article").count();
    await expect(page.locator("main section > h3 + ul article h4").count()).resolves.toBe(tarjetas);
    await page.getByRole("button", { name: "Cultura" }).click();
    await page.waitForURL(/categorias=Deporte%2CCultura/);
    expect(await titulos(page)).toEqual([planes.cerca.titulo, planes.lejos.titulo]);
    await page.getByRole("button", { name: "Todos" }).click();
    await page.waitForURL((u) => !u.searchParams.has("categorias"));
    await expect(page.getByRole("button", { name: "Todos" }).getAttribute("aria-pressed")).resolves.toBe("true");

    // Distance: 10 km leaves the 12 km plan out.
    await page.getByLabel(/Distancia/).fill("10");
    await page.waitForURL(/radio=10/);
    expect(await titulos(page)).toEqual([planes.cerca.titulo, planes.mes.titulo]);

    await page.goto(base);
    await chipFecha(page, "Esta semana").click();
    await page.waitForURL(/fecha=semana/);
    expect(await titulos(page)).toEqual([planes.cerca.titulo]);
    // By date the cards come under their day's h3 (their titles h4), under the results' h2.
    await expect(nivelesTarjetas(page)).resolves.toEqual(["H4"]);
    await expect(page.getByRole("button", { name: "Periodo anterior" }).count()).resolves.toBe(0);
    await page.getByRole("button", { name: "Periodo siguiente" }).click();
    await page.waitForURL(/desplazamiento=1/);
    expect(await titulos(page)).toEqual([planes.lejos.titulo]);
    await page.getByRole("button", { name: "Periodo anterior" }).click();
    await page.waitForURL((u) => u.searchParams.get("fecha") === "semana" && !u.searchParams.has("desplazamiento"));
    expect(await titulos(page)).toEqual([planes.cerca.titulo]);

    await chipFecha(page, "Este mes").click();
    await page.waitForURL(/fecha=mes/);
    await page.getByRole("button", { name: "Periodo siguiente" }).click();
    await page.waitForURL(/fecha=mes&desplazamiento=1/);
    expect(await titulos(page)).toContain(planes.mes.titulo);
    expect(await titulos(page)).not.toContain(planes.cerca.titulo);
    await ctx.close();
  });

  /** Waits until no search is on its way (the results and the panel are no longer busy). */
  const quieto = (page: Page) => page.waitForFunction(() => !document.querySelector('[aria-busy="true"]'));

  it("keeps the town when a category is tapped at once after choosing it (6 tries)", async () => {
    for (let intento = 0; intento < 6; intento++) {
      const ctx = await browser.newContext({ viewport: { width: 390, height: 844 } });
      const page = await ctx.newPage();
      await page.goto(appUrl());
      await page.getByRole("combobox", { name: "¿Dónde buscas planes?" }).fill("Fronter");
      await page.getByRole("option", { name: /^Frontera/ }).click();
      // As a person does: straight away, without waiting for the town's results (on the phone
      // the categories are in the filters sheet).
      const filtros = page.getByRole("button", { name: /^Filtros/ });
      const cultura = page.getByRole("button", { name: "Cultura" });
      // Under load the town's results can land after the sheet was opened and find it closed: a
      // person taps 'Filtros' again, and so does this (the town must still be kept).
      for (let vez = 0; ; vez++) {
        if (!(await cultura.isVisible())) await filtros.click();
        try {
          await cultura.click({ timeout: 5_000 });
          break;
        } catch (error) {
          if (vez >= 2) throw error;
        }
      }
      await page.waitForURL((u) => u.searchParams.get("categorias") === "Cultura", { timeout: 10_000 });
      await quieto(page);
      const url = new URL(page.url());
      expect(url.searchParams.get("municipio"), `intento ${intento}`).toBe("Frontera");
      expect(url.searchParams.get("lat"), `intento ${intento}`).toMatch(/^27\.754/);
      await expect(page.getByRole("button", { name: "Cultura" }).getAttribute("aria-pressed")).resolves.toBe("true");
      expect(await titulos(page), `intento ${intento}`).toEqual([planes.cerca.titulo]);
      await ctx.close();
    }
  }, 120_000);

  it("ends several fast changes in the search the controls show, and shows that it is loading", async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    await page.goto(`${appUrl()}/?municipio=Frontera&lat=${FRONTERA.lat}&lng=${FRONTERA.lng}`);
    await quieto(page);
    // Slow every search down a little so that the changes overlap for certain.
    await page.route(
      (u) => u.pathname === "/" && u.searchParams.has("_rsc"),
      async (r) => {
        await new Promise((f) => setTimeout(f, 300));
        await r.continue();
      },
    );
    await page.getByRole("button", { name: "Deporte" }).click();
    await expect.poll(() => page.locator('section[aria-busy="true"]').count()).toBeGreaterThan(0);
    await expect(page.getByRole("progressbar", { name: "Buscando planes" }).count()).resolves.toBe(1);
    await page.getByRole("button", { name: "Cultura" }).click();
    await page.getByRole("button", { name: "Deporte" }).click();
    await chipFecha(page, "Esta semana").click();
    await page.getByRole("button", { name: "Gastronomía" }).click();
    await page.getByRole("button", { name: "Gastronomía" }).click();
    await page.waitForURL(
      (u) =>
        u.searchParams.get("categorias") === "Cultura" &&
        u.searchParams.get("fecha") === "semana" &&
        u.searchParams.get("municipio") === "Frontera",
    );
    await quieto(page);
    const pulsadas = await page
      .getByRole("group", { name: "Categorías" })
      .locator('button[aria-pressed="true"]')
      .allTextContents();
    expect(pulsadas).toEqual(["Cultura"]);
    await expect(chipFecha(page, "Esta semana").getAttribute("aria-pressed")).resolves.toBe("true");
    expect(await titulos(page)).toEqual([planes.cerca.titulo]);
    await expect(page.getByRole("progressbar").count()).resolves.toBe(0);
    await page.close();
  });

  it("keeps a tap made the instant a search lands: on, then off, ends off", async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    await page.goto(`${appUrl()}/?municipio=Frontera&lat=${FRONTERA.lat}&lng=${FRONTERA.lng}`);
    await page.getByRole("button", { name: "Cultura" }).waitFor();
    await page.waitForFunction(() => document.readyState === "complete");
    // The moment the results stop being busy (the commit that ends the search, before React's
    // effects run), tap Gastronomía on, and right after, off: a person's double tap.
    await page.evaluate(() => {
      const gastronomia = () =>
        [...document.querySelectorAll<HTMLButtonElement>("button[aria-pressed]")].find(
          (b) => b.textContent === "Gastronomía",
        )!;
      const observador = new MutationObserver(() => {
        if (document.getElementById("resultados")?.getAttribute("aria-busy") !== "false") return;
        observador.disconnect();
        gastronomia().click();
        setTimeout(() => {
          gastronomia().click();
          document.body.dataset.tocado = "2";
        }, 0);
      });
      observador.observe(document.body, { attributes: true, subtree: true, attributeFilter: ["aria-busy"] });
    });
    await page.getByRole("button", { name: "Cultura" }).click();
    await page.waitForFunction(() => document.body.dataset.tocado === "2");
    await quieto(page);
    await expect.poll(() => new URL(page.url()).searchParams.get("categorias")).toBe("Cultura");
    await expect(page.getByRole("button", { name: "Gastronomía" }).getAttribute("aria-pressed")).resolves.toBe("false");
    expect(await titulos(page)).toEqual([planes.cerca.titulo]);
    await page.close();
  });

  it("takes the first place for the text in the box on Enter, never a suggestion of an older text", async () => {
    const primero = async (q: string) =>
      (
        (await (await api(`/api/geocode?q=${encodeURIComponent(q)}&limit=1`)).json()) as {
          results: { address: { municipality: string; municipalitySubdivision?: string } }[];
        }
      ).results[0].address;
    const esperado = await primero("Villalba");
    const viejo = await primero("Vill");
    const nombre = (a: { municipality: string; municipalitySubdivision?: string }) =>
      a.municipalitySubdivision ?? a.municipality;
    expect(nombre(viejo)).not.toBe(nombre(esperado)); // otherwise the test could not tell them apart
    for (let intento = 0; intento < 3; intento++) {
      const ctx = await browser.newContext();
      const page = await ctx.newPage();
      await page.goto(appUrl());
      const caja = page.getByRole("combobox", { name: "¿Dónde buscas planes?" });
      await caja.pressSequentially("Vill");
      await page.getByRole("option").first().waitFor();
      // Within the 400 ms the suggestions wait for: the old ones are still on their way out.
      await caja.pressSequentially("alba");
      await caja.press("Enter");
      await page.waitForURL(/municipio=/);
      expect(new URL(page.url()).searchParams.get("municipio"), `intento ${intento}`).toBe(nombre(esperado));
      await expect(caja.inputValue()).resolves.toBe(nombre(esperado));
      await ctx.close();
    }
  });

  it("puts the first result just below the sticky bar after every search, on a phone and a laptop", async () => {
    for (const [ancho, alto] of [
      [390, 844],
      [1280, 800],
    ]) {
      const ctx = await browser.newContext({ viewport: { width: ancho, height: alto } });
      await conCookiesAceptadas(ctx, appUrl());
      const page = await ctx.newPage();
      await page.goto(appUrl());
      await page.getByRole("combobox", { name: "¿Dónde buscas planes?" }).fill("Fronter");
      await page.getByRole("option", { name: /^Frontera/ }).click();
      await page.waitForURL(/municipio=Frontera/);
      await quieto(page);
      const posiciones = () =>
        page.evaluate(() => {
          const barra = document.getElementById("barra-busqueda")!.getBoundingClientRect();
          const titulo = document.getElementById("resultados-titulo")!.getBoundingClientRect();
          const tarjeta = document.querySelector("main article")!.getBoundingClientRect();
          return { barra: barra.bottom, titulo: titulo.top, tarjeta: tarjeta.top, alto: window.innerHeight };
        });
      let p = await posiciones();
      expect(p.titulo, `${ancho}: the results start under the bar`).toBeGreaterThanOrEqual(p.barra - 1);
      expect(p.tarjeta, `${ancho}: a card is on screen`).toBeLessThan(p.alto - 100);

      // Scrolled down to the footer, a date chip brings the results back under the bar.
      await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
      await chipFecha(page, "Este mes").click();
      await page.waitForURL(/fecha=mes/);
      await quieto(page);
      p = await posiciones();
      expect(p.barra, `${ancho}: the bar stays at the top`).toBeLessThan(260);
      expect(p.titulo, `${ancho}: the results start under the bar`).toBeGreaterThanOrEqual(p.barra - 1);
      expect(p.titulo, `${ancho}: right under it`).toBeLessThan(p.barra + 40);
      await captura(page, `home-tras-filtro-${ancho}`);
      await ctx.close();
    }
  });

  it("offers time first: Hoy, Mañana and chosen days are the spec's date windows", async () => {
    const page = await browser.newPage({ viewport: { width: 390, height: 844 } });
    await page.goto(`${appUrl()}/?municipio=Frontera&lat=${FRONTERA.lat}&lng=${FRONTERA.lng}`);
    await chipFecha(page, "Mañana").click();
    await page.waitForURL((u) => u.searchParams.get("fecha") === "hoy" && u.searchParams.get("desplazamiento") === "1");
    await quieto(page);
    const manana = ventanaFechas("hoy", 1)!;
    await expect(page.locator("#barra-busqueda").textContent()).resolves.toContain(
      fechasTexto(manana.desde.toISOString(), manana.hasta.toISOString())!,
    );
    await expect(chipFecha(page, "Mañana").getAttribute("aria-pressed")).resolves.toBe("true");
    await expect(chipFecha(page, "Hoy").getAttribute("aria-pressed")).resolves.toBe("false");
    // The active chip again: any date.
    await chipFecha(page, "Mañana").click();
    await page.waitForURL((u) => !u.searchParams.has("fecha"));
    await quieto(page);
    // Any date: the results come in day groups (Hoy, Mañana, Sábado 6, 9 de enero…).
    const grupos = await page.locator("#resultados h3").allTextContents();
    expect(grupos.length).toBeGreaterThan(0);
    const deUnDia =
      /^(Destacados|Hoy|Mañana|(Lunes|Martes|Miércoles|Jueves|Viernes|Sábado|Domingo) \d+( de [a-z]+( de \d{4})?)?)$/;
    expect(grupos.filter((g) => !deUnDia.test(g))).toEqual([]);

    // Elegir fechas: the week after next holds the 'lejos' plan only.
    await chipFecha(page, "Elegir fechas").click();
    const dia = (d: Date) => new Intl.DateTimeFormat("en-CA", { timeZone: "Europe/Madrid" }).format(d);
    await page.getByLabel("Desde").fill(dia(semanaQueViene.desde));
    await page.getByLabel("Hasta").fill(dia(semanaQueViene.hasta));
    await page.getByRole("button", { name: "Ver planes" }).click();
    await page.waitForURL((u) => u.searchParams.get("fecha") === "rango");
    await quieto(page);
    expect(new URL(page.url()).searchParams.get("desde")).toBe(dia(semanaQueViene.desde));
    expect(await titulos(page)).toEqual([planes.lejos.titulo]);
    // A date chosen: the window says when, and its days head their plans.
    await expect(page.locator('#resultados section[aria-labelledby^="dia-"]').count()).resolves.toBe(1);
    await captura(page, "home-elegir-fechas-390", { fullPage: true });
    await page.close();
  });

  it("renders a shared search URL on the server, the same with JavaScript off", async () => {
    const url = `${appUrl()}/?municipio=Frontera&lat=${FRONTERA.lat}&lng=${FRONTERA.lng}&categorias=Cultura%2CGastronom%C3%ADa`;
    const conJs = await browser.newPage();
    await conJs.goto(url);
    const esperados = await titulos(conJs);
    expect(esperados).toEqual([planes.cerca.titulo, planes.mes.titulo]);
    const contexto = await browser.newContext({ javaScriptEnabled: false });
    const sinJs = await contexto.newPage();
    await sinJs.goto(url);
    expect(await titulos(sinJs)).toEqual(esperados);
    await contexto.close();
    await conJs.close();
  });

  it("pages 30 at a time and sends a page past the end to the last one", async () => {
    const usuarioId = await insertUser();
    for (let i = 0; i < 31; i++) {
      await insertPlan({
        usuarioId,
        origin: FRONTERA,
        distanciaM: 20_000 + i * 10,
        rumbo: 300,
        titulo: t(`Taller ${i}`),
        categorias: ["Taller"],
      });
    }
    const page = await browser.newPage();
    const url = `${appUrl()}/?municipio=Frontera&lat=${FRONTERA.lat}&lng=${FRONTERA.lng}&categorias=Taller`;
    await page.goto(url);
    expect(await titulos(page)).toHaveLength(30);
    const nav = page.getByRole("navigation", { name: "Paginación" });
    await nav.getByRole("link", { name: "Siguiente" }).click();
    await page.waitForURL(/page=2/);
    expect(await titulos(page)).toEqual([t("Taller 30")]);
    await page.goto(`${url}&page=9`);
    await page.waitForURL(/page=2/);
    await expect(nav.locator('[aria-current="page"]').textContent()).resolves.toBe("2");
    await page.close();
  });
});

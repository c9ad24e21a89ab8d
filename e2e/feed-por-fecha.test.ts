import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { api } from "@/test-support/api";
import { captura, launchBrowser } from "@/test-support/browser";
import { query } from "@/test-support/database";
import { enviarFormulario, formulario, png } from "@/test-support/forms";
import { freshOrigin, insertPlan, insertUser } from "@/test-support/plans";
import { contextoConectado } from "@/test-support/session-context";
import { confirmedUser } from "@/test-support/users";
import { appUrl } from "@/test-support/worker";
import { diaEnMadrid, instanteEnMadrid, numeroDiaMadrid, sumarDias } from "@/lib/dates";
import { COOKIE_LUGAR, valorCookieLugar } from "@/lib/busqueda/lugar-recordado";
import { conDatos, mensajes } from "@/lib/messages";
import { tituloDia } from "@/lib/busqueda/grupos";

const db = () => process.env.DATABASE_URL!;
const ANCHOS = [
  [390, 844],
  [1280, 800],
] as const;
const SIEMPRE = [0, 1, 2, 3, 4, 5, 6].map((diaSemana) => ({ diaSemana, horaInicio: "00:00", horaFin: "23:45" }));
const SEVILLA = { municipio: "Sevilla", lat: 37.38283, lng: -5.97317 };
const ECIJA = { lat: 37.5422, lng: -5.0826 };
const GETAFE = { lat: 40.30571, lng: -3.73295 };

/** A plan at a town of the gazetteer (its municipality by INE, as a published plan gets it). */
async function enPueblo(id: string, nombre: string): Promise<void> {
  await query(
    db(),
    "UPDATE plan SET municipio = $2::text, municipio_ine = (SELECT ine FROM municipio WHERE nombre = $2::text LIMIT 1) WHERE id = $1",
    [id, nombre],
  );
}

const top = (page: Page, selector: string) =>
  page
    .locator(selector)
    .first()
    .evaluate((e) => Math.round(e.getBoundingClientRect().top));

/**
 * The web as a feed by date: the first screen of a first visit and of a chosen town, the day
 * groups across a page boundary and the order switch, the empty place that leads on, the
 * remembered place and a CDN's geolocation, and the plan page's first screen and its lists.
 */
describe("plans by date, first, and no dead ends", () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
    // A town near the centre of Spain with a plan every day: the first visit's feed.
    const usuarioId = await insertUser();
    const id = await insertPlan({
      usuarioId,
      origin: GETAFE,
      distanciaM: 300,
      tipo: "experiencia",
      titulo: "Mercado de Getafe todos los días",
      fechaInicio: null,
      fechaFin: null,
      horarios: SIEMPRE,
    });
    await enPueblo(id, "Getafe");
  });
  afterAll(async () => {
    await browser?.close();
  });

  it("shows a plan's poster on a phone's first screen of a first visit, and the first card right under the bar once a town is chosen", async () => {
    // First visit: no remembered town, the cookie bar still there.
    const primera = await contextoConectado(browser, null, { conAvisoCookies: true });
    const page = await primera.newPage();
    await page.goto(`${appUrl()}/`);
    expect(new URL(page.url()).search).toBe("");
    await expect(
      page.getByRole("heading", { level: 2, name: /^(Este finde|Próximos planes) cerca de / }).count(),
    ).resolves.toBe(1);
    expect(await top(page, "main article")).toBeLessThan(844);
    await captura(page, "feed-primera-visita-390");
    await primera.close();

    // Choosing a town, typed fast; the phone's keyboard closes with the pick.
    const ctx = await contextoConectado(browser, null);
    const p = await ctx.newPage();
    await p.goto(`${appUrl()}/`);
    const caja = p.locator("#barra-busqueda input[role=combobox]");
    await caja.pressSequentially("Getaf", { delay: 20 });
    await p
      .getByRole("option", { name: /^Getafe/ })
      .first()
      .click();
    await p.waitForURL((u) => u.searchParams.get("municipio") === "Getafe");
    await p.getByRole("heading", { level: 2, name: "Planes cerca de Getafe" }).waitFor();
    await expect(caja.evaluate((e) => e === document.activeElement)).resolves.toBe(false);
    expect(await top(p, "#resultados article")).toBeLessThanOrEqual(360);
    await captura(p, "feed-pueblo-elegido-390");

    // The place is remembered: the generic home leads back to it, from the server.
    await p.goto(`${appUrl()}/`);
    expect(new URL(p.url()).searchParams.get("municipio")).toBe("Getafe");
    await ctx.close();

    // On a laptop the first visit's heading sits beside the search and plans are on screen.
    const laptop = await contextoConectado(browser, null, { ancho: 1280, alto: 800, conAvisoCookies: true });
    const l = await laptop.newPage();
    await l.goto(`${appUrl()}/`);
    const h1 = await l.getByRole("heading", { level: 1 }).boundingBox();
    const busqueda = await l.locator("#barra-busqueda").boundingBox();
    expect(busqueda!.x).toBeGreaterThan(h1!.x + h1!.width - 1);
    expect(await top(l, "main article")).toBeLessThan(800);
    // The feed's way on is a link nothing lies over (the filters once sat on it).
    const verMas = l.getByRole("link", { name: /^Ver todos los planes cerca de / });
    await verMas.scrollIntoViewIfNeeded();
    await expect(
      verMas.evaluate((a) => {
        const r = a.getBoundingClientRect();
        return a.contains(document.elementFromPoint(r.x + r.width / 2, r.y + r.height / 2));
      }),
    ).resolves.toBe(true);
    await captura(l, "feed-primera-visita-1280");
    await laptop.close();
  });

  it("redirects the generic home privately to a remembered place or a CDN's geolocation, and to nothing else", async () => {
    const cookie = `${COOKIE_LUGAR}=${valorCookieLugar(SEVILLA)}`;
    const recordado = await api("/", { headers: { cookie } });
    expect(recordado.status).toBe(307);
    expect(recordado.headers.get("cache-control")).toBe("private, no-store");
    const destino = new URL(recordado.headers.get("location")!, appUrl());
    expect(destino.pathname).toBe("/");
    expect(Object.fromEntries(destino.searchParams)).toEqual({
      municipio: "Sevilla",
      lat: "37.38283",
      lng: "-5.97317",
    });

    for (const cabeceras of <Record<string, string>[]>[
      { "x-vercel-ip-latitude": String(ECIJA.lat), "x-vercel-ip-longitude": String(ECIJA.lng) },
      { "cf-iplatitude": String(ECIJA.lat + 0.01), "cf-iplongitude": String(ECIJA.lng) },
    ]) {
      const r = await api("/", { headers: cabeceras });
      expect(r.status).toBe(307);
      expect(r.headers.get("cache-control")).toBe("private, no-store");
      expect(new URL(r.headers.get("location")!, appUrl()).searchParams.get("municipio")).toBe("Écija");
    }
    // Abroad, a tampered cookie, or a search already chosen: the page itself.
    for (const headers of <Record<string, string>[]>[
      { "x-vercel-ip-latitude": "48.8566", "x-vercel-ip-longitude": "2.3522" },
      { cookie: `${COOKIE_LUGAR}=%7B%22municipio%22%3A1%7D` },
      { cookie: `${COOKIE_LUGAR}=no-es-json` },
      { "x-vercel-ip-latitude": "abc", "x-vercel-ip-longitude": "" },
    ]) {
      const r = await api("/", { headers });
      expect(r.status, JSON.stringify(headers)).toBe(200);
      expect(r.headers.get("set-cookie")).toBeNull();
    }
    expect((await api("/?municipio=Getafe", { headers: { cookie } })).status).toBe(200);
  });

  for (const [ancho, alto] of ANCHOS) {
    it(`lists by date in day groups, continues a day across a page without announcing it again, and switches to nearest first, at ${ancho} px`, async () => {
      const usuarioId = await insertUser();
      const origin = await freshOrigin();
      const sufijo = Math.random().toString(36).slice(2, 6);
      const hoy = diaEnMadrid();
      const d1 = sumarDias(hoy, 2);
      const d2 = sumarDias(hoy, 4);
      const hoyN = numeroDiaMadrid(Date.now());
      // Five on the first day, far; thirty on the second, nearer: by distance the second comes first.
      for (let i = 0; i < 5; i++) {
        const inicio = new Date(instanteEnMadrid(d1, "12:00").getTime() + i * 60_000);
        await insertPlan({
          usuarioId,
          origin,
          distanciaM: 5_000 + i * 10,
          titulo: `Primero ${i} ${sufijo}`,
          fechaInicio: inicio,
          fechaFin: new Date(inicio.getTime() + 3_600_000),
        });
      }
      for (let i = 0; i < 30; i++) {
        const inicio = new Date(instanteEnMadrid(d2, "12:00").getTime() + i * 60_000);
        await insertPlan({
          usuarioId,
          origin,
          distanciaM: 100 + i * 10,
          titulo: `Segundo ${String(i).padStart(2, "0")} ${sufijo}`,
          fechaInicio: inicio,
          fechaFin: new Date(inicio.getTime() + 3_600_000),
        });
      }
      const titulo1 = tituloDia(numeroDiaMadrid(instanteEnMadrid(d1, "12:00").getTime()), hoyN);
      const titulo2 = tituloDia(numeroDiaMadrid(instanteEnMadrid(d2, "12:00").getTime()), hoyN);
      const ctx = await contextoConectado(browser, null, { ancho, alto });
      const page = await ctx.newPage();
      const tarjetas = async () =>
        (await page.locator("#resultados article").getByRole("heading").allTextContents()).filter((t) =>
          t.endsWith(sufijo),
        );
      const dias = () => page.locator("#resultados h3").allTextContents();
      await page.goto(`${appUrl()}/?municipio=Prueba&lat=${origin.lat}&lng=${origin.lng}&radio=10`);
      await page.getByRole("heading", { name: `Primero 0 ${sufijo}` }).waitFor();
      expect(await dias()).toEqual([titulo1, titulo2]);
      const primera = await tarjetas();
      expect(primera.slice(0, 5)).toEqual([0, 1, 2, 3, 4].map((i) => `Primero ${i} ${sufijo}`));
      expect(primera).toHaveLength(30);
      await captura(page, `por-fecha-pagina1-${ancho}`);

      await page.getByRole("link", { name: "Siguiente" }).click();
      await page.waitForURL((u) => u.searchParams.get("page") === "2");
      await page.getByRole("heading", { name: `Segundo 29 ${sufijo}` }).waitFor();
      expect(await dias()).toEqual([`${titulo2} (sigue)`]);
      expect(await tarjetas()).toEqual([25, 26, 27, 28, 29].map((i) => `Segundo ${i} ${sufijo}`));
      await captura(page, `por-fecha-pagina2-${ancho}`);

      // Nearest first, from the first page: one grid, no day headings.
      await page.getByRole("link", { name: mensajes.ordenDistancia }).click();
      await page.waitForURL((u) => u.searchParams.get("orden") === "distancia" && !u.searchParams.has("page"));
      await page.getByRole("heading", { name: `Segundo 00 ${sufijo}` }).waitFor();
      expect((await tarjetas())[0]).toBe(`Segundo 00 ${sufijo}`);
      expect(await page.locator('#resultados section[aria-labelledby^="dia-"]').count()).toBe(0);
      await expect(
        page.getByRole("link", { name: mensajes.ordenDistancia }).getAttribute("aria-current"),
      ).resolves.toBe("true");
      await ctx.close();
    });

    it(`leads an empty place to the nearest plans beyond its radius, its nearest towns, following it and publishing there, at ${ancho} px`, async () => {
      const usuarioId = await insertUser();
      const sufijo = Math.random().toString(36).slice(2, 6);
      const id = await insertPlan({
        usuarioId,
        origin: ECIJA,
        distanciaM: 200,
        titulo: `Feria de Écija ${sufijo}`,
        tipo: "experiencia",
        fechaInicio: null,
        fechaFin: null,
        horarios: SIEMPRE,
      });
      await enPueblo(id, "Écija");
      const ctx = await contextoConectado(browser, null, { ancho, alto });
      const page = await ctx.newPage();
      for (const ruta of [`/?municipio=Sevilla&lat=${SEVILLA.lat}&lng=${SEVILLA.lng}`, "/planes/sevilla/sevilla"]) {
        await page.goto(`${appUrl()}${ruta}`);
        const main = page.locator("main");
        await expect(
          main.getByText(conDatos(mensajes.puebloVacio, { km: "50", municipio: "Sevilla" })).count(),
        ).resolves.toBeGreaterThan(0);
        const masAlla = main.getByRole("heading", { level: 3, name: /^Lo más cercano: Écija, a \d+ km$/ });
        await expect(masAlla.count()).resolves.toBe(1);
        const km = Number((await masAlla.textContent())!.match(/a (\d+) km/)![1]);
        expect(km).toBeGreaterThan(50);
        expect(km).toBeLessThan(90);
        await expect(main.getByRole("link", { name: new RegExp(`Feria de Écija ${sufijo}`) }).count()).resolves.toBe(1);
        await expect(
          main
            .locator("section", { has: page.getByRole("heading", { name: mensajes.puebloCercanos }) })
            .getByRole("link", { name: /^Écija/ })
            .count(),
        ).resolves.toBeGreaterThan(0);
        await expect(
          main
            .getByRole("link", { name: conDatos(mensajes.publicarPrimero, { municipio: "Sevilla" }) })
            .getAttribute("href"),
        ).resolves.toBe("/publicar");
        await main.getByText(conDatos(mensajes.seguirBoton, { municipio: "Sevilla" })).click();
        await expect(
          main.getByText(conDatos(mensajes.seguirTitulo, { municipio: "Sevilla" })).isVisible(),
        ).resolves.toBe(true);
        await captura(page, `sin-planes-${ruta.startsWith("/?") ? "busqueda" : "pueblo"}-${ancho}`, { fullPage: true });
      }
      await ctx.close();
    });
  }

  it("puts a phone's plan page title, when, price and where on the first screen, and lists the weekend's and more plans near it", async () => {
    const usuario = await confirmedUser();
    const origin = await freshOrigin();
    const inicio = new Date(Date.now() + 20 * 86_400_000);
    const publicado = await enviarFormulario(
      "POST",
      "/api/plan",
      formulario({
        titulo: "Concierto de la banda municipal en la plaza",
        tipo: "evento",
        categorias: "Cultura",
        direccion: "Plaza Mayor, 1",
        municipio: "Pueblo de Prueba",
        ubicacion: JSON.stringify({ type: "Point", coordinates: [origin.lng, origin.lat] }),
        fechaInicio: inicio.toISOString(),
        fechaFin: new Date(inicio.getTime() + 7_200_000).toISOString(),
        precio: "8",
        archivoCartel: { bytes: await png(400, 600), nombre: "cartel.png" },
      }),
      usuario.token,
    );
    expect(publicado.status).toBe(201);
    const plan = publicado.body.plan as { _id: string; urlPlan: string; municipio: string };
    await insertPlan({
      usuarioId: usuario.id,
      origin,
      distanciaM: 800,
      titulo: "Mercadillo de cada día",
      tipo: "experiencia",
      fechaInicio: null,
      fechaFin: null,
      horarios: SIEMPRE,
    });
    await insertPlan({
      usuarioId: usuario.id,
      origin,
      distanciaM: 1_500,
      titulo: "Taller de cerámica del mes que viene",
      categorias: ["Cultura"],
      fechaInicio: new Date(Date.now() + 30 * 86_400_000),
      fechaFin: new Date(Date.now() + 30 * 86_400_000 + 7_200_000),
    });
    const ctx = await contextoConectado(browser, null);
    const page = await ctx.newPage();
    await page.goto(new URL(plan.urlPlan).pathname.replace(/^/, appUrl()));
    const main = page.locator("main");
    await main.getByRole("heading", { level: 1 }).waitFor();
    const cartel = await main.locator("header img").first().boundingBox();
    expect(cartel!.height).toBeLessThanOrEqual(0.55 * 844);
    // The bar at the bottom of a phone's screen covers what is under its top.
    const barra = await page.getByRole("button", { name: "Guardar", exact: true }).first().boundingBox();
    for (const titulo of ["¿CUÁNDO SERÁ?", "¿CUÁNTO CUESTA?", "¿DÓNDE?"]) {
      const seccion = await main
        .locator("section", { has: page.getByRole("heading", { level: 2, name: titulo }) })
        .first()
        .boundingBox();
      expect(seccion!.y + Math.min(seccion!.height, 60), titulo).toBeLessThanOrEqual(barra!.y);
    }
    const lista = (titulo: string) =>
      main
        .locator("section", {
          has: page.getByRole("heading", { level: 2, name: conDatos(titulo, { municipio: plan.municipio }) }),
        })
        .getByRole("heading", { level: 3 })
        .allTextContents();
    expect(await lista(mensajes.planFindeEn)).toContain("Mercadillo de cada día");
    expect(await lista(mensajes.masPlanesCerca)).toEqual(["Taller de cerámica del mes que viene"]);
    await captura(page, "plan-primera-pantalla-390");
    // An experience open every day: its week is one line, and the price and place still show.
    const experiencia = await enviarFormulario(
      "POST",
      "/api/plan",
      formulario({
        titulo: "Clases de cerámica cada día",
        tipo: "experiencia",
        categorias: "Taller",
        direccion: "Calle del Horno, 3",
        municipio: "Pueblo de Prueba",
        ubicacion: JSON.stringify({ type: "Point", coordinates: [origin.lng, origin.lat] }),
        horariosDisponibles: JSON.stringify(SIEMPRE.map((h) => ({ ...h, horaInicio: "10:00", horaFin: "12:00" }))),
        precio: "15",
        archivoCartel: { bytes: await png(400, 600), nombre: "cartel.png" },
      }),
      usuario.token,
    );
    expect(experiencia.status, JSON.stringify(experiencia.body)).toBe(201);
    await page.goto(`${appUrl()}${new URL((experiencia.body.plan as { urlPlan: string }).urlPlan).pathname}`);
    await main.getByRole("heading", { level: 1 }).waitFor();
    const semana = main.locator("section", { has: page.getByRole("heading", { name: "¿CUÁNDO ESTÁ DISPONIBLE?" }) });
    await expect(semana.locator("dt").allTextContents()).resolves.toEqual(["Todos los días"]);
    const barraExp = await page.getByRole("button", { name: "Guardar", exact: true }).first().boundingBox();
    for (const titulo of ["¿CUÁNTO CUESTA?", "¿DÓNDE?"]) {
      const seccion = await main
        .locator("section", { has: page.getByRole("heading", { level: 2, name: titulo }) })
        .first()
        .boundingBox();
      expect(seccion!.y + Math.min(seccion!.height, 60), titulo).toBeLessThanOrEqual(barraExp!.y);
    }
    await ctx.close();
  });
});

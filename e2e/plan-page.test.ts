import { randomUUID } from "node:crypto";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { TZDate } from "@date-fns/tz";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { cuandoEventoTexto } from "@/lib/dates";
import { conDatos, mensajes } from "@/lib/messages";
import { api, htmlVisible } from "@/test-support/api";
import { conCookiesAceptadas, launchBrowser, captura, esperarImagen } from "@/test-support/browser";
import { query } from "@/test-support/database";
import { enviarFormulario, formulario, png } from "@/test-support/forms";
import { freshOrigin, insertPlan } from "@/test-support/plans";
import { call, confirmedUser, cookieDeSesionNueva, freshIp } from "@/test-support/users";
import { appUrl } from "@/test-support/worker";

const db = () => process.env.DATABASE_URL!;
const HORA = 3_600_000;
const DIA = 24 * HORA;

const TITULO = "Verbena de Añón: ¡fiesta mayor!";
const SLUG = "Verbena-de-Añón:-¡fiesta-mayor!";
const ORG = "Peña El Cierzo";
const DESCRIPCION =
  "Con **orquesta** y <em>baile</em> hasta tarde.\n\n[Programa completo](https://example.com/programa)";

interface Creado {
  _id: string;
  urlPlan: string;
}

/** The path and search of an absolute URL of the app. */
const ruta = (url: string) => {
  const u = new URL(url);
  return `${u.pathname}${u.search}`;
};

function jsonLd<T = Record<string, unknown>>(html: string): T {
  const m = html.match(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/);
  if (!m) throw new Error("no JSON-LD in the page");
  return JSON.parse(m[1]);
}

/** The iCalendar text unfolded (RFC 5545 §3.1), as a map of property name → value. */
function propiedadesIcs(texto: string): { lineas: string[]; props: Map<string, string> } {
  const lineas = texto
    .replace(/\r\n[ \t]/g, "")
    .split("\r\n")
    .filter(Boolean);
  return { lineas, props: new Map(lineas.map((l) => [l.slice(0, l.search(/[:;]/)), l.slice(l.indexOf(":") + 1)])) };
}

describe("plan and organization pages", () => {
  let browser: Browser;
  let usuario: Awaited<ReturnType<typeof confirmedUser>>;
  let orgId: string;
  let orgVaciaId: string;
  let evento: Creado;
  let experiencia: string;
  let terminado: string;
  const inicio = new Date(Math.ceil((Date.now() + 3 * DIA) / HORA) * HORA);
  const fin = new Date(inicio.getTime() + 5 * HORA);
  /** Hosts the browser tried to reach outside the app (all refused). */
  const bloqueados = new Set<string>();

  async function contexto(
    extra: Parameters<Browser["newContext"]>[0] = {},
    { sinCookieBar = false } = {},
  ): Promise<BrowserContext> {
    // A client address of its own: the report's rate limit is per address.
    const ctx = await browser.newContext({ extraHTTPHeaders: { "X-Forwarded-For": freshIp() }, ...extra });
    // Screenshots show the page itself, not the cookie bar above it.
    if (sinCookieBar) await conCookiesAceptadas(ctx, appUrl());
    await ctx.route("**/*", (r) => {
      const { hostname } = new URL(r.request().url());
      if (hostname === "127.0.0.1" || hostname === "localhost") return r.continue();
      bloqueados.add(hostname);
      return r.abort();
    });
    return ctx;
  }

  async function abrir(ctx: BrowserContext, path: string): Promise<Page> {
    const page = await ctx.newPage();
    const res = await page.goto(`${appUrl()}${path}`);
    expect(res?.status()).toBe(200);
    return page;
  }

  beforeAll(async () => {
    browser = await launchBrowser();
    usuario = await confirmedUser();
    const org = await enviarFormulario(
      "POST",
      "/api/organizacion",
      formulario({
        nombre: ORG,
        direccion: "Calle Mayor 3, Albarracín",
        emailContacto: "pena@example.com",
        telefonoContacto: "600 000 222",
        descripcion: "Somos una **peña** de amigos.",
        archivoLogo: { bytes: await png(120, 120), nombre: "logo.png" },
      }),
      usuario.token,
    );
    expect(org.status).toBe(201);
    orgId = (org.body.organizacion as { _id: string })._id;
    const vacia = await enviarFormulario(
      "POST",
      "/api/organizacion",
      formulario({
        nombre: "Asociación Sin Planes",
        emailContacto: "sin@example.com",
        archivoLogo: { bytes: await png(80, 80), nombre: "logo.png" },
      }),
      usuario.token,
    );
    orgVaciaId = (vacia.body.organizacion as { _id: string })._id;

    const publicado = await enviarFormulario(
      "POST",
      "/api/plan",
      formulario({
        titulo: TITULO,
        descripcion: DESCRIPCION,
        tipo: "evento",
        categorias: "Fiesta",
        direccion: "Plaza Mayor, 1",
        municipio: "Albarracín",
        ubicacion: JSON.stringify({ type: "Point", coordinates: [-1.4443, 40.4079] }),
        fechaInicio: inicio.toISOString(),
        fechaFin: fin.toISOString(),
        precio: "12.50",
        emailContacto: "fiestas@example.com",
        telefonoContacto: "600 000 111",
        organizacionId: orgId,
        archivoCartel: { bytes: await png(400, 600), nombre: "cartel.png" },
      }),
      usuario.token,
    );
    expect(publicado.status).toBe(201);
    evento = publicado.body.plan as Creado;

    const origin = await freshOrigin();
    experiencia = await insertPlan({
      usuarioId: usuario.id,
      origin,
      tipo: "experiencia",
      titulo: "Ruta guiada por el castillo",
      horarios: [
        { diaSemana: 0, horaInicio: "10:00", horaFin: "12:30" },
        { diaSemana: 1, horaInicio: "17:00", horaFin: "19:00" },
      ],
    });
    terminado = await insertPlan({
      usuarioId: usuario.id,
      origin,
      titulo: "Fiesta pasada",
      fechaInicio: new Date(Date.now() - 10 * DIA),
      fechaFin: new Date(Date.now() - 9 * DIA),
    });
  });

  afterAll(async () => {
    await browser?.close();
  });

  it("shows every section of an event, with its poster, map, links and page title", async () => {
    const ctx = await contexto({ viewport: { width: 1280, height: 900 } }, { sinCookieBar: true });
    const page = await abrir(ctx, ruta(evento.urlPlan));
    const main = page.locator("main");
    await expect(page.title()).resolves.toBe(`${TITULO} | Planazo`);
    await expect(main.getByRole("heading", { level: 1 }).textContent()).resolves.toBe(TITULO);
    await expect(main.locator("article > header").getByText("Albarracín", { exact: true }).count()).resolves.toBe(1);
    for (const h of ["¿CÓMO SERÁ?", "¿CUÁNDO SERÁ?", "¿CUÁNTO CUESTA?", "¿DÓNDE?", "ORGANIZADO POR:"]) {
      await expect(main.getByRole("heading", { level: 2, name: h, exact: true }).count(), h).resolves.toBe(1);
    }
    await expect(main.getByRole("heading", { name: "¿CUÁNDO ESTÁ DISPONIBLE?" }).count()).resolves.toBe(0);

    const poster = main.locator("header img").first();
    await expect(poster.getAttribute("src")).resolves.toMatch(/\/detalle\.webp$/);
    await esperarImagen(poster);

    // Markdown: emphasis rendered, raw HTML shown as text, external links in a new tab.
    const descripcion = main.locator("section", { has: page.getByRole("heading", { name: "¿CÓMO SERÁ?" }) });
    await expect(descripcion.locator("strong").textContent()).resolves.toBe("orquesta");
    await expect(descripcion.locator("em").count()).resolves.toBe(0);
    await expect(descripcion.textContent()).resolves.toContain("<em>baile</em>");
    const programa = descripcion.getByRole("link", { name: /Programa completo/ });
    await expect(programa.getAttribute("target")).resolves.toBe("_blank");
    await expect(programa.getAttribute("rel")).resolves.toContain("noopener");

    const cuando = main.locator("section", { has: page.getByRole("heading", { name: "¿CUÁNDO SERÁ?" }) });
    await expect(cuando.textContent()).resolves.toContain(cuandoEventoTexto(inicio.toISOString(), fin.toISOString())!);
    await cuando.getByText("Guardar en mi calendario").click();
    const google = new URL((await cuando.getByRole("link", { name: /Google Calendar/ }).getAttribute("href"))!);
    expect(google.hostname).toBe("calendar.google.com");
    expect(google.searchParams.get("action")).toBe("TEMPLATE");
    expect(google.searchParams.get("text")).toBe(TITULO);
    const utc = (d: Date) =>
      d
        .toISOString()
        .replace(/\.\d{3}Z$/, "Z")
        .replace(/[-:]/g, "");
    expect(google.searchParams.get("dates")).toBe(`${utc(inicio)}/${utc(fin)}`);
    await expect(cuando.getByRole("link", { name: "Apple, Outlook y otros" }).getAttribute("href")).resolves.toBe(
      `${ruta(evento.urlPlan)}/calendario.ics`,
    );

    await expect(
      main.locator("section", { has: page.getByRole("heading", { name: "¿CUÁNTO CUESTA?" }) }).textContent(),
    ).resolves.toContain("12,50 €");

    const donde = main.locator("section", { has: page.getByRole("heading", { name: "¿DÓNDE?" }) });
    const direccion = donde.getByRole("link", { name: /Plaza Mayor, 1, Albarracín/ });
    await expect(direccion.getAttribute("href")).resolves.toBe(
      `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent("Plaza Mayor, 1, Albarracín")}`,
    );
    await expect(direccion.getAttribute("target")).resolves.toBe("_blank");
    // The map: Leaflet in the browser, 400 px high, zoom 13, its marker image from our bundle.
    // (It sits under the description now; '¿DÓNDE?' is in the facts card beside the poster.)
    const region = main.getByRole("region", { name: "Mapa" });
    const mapa = region.locator(".leaflet-container");
    await mapa.waitFor();
    await expect(mapa.evaluate((el) => el.getBoundingClientRect().height)).resolves.toBe(400);
    const marcador = region.locator("img.leaflet-marker-icon");
    await expect(marcador.getAttribute("src")).resolves.toMatch(/^\/_next\/static\/media\/marker-icon.*\.png$/);
    await esperarImagen(marcador);
    await expect(region.locator("img.leaflet-tile").first().getAttribute("src")).resolves.toMatch(
      /^https:\/\/[abc]\.tile\.openstreetmap\.org\/13\//,
    );
    await expect(region.getByRole("link", { name: /OpenStreetMap/ }).count()).resolves.toBe(1);
    await marcador.click();
    await expect(region.locator(".leaflet-popup-content").textContent()).resolves.toBe("Plaza Mayor, 1, Albarracín");

    await expect(main.getByRole("link", { name: ORG }).getAttribute("href")).resolves.toBe(
      `/org/${encodeURIComponent("Peña-El-Cierzo")}/${orgId}`,
    );
    await expect(main.getByRole("link", { name: "fiestas@example.com" }).getAttribute("href")).resolves.toBe(
      "mailto:fiestas@example.com",
    );
    await expect(main.getByRole("link", { name: "600 000 111" }).getAttribute("href")).resolves.toBe("tel:600000111");

    // The chat link now sits in Compartir's panel (next to "Copiar enlace"), closed until asked for.
    const compartir = new URL(
      (await main.getByRole("link", { name: /WhatsApp/, includeHidden: true }).getAttribute("href"))!,
    );
    expect(compartir.origin).toBe("https://wa.me");
    const mensaje = compartir.searchParams.get("text")!;
    for (const parte of [
      TITULO,
      "Plaza Mayor, 1, Albarracín",
      cuandoEventoTexto(inicio.toISOString(), fin.toISOString())!,
      evento.urlPlan,
    ])
      expect(mensaje).toContain(parte);

    // The detail modal: title, image, address, dates, 'Cerrar' and 'Cómo llegar'.
    await main.getByRole("button", { name: "Ver resumen" }).click();
    const dialogo = page.getByRole("dialog", { name: TITULO });
    await dialogo.waitFor();
    await expect(dialogo.textContent()).resolves.toContain("Plaza Mayor, 1, Albarracín");
    await expect(dialogo.textContent()).resolves.toContain(cuandoEventoTexto(inicio.toISOString(), fin.toISOString())!);
    await expect(dialogo.locator("img").getAttribute("src")).resolves.toMatch(/\/tarjeta\.webp$/);
    await captura(page, "plan-resumen-1280");
    await expect(dialogo.getByRole("link", { name: /Cómo llegar/ }).getAttribute("href")).resolves.toBe(
      "https://www.google.com/maps/dir/?api=1&destination=40.4079,-1.4443",
    );
    await dialogo.getByRole("button", { name: "Cerrar" }).click();
    await dialogo.waitFor({ state: "hidden" });

    // Nothing but map tiles was asked of the outside world.
    expect(
      [...bloqueados].every((h) => /^[abc]\.tile\.openstreetmap\.org$/.test(h)),
      [...bloqueados].join(),
    ).toBe(true);
    await page.evaluate(() => window.scrollTo(0, 0));
    await captura(page, "plan-1280", { fullPage: true });
    await page.setViewportSize({ width: 390, height: 844 });
    await captura(page, "plan-390", { fullPage: true });
    await ctx.close();
  });

  it("shows an experience's week, Monday first, and no price or description section without them", async () => {
    const ctx = await contexto();
    const page = await abrir(ctx, `/plan/Ruta-guiada-por-el-castillo/${experiencia}`);
    const seccion = page.locator("main section", {
      has: page.getByRole("heading", { name: "¿CUÁNDO ESTÁ DISPONIBLE?" }),
    });
    await expect(seccion.locator("dt").allTextContents()).resolves.toEqual(["Lunes", "Domingo"]);
    await expect(seccion.locator("dd").allTextContents()).resolves.toEqual(["De 17:00 a 19:00", "De 10:00 a 12:30"]);
    await expect(page.getByRole("heading", { name: "¿CUÁNTO CUESTA?" }).count()).resolves.toBe(0);
    // No description: no empty '¿CÓMO SERÁ?' heading over nothing.
    await expect(page.getByRole("heading", { name: "¿CÓMO SERÁ?" }).count()).resolves.toBe(0);
    await expect(page.getByRole("heading", { name: "¿CUÁNDO SERÁ?" }).count()).resolves.toBe(0);
    await expect(page.getByText("Guardar en mi calendario").count()).resolves.toBe(0);
    await ctx.close();
  });

  it("shows a multi-day event as its start and end instants on its card, page, summary and JSON-LD", async () => {
    // 19:00 one day to 23:00 the next, in Madrid: not a daily timetable of 19:00 to 23:00.
    const dia = new TZDate(Date.now() + 10 * DIA, "Europe/Madrid");
    const desde = new TZDate(dia.getFullYear(), dia.getMonth(), dia.getDate(), 19, 0, 0, "Europe/Madrid");
    const hasta = new TZDate(dia.getFullYear(), dia.getMonth(), dia.getDate() + 1, 23, 0, 0, "Europe/Madrid");
    const origin = await freshOrigin();
    const titulo = "Feria de dos días";
    const id = await insertPlan({
      usuarioId: usuario.id,
      origin,
      titulo,
      fechaInicio: new Date(desde.getTime()),
      fechaFin: new Date(hasta.getTime()),
    });
    const esperado = /^Del \d{1,2} [a-z]{3}, 19:00 al \d{1,2} [a-z]{3}, 23:00$/;
    expect(cuandoEventoTexto(desde.toISOString(), hasta.toISOString())).toMatch(esperado);

    const ctx = await contexto({ viewport: { width: 390, height: 844 } }, { sinCookieBar: true });
    const busqueda = await abrir(ctx, `/?municipio=Prueba&lat=${origin.lat}&lng=${origin.lng}`);
    const tarjeta = busqueda.locator("main article", { has: busqueda.getByRole("heading", { name: titulo }) });
    const textoTarjeta = await tarjeta.textContent();
    expect(textoTarjeta).toMatch(/Del \d{1,2} [a-z]{3}, 19:00 al \d{1,2} [a-z]{3}, 23:00/);
    expect(textoTarjeta).not.toContain("De 19:00 a 23:00");

    const page = await abrir(ctx, `/plan/${encodeURIComponent("Feria-de-dos-días")}/${id}`);
    const main = page.locator("main");
    const cuando = main.locator("section", { has: page.getByRole("heading", { name: "¿CUÁNDO SERÁ?" }) });
    await expect(cuando.locator("p").first().textContent()).resolves.toMatch(esperado);
    await expect(main.textContent()).resolves.not.toContain("De 19:00 a 23:00");
    await main.getByRole("button", { name: "Ver resumen" }).click();
    const dialogo = page.getByRole("dialog", { name: titulo });
    await dialogo.waitFor();
    await expect(dialogo.textContent()).resolves.toMatch(/Del \d{1,2} [a-z]{3}, 19:00 al \d{1,2} [a-z]{3}, 23:00/);
    await captura(page, "plan-varios-dias-390", { fullPage: true });

    const ld = jsonLd<{ startDate: string; endDate: string }>(
      await (await api(`/plan/${encodeURIComponent("Feria-de-dos-días")}/${id}`)).text(),
    );
    expect(ld.startDate).toMatch(/T19:00:00\+0[12]:00$/);
    expect(ld.endDate).toMatch(/T23:00:00\+0[12]:00$/);
    await ctx.close();
  });

  it("describes the event and the experience in JSON-LD", async () => {
    const html = await (await api(ruta(evento.urlPlan))).text();
    const ld = jsonLd<Record<string, unknown> & { startDate: string; endDate: string; image: string[] }>(html);
    expect(ld).toMatchObject({
      "@context": "https://schema.org",
      "@type": "Event",
      name: TITULO,
      url: evento.urlPlan,
      eventStatus: "https://schema.org/EventScheduled",
      eventAttendanceMode: "https://schema.org/OfflineEventAttendanceMode",
      location: {
        "@type": "Place",
        address: {
          "@type": "PostalAddress",
          streetAddress: "Plaza Mayor, 1",
          addressLocality: "Albarracín",
          addressCountry: "ES",
        },
        geo: { latitude: 40.4079, longitude: -1.4443 },
      },
      offers: { "@type": "Offer", price: 12.5, priceCurrency: "EUR", url: evento.urlPlan },
      organizer: { "@type": "Organization", name: ORG },
    });
    expect(ld.startDate).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d[+-]\d\d:\d\d$/);
    expect(new Date(ld.startDate).getTime()).toBe(inicio.getTime());
    expect(new Date(ld.endDate).getTime()).toBe(fin.getTime());
    expect(ld.image[0]).toMatch(new RegExp(`^${appUrl()}/media/.+/og\\.jpg$`));
    expect(html).not.toContain("<em>baile</em>"); // escaped in the page and '<' escaped in the JSON-LD

    const exp = jsonLd(await (await api(`/plan/Ruta-guiada-por-el-castillo/${experiencia}`)).text());
    expect(exp["@type"]).toBe("TouristAttraction");
    expect(exp).not.toHaveProperty("offers");
    expect(exp.openingHoursSpecification).toEqual([
      { "@type": "OpeningHoursSpecification", dayOfWeek: "Monday", opens: "17:00", closes: "19:00" },
      { "@type": "OpeningHoursSpecification", dayOfWeek: "Sunday", opens: "10:00", closes: "12:30" },
    ]);
  });

  it("gives link previews an absolute 1200×630 image early in the <head>", async () => {
    const agentes = [
      "facebookexternalhit/1.1 (+http://www.facebook.com/externalhit_uatext.php)",
      "Twitterbot/1.0",
      "Mozilla/5.0 (X11; Linux x86_64) Chrome/130.0",
    ];
    for (const ua of agentes) {
      const html = await (await api(ruta(evento.urlPlan), { headers: { "User-Agent": ua } })).text();
      const finHead = html.indexOf("</head>");
      expect(finHead).toBeGreaterThan(0);
      expect(Buffer.byteLength(html.slice(0, finHead))).toBeLessThan(50_000);
      const head = html.slice(0, finHead);
      const meta = (attr: string, nombre: string) =>
        head.match(new RegExp(`<meta ${attr}="${nombre}" content="([^"]*)"`))?.[1];
      const imagen = meta("property", "og:image");
      expect(imagen).toMatch(new RegExp(`^${appUrl()}/media/.+/og\\.jpg$`));
      expect(meta("property", "og:image:width")).toBe("1200");
      expect(meta("property", "og:image:height")).toBe("630");
      expect(meta("property", "og:url")).toBe(evento.urlPlan);
      expect(meta("property", "og:locale")).toBe("es_ES");
      expect(meta("property", "og:site_name")).toBe("Planazo");
      expect(meta("name", "twitter:card")).toBe("summary_large_image");
      expect(meta("name", "twitter:image")).toBe(imagen);
      expect(meta("name", "description")).toBe(
        `${cuandoEventoTexto(inicio.toISOString(), fin.toISOString())} · Albarracín · Con orquesta y baile hasta tarde. Programa completo`,
      );
      expect(head).toContain(`<link rel="canonical" href="${evento.urlPlan}"`);
      expect(head).not.toContain("noindex");
      const og = await fetch(imagen!);
      expect(og.status).toBe(200);
      expect(og.headers.get("content-type")).toBe("image/jpeg");
    }
  });

  it("keeps a finished plan's page up, out of search engines", async () => {
    const res = await api(`/plan/Fiesta-pasada/${terminado}`, { headers: { "User-Agent": "Twitterbot/1.0" } });
    expect(res.status).toBe(200);
    expect(await res.text()).toMatch(/<meta name="robots" content="noindex[^"]*"/);
  });

  it("offers the event as an iCalendar file, and nothing for an experience", async () => {
    const res = await api(`${ruta(evento.urlPlan)}/calendario.ics`);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("text/calendar; charset=utf-8");
    expect(res.headers.get("content-disposition")).toMatch(
      /^attachment; filename="Verbena-de-Anon-fiesta-mayor\.ics"; filename\*=UTF-8''/,
    );
    const texto = await res.text();
    expect(texto).toContain("\r\n");
    const { lineas, props } = propiedadesIcs(texto);
    expect(lineas[0]).toBe("BEGIN:VCALENDAR");
    expect(lineas).toContain("BEGIN:VEVENT");
    expect(props.get("DTSTART")).toBe(
      inicio
        .toISOString()
        .replace(/\.\d{3}Z$/, "Z")
        .replace(/[-:]/g, ""),
    );
    expect(props.get("DTEND")).toBe(
      fin
        .toISOString()
        .replace(/\.\d{3}Z$/, "Z")
        .replace(/[-:]/g, ""),
    );
    expect(props.get("SUMMARY")).toBe("Verbena de Añón: ¡fiesta mayor!");
    expect(props.get("URL")).toBe(evento.urlPlan);
    expect(props.get("UID")).toBe(`${evento._id}@127.0.0.1`);
    expect((await api(`/plan/Ruta-guiada-por-el-castillo/${experiencia}/calendario.ics`)).status).toBe(404);
    expect((await api(`/plan/x/${randomUUID()}/calendario.ics`)).status).toBe(404);
  });

  it("sends a wrong title to the canonical address with a 308, and serves the canonical one", async () => {
    const canonica = ruta(evento.urlPlan);
    expect(canonica).toBe(`/plan/${encodeURIComponent(SLUG)}/${evento._id}`);
    for (const mal of [`/plan/otro-titulo/${evento._id}`, `/plan/Verbena%20de%20A%C3%B1%C3%B3n/${evento._id}`]) {
      const res = await api(mal);
      expect(res.status, mal).toBe(308);
      expect(ruta(new URL(res.headers.get("location")!, appUrl()).toString())).toBe(canonica);
    }
    expect((await api(canonica)).status).toBe(200);
    const org = await api(`/org/Otro-Nombre/${orgId}`);
    expect(org.status).toBe(308);
    expect(new URL(org.headers.get("location")!, appUrl()).pathname).toBe(
      `/org/${encodeURIComponent("Peña-El-Cierzo")}/${orgId}`,
    );
  });

  it("answers 404 with the not-found page for unknown, malformed and hidden plans and organizations", async () => {
    const oculto = await insertPlan({
      usuarioId: usuario.id,
      origin: await freshOrigin(),
      titulo: "Oculto",
      visible: false,
    });
    const ctx = await contexto();
    const page = await ctx.newPage();
    for (const path of [
      `/plan/Nada/${randomUUID()}`,
      "/plan/Nada/no-es-un-id",
      `/plan/Oculto/${oculto}`,
      `/org/Nadie/${randomUUID()}`,
      "/org/Nadie/123",
    ]) {
      const res = await page.goto(`${appUrl()}${path}`);
      expect(res?.status(), path).toBe(404);
      await expect(page.getByRole("heading", { level: 1 }).textContent()).resolves.toBe(mensajes.paginaNoEncontrada);
    }
    await ctx.close();
  });

  it("sends an anonymous visitor's favourite to the login page, and back", async () => {
    const ctx = await contexto();
    const page = await abrir(ctx, ruta(evento.urlPlan));
    const boton = page.getByRole("button", { name: "Guardar", exact: true });
    await expect(boton.getAttribute("aria-pressed")).resolves.toBe("false");
    await boton.click();
    await page.waitForURL((u) => u.pathname === "/iniciar-sesion");
    // Back to this page after logging in, with this plan to save on the way (e2e/guardar-tras-login.test.ts).
    const login = new URL(page.url()).searchParams;
    expect(login.get("redirigir")).toBe(ruta(evento.urlPlan));
    expect(login.get("guardar")).toBe(evento._id);
    await page.getByText(mensajes.guardarTrasLogin).waitFor();
    await ctx.close();
  });

  it("saves and removes a favourite for a logged-in user, at once and for good", async () => {
    const ctx = await contexto();
    await ctx.addCookies([{ ...(await cookieDeSesionNueva(usuario.id)), url: appUrl() }]);
    const page = await abrir(ctx, ruta(evento.urlPlan));
    // One button whose words follow its state: "Guardar", then "Guardado" once saved.
    const boton = page.locator("main article > header button[aria-pressed][aria-busy]");
    await page.waitForFunction(
      () => !document.querySelector<HTMLButtonElement>("button[aria-pressed][aria-busy]")?.disabled,
    );
    await expect(boton.getAttribute("aria-pressed")).resolves.toBe("false");
    await expect(boton.textContent()).resolves.toBe("Guardar");
    await boton.click();
    await page.locator("main").getByRole("status").filter({ hasText: mensajes.favoritoGuardado }).waitFor();
    await expect(boton.getAttribute("aria-pressed")).resolves.toBe("true");
    await expect(boton.textContent()).resolves.toBe(mensajes.favoritoGuardadoBoton);
    await expect(
      page.locator("main").getByRole("button", { name: mensajes.favoritoGuardadoBoton }).count(),
    ).resolves.toBe(1);
    const favoritos = await call("GET", "/api/plan/planesFavoritos", { token: usuario.token });
    expect((favoritos.body as unknown as { _id: string }[]).map((p) => p._id)).toContain(evento._id);

    await page.reload();
    await page.waitForFunction(
      () => document.querySelector("button[aria-pressed][aria-busy]")?.getAttribute("aria-pressed") === "true",
    );
    await boton.click();
    await page.locator("main").getByRole("status").filter({ hasText: mensajes.favoritoEliminado }).waitFor();
    await expect(boton.getAttribute("aria-pressed")).resolves.toBe("false");
    await expect(boton.textContent()).resolves.toBe("Guardar");
    expect((await call("GET", "/api/plan/planesFavoritos", { token: usuario.token })).status).toBe(204);
    await ctx.close();
  });

  it("reports a plan after a confirmation with its reason and shows the server's answer", async () => {
    const ctx = await contexto();
    const page = await abrir(ctx, ruta(evento.urlPlan));
    await page.getByRole("button", { name: "Reportar mal uso" }).click();
    const dialogo = page.getByRole("dialog", { name: mensajes.reportarPlanTitulo });
    await dialogo.waitFor();
    await expect(dialogo.getByText(mensajes.reportarPlanConfirmacion).count()).resolves.toBe(1);
    await dialogo.getByRole("radio", { name: mensajes.reporteMotivoInapropiado }).check();
    await dialogo.getByRole("button", { name: "Reportar", exact: true }).click();
    await page.locator("main").getByRole("status").filter({ hasText: mensajes.reporteEnviado }).waitFor();
    await expect(dialogo.isVisible()).resolves.toBe(false);
    const filas = await query<{ titulo: string; url_plan: string; url_archivo: string; motivo: string }>(
      db(),
      "SELECT titulo, url_plan, url_archivo, motivo FROM reporte WHERE plan_id = $1",
      [evento._id],
    );
    expect(filas).toHaveLength(1);
    expect(filas[0]).toMatchObject({ titulo: TITULO, url_plan: evento.urlPlan, motivo: "inapropiado" });
    expect(filas[0].url_archivo).toMatch(/original\.webp$/);
    await ctx.close();
  });

  it("shows an organization with its logo, description, contact and plans", async () => {
    const path = `/org/${encodeURIComponent("Peña-El-Cierzo")}/${orgId}`;
    const ctx = await contexto({ viewport: { width: 1280, height: 900 } }, { sinCookieBar: true });
    const page = await abrir(ctx, path);
    const main = page.locator("main");
    await expect(page.title()).resolves.toBe(`${ORG} | Planazo`);
    await expect(main.getByRole("heading", { level: 1 }).textContent()).resolves.toBe(ORG);
    const logo = main.locator("header img");
    await expect(logo.getAttribute("src")).resolves.toMatch(/\/detalle\.webp$/);
    await esperarImagen(logo);
    await expect(main.locator("strong").first().textContent()).resolves.toBe("peña");
    const direccion = main.getByRole("link", { name: /Calle Mayor 3, Albarracín/ });
    await expect(direccion.getAttribute("href")).resolves.toBe(
      `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent("Calle Mayor 3, Albarracín")}`,
    );
    await expect(direccion.getAttribute("target")).resolves.toBe("_blank");
    await expect(main.getByRole("link", { name: "pena@example.com" }).getAttribute("href")).resolves.toBe(
      "mailto:pena@example.com",
    );
    await expect(main.getByRole("link", { name: "600 000 222" }).getAttribute("href")).resolves.toBe("tel:600000222");
    await expect(main.getByRole("heading", { level: 2, name: "Planes:" }).count()).resolves.toBe(1);
    await expect(main.getByRole("link", { name: TITULO }).getAttribute("href")).resolves.toBe(ruta(evento.urlPlan));
    await captura(page, "org-1280", { fullPage: true });
    await page.setViewportSize({ width: 390, height: 844 });
    await captura(page, "org-390", { fullPage: true });

    const html = await (await api(path, { headers: { "User-Agent": "facebookexternalhit/1.1" } })).text();
    expect(jsonLd(html)).toMatchObject({
      "@type": "Organization",
      name: ORG,
      url: `${appUrl()}${path}`,
      email: "pena@example.com",
      telephone: "600 000 222",
      logo: expect.stringMatching(/original\.webp$/),
      address: { streetAddress: "Calle Mayor 3, Albarracín", addressCountry: "ES" },
    });
    expect(html).toMatch(/<meta property="og:image" content="[^"]+\/og\.jpg"/);

    const vacia = await abrir(ctx, `/org/Asociación-Sin-Planes/${orgVaciaId}`);
    await expect(vacia.locator("main").getByText(mensajes.orgSinPlanes).count()).resolves.toBe(1);
    await ctx.close();
  });

  /** The box of a visible element, in CSS pixels of the viewport. */
  async function caja(locator: ReturnType<Page["locator"]>) {
    const b = await locator.boundingBox();
    if (!b) throw new Error("no box: the element is not visible");
    return b;
  }

  it("puts when, price, place and organizer beside the poster and above the fold at 1280×800", async () => {
    const ctx = await contexto({ viewport: { width: 1280, height: 800 } }, { sinCookieBar: true });
    const page = await abrir(ctx, ruta(evento.urlPlan));
    const main = page.locator("main");
    const poster = await caja(main.locator("header img").first());
    const seccion = (h: string) =>
      main.locator("section", { has: page.getByRole("heading", { level: 2, name: h, exact: true }) });
    const hechos = {
      cuando: seccion("¿CUÁNDO SERÁ?").getByText(cuandoEventoTexto(inicio.toISOString(), fin.toISOString())!),
      precio: seccion("¿CUÁNTO CUESTA?").getByText("12,50 €"),
      lugar: seccion("¿DÓNDE?").getByRole("link", { name: /Plaza Mayor, 1, Albarracín/ }),
      comoLlegar: seccion("¿DÓNDE?").getByRole("link", { name: /Cómo llegar/ }),
      organiza: seccion("ORGANIZADO POR:").getByRole("link", { name: ORG }),
    };
    for (const [nombre, locator] of Object.entries(hechos)) {
      const b = await caja(locator);
      expect(b.x, `${nombre} beside the poster`).toBeGreaterThanOrEqual(poster.x + poster.width);
      expect(b.y, `${nombre} level with the poster`).toBeLessThan(poster.y + poster.height);
      expect(b.y + b.height, `${nombre} above the fold`).toBeLessThanOrEqual(800);
    }
    // "Cómo llegar" is a direct link, not only inside 'Ver resumen'.
    await expect(hechos.comoLlegar.getAttribute("href")).resolves.toBe(
      "https://www.google.com/maps/dir/?api=1&destination=40.4079,-1.4443",
    );
    await expect(hechos.comoLlegar.getAttribute("target")).resolves.toBe("_blank");
    await captura(page, "planpage-hechos-1280");
    await ctx.close();
  });

  it("keeps Guardar, Compartir and Cómo llegar on screen while a phone scrolls the page", async () => {
    const ctx = await contexto({ viewport: { width: 390, height: 844 } }, { sinCookieBar: true });
    const page = await abrir(ctx, ruta(evento.urlPlan));
    const main = page.locator("main");
    const acciones = [
      main.getByRole("button", { name: "Guardar", exact: true }),
      main.getByText("Compartir", { exact: true }),
      main.getByRole("link", { name: /Cómo llegar/ }).last(),
    ];
    for (const y of [900, 2000, 100_000]) {
      await page.evaluate((top) => window.scrollTo(0, top), y);
      await page.waitForFunction(
        (top) =>
          Math.abs(window.scrollY - Math.min(top, document.documentElement.scrollHeight - window.innerHeight)) < 2,
        y,
      );
      for (const accion of acciones) {
        const b = await caja(accion);
        expect(b.y, `at ${y}`).toBeGreaterThanOrEqual(0);
        expect(b.y + b.height, `at ${y}`).toBeLessThanOrEqual(844);
        // Not covered by anything else: the element itself is what a tap at its centre hits.
        const encima = await accion.evaluate((el) => {
          const r = el.getBoundingClientRect();
          const tocado = document.elementFromPoint(r.x + r.width / 2, r.y + r.height / 2);
          return !!tocado && (el.contains(tocado) || tocado.contains(el));
        });
        expect(encima, `at ${y}`).toBe(true);
      }
      if (y === 2000) await captura(page, "planpage-barra-390");
    }
    await expect(acciones[2].getAttribute("href")).resolves.toBe(
      "https://www.google.com/maps/dir/?api=1&destination=40.4079,-1.4443",
    );
    // At the very bottom the bar covers none of the page's own controls.
    const reportar = await caja(main.getByRole("button", { name: "Reportar mal uso" }));
    const barra = await caja(main.getByRole("button", { name: "Guardar", exact: true }));
    expect(reportar.y + reportar.height).toBeLessThanOrEqual(barra.y);
    await ctx.close();
  });

  for (const viewport of [
    { width: 390, height: 844 },
    { width: 1280, height: 800 },
  ]) {
    it(`copies the plan's link from Compartir where there is no share sheet (${viewport.width} px)`, async () => {
      const ctx = await contexto({ viewport }, { sinCookieBar: true });
      await ctx.grantPermissions(["clipboard-read", "clipboard-write"], { origin: appUrl() });
      await ctx.addInitScript(() => {
        delete (Navigator.prototype as Partial<Navigator>).share;
      });
      const page = await abrir(ctx, ruta(evento.urlPlan));
      const main = page.locator("main");
      await main.getByText("Compartir", { exact: true }).click();
      const copiar = main.getByRole("button", { name: "Copiar enlace" });
      await copiar.click();
      await main.getByText(mensajes.enlaceCopiado, { exact: true }).waitFor();
      await expect(page.evaluate(() => navigator.clipboard.readText())).resolves.toBe(evento.urlPlan);
      // The chat link of spec §2 is still offered, with the title, address, date and link.
      const whatsapp = new URL((await main.getByRole("link", { name: /WhatsApp/ }).getAttribute("href"))!);
      expect(whatsapp.origin).toBe("https://wa.me");
      for (const parte of [TITULO, "Plaza Mayor, 1, Albarracín", evento.urlPlan])
        expect(whatsapp.searchParams.get("text")).toContain(parte);
      await captura(page, `planpage-compartir-${viewport.width}`);
      // The copy button stays within the screen (the phone's bar opens its panel upwards).
      const b = await caja(copiar);
      expect(b.y).toBeGreaterThanOrEqual(0);
      expect(b.y + b.height).toBeLessThanOrEqual(viewport.height);
      await ctx.close();
    });
  }

  it("opens the system share sheet with the plan's title and address where the browser has one", async () => {
    const ctx = await contexto({ viewport: { width: 390, height: 844 } }, { sinCookieBar: true });
    await ctx.addInitScript(() => {
      const w = window as unknown as { compartido: ShareData[] };
      w.compartido = [];
      Object.defineProperty(Navigator.prototype, "share", {
        configurable: true,
        value: (datos: ShareData) => {
          w.compartido.push(datos);
          return Promise.resolve();
        },
      });
    });
    const page = await abrir(ctx, ruta(evento.urlPlan));
    const main = page.locator("main");
    // Tapped as soon as it shows, before anything else has settled.
    await main.getByText("Compartir", { exact: true }).click();
    await page.waitForFunction(() => (window as unknown as { compartido: ShareData[] }).compartido.length > 0);
    const compartido = await page.evaluate(() => (window as unknown as { compartido: ShareData[] }).compartido);
    expect(compartido).toHaveLength(1);
    expect(compartido[0].url).toBe(evento.urlPlan);
    expect(compartido[0].title).toBe(TITULO);
    expect(compartido[0].text).toContain("Plaza Mayor, 1, Albarracín");
    // The sheet replaces the panel: no second menu opens behind it.
    await expect(main.getByRole("button", { name: "Copiar enlace" }).isVisible()).resolves.toBe(false);
    await ctx.close();
  });

  it("keeps the facts and the chat link without JavaScript", async () => {
    const ctx = await contexto({ viewport: { width: 390, height: 844 }, javaScriptEnabled: false });
    // Init scripts need JavaScript: the acceptance is the cookie the server reads instead.
    await ctx.addCookies([{ name: "cookiesAccepted", value: "true", url: appUrl() }]);
    const page = await abrir(ctx, ruta(evento.urlPlan));
    const main = page.locator("main");
    await expect(
      main.locator("section", { has: page.getByRole("heading", { name: "¿CUÁNTO CUESTA?" }) }).textContent(),
    ).resolves.toContain("12,50 €");
    await main.getByText("Compartir", { exact: true }).click();
    const whatsapp = main.getByRole("link", { name: /WhatsApp/ });
    await whatsapp.waitFor();
    expect(new URL((await whatsapp.getAttribute("href"))!).origin).toBe("https://wa.me");
    await expect(
      main
        .getByRole("link", { name: /Cómo llegar/ })
        .first()
        .getAttribute("href"),
    ).resolves.toBe("https://www.google.com/maps/dir/?api=1&destination=40.4079,-1.4443");
    await ctx.close();
  });

  it("marks an ended plan, offers no calendar, and lists upcoming plans nearby, its category first", async () => {
    const origin = await freshOrigin();
    const pasado = {
      fechaInicio: new Date(Date.now() - 10 * DIA),
      fechaFin: new Date(Date.now() - 10 * DIA + 4 * HORA),
    };
    const acabado = await insertPlan({
      usuarioId: usuario.id,
      origin,
      titulo: "Concierto de ayer",
      categorias: ["Cultura"],
      ...pasado,
    });
    const mismaCategoria = await insertPlan({
      usuarioId: usuario.id,
      origin,
      distanciaM: 30_000,
      titulo: "Teatro en la plaza",
      categorias: ["Cultura"],
    });
    const otraCategoria = await insertPlan({
      usuarioId: usuario.id,
      origin,
      distanciaM: 2_000,
      titulo: "Carrera popular",
      categorias: ["Deporte"],
    });
    await insertPlan({
      usuarioId: usuario.id,
      origin,
      distanciaM: 80_000,
      titulo: "Demasiado lejos",
      categorias: ["Cultura"],
    });
    await insertPlan({
      usuarioId: usuario.id,
      origin,
      distanciaM: 1_000,
      titulo: "También terminado",
      categorias: ["Cultura"],
      ...pasado,
    });
    await insertPlan({
      usuarioId: usuario.id,
      origin,
      distanciaM: 1_000,
      titulo: "Oculto cerca",
      categorias: ["Cultura"],
      visible: false,
    });

    for (const viewport of [
      { width: 390, height: 844 },
      { width: 1280, height: 800 },
    ]) {
      const ctx = await contexto({ viewport }, { sinCookieBar: true });
      const page = await abrir(ctx, `/plan/Concierto-de-ayer/${acabado}`);
      const main = page.locator("main");
      const cabecera = main.locator("header").first();
      await expect(cabecera.getByText(mensajes.planFinalizado, { exact: true }).isVisible()).resolves.toBe(true);
      await expect(cabecera.getByText(mensajes.planTerminadoAviso).isVisible()).resolves.toBe(true);
      // The mark sits next to the title, on the first screen.
      const marca = await caja(cabecera.getByText(mensajes.planFinalizado, { exact: true }));
      expect(marca.y + marca.height).toBeLessThanOrEqual(viewport.height);
      await expect(main.getByText("Guardar en mi calendario").count()).resolves.toBe(0);
      // Told in the past.
      await expect(main.getByRole("heading", { level: 2, name: "¿CUÁNDO FUE?" }).count()).resolves.toBe(1);
      await expect(main.getByRole("heading", { level: 2, name: "¿CUÁNDO SERÁ?" }).count()).resolves.toBe(0);

      // Plans around it: this weekend's, then more near it (its own category first).
      const seccion = (titulo: string) =>
        main.locator("section", {
          has: page.getByRole("heading", { level: 2, name: conDatos(titulo, { municipio: "Pueblo de Prueba" }) }),
        });
      const enFinde = await seccion(mensajes.planFindeEn).getByRole("heading", { level: 3 }).allTextContents();
      const cerca = await seccion(mensajes.masPlanesCerca).getByRole("heading", { level: 3 }).allTextContents();
      expect([...enFinde, ...cerca].sort()).toEqual(["Carrera popular", "Teatro en la plaza"]);
      if (enFinde.length === 0) expect(cerca).toEqual(["Teatro en la plaza", "Carrera popular"]);
      await expect(main.getByRole("link", { name: /Teatro en la plaza/ }).getAttribute("href")).resolves.toBe(
        `/plan/Teatro-en-la-plaza/${mismaCategoria}`,
      );
      await expect(main.getByRole("link", { name: /Carrera popular/ }).getAttribute("href")).resolves.toBe(
        `/plan/Carrera-popular/${otraCategoria}`,
      );
      await captura(page, `planpage-finalizado-${viewport.width}`, { fullPage: true });
      await ctx.close();
    }
    // An upcoming plan says nothing of the sort.
    const html = await (await api(ruta(evento.urlPlan))).text();
    expect(htmlVisible(html)).not.toContain(mensajes.planTerminadoAviso);
  });
});

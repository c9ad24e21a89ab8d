import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from "vitest";
import { CABECERA_IDIOMA, IDIOMAS, NOMBRE_PROPIO, rutaEnIdioma, type Idioma } from "@/lib/idiomas";
import { HUECO } from "@/lib/con-datos";
import { buscarPlanesMapa } from "@/lib/busqueda/buscar";
import { busquedaSchema } from "@/lib/busqueda/schemas";
import { espacioDe } from "@/lib/catalogo";
import { lenguaDe } from "@/lib/plans/texto";
import { diaEtiqueta, fechaInsignia, nombreDia } from "@/lib/dates";
import { IDIOMAS_CON_SITEMAP } from "@/lib/seo/sitemap";
import { IDIOMAS_DEL_INTERFAZ } from "@/lib/seo/versiones";
import { mensajes } from "@/lib/messages";
import { planPath } from "@/lib/plans/plan";
import { site } from "@/lib/site";
import { api } from "@/test-support/api";
import { captura, conCookiesAceptadas, launchBrowser } from "@/test-support/browser";
import { query } from "@/test-support/database";
import { insertPlan, insertUser } from "@/test-support/plans";
import { appUrl } from "@/test-support/worker";
import { contextoConectado } from "@/test-support/session-context";
import { confirmedUser } from "@/test-support/users";

const db = () => process.env.DATABASE_URL!;
/** A town no other test puts plans near. */
const OLOT = { ine: "17114", lat: 42.18096, lng: 2.49012, ruta: "/planes/girona/olot" };

const catalogo = async (idioma: string) =>
  (await import(`@/mensajes/${idioma}.json`)).default as Record<string, Record<string, string>>;

/** The texts of the database that pages show as they are: plans', towns', organizations', people's. */
async function datosDeLaBase(): Promise<string[]> {
  const filas = await query<{ v: string }>(
    db(),
    `SELECT titulo AS v FROM plan UNION SELECT municipio FROM plan UNION SELECT direccion FROM plan
     UNION SELECT nombre FROM organizacion UNION SELECT name FROM usuario
     UNION SELECT nombre FROM municipio UNION SELECT provincia FROM municipio`,
  );
  return filas.map((f) => f.v);
}

/**
 * The words a language's dates write on their own (a card's "mar" and "dec"): Galician's are often
 * Spanish's, and the day a plan falls on decides which a page shows.
 */
function fechasDe(idioma: Idioma): Set<string> {
  const palabras = new Set<string>();
  for (let d = 0; d < 365; d += 1) {
    const { semana, mes } = fechaInsignia(new Date(Date.UTC(2026, 0, 1 + d, 12)).toISOString(), idioma);
    palabras.add(semana).add(mes);
  }
  for (let d = 0; d < 7; d += 1) palabras.add(nombreDia(d, idioma)).add(diaEtiqueta(d, idioma));
  return palabras;
}

/** Every message of a catalogue, as written. */
function textosDeCatalogo(c: Record<string, unknown>): string[] {
  return Object.values(c).flatMap((v) =>
    typeof v === "string" ? [v.trim()] : textosDeCatalogo(v as Record<string, unknown>),
  );
}

/** In the browser: every text a person reads or hears on the page (text nodes, labels, placeholders, alternative texts). */
function textosDeLaPagina(): string[] {
  const textos: string[] = [];
  // Text marked in another language (the offer of the browser's, a plan's own) is not the page's.
  const propio = (e: Element | null) => e?.closest("[lang]")?.getAttribute("lang") === document.documentElement.lang;
  const recorrido = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let n = recorrido.nextNode(); n; n = recorrido.nextNode()) {
    if (n.parentElement?.closest("script, style, noscript, template") || !propio(n.parentElement)) continue;
    textos.push(n.textContent ?? "");
  }
  for (const e of document.body.querySelectorAll("[aria-label], [placeholder], [title], img[alt]"))
    for (const a of ["aria-label", "placeholder", "title", "alt"]) if (propio(e)) textos.push(e.getAttribute(a) ?? "");
  return textos.map((t) => t.replace(/\s+/g, " ").trim()).filter(Boolean);
}

/** The page's `<link rel="alternate" hreflang>`s, by language, and its canonical and robots. */
async function versiones(url: string) {
  const res = await api(url.replace(appUrl(), ""), { headers: { accept: "text/html" } });
  const html = await res.text();
  const href = (h: string) => h.replaceAll("&#x27;", "'").replaceAll("&amp;", "&");
  const alternas = Object.fromEntries(
    [...html.matchAll(/<link rel="alternate" hrefLang="([^"]+)" href="([^"]+)"\/>/g)].map((m) => [m[1], href(m[2])]),
  );
  const canonical = href(/<link rel="canonical" href="([^"]+)"/.exec(html)?.[1] ?? "");
  const noindex = /<meta name="robots" content="noindex/.test(html);
  return { status: res.status, alternas, canonical, noindex, html };
}

describe("the interface's languages", () => {
  let browser: Browser;
  let usuarioId: string;
  let planId: string;

  beforeAll(async () => {
    browser = await launchBrowser();
    usuarioId = await insertUser();
    planId = await insertPlan({
      usuarioId,
      origin: OLOT,
      distanciaM: 300,
      titulo: "Concert a la plaça",
      municipio: "Olot",
      municipioIne: OLOT.ine,
    });
  });

  afterAll(async () => {
    await query(db(), "DELETE FROM plan WHERE usuario_id = $1", [usuarioId]);
    await query(db(), "DELETE FROM usuario WHERE id = $1", [usuarioId]);
    await browser?.close();
  });

  it("serves each language at its prefix, keeps it in every link, and switches from the footer on the same page", async () => {
    const ctx = await browser.newContext({ viewport: { width: 390, height: 844 }, locale: "es-ES" });
    await conCookiesAceptadas(ctx, appUrl());
    const page = await ctx.newPage();
    await page.goto(`${appUrl()}/ca${OLOT.ruta}`);
    expect(await page.locator("html").getAttribute("lang")).toBe("ca");
    const ca = await catalogo("ca");
    await expect.poll(() => page.locator("footer").innerText()).toContain(ca.pie.lema);
    // Every link to a page of the site stays in Catalan; the API, files and the links to other
    // languages (the switcher, the offer of the browser's Spanish) aside.
    const enlaces = await page.$$eval("a[href^='/']", (as) =>
      as.filter((a) => !a.hasAttribute("hreflang")).map((a) => a.getAttribute("href")!),
    );
    expect(enlaces.length).toBeGreaterThan(5);
    for (const href of enlaces) expect(href, href).toMatch(/^\/(ca(\/|$|\?)|api\/|media\/)/);
    await captura(page, "idiomas-pueblo-ca-390");
    // The footer: the same page in Basque.
    await page.locator("footer").getByRole("link", { name: NOMBRE_PROPIO.eu }).click();
    await page.waitForURL(`${appUrl()}/eu${OLOT.ruta}`);
    expect(await page.locator("html").getAttribute("lang")).toBe("eu");
    const eu = await catalogo("eu");
    expect(await page.locator("footer").innerText()).toContain(eu.pie.lema);
    expect(
      await page.locator("footer").getByRole("link", { name: NOMBRE_PROPIO.eu }).getAttribute("aria-current"),
    ).toBe("page");
    // And back to Spanish, at the page's own address.
    await page.locator("footer").getByRole("link", { name: NOMBRE_PROPIO.es }).click();
    await page.waitForURL(`${appUrl()}${OLOT.ruta}`);
    expect(await page.locator("html").getAttribute("lang")).toBe("es");
    await ctx.close();
  });

  it("renders the home, a search, a plan, the wizard and the profile without a Spanish leftover", async () => {
    const usuario = await confirmedUser("Lucía Idiomas");
    const lugar = `/?municipio=Olot&lat=${OLOT.lat}&lng=${OLOT.lng}`;
    const paginas = ["/", lugar, planPath("Concert a la plaça", planId), "/publicar", "/perfil"];
    const castellano = [...textosDeCatalogo(await catalogo("es"))];
    // What is the page's data, not its interface: the same in every language. And names: the
    // footer's networks, stores and sources, the calendar and messaging apps a plan is shared to.
    const datos = new Set([
      site().nombre,
      site().contacto,
      "Olot",
      "Concert a la plaça",
      "Plaza Mayor, 1, Olot",
      "Lucía Idiomas",
      usuario.correo,
      ...Object.values(NOMBRE_PROPIO),
      ...["Facebook", "Instagram", "TikTok", "App Store", "Google Play", "WhatsApp", "Google Calendar"],
      ...["GeoNames", "Countries States Cities Database", "(ODbL).", "Leaflet", "OpenStreetMap"],
    ]);
    // Read before and after the pages: a plan another test deletes meanwhile is still known.
    const deLaBase = new Set(await datosDeLaBase());
    const ctx = await contextoConectado(browser, { id: usuario.id });
    // Each page in the five languages at once, a tab each, as five visitors would.
    const pestanas = await Promise.all(IDIOMAS.map(() => ctx.newPage()));
    const leer = async (n: number, ruta: string) => {
      const page = pestanas[n];
      await page.goto(`${appUrl()}${ruta}`);
      await page.getByRole("contentinfo").waitFor();
      // A plan's map loads as it nears the screen: brought there on every tab, so its words are read in each.
      if (ruta.includes("/plan/")) {
        await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
        await page.locator(".leaflet-control-attribution").waitFor();
      }
      const textos = await page.evaluate(textosDeLaPagina);
      if (ruta.includes("municipio=")) await captura(page, `idiomas-busqueda-${IDIOMAS[n]}-390`);
      return textos;
    };
    const plantillas = new Map(
      await Promise.all(
        IDIOMAS.map(async (idioma) => {
          // A text its own catalogue writes, filled in ("Paso 1 de 4:" is Galician too).
          const suyos = textosDeCatalogo(await catalogo(idioma)).map(
            (t) => new RegExp(`^${t.replace(/[.*+?^$()|[\]\\]/g, "\\$&").replace(HUECO, ".+")}$`, "u"),
          );
          return [idioma, suyos] as const;
        }),
      ),
    );
    const restos: string[] = [];
    for (const ruta of paginas) {
      const [enCastellano, ...otros] = await Promise.all(
        IDIOMAS.map((idioma, n) => leer(n, rutaEnIdioma(idioma, ruta))),
      );
      const castellanoDeLaPagina = new Set(enCastellano);
      otros.forEach((textos, n) => {
        const idioma = IDIOMAS[n + 1];
        const escrito = (texto: string) =>
          fechasDe(idioma).has(texto) || plantillas.get(idioma)!.some((p) => p.test(texto));
        for (const texto of textos) {
          const espanol = castellanoDeLaPagina.has(texto) || castellano.includes(texto);
          if (espanol && !datos.has(texto) && /\p{L}{3}/u.test(texto) && !escrito(texto))
            restos.push(`${idioma} ${ruta}: ${texto}`);
        }
      });
    }
    await ctx.close();
    // Other tests' plans may be on the same pages: their titles, towns, places and people are
    // data, the same in every language, alone or joined ("Plaza Mayor, 1, Olot", "Olot · 3 km").
    for (const v of await datosDeLaBase()) deLaBase.add(v);
    const esDato = (texto: string) =>
      texto
        .split(/\s*[,·()|]\s*/)
        .filter(Boolean)
        .every((parte) => deLaBase.has(parte) || !/\p{L}{3}/u.test(parte));
    // One line each, so a failure says which texts they were.
    expect([...new Set(restos)].filter((r) => !esDato(r.slice(r.indexOf(": ") + 2))).join("\n")).toBe("");
  });

  it("keeps a page named like a prefix in Spanish, and the language through the login's way back", async () => {
    const eurona = await api("/eurona", { headers: { accept: "text/html" } });
    expect(eurona.status).toBe(200);
    expect(await eurona.text()).toContain('<html lang="es"');
    const login = await api("/gl/publicar", { headers: { accept: "text/html" }, redirect: "manual" });
    expect(login.status).toBe(307);
    const destino = new URL(login.headers.get("location")!, appUrl());
    expect(destino.pathname).toBe("/gl/iniciar-sesion");
    expect(destino.searchParams.get("redirigir")).toBe("/gl/publicar");
    // The JSON API answers in Spanish whatever the device's language.
    const r = await api("/api/plan/detalle/no-existe", { headers: { "accept-language": "eu" } });
    const { mensaje } = (await r.json()) as { mensaje: string };
    expect(Object.values(mensajes)).toContain(mensaje);
    // A call from one of the site's pages in Basque (lib/cliente/api.ts) gets its error in Basque.
    const desdeLaWeb = await api("/api/plan/detalle/no-existe", { headers: { [CABECERA_IDIOMA]: "eu" } });
    const [espacio, clave] = Object.entries(await catalogo("es"))
      .flatMap(([e, textos]) => Object.entries(textos).map(([k, texto]) => [e, k, texto]))
      .find(([, , texto]) => texto === mensaje)!;
    expect(((await desdeLaWeb.json()) as { mensaje: string }).mensaje).toBe((await catalogo("eu"))[espacio][clave]);
  });

  it("names a bilingual town in its official form outside Spanish", async () => {
    const titulo = async (ruta: string) => {
      const res = await api(ruta, { headers: { accept: "text/html" } });
      expect(res.status, ruta).toBe(200);
      return /<h1[^>]*>([^<]*)</.exec(await res.text())?.[1] ?? "";
    };
    expect(await titulo("/eu/planes/gipuzkoa/san-sebastian")).toContain("Donostia / San Sebastián");
    const enCastellano = await titulo("/planes/gipuzkoa/san-sebastian");
    expect(enCastellano).toContain("San Sebastián");
    expect(enCastellano).not.toContain("Donostia");
  });

  it("gives the wizard's hints, the dates' among them, in the page's language", async () => {
    const [ca, castellano] = [await catalogo("ca"), await catalogo("es")];
    const usuario = await confirmedUser("Jordi Assistent");
    const ctx = await contextoConectado(browser, { id: usuario.id });
    try {
      const page = await ctx.newPage();
      await page.goto(`${appUrl()}/ca/publicar`);
      await page.getByText(ca.asistente.evento, { exact: true }).first().click();
      await page.getByRole("button", { name: ca.asistente.continuar }).click();
      await page.getByText(ca.categorias.cultura, { exact: true }).first().click();
      await page.getByRole("button", { name: ca.asistente.continuar }).click();
      await page.getByText(ca.formulario.formaVarias, { exact: true }).first().click();
      await page.getByRole("button", { name: ca.asistente.continuar }).click();
      // The rules' Spanish hints (the title's, a date's) shown in Catalan.
      await page.getByText(ca.pistas.titulo, { exact: true }).first().waitFor();
      await page.getByText(ca.fechas.fechaSinInicio, { exact: true }).first().waitFor();
      const texto = await page.locator("main").innerText();
      expect(texto).not.toContain(castellano.fechas.fechaSinInicio);
      expect(texto).not.toContain(castellano.pistas.titulo);
    } finally {
      await ctx.close();
    }
  });

  it("offers the browser's language once, in that language, without sending the visitor there", async () => {
    const ctx = await browser.newContext({ viewport: { width: 390, height: 844 }, locale: "ca-ES" });
    await conCookiesAceptadas(ctx, appUrl());
    const page = await ctx.newPage();
    await page.goto(`${appUrl()}${OLOT.ruta}`);
    const oferta = page.getByRole("complementary", { name: "Disponible en català" });
    await expect.poll(() => oferta.isVisible()).toBe(true);
    expect(page.url()).toBe(`${appUrl()}${OLOT.ruta}`);
    expect(await oferta.getAttribute("lang")).toBe("ca");
    await captura(page, "idiomas-oferta-390");
    await oferta.getByRole("button", { name: "No, gràcies" }).click();
    await expect.poll(() => oferta.count()).toBe(0);
    await page.reload();
    await page.locator("footer").waitFor();
    await page.waitForTimeout(300);
    expect(await oferta.count()).toBe(0);
    await ctx.close();
    // A Spanish browser is offered nothing; a Catalan one taking the offer lands on the Catalan page.
    const es = await browser.newPage({ locale: "es-ES" });
    await es.goto(`${appUrl()}${OLOT.ruta}`);
    await es.locator("footer").waitFor();
    await es.waitForTimeout(300);
    expect(await es.locator("aside[lang]").count()).toBe(0);
    await es.close();
    const otro = await browser.newPage({ locale: "ca" });
    await otro.goto(`${appUrl()}${OLOT.ruta}?vista=lista`);
    await otro.getByRole("link", { name: "Disponible en català" }).click();
    await otro.waitForURL(`${appUrl()}/ca${OLOT.ruta}?vista=lista`);
    await otro.close();
  });

  it("shows a plan in the reader's language when it has it, else Spanish, else its own, marked so", async () => {
    // A sponsor's text, the team's Spanish, among the cards of a search.
    const [patrocinio] = await query<{ id: string }>(
      db(),
      `INSERT INTO patrocinio (empresa, enlace_empresa, titulo, descripcion)
       VALUES ('Eurona', 'https://www.eurona.es', 'Internet rural', 'Conexión en cualquier pueblo') RETURNING id`,
    );
    onTestFinished(() => query(db(), "DELETE FROM patrocinio WHERE id = $1", [patrocinio.id]).then(() => undefined));
    const kulturklik = await insertPlan({
      usuarioId,
      origin: OLOT,
      distanciaM: 500,
      titulo: "Concierto de la banda",
      municipio: "Olot",
      municipioIne: OLOT.ine,
    });
    await query(db(), "UPDATE plan SET descripcion = 'Toca la banda del pueblo.', textos = $2 WHERE id = $1", [
      kulturklik,
      JSON.stringify({ eu: { titulo: "Bandaren kontzertua", descripcion: "Herriko bandak jotzen du." } }),
    ]);
    const ruta = planPath("Concierto de la banda", kulturklik);
    const h1 = (html: string) => /<h1 class="[^"]+"( lang="([a-z]+)")?>([^<]+)<\/h1>/.exec(html);
    const eu = await versiones(`${appUrl()}/eu${ruta}`);
    expect(h1(eu.html)?.slice(2)).toEqual([undefined, "Bandaren kontzertua"]);
    expect(eu.html).toContain("Herriko bandak jotzen du.");
    // The page's own words are Basque too, the spec's Spanish headings nowhere.
    const euskera = await catalogo("eu");
    for (const k of ["cuandoSera", "donde", "comoSera", "calendario"])
      expect(eu.html).toContain(`>${euskera.plan[k]}<`);
    for (const h of ["¿CUÁNDO SERÁ?", "¿DÓNDE?", "¿CÓMO SERÁ?"]) expect(eu.html).not.toContain(h);
    expect(eu.html).not.toContain("Toca la banda del pueblo.");
    // Written in Spanish and Basque: indexed in both, each naming the other.
    expect(eu.noindex).toBe(false);
    expect(Object.keys(eu.alternas).sort()).toEqual(["es", "eu", "x-default"]);
    const es = await versiones(`${appUrl()}${ruta}`);
    expect(h1(es.html)?.slice(2)).toEqual([undefined, "Concierto de la banda"]);
    expect(es.alternas.eu).toBe(`${appUrl()}/eu${ruta}`);
    // A reader of Galician reads the Spanish, said so in Galician.
    const gl = await versiones(`${appUrl()}/gl${ruta}`);
    expect(h1(gl.html)?.slice(2)).toEqual(["es", "Concierto de la banda"]);
    expect(gl.html).toContain("Texto orixinal en castelán");
    expect(gl.noindex).toBe(true);

    // Written in Catalan alone: marked lang="ca" on the Spanish page, with the line that says so.
    const catalan = await insertPlan({
      usuarioId,
      origin: OLOT,
      distanciaM: 600,
      titulo: "Cantada d'havaneres",
      municipio: "Olot",
      municipioIne: OLOT.ine,
    });
    await query(db(), "UPDATE plan SET idioma = 'ca' WHERE id = $1", [catalan]);
    const rutaCa = planPath("Cantada d'havaneres", catalan);
    const enEspanol = await versiones(`${appUrl()}${rutaCa}`);
    expect(h1(enEspanol.html)?.slice(2)).toEqual(["ca", "Cantada d&#x27;havaneres"]);
    expect(enEspanol.html).toContain("Texto original en catalán");
    expect(enEspanol.noindex).toBe(true);
    expect(enEspanol.canonical).toBe(`${appUrl()}/ca${rutaCa}`);
    const enCatalan = await versiones(`${appUrl()}/ca${rutaCa}`);
    expect(h1(enCatalan.html)?.slice(2)).toEqual([undefined, "Cantada d&#x27;havaneres"]);
    expect(enCatalan.html).not.toContain("Text original en");
    expect(enCatalan.noindex).toBe(false);

    // Their cards in a search of Olot too: the title in the reader's language when the plan has
    // it, marked with its own language when that is not the page's.
    const tarjetas = async (idioma: Idioma) => {
      const ruta = rutaEnIdioma(idioma, `/?municipio=Olot&lat=${OLOT.lat}&lng=${OLOT.lng}`);
      const html = await (await api(ruta, { headers: { accept: "text/html" } })).text();
      return Object.fromEntries(
        [...html.matchAll(/<h[234] class="[^"]+"(?: lang="([a-z]+)")?>([^<]+)<\/h[234]>/g)]
          .filter(([, , titulo]) => /Concert|oncierto|kontzertua|havaneres|Internet/.test(titulo))
          .map(([, lang, titulo]) => [titulo.replaceAll("&#x27;", "'"), lang ?? null]),
      );
    };
    expect(await tarjetas("es")).toEqual({
      "Concert a la plaça": null,
      "Concierto de la banda": null,
      "Cantada d'havaneres": "ca",
      "Internet rural": null,
    });
    expect(await tarjetas("eu")).toEqual({
      "Concert a la plaça": "es",
      "Bandaren kontzertua": null,
      "Cantada d'havaneres": "ca",
      "Internet rural": "es",
    });
    expect(await tarjetas("ca")).toEqual({
      "Concert a la plaça": "es",
      "Concierto de la banda": "es",
      "Cantada d'havaneres": null,
      "Internet rural": "es",
    });
    // And the map's points, whose mini card names the plan the same way.
    const mapa = await buscarPlanesMapa(
      busquedaSchema.parse({ lat: String(OLOT.lat), lng: String(OLOT.lng) }),
      lenguaDe("eu", espacioDe("eu", "tarjeta")),
    );
    expect(
      Object.fromEntries(
        mapa.puntos.filter((p) => /Concert|kontzertua|havaneres/.test(p.titulo)).map((p) => [p.titulo, p.lang ?? null]),
      ),
    ).toEqual({ "Concert a la plaça": "es", "Bandaren kontzertua": null, "Cantada d'havaneres": "ca" });

    // The sitemap lists each plan in the languages of its text, and only those.
    const indice = await (await api("/sitemap.xml")).text();
    const listadas: string[] = [];
    for (const [, archivo] of indice.matchAll(/<loc>([^<]+)<\/loc>/g)) {
      const xml = await (await api(archivo.replace(appUrl(), ""))).text();
      listadas.push(...[...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]));
    }
    expect(listadas.filter((u) => u.includes(kulturklik)).sort()).toEqual(
      [`${appUrl()}${ruta}`, `${appUrl()}/eu${ruta}`].sort(),
    );
    expect(listadas.filter((u) => u.includes(catalan))).toEqual([`${appUrl()}/ca${rutaCa}`]);
  });

  it("lists each indexed version with reciprocal hreflang, over the sitemap; a plan only in the language of its text", async () => {
    const indice = await (await api("/sitemap.xml")).text();
    const archivos = [...indice.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]);
    for (const i of IDIOMAS_CON_SITEMAP) expect(archivos).toContain(`${appUrl()}/sitemap/${i}.xml`);
    const urls: string[] = [];
    for (const archivo of archivos) {
      const xml = await (await api(archivo.replace(appUrl(), ""))).text();
      const todas = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]);
      // The static pages and this town's: enough to see every kind of page (another test's town
      // may lose its last plan, and its page its index, while this one reads it).
      urls.push(...todas.filter((u, n) => (n < 8 && !u.includes("/planes/")) || u.includes(OLOT.ruta)));
    }
    for (const i of IDIOMAS_DEL_INTERFAZ) expect(urls).toContain(`${appUrl()}${rutaEnIdioma(i, OLOT.ruta)}`);
    expect(urls.some((u) => u.includes(planId))).toBe(false);
    const vistas = new Map<string, Awaited<ReturnType<typeof versiones>>>();
    const ver = async (u: string) => vistas.get(u) ?? vistas.set(u, await versiones(u)).get(u)!;
    for (const url of urls) {
      const v = await ver(url);
      expect(v.status, url).toBe(200);
      // Every page listed is indexable and its own canonical.
      expect(v.noindex, url).toBe(false);
      expect(v.canonical, url).toBe(url);
      if (Object.keys(v.alternas).length === 0) continue;
      expect(v.alternas["x-default"], url).toBeDefined();
      expect(Object.values(v.alternas), url).toContain(url);
      for (const [idioma, otra] of Object.entries(v.alternas)) {
        if (idioma === "x-default") continue;
        const w = await ver(otra);
        expect(w.alternas[idioma], otra).toBe(otra);
        expect(Object.values(w.alternas), `${otra} names ${url}`).toContain(url);
      }
    }
    // A plan written in Spanish: indexed in Spanish, its other versions noindex and pointing there.
    const ruta = planPath("Concert a la plaça", planId);
    const plan = await versiones(`${appUrl()}${ruta}`);
    expect(plan.noindex).toBe(false);
    expect(Object.keys(plan.alternas).sort()).toEqual(["es", "x-default"]);
    const enCatalan = await versiones(`${appUrl()}/ca${ruta}`);
    expect(enCatalan.noindex).toBe(true);
    expect(enCatalan.canonical).toBe(`${appUrl()}${ruta}`);
    expect(enCatalan.html).toContain('<html lang="ca"');
    // A town's page in a language whose catalogue is not complete yet: not indexed, pointing to Spanish.
    for (const i of IDIOMAS.filter((i) => !IDIOMAS_DEL_INTERFAZ.includes(i))) {
      const pueblo = await versiones(`${appUrl()}${rutaEnIdioma(i, OLOT.ruta)}`);
      expect(pueblo.noindex).toBe(true);
      expect(pueblo.canonical).toBe(`${appUrl()}${OLOT.ruta}`);
    }
  });
});

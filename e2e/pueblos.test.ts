import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { conDatos, mensajes } from "@/lib/messages";
import { ventanaFechas } from "@/lib/busqueda/estado";
import { api } from "@/test-support/api";
import { conCookiesAceptadas, launchBrowser, captura } from "@/test-support/browser";
import { query } from "@/test-support/database";
import { insertPlan, insertPlanesEnEspiral, insertUser } from "@/test-support/plans";
import { appUrl } from "@/test-support/worker";

const db = () => process.env.DATABASE_URL!;
const HORA = 3_600_000;
// Ansó (Huesca), in the Pyrenees: no other test puts plans within 50 km of it. Tinajo
// (Lanzarote): none within 50 km either, so its page is the empty one.
const ANSO = { ine: "22028", nombre: "Ansó", lat: 42.75785, lng: -0.82947, ruta: "/planes/huesca/anso" };
const TINAJO = { ine: "35029", ruta: "/planes/las-palmas/tinajo" };
const VISTAS = [
  { nombre: "390", viewport: { width: 390, height: 844 } },
  { nombre: "1280", viewport: { width: 1280, height: 800 } },
] as const;

/** The page's JSON-LD blocks, parsed. */
function jsonLd(html: string): Record<string, unknown>[] {
  return [...html.matchAll(/<script type="application\/ld\+json"[^>]*>([\s\S]*?)<\/script>/g)].map((m) =>
    JSON.parse(m[1]),
  );
}

const robots = (html: string) => /<meta name="robots" content="([^"]*)"/.exec(html)?.[1] ?? null;
const canonical = (html: string) => /<link rel="canonical" href="([^"]*)"/.exec(html)?.[1] ?? null;

async function html(ruta: string): Promise<{ status: number; texto: string }> {
  const res = await api(ruta);
  return { status: res.status, texto: await res.text() };
}

describe("town pages (/planes/{provincia}/{municipio})", () => {
  const sufijo = Math.random().toString(36).slice(2, 7);
  const titulos = {
    finde: `Romería de la Virgen ${sufijo}`,
    despues: `Concierto en la plaza ${sufijo}`,
    experiencia: `Ruta guiada por la Selva de Oza ${sufijo}`,
  };
  const ids: Record<keyof typeof titulos, string> = { finde: "", despues: "", experiencia: "" };
  let browser: Browser;

  beforeAll(async () => {
    browser = await launchBrowser();
    const usuarioId = await insertUser();
    const origin = { lat: ANSO.lat, lng: ANSO.lng };
    const finde = ventanaFechas("finDeSemana", 0)!;
    // On this weekend (from now on, if it has begun).
    const inicioFinde = new Date(Math.max(finde.desde.getTime() + 10 * HORA, Date.now() + HORA));
    ids.finde = await insertPlan({
      usuarioId,
      origin,
      distanciaM: 400,
      titulo: titulos.finde,
      fechaInicio: inicioFinde,
      fechaFin: new Date(Math.min(inicioFinde.getTime() + 2 * HORA, finde.hasta.getTime())),
    });
    // After this weekend and the next two.
    const despues = ventanaFechas("finDeSemana", 2)!.hasta.getTime() + HORA;
    ids.despues = await insertPlan({
      usuarioId,
      origin,
      distanciaM: 900,
      rumbo: 90,
      titulo: titulos.despues,
      fechaInicio: new Date(despues),
      fechaFin: new Date(despues + 2 * HORA),
    });
    // Open on Tuesdays and Wednesdays only: never this weekend.
    ids.experiencia = await insertPlan({
      usuarioId,
      origin,
      distanciaM: 3000,
      rumbo: 180,
      titulo: titulos.experiencia,
      tipo: "experiencia",
      fechaInicio: null,
      fechaFin: null,
      horarios: [2, 3].map((diaSemana) => ({ diaSemana, horaInicio: "10:00", horaFin: "13:00" })),
    });
    await query(db(), "UPDATE plan SET municipio = $1, municipio_ine = $2 WHERE id = ANY($3::uuid[])", [
      ANSO.nombre,
      ANSO.ine,
      Object.values(ids),
    ]);
  });

  afterAll(async () => {
    await browser?.close();
  });

  it("answers the canonical path with the town's plans in its three sections, indexable", async () => {
    const { status, texto } = await html(ANSO.ruta);
    expect(status).toBe(200);
    expect(texto).toContain(`<h1`);
    expect(texto).toContain(conDatos(mensajes.puebloTitulo, { municipio: "Ansó" }));
    expect(canonical(texto)).toMatch(/\/planes\/huesca\/anso$/);
    expect(robots(texto) ?? "").not.toContain("noindex");
    expect(texto).toMatch(/<meta property="og:image" content="[^"]+"/);
    const seccion = (id: string) => {
      const desde = texto.indexOf(`id="seccion-${id}"`);
      expect(desde, id).toBeGreaterThan(-1);
      const hasta = texto.indexOf("</section>", desde);
      return texto.slice(desde, hasta);
    };
    expect(seccion("finde")).toContain(titulos.finde);
    expect(seccion("proximos")).toContain(titulos.despues);
    expect(seccion("proximos")).not.toContain(titulos.finde);
    expect(seccion("experiencias")).toContain(titulos.experiencia);
    // The town's calendar (its search's feed) and the weekly e-mail, near the top.
    const webcal = /href="(webcal:\/\/[^"]+\/calendario\.ics\?[^"]+)"/.exec(texto)?.[1];
    expect(webcal).toBeDefined();
    const ics = await api(webcal!.replace(/^webcal:\/\/[^/]+/, "").replaceAll("&amp;", "&"));
    expect(ics.status).toBe(200);
    const calendario = await ics.text();
    for (const t of Object.values(titulos)) expect(calendario).toContain(t);
    expect(texto).toContain(mensajes.seguirDesplegar);
  });

  it("lists the town's experiences in their section even when many events are nearer", async () => {
    // 40 events between the town and its experience (3 km away): more than a search page.
    const otroUsuario = await insertUser();
    await insertPlanesEnEspiral({ usuarioId: otroUsuario, origin: ANSO, n: 40, titulo: `Verbena ${sufijo}` });
    try {
      const { texto } = await html(ANSO.ruta);
      const desde = texto.indexOf('id="seccion-experiencias"');
      expect(desde).toBeGreaterThan(-1);
      const seccion = texto.slice(desde, texto.indexOf("</section>", desde));
      expect(seccion).toContain(titulos.experiencia);
      expect(seccion).not.toContain(`Verbena ${sufijo}`);
    } finally {
      await query(db(), "DELETE FROM plan WHERE usuario_id = $1", [otroUsuario]);
    }
  });

  it("takes the search's filters from its query string: ?gratis=1 keeps only the free plans", async () => {
    await query(db(), "UPDATE plan SET precio = CASE WHEN id = $1 THEN 0 ELSE 10 END WHERE id = ANY($2::uuid[])", [
      ids.despues,
      Object.values(ids),
    ]);
    try {
      const { status, texto } = await html(`${ANSO.ruta}?gratis=1`);
      expect(status).toBe(200);
      expect(texto).toContain(titulos.despues);
      expect(texto).not.toContain(titulos.finde);
      expect(texto).not.toContain(titulos.experiencia);
      // A value the home would not read is no filter, not an error.
      const todos = await html(`${ANSO.ruta}?gratis=quizas`);
      for (const t of Object.values(titulos)) expect(todos.texto).toContain(t);
    } finally {
      await query(db(), "UPDATE plan SET precio = NULL WHERE id = ANY($1::uuid[])", [Object.values(ids)]);
    }
  });

  it("redirects other spellings (accents, capitals, official and alternate names) with 308 to the canonical path", async () => {
    for (const [ruta, destino] of [
      ["/planes/Huesca/Ans%C3%B3", ANSO.ruta],
      ["/planes/HUESCA/ANSO", ANSO.ruta],
      ["/planes/huesca/ans%C3%B3", ANSO.ruta],
      ["/planes/Teruel/Albarrac%C3%ADn", "/planes/teruel/albarracin"],
      ["/planes/alicante/alacant", "/planes/alicante/alicante"],
      ["/planes/alacant/alicante-alacant", "/planes/alicante/alicante"],
      ["/planes/baleares/palma-de-mallorca", "/planes/illes-balears/palma"],
      ["/planes/alicante/alcoi", "/planes/alicante/alcoy"],
      ["/planes/gerona", "/planes/girona"],
    ]) {
      const res = await api(ruta);
      expect(res.status, ruta).toBe(308);
      expect(new URL(res.headers.get("location")!, appUrl()).pathname, ruta).toBe(destino);
    }
  });

  it("answers the normal 404 page for towns and provinces that do not exist", async () => {
    for (const ruta of [
      "/planes/teruel/no-existe",
      "/planes/atlantida/anso",
      "/planes/soria/anso",
      "/planes/atlantida",
    ]) {
      const { status, texto } = await html(ruta);
      expect(status, ruta).toBe(404);
      expect(texto, ruta).toContain(mensajes.paginaNoEncontrada);
    }
  });

  it("describes the listed plans in an ItemList, each as its plan page does, and the breadcrumb España › provincia › municipio", async () => {
    const { texto } = await html(ANSO.ruta);
    const bloques = jsonLd(texto);
    const lista = bloques.find((b) => b["@type"] === "ItemList") as {
      itemListElement: { position: number; item: Record<string, unknown> }[];
    };
    const migas = bloques.find((b) => b["@type"] === "BreadcrumbList") as {
      itemListElement: { position: number; name: string; item: string }[];
    };
    // The cards on the page, in order, are the list's items.
    const enlaces = [
      ...new Set([...texto.matchAll(/href="(\/plan\/[^"]+)"/g)].map((m) => m[1]).filter((h) => !h.includes("#"))),
    ];
    const urls = lista.itemListElement.map((e) => new URL(e.item.url as string).pathname);
    expect(urls).toEqual(enlaces);
    expect(lista.itemListElement.map((e) => e.position)).toEqual(urls.map((_, i) => i + 1));
    const porTitulo = new Map(lista.itemListElement.map((e) => [e.item.name, e.item]));
    expect(porTitulo.get(titulos.finde)?.["@type"]).toBe("Event");
    expect(porTitulo.get(titulos.experiencia)?.["@type"]).toBe("TouristAttraction");
    // Exactly the plan page's own JSON-LD (without its @context).
    for (const item of [porTitulo.get(titulos.finde)!, porTitulo.get(titulos.experiencia)!]) {
      const pagina = jsonLd((await html(new URL(item.url as string).pathname)).texto)[0];
      delete pagina["@context"];
      expect(item).toEqual(pagina);
    }
    expect(migas.itemListElement.map((e) => e.name)).toEqual(["España", "Huesca", "Ansó"]);
    expect(migas.itemListElement.map((e) => new URL(e.item).pathname)).toEqual(["/", "/planes/huesca", ANSO.ruta]);
    expect((await api("/planes/huesca")).status).toBe(200);
  });

  it("keeps a town with no plans near it useful but out of the index: says so, offers the nearest town with plans and asks for the first one", async () => {
    const { status, texto } = await html(TINAJO.ruta);
    expect(status).toBe(200);
    expect(robots(texto)).toContain("noindex");
    expect(texto).toContain(conDatos(mensajes.puebloVacio, { municipio: "Tinajo", km: "50" }));
    expect(texto).toContain('href="/publicar"');
    // The nearest towns with plans, and the nearest plans beyond the radius with their distance.
    expect(texto).toContain(mensajes.puebloCercanos);
    expect(texto).toMatch(/Lo más cercano: [^<]+, a \d+ km/);
    expect(texto).toContain(conDatos(mensajes.publicarPrimero, { municipio: "Tinajo" }));
    const lista = jsonLd(texto).find((b) => b["@type"] === "ItemList") as { itemListElement: unknown[] };
    expect(lista.itemListElement).toEqual([]);
  });

  it("lists the town pages of municipalities with plans in the sitemap, and not the others", async () => {
    const res = await api("/sitemap/0.xml");
    expect(res.status).toBe(200);
    const xml = await res.text();
    expect(xml).toMatch(new RegExp(`<loc>[^<]*${ANSO.ruta}</loc>`));
    expect(xml).not.toContain(TINAJO.ruta);
  });

  it("is linked from every plan page and from the home search of the town", async () => {
    const lista = jsonLd((await html(ANSO.ruta)).texto)[0].itemListElement as { item: { url: string } }[];
    const urlPlan = lista.find((e) => e.item.url.includes(ids.despues))!.item.url;
    const { texto: plan } = await html(new URL(urlPlan).pathname);
    expect(plan).toContain(`href="${ANSO.ruta}"`);
    expect(plan).toContain(conDatos(mensajes.masPlanesCerca, { municipio: "Ansó" }));
    const { texto: home } = await html(`/?municipio=Ans%C3%B3&lat=${ANSO.lat}&lng=${ANSO.lng}`);
    expect(home).toContain(`href="${ANSO.ruta}"`);
    expect(home).toContain(conDatos(mensajes.verPaginaPueblo, { municipio: "Ansó" }));
  });

  it("shows in Chromium at 390 and 1280 px, and the plan page and home links lead to it", async () => {
    const baseUrl = appUrl();
    for (const { nombre, viewport } of VISTAS) {
      const ctx = await browser.newContext({ viewport, locale: "es-ES" });
      await conCookiesAceptadas(ctx, baseUrl);
      const page: Page = await ctx.newPage();
      for (const [cual, ruta] of [
        ["con-planes", ANSO.ruta],
        ["vacio", TINAJO.ruta],
      ] as const) {
        await page.goto(`${baseUrl}${ruta}`);
        await expect(page.getByRole("heading", { level: 1 }).textContent()).resolves.toMatch(
          /^Planes en .+ y alrededores$/,
        );
        if (cual === "con-planes") {
          // The weekly e-mail opens in place, an option of "Seguir esta búsqueda".
          await page.getByText(mensajes.seguirBusqueda).click();
          await page.getByText(mensajes.seguirDesplegar).click();
          await expect(page.getByLabel(mensajes.seguirCorreoEtiqueta).isVisible()).resolves.toBe(true);
        }
        await captura(page, `pueblo-${cual}-${nombre}`, { fullPage: true });
      }
      // From a plan's page to its town's.
      await page.goto(`${baseUrl}${ANSO.ruta}`);
      await page.getByRole("link", { name: titulos.despues }).first().click();
      // The town under the plan's title.
      await page.locator("main header").first().getByRole("link", { name: "Ansó", exact: true }).click();
      await page.waitForURL(`${baseUrl}${ANSO.ruta}`);
      // From the home search for the town.
      await page.goto(`${baseUrl}/?municipio=Ans%C3%B3&lat=${ANSO.lat}&lng=${ANSO.lng}`);
      await page.getByRole("link", { name: conDatos(mensajes.verPaginaPueblo, { municipio: "Ansó" }) }).click();
      await page.waitForURL(`${baseUrl}${ANSO.ruta}`);
      await ctx.close();
    }
  });
});

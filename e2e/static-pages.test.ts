import { randomBytes } from "node:crypto";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { mensajes } from "@/lib/messages";
import { organizacionPath } from "@/lib/organizaciones/paths";
import { planPath } from "@/lib/plans/plan";
import { numeroDeTrozos, rangoDeTrozo } from "@/lib/seo/sitemap";
import { api } from "@/test-support/api";
import { conCookiesAceptadas, launchBrowser, captura } from "@/test-support/browser";
import { query } from "@/test-support/database";
import { freshOrigin, insertPlan, insertUser } from "@/test-support/plans";
import { freshIp } from "@/test-support/users";
import { appUrl } from "@/test-support/worker";

const db = () => process.env.DATABASE_URL!;
const CONTACTO = process.env.CONTACT_EMAIL ?? "hola@planazo.es";

/** The visible text of an HTML page: no scripts, styles, tags or React's text separators. */
function textoDe(html: string): string {
  return html
    .replace(/<(script|style)[^>]*>[\s\S]*?<\/\1>/g, " ")
    .replace(/<!--[\s\S]*?-->/g, "")
    .replace(/<[^>]+>/g, " ")
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, "&")
    .replace(/\s+/g, " ");
}

async function pagina(ruta: string): Promise<{ status: number; html: string; h1: string; texto: string }> {
  const res = await api(ruta);
  const html = await res.text();
  const h1 = textoDe(html.match(/<h1[^>]*>([\s\S]*?)<\/h1>/)?.[1] ?? "").trim();
  return { status: res.status, html, h1, texto: textoDe(html) };
}

const PAGINAS = [
  { ruta: "/nosotros", h1: "Nosotros", titulo: "Nosotros" },
  { ruta: "/eurona", h1: "Internet por satélite para tu pueblo", titulo: "Internet por satélite" },
  { ruta: "/aviso-legal", h1: "Aviso legal", titulo: "Aviso legal" },
  { ruta: "/condiciones-generales", h1: "Condiciones generales", titulo: "Condiciones generales" },
  { ruta: "/cookies", h1: "Política de cookies", titulo: "Política de cookies" },
  { ruta: "/politica-privacidad", h1: "Política de privacidad", titulo: "Política de privacidad" },
] as const;

describe("public pages, server-rendered", () => {
  it.each(PAGINAS)("$ruta answers 200 with its heading, title and canonical address", async ({ ruta, h1, titulo }) => {
    const p = await pagina(ruta);
    expect(p.status).toBe(200);
    expect(p.h1).toBe(h1);
    expect(p.html).toContain(`<title>${titulo} | Planazo</title>`);
    expect(p.html).toContain(`<link rel="canonical" href="${appUrl()}${ruta}"/>`);
    expect(p.html).toMatch(/<meta name="description" content="[^"]{40,}"/);
  });

  it.each(PAGINAS.filter((p) => p.ruta !== "/nosotros" && p.ruta !== "/eurona"))(
    "$ruta is dated 20/07/2024",
    async ({ ruta }) => {
      const p = await pagina(ruta);
      expect(p.html).toContain('<time dateTime="2024-07-20">20/07/2024</time>');
      expect(p.texto).toContain("Última actualización: 20/07/2024");
    },
  );

  it("the privacy policy says what location, e-mail and posters are used for, and how to exercise rights", async () => {
    const { texto } = await pagina("/politica-privacidad");
    expect(texto).toContain("únicamente para mostrarte los planes y eventos cercanos");
    expect(texto).toContain("para enviarte las confirmaciones de registro");
    expect(texto).toContain("los recordatorios de los eventos que has guardado");
    expect(texto).toContain(
      "guardamos solo la dirección de tu cuenta y la de la bandeja de entrada de tu servidor, para enviarte sus planes",
    );
    expect(texto).toContain(
      "Los carteles de los planes y los logotipos de las organizaciones que subes se usan solo para la difusión informativa y publicitaria",
    );
    for (const derecho of [
      "acceso",
      "rectificación",
      "supresión",
      "portabilidad",
      "Agencia Española de Protección de Datos",
    ]) {
      expect(texto).toContain(derecho);
    }
    expect(texto).toContain(CONTACTO);
  });

  it("the cookie policy lists only technical storage: the session cookie, the read-your-writes one, cookiesAccepted and the searched place", async () => {
    const { texto } = await pagina("/cookies");
    expect(texto).toContain("planazo.session_token");
    expect(texto).toContain("planazo.lsn");
    expect(texto).toContain("cookiesAccepted");
    expect(texto).toContain("Última ubicación buscada");
    expect(texto).toContain("no usamos cookies publicitarias, ni de analítica");
  });

  it("the footer links the apps, the widget, the social networks, the legal pages, the contact and the languages, in Spanish", async () => {
    const { html } = await pagina("/nosotros");
    const pie = textoDe(html.match(/<footer[\s\S]*?<\/footer>/)?.[0] ?? "").trim();
    const año = new Date().getFullYear();
    expect(pie).toBe(
      "Planazo Planes, eventos y actividades en tu pueblo y en los de alrededor. Descargar en App Store " +
        "Disponible en Google Play Widget para ayuntamientos y asociaciones Síguenos Instagram Facebook TikTok " +
        "Legal Aviso legal Condiciones generales Política de cookies Política de privacidad " +
        `Contacto ${CONTACTO} Idioma Castellano Català Euskara Galego English © ${año} Planazo. Municipios: Fuente INE; coordenadas de GeoNames (CC BY 4.0) y de ` +
        "Countries States Cities Database (ODbL).",
    );
    expect(html).toContain(
      '<a href="https://www.geonames.org/" rel="noopener noreferrer" target="_blank">GeoNames</a>',
    );
  });

  it("the legal notice names the owner by the site name and contact address", async () => {
    const { texto } = await pagina("/aviso-legal");
    expect(texto).toContain("Titular: Planazo.");
    expect(texto).toContain(`Correo electrónico de contacto: ${CONTACTO}`);
    expect(texto).toContain("legislación española");
  });

  it("the about page tells the founders' story and leads to the search and to publishing", async () => {
    const { html, texto } = await pagina("/nosotros");
    expect(texto).toContain("Somos dos amigos que vivimos allí");
    expect(html).toMatch(/<a class="button" href="\/">Buscar planes<\/a>/);
    expect(html).toMatch(/<a class="[^"]+" href="\/publicar">Publicar un plan<\/a>/);
  });
});

describe("sitemap and robots.txt", () => {
  it("splits the UUID space into power-of-two files that cover it without gaps", () => {
    expect([0, 25_000, 25_001, 1_000_000].map(numeroDeTrozos)).toEqual([1, 1, 2, 64]);
    expect(rangoDeTrozo(0, 1)).toEqual({
      desde: "00000000-0000-0000-0000-000000000000",
      hasta: "ffffffff-ffff-ffff-ffff-ffffffffffff",
    });
    const rangos = Array.from({ length: 64 }, (_, i) => rangoDeTrozo(i, 64));
    expect(rangos[0].desde).toBe("00000000-0000-0000-0000-000000000000");
    expect(rangos[1].desde).toBe("04000000-0000-0000-0000-000000000000");
    expect(rangos[63].hasta).toBe("ffffffff-ffff-ffff-ffff-ffffffffffff");
    const numero = (uuid: string) => BigInt(`0x${uuid.replaceAll("-", "")}`);
    for (let i = 1; i < 64; i++) expect(numero(rangos[i].desde)).toBe(numero(rangos[i - 1].hasta) + 1n);
  });

  it("robots.txt allows the site, keeps crawlers out of private routes and the API, and points to the sitemap", async () => {
    const res = await api("/robots.txt");
    expect(res.status).toBe(200);
    const texto = await res.text();
    expect(texto).toContain("User-Agent: *\nAllow: /\n");
    for (const ruta of [
      "/perfil",
      "/publicar",
      "/mis-planes",
      "/editar-plan",
      "/planes-favoritos",
      "/tus-organizaciones",
      "/crear-organizacion",
      "/api/",
    ]) {
      expect(texto).toContain(`Disallow: ${ruta}\n`);
    }
    expect(texto).toContain(`Sitemap: ${appUrl()}/sitemap/0.xml`);
  });

  it("lists the static pages, every listed plan and every organization, with their last change; never a hidden or finished plan", async () => {
    const usuarioId = await insertUser();
    const origin = await freshOrigin();
    const sufijo = randomBytes(3).toString("hex");
    const visible = await insertPlan({ usuarioId, origin, titulo: `Verbena de San Juan ${sufijo}` });
    const oculto = await insertPlan({ usuarioId, origin, titulo: `Plan oculto ${sufijo}`, visible: false });
    const terminado = await insertPlan({
      usuarioId,
      origin,
      titulo: `Plan terminado ${sufijo}`,
      fechaInicio: new Date(Date.now() - 3 * 86_400_000),
      fechaFin: new Date(Date.now() - 2 * 86_400_000),
    });
    const [org] = await query<{ id: string; nombre: string; fecha_actualizacion: Date }>(
      db(),
      `INSERT INTO organizacion (nombre, direccion, email_contacto, usuario_id) VALUES ($1, 'Calle Real, 2', 'pena@example.com', $2)
       RETURNING id, nombre, fecha_actualizacion`,
      [`Peña El Botijo ${sufijo}`, usuarioId],
    );
    const [{ fecha_actualizacion }] = await query<{ fecha_actualizacion: Date }>(
      db(),
      "SELECT fecha_actualizacion FROM plan WHERE id = $1",
      [visible],
    );

    // Every file robots.txt names, together
    const robots = await (await api("/robots.txt")).text();
    const archivos = [...robots.matchAll(/^Sitemap: (\S+)$/gm)].map((m) => m[1]);
    expect(archivos.length).toBeGreaterThan(0);
    let xml = "";
    for (const url of archivos) {
      const res = await fetch(url);
      expect(res.status).toBe(200);
      expect(res.headers.get("content-type")).toContain("application/xml");
      xml += await res.text();
    }

    const base = appUrl();
    expect(xml).toContain(`<loc>${base}</loc>`);
    for (const ruta of [
      "/nosotros",
      "/eurona",
      "/aviso-legal",
      "/condiciones-generales",
      "/cookies",
      "/politica-privacidad",
    ]) {
      expect(xml).toContain(`<loc>${base}${ruta}</loc>`);
    }
    const urlPlan = `${base}${planPath(`Verbena de San Juan ${sufijo}`, visible)}`;
    expect(urlPlan).toContain(`/plan/Verbena-de-San-Juan-${sufijo}/${visible}`);
    expect(xml).toContain(`<loc>${urlPlan}</loc>\n<lastmod>${fecha_actualizacion.toISOString()}</lastmod>`);
    expect(xml).not.toContain(oculto);
    expect(xml).not.toContain(terminado);
    const urlOrg = `${base}${organizacionPath(org.nombre, org.id)}`;
    expect(urlOrg).toBe(`${base}/org/Pe%C3%B1a-El-Botijo-${sufijo}/${org.id}`);
    expect(xml).toContain(`<loc>${urlOrg}</loc>\n<lastmod>${org.fecha_actualizacion.toISOString()}</lastmod>`);
  });

  it("serves /sitemap.xml as the index of the same files robots.txt names", async () => {
    const res = await api("/sitemap.xml");
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toContain("application/xml");
    const indice = await res.text();
    expect(indice).toContain('<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">');
    const robots = await (await api("/robots.txt")).text();
    const archivos = [...robots.matchAll(/^Sitemap: (\S+)$/gm)].map((m) => m[1]);
    expect([...indice.matchAll(/<loc>(\S+)<\/loc>/g)].map((m) => m[1])).toEqual(archivos);
  });

  it("answers 404 for a sitemap file beyond the last one", async () => {
    const res = await api("/sitemap/4096.xml");
    expect(res.status).toBe(404);
  });
});

describe("static pages in Chromium", () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  /** A page of its own (own client address for the rate limits), with every off-site request blocked. */
  async function abrir(width: number, { avisoCookies = true } = {}): Promise<{ context: BrowserContext; page: Page }> {
    const context = await browser.newContext({
      viewport: { width, height: 900 },
      extraHTTPHeaders: { "X-Forwarded-For": freshIp() },
    });
    await context.route("**/*", (route) =>
      new URL(route.request().url()).hostname === "127.0.0.1" ? route.continue() : route.abort(),
    );
    if (!avisoCookies) await conCookiesAceptadas(context, appUrl());
    return { context, page: await context.newPage() };
  }

  it.each([390, 1280])("screenshots of /nosotros, /eurona and a legal page at %i px", async (width) => {
    const { context, page } = await abrir(width, { avisoCookies: false });
    for (const ruta of ["nosotros", "eurona", "politica-privacidad", "cookies"]) {
      await page.goto(`${appUrl()}/${ruta}`);
      await page.getByRole("heading", { level: 1 }).waitFor();
      const ancho = await page.evaluate(() => document.documentElement.scrollWidth);
      expect(ancho, `${ruta} scrolls sideways`).toBeLessThanOrEqual(width);
      await captura(page, `${ruta}-${width}`, { fullPage: true });
    }
    await context.close();
  });

  it("/eurona: without a phone it shows the spec's message and sends nothing", async () => {
    const { context, page } = await abrir(390);
    const llamadas: string[] = [];
    page.on("request", (r) => {
      if (r.url().includes("/api/emailEurona")) llamadas.push(r.url());
    });
    await page.goto(`${appUrl()}/eurona`);
    await page.getByLabel("Correo electrónico").fill("vecina@example.com");
    await page.getByRole("button", { name: "Saber más" }).click();
    const alerta = page.locator("main").getByRole("alert");
    await expect(alerta.textContent()).resolves.toBe(mensajes.euronaTelefono);
    await expect(page.getByLabel("Teléfono").getAttribute("aria-invalid")).resolves.toBe("true");
    // Spaces only is no phone either
    await page.getByLabel("Teléfono").fill("   ");
    await page.getByRole("button", { name: "Saber más" }).click();
    await expect(alerta.textContent()).resolves.toBe(mensajes.euronaTelefono);
    expect(llamadas).toEqual([]);
    // Neither field takes more than 50 characters
    await page.getByLabel("Teléfono").fill("6".repeat(60));
    await page.getByLabel("Correo electrónico").fill(`${"a".repeat(60)}@example.com`);
    await expect(page.getByLabel("Teléfono").inputValue()).resolves.toHaveLength(50);
    await expect(page.getByLabel("Correo electrónico").inputValue()).resolves.toHaveLength(50);
    await context.close();
  });

  it("/eurona: a valid request reaches the server, which stores the lead, queues the e-mail and answers its message", async () => {
    const { context, page } = await abrir(1280);
    const telefono = `6${randomBytes(4).readUInt32BE(0) % 100_000_000}`.padEnd(9, "0");
    const correo = `vecino.${randomBytes(4).toString("hex")}@example.com`;
    await page.goto(`${appUrl()}/eurona`);
    await page.getByLabel("Correo electrónico").fill(correo);
    await page.getByLabel("Teléfono").fill(` ${telefono} `);
    const respuesta = page.waitForResponse(
      (r) => r.url().endsWith("/api/emailEurona/") && r.request().method() === "POST",
    );
    await page.getByRole("button", { name: "Saber más" }).click();
    const r = await respuesta;
    expect(r.status()).toBe(200);
    expect(r.request().postDataJSON()).toEqual({ nombre: correo, telefono });
    const estado = page.locator("main").getByRole("status");
    await expect(estado.textContent()).resolves.toBe(((await r.json()) as { mensaje: string }).mensaje);
    await expect(estado.textContent()).resolves.toBe(mensajes.euronaEnviado);
    await expect(page.locator("main").getByRole("alert").count()).resolves.toBe(0);
    await expect(page.getByLabel("Teléfono").inputValue()).resolves.toBe("");

    const leads = await query<{ nombre: string }>(
      db(),
      "SELECT nombre FROM solicitud_informacion WHERE telefono = $1",
      [telefono],
    );
    expect(leads).toEqual([{ nombre: correo }]);
    const correos = await query<{ subject: string }>(db(), `SELECT subject FROM email_outbox WHERE text LIKE $1`, [
      `%Teléfono: ${telefono}%`,
    ]);
    expect(correos).toHaveLength(1);
    expect(correos[0].subject).toContain("internet por satélite");
    await captura(page, "eurona-enviado");
    await context.close();
  });

  it("/eurona: the server's error message shows as an alert, and the form's fallback when there is no answer", async () => {
    const { context, page } = await abrir(390);
    await page.goto(`${appUrl()}/eurona`);
    await page.getByLabel("Teléfono").fill("600000000");
    await page.route("**/api/emailEurona/", (route) =>
      route.fulfill({
        status: 429,
        contentType: "application/json",
        body: JSON.stringify({ mensaje: mensajes.demasiadasPeticiones }),
      }),
    );
    await page.getByRole("button", { name: "Saber más" }).click();
    const alerta = page.locator("main").getByRole("alert");
    await expect(alerta.textContent()).resolves.toBe(mensajes.demasiadasPeticiones);
    await page.unroute("**/api/emailEurona/");
    await page.route("**/api/emailEurona/", (route) => route.abort());
    await page.getByRole("button", { name: "Saber más" }).click();
    await page.getByText(mensajes.euronaError).waitFor();
    await expect(alerta.textContent()).resolves.toBe(mensajes.euronaError);
    await context.close();
  });
});

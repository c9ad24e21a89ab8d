import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import type { Browser, BrowserContext, Frame, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { conDatos, mensajes } from "@/lib/messages";
import { planPath } from "@/lib/plans/plan";
import { estadoDeWidget, codigoWidget, MENSAJES_WIDGET, urlEmbed, type Tema } from "@/lib/difusion/widget";
import { api } from "@/test-support/api";
import { sinViolaciones } from "@/test-support/axe";
import { launchBrowser, captura } from "@/test-support/browser";
import { query } from "@/test-support/database";
import { insertPlan } from "@/test-support/plans";
import { contextoConectado } from "@/test-support/session-context";
import { confirmedUser } from "@/test-support/users";
import { appUrl } from "@/test-support/worker";

const db = () => process.env.DATABASE_URL!;
// Ayna (Albacete), as the gazetteer places it: no other test puts plans near it.
const AYNA = { lat: 38.55, lng: -2.08333 };

/** The directives of a CSP header, by name. */
function directivas(csp: string | null): Map<string, string[]> {
  return new Map(
    (csp ?? "")
      .split(";")
      .map((d) => d.trim().split(/\s+/))
      .filter((d) => d[0])
      .map(([k, ...v]) => [k, v]),
  );
}

const sufijo = Math.random().toString(36).slice(2, 7);
const t = (nombre: string) => `${nombre} ${sufijo}`;
const titulos = {
  propio: t("Mercadillo solidario"),
  oculto: t("Charla oculta"),
  ajeno: t("Ruta de la otra peña"),
  lejano: t("Concierto lejano"),
};
let usuario: Awaited<ReturnType<typeof confirmedUser>>;
let otro: Awaited<ReturnType<typeof confirmedUser>>;
const ids: Record<keyof typeof titulos, string> = { propio: "", oculto: "", ajeno: "", lejano: "" };
const orgs = { propia: "", ajena: "" };

beforeAll(async () => {
  [usuario, otro] = await Promise.all([confirmedUser("Ana Alcaldía"), confirmedUser("Otro Usuario")]);
  const org = async (nombre: string, usuarioId: string) =>
    (
      await query<{ id: string }>(
        db(),
        `INSERT INTO organizacion (nombre, direccion, email_contacto, usuario_id) VALUES ($1, 'Plaza Mayor, 1', 'org@example.com', $2) RETURNING id`,
        [nombre, usuarioId],
      )
    )[0].id;
  orgs.propia = await org(t("Ayuntamiento de Ayna"), usuario.id);
  orgs.ajena = await org(t("Peña de al lado"), otro.id);
  ids.propio = await insertPlan({ usuarioId: usuario.id, origin: AYNA, distanciaM: 500, titulo: titulos.propio });
  ids.oculto = await insertPlan({
    usuarioId: usuario.id,
    origin: AYNA,
    distanciaM: 700,
    titulo: titulos.oculto,
    visible: false,
  });
  ids.ajeno = await insertPlan({
    usuarioId: otro.id,
    origin: AYNA,
    distanciaM: 6_000,
    titulo: titulos.ajeno,
    categorias: ["Deporte"],
    tipo: "experiencia",
    horarios: [{ diaSemana: 6, horaInicio: "10:00", horaFin: "13:00" }],
  });
  ids.lejano = await insertPlan({ usuarioId: otro.id, origin: AYNA, distanciaM: 40_000, titulo: titulos.lejano });
  await query(db(), "UPDATE plan SET organizacion_id = $1 WHERE id = ANY($2::uuid[])", [
    orgs.propia,
    [ids.propio, ids.oculto],
  ]);
  await query(db(), "UPDATE plan SET organizacion_id = $1 WHERE id = $2", [orgs.ajena, ids.ajeno]);
});

afterAll(async () => {
  await query(db(), "DELETE FROM plan WHERE titulo LIKE $1", [`% ${sufijo}`]);
  await query(db(), "DELETE FROM organizacion WHERE nombre LIKE $1", [`% ${sufijo}`]);
});

const embedAyna = (extra: Record<string, string> = {}) =>
  `/embed/planes?${new URLSearchParams({ municipio: "Ayna", lat: String(AYNA.lat), lng: String(AYNA.lng), radio: "10", ...extra })}`;

describe("/embed/planes over HTTP", () => {
  it("may be framed by any site, while every other page and the API may not", async () => {
    const embed = await api(embedAyna());
    expect(embed.status).toBe(200);
    expect(directivas(embed.headers.get("content-security-policy")).get("frame-ancestors")).toEqual(["*"]);
    expect(embed.headers.get("x-frame-options")).toBeNull();
    // Still the nonce policy of every page: framable is all that changes.
    expect(directivas(embed.headers.get("content-security-policy")).get("script-src")).toContain("'strict-dynamic'");
    expect(embed.headers.get("x-content-type-options")).toBe("nosniff");
    // Anonymous: it sets no cookie.
    expect(embed.headers.get("set-cookie")).toBeNull();

    for (const path of ["/", planPath(titulos.propio, ids.propio), "/widget", "/embedido", "/api/health"]) {
      const res = await api(path);
      expect(res.headers.get("x-frame-options"), path).toBe("DENY");
      expect(directivas(res.headers.get("content-security-policy")).get("frame-ancestors"), path).toEqual(["'none'"]);
    }
  });

  it("renders bare, without the site's header, footer, cookie bar or session", async () => {
    const html = await (await api(embedAyna(), { headers: { "x-planazo-vista": "nada" } })).text();
    expect(html).toContain(titulos.propio);
    expect(html).not.toContain("Saltar al contenido");
    expect(html).not.toContain("<footer");
    expect(html).not.toContain("<nav");
    // A visitor cannot strip another page of its layout by sending the header itself.
    const home = await (await api("/", { headers: { "x-planazo-vista": "embed" } })).text();
    expect(home).toContain("<footer");
  });

  it("answers bad parameters with 400 and a Spanish message, in a page the town hall's frame can show", async () => {
    const casos: [string, string][] = [
      ["/embed/planes", MENSAJES_WIDGET.sinFuente],
      ["/embed/planes?tema=claro", MENSAJES_WIDGET.sinFuente],
      [embedAyna({ radio: "muchos" }), conDatos(MENSAJES_WIDGET.parametroNoValido, { parametro: "radio" })],
      [embedAyna({ categorias: "Ópera" }), conDatos(MENSAJES_WIDGET.parametroNoValido, { parametro: "categorias" })],
      [embedAyna({ fecha: "ayer" }), conDatos(MENSAJES_WIDGET.parametroNoValido, { parametro: "fecha" })],
      [embedAyna({ tema: "rosa" }), conDatos(MENSAJES_WIDGET.parametroNoValido, { parametro: "tema" })],
      [embedAyna({ limite: "500" }), conDatos(MENSAJES_WIDGET.parametroNoValido, { parametro: "limite" })],
      ["/embed/planes?organizacion=123", MENSAJES_WIDGET.organizacionNoValida],
    ];
    for (const [path, mensaje] of casos) {
      const res = await api(path);
      expect(res.status, path).toBe(400);
      expect(res.headers.get("content-type"), path).toContain("text/html");
      expect(directivas(res.headers.get("content-security-policy")).get("frame-ancestors"), path).toEqual(["*"]);
      const html = (await res.text())
        .replace(/&lt;/g, "<")
        .replace(/&gt;/g, ">")
        .replace(/&quot;/g, '"');
      expect(html, path).toContain(conDatos(mensaje, { sitio: appUrl() }));
    }
  });

  it("says so when the organization does not exist or the town is unknown", async () => {
    const res = await api("/embed/planes?organizacion=00000000-0000-4000-8000-000000000000");
    expect(res.status).toBe(404);
    expect(await res.text()).toContain(MENSAJES_WIDGET.organizacionNoEncontrada);
    expect(directivas(res.headers.get("content-security-policy")).get("frame-ancestors")).toEqual(["*"]);
    const pueblo = await (await api("/embed/planes?municipio=Zzqxwv")).text();
    expect(pueblo).toContain(mensajes.ubicacionesNoEncontradas);
  });

  it("lists an organization's listed plans only, and a search's listed plans within its radius", async () => {
    const deOrg = await (await api(`/embed/planes?organizacion=${orgs.propia}`)).text();
    expect(deOrg).toContain(titulos.propio);
    expect(deOrg).not.toContain(titulos.oculto);
    expect(deOrg).not.toContain(titulos.ajeno);

    const busqueda = await (await api(embedAyna())).text();
    expect(busqueda).toContain(titulos.propio);
    expect(busqueda).toContain(titulos.ajeno);
    expect(busqueda).not.toContain(titulos.oculto);
    expect(busqueda).not.toContain(titulos.lejano);
    // The same parameters as the home's search: a category narrows it.
    const deporte = await (await api(embedAyna({ categorias: "Deporte" }))).text();
    expect(deporte).toContain(titulos.ajeno);
    expect(deporte).not.toContain(titulos.propio);
  });
});

/** A page of another origin (another port) with the widget's code in it. */
async function paginaAjena(codigo: string): Promise<{ url: string; cerrar: () => Promise<void> }> {
  const html = `<!doctype html><html lang="es"><head><meta charset="utf-8"><title>Ayuntamiento de Ayna</title>
<style>body{font-family:sans-serif;margin:0;padding:16px;background:#eef2f7}header,footer{padding:12px;background:#1e3a8a;color:#fff}</style></head>
<body><header><h1>Ayuntamiento de Ayna</h1></header><main><h2>Agenda</h2>${codigo}<p id="despues">Texto después del widget.</p></main><footer>Pie del ayuntamiento</footer></body></html>`;
  const server: Server = createServer((_req, res) => {
    res.writeHead(200, { "Content-Type": "text/html; charset=utf-8" });
    res.end(html);
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  const { port } = server.address() as AddressInfo;
  return { url: `http://localhost:${port}/`, cerrar: () => new Promise((r) => server.close(() => r())) };
}

/** The widget's frame in the page, and its height and the height of its content. */
async function alturas(page: Page): Promise<{ marco: Frame; iframe: number; contenido: number }> {
  const iframe = page.locator("iframe");
  const marco = (await (await iframe.elementHandle())!.contentFrame())!;
  await marco.waitForSelector("main h1");
  const contenido = await marco.evaluate(() => document.documentElement.getBoundingClientRect().height);
  const alto = await iframe.evaluate((e) => e.getBoundingClientRect().height);
  return { marco, iframe: alto, contenido };
}

describe("the widget in Chromium", () => {
  let browser: Browser;
  /** The code as /widget gave it (the builder test copies it). */
  let codigoCopiado = "";
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  for (const [ancho, alto] of [
    [1280, 800],
    [390, 844],
  ] as const) {
    it(`builds the code for a town at ${ancho}px: live preview, copy to the clipboard`, async () => {
      const ctx = await contextoConectado(browser, null, { ancho, alto });
      await ctx.grantPermissions(["clipboard-read", "clipboard-write"], { origin: appUrl() });
      const page = await ctx.newPage();
      await page.goto(`${appUrl()}/widget`);
      await expect(page.getByRole("heading", { name: "Los planes de tu pueblo, en tu web" }).isVisible()).resolves.toBe(
        true,
      );
      await expect(page.getByRole("button", { name: "Copiar código" }).isDisabled()).resolves.toBe(true);
      await page.getByRole("combobox", { name: "Escribe el municipio y elígelo de la lista" }).fill("Ayna");
      await page.getByRole("option", { name: /^Ayna/ }).click();
      await expect(page.getByRole("status").filter({ hasText: "Municipio elegido" }).textContent()).resolves.toContain(
        "Ayna",
      );
      await page.getByLabel("Distancia alrededor del municipio").selectOption("10");
      const vista = page.frameLocator('iframe[title="Vista previa del widget"]');
      await vista.getByText(titulos.propio).waitFor();
      await expect(vista.getByText(titulos.lejano).count()).resolves.toBe(0);
      // The preview follows the choices: a category narrows it.
      await page.getByRole("checkbox", { name: "Deporte" }).check();
      await expect
        .poll(() => page.locator('iframe[title="Vista previa del widget"]').getAttribute("src"))
        .toContain("categorias=Deporte");
      await vista.getByText(titulos.ajeno).waitFor();
      await expect(vista.getByText(titulos.propio).count()).resolves.toBe(0);
      await page.getByRole("checkbox", { name: "Todas" }).check();
      await vista.getByText(titulos.propio).waitFor();

      // The preview's height is its content's.
      const marcoVista = page.locator('iframe[title="Vista previa del widget"]');
      await expect
        .poll(async () => {
          const f = (await (await marcoVista.elementHandle())!.contentFrame())!;
          const dentro = await f.evaluate(() => document.documentElement.getBoundingClientRect().height);
          const fuera = await marcoVista.evaluate((e) => e.getBoundingClientRect().height);
          return Math.abs(dentro + 2 - fuera); // its 1px border, above and below
        })
        .toBeLessThanOrEqual(3);

      const codigo = await page.locator("textarea").inputValue();
      expect(codigo).toContain(`${appUrl()}/embed/planes?municipio=Ayna`);
      expect(codigo).toContain("radio=10");
      await page.getByRole("button", { name: "Copiar código" }).click();
      await captura(page, `widget-constructor-${ancho}`, { fullPage: true });
      await expect.poll(() => page.locator('[role="status"]').last().textContent()).toBe(MENSAJES_WIDGET.codigoCopiado);
      await expect(page.evaluate(() => navigator.clipboard.readText())).resolves.toBe(codigo);
      codigoCopiado = codigo;

      await captura(page, `widget-constructor-${ancho}`, { fullPage: true });
      await sinViolaciones(page);
      await ctx.close();
    });
  }

  it("offers a logged-in person their own organizations, never another person's", async () => {
    const ctx = await contextoConectado(browser, usuario, { ancho: 1280, alto: 800 });
    const page = await ctx.newPage();
    await page.goto(`${appUrl()}/widget`);
    await page.getByRole("radio", { name: /Los de una organización/ }).check();
    const opciones = await page.getByLabel("Tus organizaciones").locator("option").allTextContents();
    expect(opciones).toContain(t("Ayuntamiento de Ayna"));
    expect(opciones).not.toContain(t("Peña de al lado"));
    const vista = page.frameLocator('iframe[title="Vista previa del widget"]');
    await vista.getByText(titulos.propio).waitFor();
    await expect(vista.getByText(titulos.ajeno).count()).resolves.toBe(0);
    await expect(page.locator("textarea").inputValue()).resolves.toContain(`organizacion=${orgs.propia}`);
    await ctx.close();
  });

  it("comes from an organization's page ready for that organization", async () => {
    const ctx = await contextoConectado(browser, null, { ancho: 390, alto: 844 });
    const page = await ctx.newPage();
    await page.goto(`${appUrl()}/org/x/${orgs.ajena}`, { waitUntil: "domcontentloaded" });
    await page.getByRole("link", { name: /en tu página web/ }).click();
    await page.waitForURL(/\/widget\?organizacion=/);
    await expect(page.getByRole("radio", { name: /Los de una organización/ }).isChecked()).resolves.toBe(true);
    const vista = page.frameLocator('iframe[title="Vista previa del widget"]');
    await vista.getByText(titulos.ajeno).waitFor();
    await expect(vista.getByText(titulos.propio).count()).resolves.toBe(0);
    await ctx.close();
  });

  for (const tema of ["claro", "oscuro"] as const satisfies readonly Tema[]) {
    it(`fits its content inside another site's page (${tema}) and opens plans in a new tab`, async () => {
      expect(codigoCopiado, "the builder test gives the code").not.toBe("");
      // The code as /widget writes it: the light one copied above, the dark one from the same function.
      const codigo =
        tema === "claro"
          ? codigoCopiado
          : codigoWidget({
              origen: appUrl(),
              ruta: urlEmbed({
                fuente: {
                  tipo: "busqueda",
                  estado: estadoDeWidget({ municipio: "Ayna", ...AYNA, radio: 10, categorias: ["Otros"] }),
                },
                tema,
                limite: 8,
              }),
              titulo: "Planes cerca de Ayna",
            });
      const ajena = await paginaAjena(codigo);
      const ctx: BrowserContext = await browser.newContext({ viewport: { width: 390, height: 844 } });
      try {
        const page = await ctx.newPage();
        const errores: string[] = [];
        page.on("console", (m) => {
          if (m.type() === "error") errores.push(m.text());
        });
        await page.goto(ajena.url);
        await expect
          .poll(async () => {
            const a = await alturas(page);
            return Math.abs(a.iframe - a.contenido);
          })
          .toBeLessThanOrEqual(3);
        const { marco, iframe } = await alturas(page);
        expect(iframe).not.toBe(480); // the code's starting height
        await expect(marco.getByText(titulos.propio).isVisible()).resolves.toBe(true);

        // Only our frame moves it: a message of the same shape from the page itself is ignored.
        await page.evaluate(() => window.postMessage({ tipo: "planazo:altura", altura: 5 }, "*"));
        await page.waitForTimeout(200);
        expect((await alturas(page)).iframe).toBe(iframe);

        const fondo = await marco.evaluate(() => getComputedStyle(document.querySelector("main")!).backgroundColor);
        expect(fondo).toBe(tema === "oscuro" ? "rgb(28, 25, 23)" : "rgb(255, 255, 255)");

        for (const enlace of await marco.locator("a").all()) {
          await expect(enlace.getAttribute("target")).resolves.toBe("_blank");
          await expect(enlace.getAttribute("rel")).resolves.toContain("noopener");
          await expect(enlace.getAttribute("href")).resolves.toMatch(new RegExp(`^${appUrl()}/`));
        }
        await captura(page, `widget-en-web-ajena-${tema}`, { fullPage: true });
        const [pestana] = await Promise.all([
          ctx.waitForEvent("page"),
          marco.getByRole("link", { name: new RegExp(titulos.propio) }).click(),
        ]);
        await pestana.waitForLoadState();
        expect(pestana.url()).toBe(`${appUrl()}${planPath(titulos.propio, ids.propio)}`);
        // The page around it stays where it was.
        expect(page.url()).toBe(ajena.url);
        expect(errores).toEqual([]);
      } finally {
        await ctx.close();
        await ajena.cerrar();
      }
    });
  }

  it("cannot be replaced by another page of the site: the home refuses the frame", async () => {
    const ajena = await paginaAjena(`<iframe src="${appUrl()}/" title="Portada"></iframe>`);
    const ctx = await browser.newContext();
    try {
      const page = await ctx.newPage();
      await page.goto(ajena.url);
      await page.waitForTimeout(1000);
      const marco = await (await page.locator("iframe").elementHandle())!.contentFrame();
      const titulo = await marco!.evaluate(() => document.title).catch(() => "");
      expect(titulo).not.toContain("Planazo");
    } finally {
      await ctx.close();
      await ajena.cerrar();
    }
  });

  it("follows the visitor's own setting with tema=auto", async () => {
    for (const colorScheme of ["light", "dark"] as const) {
      const ctx = await browser.newContext({ colorScheme });
      const page = await ctx.newPage();
      await page.goto(`${appUrl()}${embedAyna({ tema: "auto" })}`);
      const fondo = await page.evaluate(() => getComputedStyle(document.querySelector("main")!).backgroundColor);
      expect(fondo, colorScheme).toBe(colorScheme === "dark" ? "rgb(28, 25, 23)" : "rgb(255, 255, 255)");
      await ctx.close();
    }
  });
});

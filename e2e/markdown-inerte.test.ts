import type { Browser, Locator, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { api } from "@/test-support/api";
import { launchBrowser } from "@/test-support/browser";
import { camposEvento, camposOrganizacion, enviarFormulario, formulario, png } from "@/test-support/forms";
import { contextoConectado } from "@/test-support/session-context";
import { call, confirmedUser } from "@/test-support/users";
import { appUrl } from "@/test-support/worker";

/** Each payload would set window.__pwned (or open a dialog) if it ever ran or were clicked. */
const TITULO = "<script>window.__pwned='titulo'</script>";
const NOMBRE_ORG = "<img src=x onerror=alert('org')>";
const SCRIPT = "<script>window.__pwned = 'script'; alert('script')</script>";
const DESCRIPCION = [
  "## Programa <b onmouseover=\"window.__pwned='b'\">de fiestas</b>",
  SCRIPT,
  "<img src=x onerror=\"window.__pwned='img'; alert('img')\">",
  "<iframe src=\"javascript:window.__pwned='iframe'\"></iframe>",
  "<a href=\"javascript:window.__pwned='a-cruda'\">enlace crudo</a>",
  '<svg onload="window.__pwned=\'svg\'"><circle r="9"/></svg>',
  "<style>main { display: none }</style>",
  "<details open ontoggle=\"window.__pwned='details'\">detalles</details>",
  "[javascript](javascript:window.__pwned='md';alert('md'))",
  "[mayúsculas](JAVASCRIPT:window.__pwned='mayus')",
  "[entidades](jav&#x61;script:window.__pwned='entidad')",
  "[con espacio](%20javascript:window.__pwned='espacio')",
  "[vbscript](vbscript:msgbox('vb'))",
  "[datos](data:text/html;base64,PHNjcmlwdD5hbGVydCgnZGF0YScpPC9zY3JpcHQ+)",
  "<javascript:window.__pwned='autoenlace'>",
  "![imagen](javascript:window.__pwned='imagen')",
  "[por referencia][r]",
  "[r]: javascript:window.__pwned='referencia'",
  "[programa de verdad](https://example.com/programa)",
].join("\n\n");

/** What the page holds of the payloads: globals and attributes of the whole page, and the description's own elements. */
async function huellas(page: Page, zona: Locator) {
  const pagina = await page.evaluate(() => ({
    pwned: (window as { __pwned?: unknown }).__pwned,
    scripts: [...document.scripts].filter(
      (s) =>
        (s.textContent ?? "").trim().startsWith("window.__pwned") || /^\s*(javascript|data|vbscript):/i.test(s.src),
    ).length,
    enlacesPeligrosos: [...document.querySelectorAll("[href], [src], [action], [formaction]")]
      .flatMap((e) => ["href", "src", "action", "formaction"].map((a) => e.getAttribute(a) ?? ""))
      .filter((v) => /^\s*(javascript|vbscript|data):/i.test(v.replace(/[\u0000-\u001f]/g, ""))),
    manejadores: [...document.querySelectorAll("main *")].flatMap((e) =>
      [...e.attributes].filter((a) => /^on/i.test(a.name)).map((a) => `${e.tagName}[${a.name}]`),
    ),
  }));
  const descripcion = await zona.evaluate((el) => ({
    incrustados: [...el.querySelectorAll("script, iframe, img, svg, style, object, embed, details, b")].map(
      (e) => e.tagName,
    ),
    texto: el.textContent ?? "",
  }));
  return { ...pagina, ...descripcion };
}

describe("markdown and HTML in a plan and an organization are inert on their pages", () => {
  let browser: Browser;
  let usuario: Awaited<ReturnType<typeof confirmedUser>>;
  let planPath: string;
  let planId: string;
  let orgId: string;

  beforeAll(async () => {
    browser = await launchBrowser();
    usuario = await confirmedUser();
    const org = await enviarFormulario(
      "POST",
      "/api/organizacion",
      formulario({
        ...camposOrganizacion(),
        nombre: NOMBRE_ORG,
        descripcion: DESCRIPCION,
        archivoLogo: { bytes: await png(80, 80), nombre: "logo.png" },
      }),
      usuario.token,
    );
    expect(org.status).toBe(201);
    orgId = (org.body.organizacion as { _id: string })._id;
    const plan = await enviarFormulario(
      "POST",
      "/api/plan",
      formulario({
        ...camposEvento(),
        titulo: TITULO,
        descripcion: DESCRIPCION,
        organizacionId: orgId,
        archivoCartel: { bytes: await png(), nombre: "cartel.png" },
      }),
      usuario.token,
    );
    expect(plan.status).toBe(201);
    const creado = plan.body.plan as { _id: string; urlPlan: string; titulo: string; descripcion: string };
    // Stored as written (the CRLF that multipart makes of each line break back to LF): the text
    // is made safe where it is shown, not by rewriting what the user wrote.
    expect(creado).toMatchObject({ titulo: TITULO, descripcion: DESCRIPCION });
    planId = creado._id;
    planPath = new URL(creado.urlPlan).pathname;
  });

  afterAll(async () => {
    await browser?.close();
    if (planId) expect((await call("DELETE", `/api/plan/${planId}`, { token: usuario.token })).status).toBe(200);
    if (orgId) expect((await call("DELETE", `/api/organizacion/${orgId}`, { token: usuario.token })).status).toBe(200);
  });

  for (const pagina of ["plan", "organization"] as const) {
    it(`runs nothing from the ${pagina}'s text and shows raw HTML as text`, async () => {
      const ctx = await contextoConectado(browser, null, { ancho: 1280, alto: 900 });
      const page = await ctx.newPage();
      const dialogos: string[] = [];
      page.on("dialog", (d) => {
        dialogos.push(d.message());
        void d.dismiss();
      });
      const ruta = pagina === "plan" ? planPath : `/org/cualquiera/${orgId}`;
      const res = await page.goto(`${appUrl()}${ruta}`, { waitUntil: "networkidle" });
      expect(res?.status()).toBe(200);

      // The server's HTML never carries a payload as markup (head, JSON-LD and body alike).
      const html = await (await api(new URL(page.url()).pathname)).text();
      expect(html).not.toContain(SCRIPT);
      expect(html).not.toContain("<img src=x");
      expect(html).not.toMatch(/<script>window\.__pwned/);

      const main = page.locator("main");
      await expect(main.getByRole("heading", { level: 1 }).textContent()).resolves.toBe(
        pagina === "plan" ? TITULO : NOMBRE_ORG,
      );
      if (pagina === "plan") await expect(page.title()).resolves.toContain(TITULO);
      const zona =
        pagina === "plan"
          ? main.locator("section", { has: page.getByRole("heading", { name: "¿CÓMO SERÁ?" }) })
          : main.locator("article > header + div");
      // Move the pointer over every link and over the whole description: nothing reacts to it.
      for (const enlace of await zona.locator("a").all()) await enlace.hover();
      await zona.hover();

      const h = await huellas(page, zona);
      expect(h.pwned).toBeUndefined();
      expect(dialogos).toEqual([]);
      expect(h.scripts).toBe(0);
      expect(h.enlacesPeligrosos).toEqual([]);
      expect(h.manejadores).toEqual([]);
      expect(h.incrustados).toEqual([]);
      // Raw HTML is shown as the text the user typed (react-markdown never renders it).
      expect(h.texto).toContain(SCRIPT);
      expect(h.texto).toContain("<iframe src=");
      await expect(zona.getByRole("link", { name: /programa de verdad/ }).getAttribute("href")).resolves.toBe(
        "https://example.com/programa",
      );
      // The links whose address was unsafe are still there as text, without that address.
      await expect(zona.getByText("mayúsculas").count()).resolves.toBe(1);
      await expect(main.isVisible()).resolves.toBe(true);
      await ctx.close();
    });
  }
});

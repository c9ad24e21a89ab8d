import sharp from "sharp";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CACHE_GUARDADOS } from "@/lib/app-instalable/sin-conexion";
import { planPath } from "@/lib/plans/plan";
import { startAppServer, type AppServer } from "@/test-support/app-server";
import { captura, launchBrowser, launchChromiumCompleto } from "@/test-support/browser";
import { query } from "@/test-support/database";
import { freshOrigin, insertPlan, insertUser } from "@/test-support/plans";
import { contextoConectado } from "@/test-support/session-context";
import { cookieDeSesionNueva } from "@/test-support/users";
import { appUrl, worker } from "@/test-support/worker";

const db = () => process.env.DATABASE_URL!;

/** The paths of the saved plans' cards the page's browser keeps for the offline page. */
const guardadosSinConexion = (page: Page): Promise<string[]> =>
  page.evaluate(
    async (nombre) => (await (await caches.open(nombre)).keys()).map((r) => new URL(r.url).pathname).sort(),
    CACHE_GUARDADOS,
  );

/** Waits until the service worker controls the page (it claims the pages it finds on activation). */
async function controlada(page: Page): Promise<void> {
  await page.evaluate(() => navigator.serviceWorker.ready);
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
}

/**
 * The installable app: a manifest with its icons, a service worker that never answers a page from
 * a cache while the network answers, and a "Sin conexión" page with the saved plans the person has
 * opened, forgotten on logging out; a pushed notification shows its title and text.
 */
describe("the installable app", () => {
  let browser: Browser;
  let usuario: { id: string };
  let guardado: { id: string; titulo: string; ruta: string };
  let otro: { id: string; titulo: string; ruta: string };

  beforeAll(async () => {
    browser = await launchBrowser();
    const origin = await freshOrigin();
    const autora = await insertUser();
    usuario = { id: await insertUser() };
    const sufijo = Math.random().toString(36).slice(2, 7);
    const plan = async (titulo: string) => {
      const id = await insertPlan({ usuarioId: autora, origin, titulo });
      return { id, titulo, ruta: planPath(titulo, id) };
    };
    guardado = await plan(`Romería de la Virgen <b>${sufijo}</b>`);
    otro = await plan(`Mercadillo del domingo ${sufijo}`);
    await query(db(), "INSERT INTO favorito (usuario_id, plan_id) VALUES ($1, $2)", [usuario.id, guardado.id]);
  });
  afterAll(async () => {
    await browser?.close();
  });

  it("links a manifest with the icons a phone needs, and serves a worker that is never cached", async () => {
    const html = await (await fetch(`${appUrl()}/`)).text();
    expect(html).toMatch(/<link rel="manifest" href="\/manifest.webmanifest"/);
    const manifest = await (await fetch(`${appUrl()}/manifest.webmanifest`)).json();
    expect(manifest).toMatchObject({
      name: "Planazo",
      short_name: "Planazo",
      start_url: "/",
      display: "standalone",
      theme_color: "#c2410c",
      lang: "es",
    });
    const tamanos: string[] = [];
    for (const { src, sizes, purpose } of manifest.icons as { src: string; sizes: string; purpose: string }[]) {
      const res = await fetch(`${appUrl()}${src}`);
      expect(res.headers.get("content-type"), src).toBe("image/png");
      const { width, height, format } = await sharp(Buffer.from(await res.arrayBuffer())).metadata();
      expect({ format, tamano: `${width}x${height}` }, src).toEqual({ format: "png", tamano: sizes });
      tamanos.push(`${sizes} ${purpose}`);
    }
    expect(tamanos).toEqual(["192x192 any", "512x512 any", "512x512 maskable"]);
    const nada = await fetch(`${appUrl()}/icono/1024.png`);
    expect(nada.status).toBe(404);
    expect(await nada.json()).toHaveProperty("mensaje");

    const sw = await fetch(`${appUrl()}/sw.js`);
    expect(sw.status).toBe(200);
    expect(sw.headers.get("content-type")).toMatch(/^text\/javascript/);
    expect(sw.headers.get("cache-control")).toMatch(/no-store/);
  });

  it("answers pages from the network while there is one, and without it lists the saved plans opened", async () => {
    // An instance of its own, stopped halfway: the network the worker finds gone.
    const servidor: AppServer = await startAppServer(worker().appEnv);
    let ctx: BrowserContext | undefined;
    try {
      ctx = await contextoConectado(browser, usuario);
      await ctx.addCookies(
        (await ctx.cookies(appUrl())).map(({ name, value }) => ({ name, value, url: servidor.url })),
      );
      const page = await ctx.newPage();
      await page.goto(`${servidor.url}${guardado.ruta}`);
      await controlada(page);
      await page.goto(`${servidor.url}${otro.ruta}`);
      // Online, a page is the network's: its title changed since is what shows.
      await query(db(), "UPDATE plan SET titulo = titulo || ' (nuevo)' WHERE id = $1", [otro.id]);
      await page.goto(`${servidor.url}${otro.ruta}`);
      await expect(page.locator("h1").first().textContent()).resolves.toContain("(nuevo)");
      await page.goto(`${servidor.url}${guardado.ruta}`);
      await expect.poll(() => guardadosSinConexion(page)).toEqual([`/sin-conexion/plan/${guardado.id}`]);

      await servidor.stop();
      const res = await page.goto(`${servidor.url}/planes?municipio=Soria`);
      expect(res?.status()).toBe(503);
      await expect(page.getByRole("heading", { level: 1 }).textContent()).resolves.toBe("Sin conexión");
      await expect(page.getByRole("heading", { level: 2 }).textContent()).resolves.toBe("Planes guardados");
      const lista = page.getByRole("listitem");
      await expect(lista.count()).resolves.toBe(1);
      // The title is text, never markup.
      await expect(lista.getByRole("link").textContent()).resolves.toBe(guardado.titulo);
      await expect(lista.getByRole("link").getAttribute("href")).resolves.toBe(guardado.ruta);
      await captura(page, "app-instalable-sin-conexion-390");
      await page.setViewportSize({ width: 1280, height: 800 });
      await captura(page, "app-instalable-sin-conexion-1280");
      // When the connection comes back the page loads again by itself.
      const recarga = page.waitForEvent("load");
      await page.evaluate(() => dispatchEvent(new Event("online")));
      await recarga;
    } finally {
      await ctx?.close();
      await servidor.stop();
    }
  });

  it("forgets what it kept when the person logs out", async () => {
    const ctx = await contextoConectado(browser, usuario);
    try {
      const page = await ctx.newPage();
      await page.goto(`${appUrl()}${guardado.ruta}`);
      await expect.poll(() => guardadosSinConexion(page)).toEqual([`/sin-conexion/plan/${guardado.id}`]);
      await page.goto(`${appUrl()}/perfil`);
      await page.getByRole("button", { name: "Cerrar sesión" }).click();
      await page.waitForURL(`${appUrl()}/`);
      await expect(guardadosSinConexion(page)).resolves.toEqual([]);
    } finally {
      await ctx.close();
    }
  });

  it("forgets what it kept when a page comes with another session or none, though no one logged out", async () => {
    const ctx = await contextoConectado(browser, usuario);
    try {
      const page = await ctx.newPage();
      await page.goto(`${appUrl()}${guardado.ruta}`);
      await controlada(page);
      await page.goto(`${appUrl()}${otro.ruta}`);
      await page.goto(`${appUrl()}${guardado.ruta}`);
      await expect.poll(() => guardadosSinConexion(page)).toEqual([`/sin-conexion/plan/${guardado.id}`]);
      // Another person's session on the same browser (the first one expired or was revoked).
      const otra = await insertUser();
      await ctx.addCookies([{ ...(await cookieDeSesionNueva(otra)), url: appUrl() }]);
      await page.goto(`${appUrl()}/`);
      await expect.poll(() => guardadosSinConexion(page)).toEqual([]);

      // Saved again in this session, then its cookies cleared: no session, nothing kept.
      await query(db(), "INSERT INTO favorito (usuario_id, plan_id) VALUES ($1, $2)", [otra, guardado.id]);
      await page.goto(`${appUrl()}${guardado.ruta}`);
      await expect.poll(() => guardadosSinConexion(page)).toEqual([`/sin-conexion/plan/${guardado.id}`]);
      await ctx.clearCookies();
      await page.goto(`${appUrl()}/`);
      await expect.poll(() => guardadosSinConexion(page)).toEqual([]);
    } finally {
      await ctx.close();
    }
  });

  it("shows a pushed notification with its title and text", async () => {
    // The headless shell refuses every notification.
    const completo = await launchChromiumCompleto();
    const ctx = await contextoConectado(completo, null);
    try {
      await ctx.grantPermissions(["notifications"], { origin: appUrl() });
      const page = await ctx.newPage();
      const cdp = await ctx.newCDPSession(page);
      const registros: string[] = [];
      cdp.on("ServiceWorker.workerRegistrationUpdated", ({ registrations }) => {
        for (const r of registrations as { registrationId: string; isDeleted: boolean }[])
          if (!r.isDeleted) registros.push(r.registrationId);
      });
      await cdp.send("ServiceWorker.enable");
      await page.goto(`${appUrl()}/`);
      await controlada(page);
      await expect.poll(() => registros.length).toBeGreaterThan(0);
      await cdp.send("ServiceWorker.deliverPushMessage", {
        origin: appUrl(),
        registrationId: registros[registros.length - 1],
        data: JSON.stringify({ titulo: "Fiestas de Vinuesa", cuerpo: "Mañana a las 18:00", url: guardado.ruta }),
      });
      const avisos = () =>
        page.evaluate(async () =>
          (await (await navigator.serviceWorker.ready).getNotifications()).map((n) => ({
            titulo: n.title,
            cuerpo: n.body,
            url: (n.data as { url: string }).url,
          })),
        );
      await expect
        .poll(avisos)
        .toEqual([{ titulo: "Fiestas de Vinuesa", cuerpo: "Mañana a las 18:00", url: guardado.ruta }]);
    } finally {
      await completo.close();
    }
  });
});

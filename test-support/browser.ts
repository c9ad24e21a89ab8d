import { existsSync, mkdirSync } from "node:fs";
import path from "node:path";
import { chromium, type Browser, type BrowserContext, type Locator, type Page } from "playwright-core";
import { expect } from "vitest";

const HEADLESS_SHELL = "/usr/bin/chromium-headless-shell";

/**
 * Debian's Chromium: its headless shell (package chromium-headless-shell: the same Chromium
 * build and engine without the desktop browser's windows and WebUI toolbar, and what Playwright
 * itself runs for headless tests) where it is installed, else /usr/bin/chromium: it renders the
 * same pages for well under half the CPU, and the browser is much of the suite's
 * (docs/performance.md). CHROMIUM_PATH chooses another binary.
 */
export const CHROMIUM_PATH =
  process.env.CHROMIUM_PATH ?? (existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : "/usr/bin/chromium");

/**
 * Debian's Chromium, headless, with nothing reaching out to the network by itself, and no name
 * resolved but localhost: a page's request to another host (map tiles, Google) fails at once.
 * A limit of one renderer: the tabs of one context share its renderer instead of starting one
 * each, and no spare renderer is started ahead of a navigation.
 */
/**
 * A browser context of a Spanish-speaking visitor, as most of the site's are: Playwright gives
 * every context its own language (en-US unless told), and a browser in another of the site's
 * languages is offered its version of the page once, a line above it (components/idioma/OfertaIdioma).
 */
export const EN_CASTELLANO = { locale: "es-ES" } as const;

export const CHROMIUM_ARGS = [
  "--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE localhost, EXCLUDE 127.0.0.1",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
  "--no-first-run",
  "--renderer-process-limit=1",
];

/**
 * Debian's full Chromium in its new headless mode, launched for the caller alone (who closes it):
 * what the headless shell lacks, such as notifications, which it always refuses.
 */
export function launchChromiumCompleto(): Promise<Browser> {
  return chromium.launch({
    executablePath: "/usr/bin/chromium",
    headless: true,
    args: [...CHROMIUM_ARGS, "--headless=new"],
  });
}

// One Chromium per worker process, kept on globalThis: browser files share their worker's
// modules (isolate: false), so the files that follow find it running.
const clave = Symbol.for("planazo.chromium");
const retenido = globalThis as unknown as Record<symbol, Promise<Browser> | undefined>;

/**
 * The worker's Chromium, launched in this process on first use (Playwright's client and server
 * in one process: no protocol hop through another), as a view that is this file's own: closing
 * it closes the contexts the file opened and leaves Chromium running for the next file.
 */
export async function launchBrowser(): Promise<Browser> {
  retenido[clave] ??= chromium.launch({ executablePath: CHROMIUM_PATH, headless: true, args: CHROMIUM_ARGS });
  const chromiumDelWorker = await retenido[clave];
  const propios = new Set<BrowserContext>();
  const abrirContexto = async (opciones?: Parameters<Browser["newContext"]>[0]) => {
    const ctx = await chromiumDelWorker.newContext({ ...EN_CASTELLANO, ...opciones });
    propios.add(ctx);
    ctx.once("close", () => propios.delete(ctx));
    return ctx;
  };
  return new Proxy(chromiumDelWorker, {
    get(destino, propiedad, receptor) {
      if (propiedad === "newContext") return abrirContexto;
      if (propiedad === "newPage")
        return async (opciones?: Parameters<Browser["newPage"]>[0]) => {
          // As Browser.newPage: a context of its own, closed with the page.
          const ctx = await abrirContexto(opciones);
          const page = await ctx.newPage();
          page.once("close", () => void ctx.close());
          return page;
        };
      if (propiedad === "contexts") return () => [...propios];
      if (propiedad === "close") return async () => void (await Promise.all([...propios].map((c) => c.close())));
      const valor = Reflect.get(destino, propiedad, receptor);
      return typeof valor === "function" ? valor.bind(destino) : valor;
    },
  });
}

/**
 * A screenshot for a person to look at, `<SHOTS_DIR>/<name>.png`, taken only when SHOTS_DIR is
 * set (`SHOTS_DIR=e2e/screenshots npm test`): the tests' checks never read them, and full-page
 * screenshots cost real CPU.
 */
export async function captura(
  target: Page | Locator,
  name: string,
  { fullPage = false }: { fullPage?: boolean } = {},
): Promise<void> {
  const dir = process.env.SHOTS_DIR;
  if (!dir) return;
  mkdirSync(dir, { recursive: true });
  const file = path.join(dir, `${name}.png`);
  await ("goto" in target ? target.screenshot({ path: file, fullPage }) : target.screenshot({ path: file }));
}

/**
 * A browser that accepted the cookie bar before: in local storage (spec §9) and in the cookie,
 * so the server leaves the bar out of the page. Local storage alone would take the bar out of
 * the page's flow at idle, moving everything under it while a test acts.
 */
export async function conCookiesAceptadas(ctx: BrowserContext, baseUrl: string): Promise<void> {
  await ctx.addCookies([{ name: "cookiesAccepted", value: "true", url: baseUrl }]);
  await ctx.addInitScript(() => window.localStorage.setItem("cookiesAccepted", "true"));
}

/**
 * Waits until an image has loaded and decoded, which on a busy machine may come a moment after
 * the page's load event; fails when it never does (a broken or missing file).
 */
export async function esperarImagen(imagen: Locator): Promise<void> {
  await expect.poll(() => imagen.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
}

import { chromium, type Browser, type BrowserContext, type Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CHROMIUM_ARGS, conCookiesAceptadas, EN_CASTELLANO } from "@/test-support/browser";
import { camposEvento, enviarFormulario, formulario, png } from "@/test-support/forms";
import { freshOrigin } from "@/test-support/plans";
import { confirmedUser } from "@/test-support/users";
import { appUrl } from "@/test-support/worker";

/**
 * "Back" on a phone. Playwright starts Chromium with --disable-back-forward-cache; this file
 * starts the desktop build without it (the headless shell has no back/forward cache), as a
 * person's browser is.
 */
let browser: Browser;
let resultados: string;

beforeAll(async () => {
  browser = await chromium.launch({
    executablePath: "/usr/bin/chromium",
    headless: true,
    args: CHROMIUM_ARGS,
    ignoreDefaultArgs: ["--disable-back-forward-cache"],
  });
  const u = await confirmedUser("Autora Atrás");
  const origin = await freshOrigin();
  for (let i = 0; i < 8; i++) {
    const res = await enviarFormulario(
      "POST",
      "/api/plan",
      formulario({
        ...camposEvento(),
        titulo: `Plan para volver ${i + 1}`,
        archivoCartel: { bytes: await png(), nombre: "cartel.png" },
        ubicacion: JSON.stringify({ type: "Point", coordinates: [origin.lng + i * 0.001, origin.lat] }),
      }),
      u.token,
    );
    expect(res.status).toBe(201);
  }
  resultados = `/?municipio=Albarrac%C3%ADn&lat=${origin.lat}&lng=${origin.lng}&radio=5`;
});
afterAll(async () => {
  await browser?.close();
});

async function telefono(): Promise<{ ctx: BrowserContext; page: Page }> {
  const ctx = await browser.newContext({
    ...EN_CASTELLANO,
    viewport: { width: 390, height: 844 },
    isMobile: true,
    hasTouch: true,
  });
  await conCookiesAceptadas(ctx, appUrl());
  const page = await ctx.newPage();
  // Kept by the page across a back/forward cache restore (init scripts do not run again then).
  await page.addInitScript(() => {
    window.addEventListener("pageshow", (e) => {
      (window as unknown as { restaurada: boolean }).restaurada = e.persisted;
    });
  });
  return { ctx, page };
}

describe("back and forward on a phone", () => {
  it("restores a results page loaded in full from the back/forward cache after a full navigation away", async () => {
    const { ctx, page } = await telefono();
    await page.goto(`${appUrl()}${resultados}`);
    await page.getByRole("heading", { name: "Plan para volver 1" }).waitFor();
    await page.evaluate(() => window.scrollTo(0, 600));
    // Another page by a full navigation (a link to another site does the same).
    await page.goto(`${appUrl()}/cookies`);
    // A page restored from the cache fires no load event: wait for the navigation alone.
    await page.goBack({ waitUntil: "commit" });
    await page.getByRole("heading", { name: "Plan para volver 1" }).waitFor();
    const motivos = await page.evaluate(() =>
      JSON.stringify(
        (performance.getEntriesByType("navigation")[0] as unknown as { notRestoredReasons?: unknown })
          .notRestoredReasons ?? null,
      ),
    );
    await expect(
      page.evaluate(() => (window as unknown as { restaurada?: boolean }).restaurada),
      motivos,
    ).resolves.toBe(true);
    await expect(page.evaluate(() => window.scrollY)).resolves.toBe(600);
    await ctx.close();
  });

  it("goes from the results to a plan and back to the same results at the same place, asking for no list", async () => {
    const { ctx, page } = await telefono();
    await page.goto(`${appUrl()}${resultados}`);
    const tarjeta = page.getByRole("link", { name: /Plan para volver 5/ }).first();
    await tarjeta.scrollIntoViewIfNeeded();
    const y = await page.evaluate(() => window.scrollY);
    expect(y).toBeGreaterThan(0);
    const listas: string[] = [];
    page.on("request", (r) => {
      const url = new URL(r.url());
      // The search's own address, not the generic home's.
      if (url.origin === appUrl() && url.pathname === "/" && url.searchParams.has("municipio")) listas.push(r.url());
    });
    await tarjeta.click();
    await page.waitForURL(/\/plan\//);
    await page.getByRole("heading", { level: 1, name: "Plan para volver 5" }).waitFor();
    await page.goBack();
    await page.waitForURL((u) => u.pathname === "/");
    await page.getByRole("heading", { name: "Plan para volver 5" }).waitFor();
    await expect.poll(() => page.evaluate(() => window.scrollY), { timeout: 5_000 }).toBe(y);
    expect(listas).toEqual([]);
    await ctx.close();
  });
});

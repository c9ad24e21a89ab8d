import type { Browser, BrowserContext } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { COOKIE_LUGAR, leerLugarRecordado } from "@/lib/busqueda/lugar-recordado";
import { conCookiesAceptadas, launchBrowser } from "@/test-support/browser";
import { appUrl } from "@/test-support/worker";

const VALVERDE = { lat: 27.80628, lng: -17.91578 };

/** The place this browser remembers, as the server reads it. */
async function recordado(ctx: BrowserContext) {
  const cookie = (await ctx.cookies(appUrl())).find((c) => c.name === COOKIE_LUGAR);
  return leerLugarRecordado(cookie?.value)?.municipio ?? null;
}

describe("the place a person arrives at by a link, in Chromium", () => {
  let browser: Browser;

  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it("a shared search and then a town page each become the place the home opens at", async () => {
    const ctx = await browser.newContext({ viewport: { width: 390, height: 844 } });
    await conCookiesAceptadas(ctx, appUrl());
    const page = await ctx.newPage();

    await page.goto(`${appUrl()}/?municipio=Valverde&lat=${VALVERDE.lat}&lng=${VALVERDE.lng}`);
    await expect.poll(() => recordado(ctx)).toBe("Valverde");
    await page.goto(appUrl());
    expect(new URL(page.url()).searchParams.get("municipio")).toBe("Valverde");

    await page.goto(`${appUrl()}/planes/santa-cruz-de-tenerife/frontera`);
    await expect.poll(() => recordado(ctx)).toBe("Frontera");
    await page.goto(appUrl());
    expect(new URL(page.url()).searchParams.get("municipio")).toBe("Frontera");
    await expect(
      page.evaluate(() => JSON.parse(localStorage.getItem("ubicacionBusqueda") ?? "null")),
    ).resolves.toMatchObject({
      municipio: "Frontera",
    });
    await ctx.close();
  });
});

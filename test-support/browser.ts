import { mkdirSync } from "node:fs";
import path from "node:path";
import { chromium, type Browser, type BrowserContext } from "playwright-core";

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
export const SCREENSHOTS = path.join(import.meta.dirname, "..", "e2e", "screenshots");

/** Debian's Chromium, headless, with nothing reaching out to the network by itself. */
export async function launchBrowser(): Promise<Browser> {
  mkdirSync(SCREENSHOTS, { recursive: true });
  return chromium.launch({
    executablePath: CHROMIUM_PATH,
    headless: true,
    args: [
      "--no-sandbox",
      "--disable-gpu",
      "--disable-background-networking",
      "--disable-component-update",
      "--no-first-run",
    ],
  });
}

export function screenshotPath(name: string): string {
  return path.join(SCREENSHOTS, `${name}.png`);
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

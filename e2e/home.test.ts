import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { mensajes } from "@/lib/messages";
import { launchBrowser, captura } from "@/test-support/browser";
import { appUrl } from "@/test-support/worker";

describe("home page in Chromium", () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it("shows the heading inside the real layout, in Spanish", async () => {
    const page = await browser.newPage();
    const res = await page.goto(appUrl());
    expect(res?.status()).toBe(200);
    await expect(page.locator("html").getAttribute("lang")).resolves.toBe("es");
    await expect(page.getByRole("heading", { level: 1 }).textContent()).resolves.toBe(mensajes.tituloHome);
    await expect(page.title()).resolves.toBe("Planazo");
    const nav = page.getByRole("navigation", { name: "Principal" });
    for (const link of ["Planes", "Publicar", "Nosotros"]) {
      await expect(nav.getByRole("link", { name: link, exact: true }).count()).resolves.toBe(1);
    }
    await expect(page.locator("footer").getByRole("link", { name: "Política de privacidad" }).count()).resolves.toBe(1);
    await captura(page, "home", { fullPage: true });
    await page.close();
  });

  it("offers login and sign-up in the user menu when logged out", async () => {
    const page = await browser.newPage();
    await page.goto(appUrl());
    await page.getByRole("button", { name: "Acceder" }).click();
    await expect(page.getByRole("link", { name: "Iniciar sesión" }).isVisible()).resolves.toBe(true);
    await expect(page.getByRole("link", { name: "Registrarse" }).isVisible()).resolves.toBe(true);
    await page.locator("h1").click(); // a click elsewhere closes the menu
    await expect(page.getByRole("link", { name: "Iniciar sesión" }).isVisible()).resolves.toBe(false);
    await page.close();
  });

  it("shows the cookie bar until 'Aceptar' is pressed, and remembers it", async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.goto(appUrl());
    const bar = page.getByRole("region", { name: "Aviso de cookies" });
    await bar.waitFor();
    // Its link says where it goes (a search engine's link-text audit fails on "Más información").
    await expect(bar.getByRole("link").textContent()).resolves.toBe("Política de cookies");
    await expect(bar.getByRole("link").getAttribute("href")).resolves.toBe("/cookies");
    await bar.getByRole("button", { name: mensajes.cookiesAceptar }).click();
    await bar.waitFor({ state: "detached" });
    await page.reload();
    await page.getByRole("heading", { level: 1 }).waitFor();
    await expect(page.getByRole("region", { name: "Aviso de cookies" }).count()).resolves.toBe(0);
    await context.close();
  });

  it("sends a visitor without a session from a protected page to the login page", async () => {
    const page = await browser.newPage();
    await page.goto(`${appUrl()}/publicar`);
    expect(new URL(page.url()).pathname).toBe("/iniciar-sesion");
    await page.close();
  });

  it("shows the Spanish not-found page for an unknown route", async () => {
    const page = await browser.newPage();
    const res = await page.goto(`${appUrl()}/no-existe-esta-ruta`);
    expect(res?.status()).toBe(404);
    await expect(page.getByRole("heading", { level: 1 }).textContent()).resolves.toBe(mensajes.paginaNoEncontrada);
    await page.close();
  });
});

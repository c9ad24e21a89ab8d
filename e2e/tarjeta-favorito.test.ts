import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { conDatos, mensajes } from "@/lib/messages";
import { leerEstado, urlBusqueda } from "@/lib/busqueda/estado";
import { launchBrowser, captura } from "@/test-support/browser";
import { freshOrigin, insertPlan, insertUser } from "@/test-support/plans";
import { contextoConectado } from "@/test-support/session-context";
import { call, confirmedUser } from "@/test-support/users";
import { appUrl } from "@/test-support/worker";

const VISTAS = [
  { nombre: "390", ancho: 390, alto: 844 },
  { nombre: "1280", ancho: 1280, alto: 800 },
] as const;

/** A save heart on every plan card, beside its link, for anyone. */
describe("the save heart on plan cards", () => {
  let browser: Browser;
  let busqueda: string;
  const sufijo = Math.random().toString(36).slice(2, 7);
  const titulos = {
    uno: `Mercado de otoño ${sufijo}`,
    dos: `Taller de cerámica ${sufijo}`,
    tres: `Ruta de las ermitas ${sufijo}`,
  };
  const ids: Record<keyof typeof titulos, string> = { uno: "", dos: "", tres: "" };

  beforeAll(async () => {
    browser = await launchBrowser();
    const origin = await freshOrigin();
    const autora = await insertUser();
    let distanciaM = 500;
    for (const clave of Object.keys(titulos) as (keyof typeof titulos)[]) {
      ids[clave] = await insertPlan({
        usuarioId: autora,
        origin,
        distanciaM: (distanciaM += 700),
        titulo: titulos[clave],
        categorias: ["Cultura"],
      });
    }
    // A search with more than a place in it, so 'the same search' means something.
    busqueda = urlBusqueda({
      ...leerEstado({}),
      municipio: "Pueblo de Prueba",
      lat: origin.lat,
      lng: origin.lng,
      categorias: ["Cultura"],
    });
  });
  afterAll(async () => {
    await browser?.close();
  });

  const corazon = (page: Page, titulo: string) =>
    page.locator("main article", { has: page.getByRole("heading", { name: titulo }) }).locator("button[aria-pressed]");
  const guardadosEnServidor = async (token: string) => {
    const r = await call("GET", "/api/plan/planesFavoritos", { token });
    return r.status === 204 ? [] : (r.body as unknown as { _id: string }[]).map((p) => p._id);
  };
  /** Until every call of the heart has answered (the button is busy meanwhile). */
  const asentado = (page: Page, titulo: string) =>
    page.waitForFunction(
      (t) =>
        [...document.querySelectorAll("main article")]
          .find((a) => a.querySelector("h4")?.textContent === t)
          ?.querySelector("button[aria-pressed]")
          ?.getAttribute("aria-busy") === "false",
      titulo,
    );
  async function abrir(ctx: BrowserContext, ruta: string): Promise<Page> {
    const page = await ctx.newPage();
    const res = await page.goto(`${appUrl()}${ruta}`);
    expect(res?.status(), ruta).toBe(200);
    return page;
  }

  for (const vista of VISTAS) {
    it(`saves from the card at ${vista.nombre} px, keeps it after a reload and lists it in 'Planes guardados'`, async () => {
      const usuario = await confirmedUser();
      const ctx = await contextoConectado(browser, usuario, { ancho: vista.ancho, alto: vista.alto });
      const page = await abrir(ctx, busqueda);
      const boton = corazon(page, titulos.uno);
      await expect(boton.getAttribute("aria-pressed")).resolves.toBe("false");
      await expect(boton.getAttribute("aria-label")).resolves.toBe(
        conDatos(mensajes.guardarPlanTarjeta, { titulo: titulos.uno }),
      );
      // A sibling of the card's link, never inside it: a tap saves and goes nowhere.
      await expect(
        boton.evaluate((b) => b.closest("a") === null && b.parentElement?.tagName === "ARTICLE"),
      ).resolves.toBe(true);
      const antes = page.url();
      await boton.click();
      await asentado(page, titulos.uno);
      expect(page.url()).toBe(antes);
      await expect(boton.getAttribute("aria-pressed")).resolves.toBe("true");
      await expect(boton.getAttribute("aria-label")).resolves.toBe(
        conDatos(mensajes.quitarPlanTarjeta, { titulo: titulos.uno }),
      );
      expect(await guardadosEnServidor(usuario.token)).toEqual([ids.uno]);
      await captura(page, `tarjeta-guardado-${vista.nombre}`);

      await page.reload();
      await expect(corazon(page, titulos.uno).getAttribute("aria-pressed")).resolves.toBe("true");
      await expect(corazon(page, titulos.dos).getAttribute("aria-pressed")).resolves.toBe("false");

      const lista = await abrir(ctx, "/planes-favoritos");
      await expect(lista.locator("main article h2").allTextContents()).resolves.toEqual([titulos.uno]);
      await expect(corazon(lista, titulos.uno).getAttribute("aria-pressed")).resolves.toBe("true");
      await ctx.close();
    }, 90_000);

    it(`ends fast double and triple taps at ${vista.nombre} px where the last tap pointed, as the server has it`, async () => {
      const usuario = await confirmedUser();
      const ctx = await contextoConectado(browser, usuario, { ancho: vista.ancho, alto: vista.alto });
      const page = await abrir(ctx, busqueda);
      const boton = corazon(page, titulos.dos);
      const antes = page.url();

      await boton.dblclick();
      await asentado(page, titulos.dos);
      await expect(boton.getAttribute("aria-pressed")).resolves.toBe("false");
      expect(await guardadosEnServidor(usuario.token)).toEqual([]);

      await boton.click({ clickCount: 3 });
      await asentado(page, titulos.dos);
      await expect(boton.getAttribute("aria-pressed")).resolves.toBe("true");
      expect(await guardadosEnServidor(usuario.token)).toEqual([ids.dos]);

      // Five taps, one after another as fast as a thumb: unsaved.
      for (let i = 0; i < 5; i++) await boton.click({ delay: 0 });
      await asentado(page, titulos.dos);
      await expect(boton.getAttribute("aria-pressed")).resolves.toBe("false");
      expect(await guardadosEnServidor(usuario.token)).toEqual([]);
      expect(page.url()).toBe(antes);
      await page.reload();
      await expect(corazon(page, titulos.dos).getAttribute("aria-pressed")).resolves.toBe("false");
      await ctx.close();
    }, 90_000);

    it(`sends a visitor at ${vista.nombre} px to log in, then back to the same search with the plan saved`, async () => {
      const usuario = await confirmedUser();
      const ctx = await contextoConectado(browser, null, { ancho: vista.ancho, alto: vista.alto });
      const page = await abrir(ctx, busqueda);
      const boton = corazon(page, titulos.tres);
      await expect(boton.getAttribute("aria-pressed")).resolves.toBe("false");
      await boton.click();
      await page.waitForURL((u) => u.pathname === "/iniciar-sesion");
      // The login page knows the way back (this very search) and the plan to save, and says so.
      const login = new URL(page.url()).searchParams;
      expect(login.get("guardar")).toBe(ids.tres);
      const vuelta = new URL(login.get("redirigir")!, appUrl());
      const original = new URL(busqueda, appUrl());
      expect(`${vuelta.pathname}?${vuelta.searchParams}`).toBe(`${original.pathname}?${original.searchParams}`);
      const porGuardar = page.locator("main").getByText(mensajes.guardarTrasLogin);
      await expect(porGuardar.isVisible()).resolves.toBe(true);
      await expect(page.locator("main").getByText(titulos.tres, { exact: true }).isVisible()).resolves.toBe(true);

      await page.getByLabel("Correo electrónico").fill(usuario.correo);
      await page.getByLabel("Contraseña", { exact: true }).fill(usuario.password);
      await page.getByRole("button", { name: "Iniciar sesión", exact: true }).click();
      // Back on the same search, told the plan is saved, its heart full.
      await page.waitForURL((u) => u.pathname === "/" && u.searchParams.get("municipio") === "Pueblo de Prueba");
      expect(new URL(page.url()).search).toBe(original.search);
      await page.getByRole("status").filter({ hasText: mensajes.favoritoGuardado }).waitFor();
      await expect(corazon(page, titulos.tres).getAttribute("aria-pressed")).resolves.toBe("true");
      await expect(corazon(page, titulos.uno).getAttribute("aria-pressed")).resolves.toBe("false");
      expect(await guardadosEnServidor(usuario.token)).toEqual([ids.tres]);
      await captura(page, `tarjeta-tras-login-${vista.nombre}`);

      // A reload saves nothing again and tells nothing again; the saved plans list it.
      await page.reload();
      await expect(corazon(page, titulos.tres).getAttribute("aria-pressed")).resolves.toBe("true");
      await expect(page.getByRole("status").filter({ hasText: mensajes.favoritoGuardado }).count()).resolves.toBe(0);
      expect(await guardadosEnServidor(usuario.token)).toEqual([ids.tres]);
      const lista = await abrir(ctx, "/planes-favoritos");
      await expect(lista.locator("main article h2").allTextContents()).resolves.toEqual([titulos.tres]);
      await ctx.close();
    }, 90_000);
  }

  it("saves nothing for a logged-in person who opens a search link someone made with ?guardar=", async () => {
    const usuario = await confirmedUser();
    const ctx = await contextoConectado(browser, usuario);
    const page = await abrir(ctx, `${busqueda}&guardar=${ids.dos}`);
    // Only the login page saves, and only once the person has logged in there. Any call the page
    // would make on arrival has been made and answered.
    await page.waitForLoadState("networkidle");
    expect(await guardadosEnServidor(usuario.token)).toEqual([]);
    await expect(corazon(page, titulos.dos).getAttribute("aria-pressed")).resolves.toBe("false");
    await page.reload();
    await expect(corazon(page, titulos.dos).getAttribute("aria-pressed")).resolves.toBe("false");
    expect(await guardadosEnServidor(usuario.token)).toEqual([]);
    await ctx.close();
  });

  it("gives every plan card of a search its heart, none inside a link, also without a session", async () => {
    const ctx = await contextoConectado(browser, null);
    const page = await abrir(ctx, busqueda);
    await expect(page.locator("main article button[aria-pressed]").count()).resolves.toBe(3);
    await expect(page.locator("main article a button, main article a [role=button]").count()).resolves.toBe(0);
    await ctx.close();
  });
});

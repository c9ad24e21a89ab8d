import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { query } from "@/test-support/database";
import { contextoConectado } from "@/test-support/session-context";
import { call, confirmedUser } from "@/test-support/users";
import { mensajes } from "@/lib/messages";
import { leerEstado, urlBusqueda } from "@/lib/busqueda/estado";
import { launchBrowser, captura } from "@/test-support/browser";
import { freshOrigin, insertPlan } from "@/test-support/plans";
import { sinViolaciones } from "@/test-support/axe";
import { appUrl } from "@/test-support/worker";

const db = () => process.env.DATABASE_URL!;
const unico = () => Math.random().toString(36).slice(2, 7);

/** A featuring request from the app, featured for a week from the back-office. */
describe("the back-office's featuring requests in Chromium", () => {
  let browser: Browser;
  let moderadora: Awaited<ReturnType<typeof confirmedUser>>;
  let duena: Awaited<ReturnType<typeof confirmedUser>>;
  beforeAll(async () => {
    browser = await launchBrowser();
    [moderadora, duena] = await Promise.all([
      confirmedUser("Moderadora de solicitudes"),
      confirmedUser("Dueña que quiere destacar"),
    ]);
    await query(db(), "UPDATE usuario SET rol = 'moderador' WHERE id = $1", [moderadora.id]);
  });
  afterAll(async () => {
    await browser?.close();
  });

  const sinDesbordar = (page: Page, ancho: number) =>
    expect(page.evaluate(() => [document.documentElement.scrollWidth, window.innerWidth])).resolves.toEqual([
      ancho,
      ancho,
    ]);
  const titulosEnOrden = (page: Page) => page.locator("main article :is(h3, h4)").allTextContents();
  const tarjeta = (page: Page, titulo: string) =>
    page.locator("main article", { has: page.getByRole("heading", { name: titulo }) });

  it.each([
    [390, 844],
    [1280, 800],
  ])(
    "features a requested plan for one week at %i px: first with DESTACADO, until its end passes",
    async (ancho, alto) => {
      const sufijo = unico();
      const titulos = { destacado: `Ruta de setas ${sufijo}`, cerca: `Mercado ${sufijo}` };
      const origin = await freshOrigin();
      const planId = await insertPlan({ usuarioId: duena.id, origin, distanciaM: 9_000, titulo: titulos.destacado });
      await insertPlan({ usuarioId: duena.id, origin, distanciaM: 800, titulo: titulos.cerca });
      // The app's request after publishing, as the owner.
      const nombre = `Lola Setas ${sufijo}`;
      const envio = await call("POST", "/api/emailDestacado", {
        body: { telefono: "+34 677 888 999", nombre, idPlan: planId },
        token: duena.token,
      });
      expect([envio.status, envio.body.mensaje]).toEqual([200, mensajes.destacadoEnviado]);

      const ctx = await contextoConectado(browser, moderadora, { ancho, alto });
      const page = await ctx.newPage();
      await page.goto(`${appUrl()}/gestion`);
      await page.getByRole("link", { name: /solicitudes para destacar nuevas/ }).click();
      await page.waitForURL(/\/gestion\/solicitudes$/);
      await expect(page.getByRole("heading", { level: 1 }).textContent()).resolves.toBe("Solicitudes para destacar");
      await expect(page.getByRole("link", { name: "Nuevas" }).getAttribute("aria-current")).resolves.toBe("page");
      const fila = page.locator("li", { has: page.getByRole("heading", { name: nombre }) });
      await expect(fila.getByRole("link", { name: "+34 677 888 999" }).getAttribute("href")).resolves.toBe(
        "tel:+34677888999",
      );
      await expect(fila.getByRole("link", { name: titulos.destacado }).getAttribute("href")).resolves.toBe(
        `/gestion/planes?q=${planId}`,
      );
      await sinDesbordar(page, ancho);
      await captura(page, `gestion-solicitudes-${ancho}`, { fullPage: true });

      // The discard form is offered with an optional note, and can be left.
      await fila.getByRole("button", { name: `Descartar la solicitud de ${nombre}` }).click();
      await expect(fila.getByLabel("Nota (opcional)").count()).resolves.toBe(1);
      await sinViolaciones(page);
      await fila.getByRole("button", { name: "Cancelar" }).click();

      await fila.getByRole("button", { name: `Destacar 1 semana (2 €) el plan de ${nombre}` }).click();
      // The list of new requests is read again: this one has gone to 'Destacadas'.
      await expect.poll(() => page.getByRole("heading", { name: nombre }).count()).toBe(0);
      await expect(
        query(db(), "SELECT estado::text, atendida_por FROM solicitud_destacado WHERE plan_id = $1", [planId]),
      ).resolves.toEqual([{ estado: "destacada", atendida_por: moderadora.correo }]);
      await page.getByRole("link", { name: "Destacadas" }).click();
      await page.waitForURL(/estado=destacada/);
      const destacada = page.locator("li", { has: page.getByRole("heading", { name: nombre }) });
      await expect(destacada.textContent()).resolves.toContain("Destacado 1 semana (2 €) hasta el ");
      await expect(destacada.getByRole("button", { name: /Destacar 1/ }).count()).resolves.toBe(0);
      await sinDesbordar(page, ancho);
      await captura(page, `gestion-solicitudes-destacadas-${ancho}`, { fullPage: true });

      // The public search lists it first with DESTACADO…
      const busqueda = urlBusqueda({
        ...leerEstado({}),
        orden: "distancia",
        municipio: "Pueblo de Prueba",
        lat: origin.lat,
        lng: origin.lng,
      });
      await page.goto(`${appUrl()}${busqueda}`);
      await expect(titulosEnOrden(page)).resolves.toEqual([titulos.destacado, titulos.cerca]);
      await expect(tarjeta(page, titulos.destacado).getByText("DESTACADO", { exact: true }).count()).resolves.toBe(1);
      await captura(page, `gestion-solicitudes-busqueda-${ancho}`);

      // …and, with its end moved into the past, it is an ordinary plan again.
      await query(db(), "UPDATE plan SET destacado_hasta = now() - interval '1 minute' WHERE id = $1", [planId]);
      await page.reload();
      await expect(titulosEnOrden(page)).resolves.toEqual([titulos.cerca, titulos.destacado]);
      await expect(tarjeta(page, titulos.destacado).getByText("DESTACADO", { exact: true }).count()).resolves.toBe(0);
      await ctx.close();
    },
    90_000,
  );
});

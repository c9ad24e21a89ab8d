import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { query } from "@/test-support/database";
import { freshOrigin, insertPlan, insertUser } from "@/test-support/plans";
import { conDatos, mensajes } from "@/lib/messages";
import { captura, conCookiesAceptadas, launchBrowser } from "@/test-support/browser";
import { appUrl } from "@/test-support/worker";
import { diaEnMadrid, instanteEnMadrid, sumarDias } from "@/lib/dates";

const db = () => process.env.DATABASE_URL!;
const HORA = 3_600_000;
/** A Madrid day from today, at a time. */
const dia = (desdeHoy: number, hora: string) => instanteEnMadrid(sumarDias(diaEnMadrid(), desdeHoy), hora);
const VISTAS = [
  { nombre: "390", viewport: { width: 390, height: 844 } },
  { nombre: "1280", viewport: { width: 1280, height: 800 } },
] as const;

describe("searching by words on the home, in Chromium", () => {
  let browser: Browser;
  let usuarioId: string;
  let pueblo: { lat: number; lng: number };

  beforeAll(async () => {
    browser = await launchBrowser();
    usuarioId = await insertUser();
    pueblo = await freshOrigin();
    const titulos = ["Concierto de la banda municipal", "Mercadillo medieval", "Ruta por el valle"];
    for (const [i, titulo] of titulos.entries()) {
      await insertPlan({
        usuarioId,
        origin: pueblo,
        distanciaM: 400 + i * 300,
        titulo,
        fechaInicio: dia(i + 1, "18:00"),
        fechaFin: new Date(dia(i + 1, "18:00").getTime() + HORA),
      });
    }
    // Earlier on the concert's day, with the word in its description only: the title's goes first.
    const otro = await insertPlan({
      usuarioId,
      origin: pueblo,
      distanciaM: 200,
      titulo: "Fiesta de la plaza",
      fechaInicio: dia(1, "12:00"),
      fechaFin: new Date(dia(1, "12:00").getTime() + HORA),
    });
    await query(db(), "UPDATE plan SET descripcion = 'Con concierto de la charanga.' WHERE id = $1", [otro]);
  });
  afterAll(async () => {
    await query(db(), "DELETE FROM plan WHERE usuario_id = $1", [usuarioId]);
    await browser?.close();
  });

  it.each(VISTAS)(
    "finds plans as words are typed, forgives a typo, marks the words, and offers a way out (%s)",
    async ({ nombre, viewport }) => {
      const ctx = await browser.newContext({ viewport });
      await conCookiesAceptadas(ctx, appUrl());
      const page = await ctx.newPage();
      await page.goto(`${appUrl()}/?municipio=Pueblo+de+Prueba&lat=${pueblo.lat}&lng=${pueblo.lng}&radio=5`);
      const resultados = page.locator("#resultados");
      const titulos = () => resultados.locator("article h3, article h4").allTextContents();
      await expect(titulos()).resolves.toHaveLength(4);

      // Typed at a person's speed, with a typo: the search runs once the hand rests.
      const caja = page.getByRole("searchbox", { name: mensajes.queBuscas });
      await caja.pressSequentially("consierto", { delay: 60 });
      await page.waitForURL((u) => u.searchParams.get("q") === "consierto");
      await expect.poll(titulos).toEqual(["Concierto de la banda municipal", "Fiesta de la plaza"]);
      await expect(
        resultados.getByText(conDatos(mensajes.mostrandoResultadosDe, { q: "concierto" })).count(),
      ).resolves.toBe(1);
      await expect(resultados.locator("article mark").first().textContent()).resolves.toBe("Concierto");
      await captura(page, `palabras-${nombre}`);

      // Another word at once: no match within the radius says so, and one tap drops the words.
      await caja.fill("");
      await caja.pressSequentially("jazz", { delay: 60 });
      await caja.press("Enter");
      await page.waitForURL((u) => u.searchParams.get("q") === "jazz");
      await resultados
        .getByText(conDatos(mensajes.sinPlanesDePalabras, { q: "jazz", km: "5", municipio: "Pueblo de Prueba" }))
        .waitFor();
      await resultados.getByRole("link", { name: conDatos(mensajes.quitarPalabras, { q: "jazz" }) }).click();
      await page.waitForURL((u) => !u.searchParams.has("q"));
      await expect.poll(titulos).toHaveLength(4);
      await expect(caja.inputValue()).resolves.toBe("");
      await ctx.close();
    },
  );
});

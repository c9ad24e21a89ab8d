import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { diaEnMadrid, instanteEnMadrid, sumarDias } from "@/lib/dates";
import { planPath } from "@/lib/plans/plan";
import { mensajesFechas } from "@/lib/plans/mensajes-fechas";
import { mensajesCuando } from "@/lib/plans/mensajes-cuando";
import { captura, launchBrowser } from "@/test-support/browser";
import { freshOrigin, insertPlan, insertUser } from "@/test-support/plans";
import { contextoConectado } from "@/test-support/session-context";
import { appUrl } from "@/test-support/worker";

/** Madrid's day `n` days from today at "HH:mm". */
const a = (n: number, hora: string) => instanteEnMadrid(sumarDias(diaEnMadrid(), n), hora);

const ACTOS = [
  "Pregón de fiestas",
  "Pasacalles con la charanga",
  "Verbena con la orquesta Sirena",
  "Misa y procesión",
  "Vermú popular",
  "Parque infantil",
  "Paella popular",
  "Concurso de guiñote",
];

/**
 * The page of an event of several dates: a play on three nights (the next marked, the past one
 * folded away) and a village's fiestas of 30 acts over five days (today's open, by day).
 */
describe("a plan's several dates on its page", () => {
  let browser: Browser;
  let funciones: { id: string; ruta: string };
  let fiestas: { id: string; ruta: string };

  beforeAll(async () => {
    browser = await launchBrowser();
    const usuarioId = await insertUser();
    const origin = await freshOrigin();
    const titulo = "La casa de Bernarda Alba";
    const id = await insertPlan({
      usuarioId,
      origin,
      titulo,
      fechas: [-1, 2, 3].map((n) => ({ inicio: a(n, "20:30"), fin: a(n, "22:15") })),
    });
    funciones = { id, ruta: planPath(titulo, id) };
    const tituloFiestas = "Fiestas de San Roque";
    const actos = [-1, 0, 1, 2, 3].flatMap((n) =>
      [11, 13, 17, 19, 22, 23].map((h, i) => ({
        inicio: a(n, `${h}:${i % 2 ? "30" : "00"}`),
        fin: a(n, `${h}:59`),
        titulo: ACTOS[(n + 1 + i) % ACTOS.length],
        direccion: i % 3 === 0 ? "Plaza Mayor" : undefined,
      })),
    );
    const idFiestas = await insertPlan({ usuarioId, origin, titulo: tituloFiestas, fechas: actos });
    fiestas = { id: idFiestas, ruta: planPath(tituloFiestas, idFiestas) };
  });
  afterAll(async () => {
    await browser?.close();
  });

  for (const [ancho, alto] of [
    [390, 844],
    [1280, 800],
  ]) {
    it(`lists a play's nights, the next marked and the past one folded away (${ancho} px)`, async () => {
      const ctx = await contextoConectado(browser, null, { ancho, alto });
      try {
        const page = await ctx.newPage();
        await page.goto(`${appUrl()}${funciones.ruta}`);
        const cuando = page.locator("section", { has: page.getByRole("heading", { name: "¿CUÁNDO SERÁ?" }) });
        await expect(cuando.getByText(mensajesCuando.fechasCuantas.replace("{n}", "3")).count()).resolves.toBe(1);
        const proximas = cuando.locator("ul").first().getByRole("listitem");
        await expect(proximas.count()).resolves.toBe(2);
        await expect(proximas.first().textContent()).resolves.toContain(mensajesFechas.proxima);
        await expect(proximas.first().textContent()).resolves.toContain("20:30 – 22:15");
        const pasadas = cuando.locator("details", { hasText: "Fechas pasadas (1)" });
        await expect(pasadas.getAttribute("open")).resolves.toBeNull();
        await captura(cuando, `plan-fechas-funciones-${ancho}`);
      } finally {
        await ctx.close();
      }
    });

    it(`shows a programme of 30 acts by day, today's open (${ancho} px)`, async () => {
      const ctx = await contextoConectado(browser, null, { ancho, alto });
      try {
        const page = await ctx.newPage();
        await page.goto(`${appUrl()}${fiestas.ruta}`);
        const cuando = page.locator("section", { has: page.getByRole("heading", { name: "¿CUÁNDO SERÁ?" }) });
        await expect(cuando.getByRole("heading", { name: mensajesFechas.programa }).count()).resolves.toBe(1);
        const dias = cuando.locator(":scope > div > details");
        // Today and the three days after, then yesterday folded among the past ones.
        await expect(dias.count()).resolves.toBe(5);
        await expect(dias.first().getAttribute("open")).resolves.toBe("");
        await expect(dias.first().locator("summary").textContent()).resolves.toMatch(/^Hoy · .*6 actos$/);
        await expect(dias.nth(1).getAttribute("open")).resolves.toBeNull();
        await expect(dias.first().getByRole("listitem").count()).resolves.toBe(6);
        await expect(dias.first().getByRole("listitem").first().textContent()).resolves.toContain("11:00");
        // Today's acts are not marked one by one: the page's copy lasts the day, not the hour.
        await expect(cuando.getByText(mensajesFechas.proxima, { exact: true }).count()).resolves.toBe(0);
        await expect(dias.last().locator("summary").textContent()).resolves.toBe("Fechas pasadas (6)");
        // A tap opens another day.
        await dias.nth(2).locator("summary").click();
        await expect(dias.nth(2).getAttribute("open")).resolves.toBe("");
        await dias.nth(2).locator("summary").click();
        await captura(page, `plan-fechas-programa-${ancho}`, { fullPage: true });
      } finally {
        await ctx.close();
      }
    });
  }
});

import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { diaEnMadrid, instanteEnMadrid, sumarDias } from "@/lib/dates";
import { planPath } from "@/lib/plans/plan";
import es from "@/mensajes/es.json";
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
  let origin: { lat: number; lng: number };

  beforeAll(async () => {
    browser = await launchBrowser();
    const usuarioId = await insertUser();
    origin = await freshOrigin();
    const titulo = "La casa de Bernarda Alba";
    const id = await insertPlan({
      usuarioId,
      origin,
      titulo,
      categorias: ["Cultura"],
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
        await expect(proximas.first().textContent()).resolves.toContain(es.plan.proxima);
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
        await expect(cuando.getByRole("heading", { name: es.plan.programa }).count()).resolves.toBe(1);
        const dias = cuando.locator(":scope > div > details");
        // Today and the three days after, then yesterday folded among the past ones.
        await expect(dias.count()).resolves.toBe(5);
        await expect(dias.first().getAttribute("open")).resolves.toBe("");
        await expect(dias.first().locator("summary").textContent()).resolves.toMatch(/^Hoy · .*6 actos$/);
        await expect(dias.nth(1).getAttribute("open")).resolves.toBeNull();
        await expect(dias.first().getByRole("listitem").count()).resolves.toBe(6);
        await expect(dias.first().getByRole("listitem").first().textContent()).resolves.toContain("11:00");
        // Today's acts are not marked one by one: the page's copy lasts the day, not the hour.
        await expect(cuando.getByText(es.plan.proxima, { exact: true }).count()).resolves.toBe(0);
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

    it(`says on each card the date it was found by: the nights left, today's acts, the act a word found (${ancho} px)`, async () => {
      const ctx = await contextoConectado(browser, null, { ancho, alto });
      try {
        const page = await ctx.newPage();
        const buscar = async (extra = "") => {
          await page.goto(`${appUrl()}/?municipio=Prueba&lat=${origin.lat}&lng=${origin.lng}&radio=2${extra}`);
          return (titulo: string) =>
            page
              .locator("article", { has: page.getByRole("heading", { name: titulo }) })
              .locator("p")
              .allTextContents();
        };
        let tarjeta = await buscar();
        // The play's first night is over: its next one, and how many there are.
        expect((await tarjeta("La casa de Bernarda Alba")).join(" | ")).toMatch(/· 20:30 · 3 funciones/);
        expect((await tarjeta("Fiestas de San Roque")).join(" | ")).toMatch(
          /Hoy 6 actos, el (primero|siguiente) a las|\d{2}:\d{2} · /,
        );
        await captura(page.locator("article").first(), `plan-fechas-tarjeta-${ancho}`);
        // A word only an act has: the programme, naming that act.
        tarjeta = await buscar("&q=verbena");
        await expect(page.getByRole("heading", { name: "Fiestas de San Roque" }).count()).resolves.toBe(1);
        expect((await tarjeta("Fiestas de San Roque")).join(" | ")).toContain("· Verbena con la orquesta Sirena");
        await captura(page, `plan-fechas-tarjeta-verbena-${ancho}`);
      } finally {
        await ctx.close();
      }
    });
  }

  it("marks the act on now and the next one while the fiestas are on, by the reader's clock", async () => {
    const ctx = await contextoConectado(browser, null);
    try {
      await ctx.clock.install({ time: a(0, "17:30") });
      const page = await ctx.newPage();
      await page.goto(`${appUrl()}${fiestas.ruta}`);
      const hoy = page.locator("details[open]").first();
      const ahora = hoy
        .getByRole("listitem")
        .filter({ has: page.locator("[data-ahora]:not([hidden])", { hasText: es.plan.ahora }) });
      // Set once the page is interactive.
      await ahora.first().waitFor();
      await expect(ahora.count()).resolves.toBe(1);
      await expect(ahora.textContent()).resolves.toContain("17:00");
      const siguiente = hoy
        .getByRole("listitem")
        .filter({ has: page.locator("[data-siguiente]:not([hidden])", { hasText: es.plan.aContinuacion }) });
      await expect(siguiente.textContent()).resolves.toContain("19:30");
      await captura(hoy, "plan-fechas-programa-ahora-390");
    } finally {
      await ctx.close();
    }
  });
});

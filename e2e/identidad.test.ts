import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launchBrowser, captura } from "@/test-support/browser";
import { query } from "@/test-support/database";
import { freshOrigin, insertPlan } from "@/test-support/plans";
import { contextoConectado } from "@/test-support/session-context";
import { confirmedUser } from "@/test-support/users";
import { sinViolaciones } from "@/test-support/axe";
import { planPath } from "@/lib/plans/plan";
import { appUrl } from "@/test-support/worker";

const TAMANOS = [
  { ancho: 390, alto: 844 },
  { ancho: 1280, alto: 800 },
] as const;
const EVENTO = "Concierto en la plaza";
const EXPERIENCIA = "Taller de cesteria";
const DIAS = /[a-záéíóúñ,] (Lunes|Martes|Miércoles|Jueves|Viernes|Sábado|Domingo)\b/;

/** Hue in degrees of a computed `rgb(r, g, b)` colour. */
function tono(color: string): number {
  const [r, g, b] = color
    .match(/\d+(\.\d+)?/g)!
    .slice(0, 3)
    .map((n) => Number(n) / 255);
  const max = Math.max(r, g, b);
  const d = max - Math.min(r, g, b);
  if (d === 0) return 0;
  const h = max === r ? ((g - b) / d) % 6 : max === g ? (b - r) / d + 2 : (r - g) / d + 4;
  return (h * 60 + 360) % 360;
}
const distanciaTono = (a: string, b: string) => {
  const d = Math.abs(tono(a) - tono(b));
  return Math.min(d, 360 - d);
};

/** The visible controls (links, buttons, fields) whose box overlaps the cookie bar's, in the viewport. */
function tapadosPorAviso(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const bar = document.querySelector("[aria-label='Aviso de cookies']")!;
    const b = bar.getBoundingClientRect();
    const tapados: string[] = [];
    for (const el of document.querySelectorAll("a[href], button, input, select, textarea, summary, [role='button']")) {
      if (bar.contains(el) || !el.checkVisibility({ visibilityProperty: true, opacityProperty: true })) continue;
      const r = el.getBoundingClientRect();
      if (r.width < 2 || r.height < 2 || r.bottom <= 0 || r.top >= window.innerHeight) continue;
      const ancho = Math.min(r.right, b.right) - Math.max(r.left, b.left);
      const alto = Math.min(r.bottom, b.bottom) - Math.max(r.top, b.top);
      if (ancho > 0.5 && alto > 0.5) tapados.push(el.outerHTML.slice(0, 100));
    }
    return tapados;
  });
}

async function pasoDatosExperiencia(page: Page) {
  await page.goto(`${appUrl()}/publicar`);
  await page.getByRole("radio", { name: /^Experiencia/ }).check();
  await page.getByRole("button", { name: "Continuar" }).click();
  await page.locator("ol li[aria-current='step']", { hasText: "Categoría" }).waitFor();
}

describe("identity and polish", () => {
  let browser: Browser;
  let usuario: Awaited<ReturnType<typeof confirmedUser>>;
  let origin: { lat: number; lng: number };
  let evento: string;
  let experiencia: string;
  const busqueda = () =>
    `/?${new URLSearchParams({ municipio: "Pueblo de Prueba", lat: String(origin.lat), lng: String(origin.lng), radio: "5" })}`;

  beforeAll(async () => {
    browser = await launchBrowser();
    usuario = await confirmedUser("Ana Identidad");
    origin = await freshOrigin();
    evento = await insertPlan({ usuarioId: usuario.id, origin, titulo: EVENTO, categorias: ["Cultura"] });
    experiencia = await insertPlan({
      usuarioId: usuario.id,
      origin,
      distanciaM: 1500,
      tipo: "experiencia",
      titulo: EXPERIENCIA,
      horarios: [
        { diaSemana: 0, horaInicio: "10:00", horaFin: "13:00" },
        { diaSemana: 6, horaInicio: "17:00", horaFin: "19:30" },
      ],
    });
  });
  afterAll(async () => {
    await query(process.env.DATABASE_URL!, "DELETE FROM plan WHERE usuario_id = $1", [usuario.id]);
    await browser?.close();
  });

  for (const { ancho, alto } of TAMANOS) {
    it(`preloads the display face from our own origin and loads nothing from elsewhere, on the home and a plan page (${ancho})`, async () => {
      const bloqueados = new Set<string>();
      const ctx = await contextoConectado(browser, null, { ancho, alto, bloqueados, conAvisoCookies: true });
      const page = await ctx.newPage();
      const pedidas: string[] = [];
      page.on("request", (r) => pedidas.push(r.url()));
      const origen = new URL(appUrl()).origin;

      await page.goto(appUrl());
      await captura(page, `identidad-home-primera-visita-${ancho}`);
      for (const ruta of [busqueda(), planPath(EVENTO, evento)]) {
        const res = await page.goto(`${appUrl()}${ruta}`);
        expect(res?.status()).toBe(200);
        // The latin face is preloaded with the document (an optional face not asked for by then
        // misses a first visit); latin-ext only when a page uses one of its letters.
        const precargas = (await res!.headerValue("link")) ?? "";
        expect(precargas).toMatch(/<\/_next\/static\/media\/[^>]*latin_wght[^>]*\.woff2>; rel=preload; as="font"/);
        expect(precargas).not.toMatch(/latin_ext/);
        const fuentes = await page.evaluate(async () => {
          await document.fonts.ready;
          return {
            cargadas: [...document.fonts].filter((f) => f.status === "loaded").length,
            titulo: getComputedStyle(document.querySelector("h1, h2")!).fontFamily,
            cuerpo: getComputedStyle(document.body).fontFamily,
          };
        });
        expect(fuentes.cargadas).toBeGreaterThan(0);
        expect(fuentes.titulo).not.toBe(fuentes.cuerpo);
        await captura(page, `identidad-${ruta.startsWith("/plan") ? "plan" : "home-resultados"}-${ancho}`);
      }
      expect(pedidas.some((u) => u.startsWith(`${origen}/_next/static/media/`) && u.endsWith(".woff2"))).toBe(true);
      // Only the map's tiles may go elsewhere (the CSP allows them); every other request is ours.
      const ajenas = pedidas.filter(
        (u) =>
          !u.startsWith(`${origen}/`) &&
          !u.startsWith("data:") &&
          !/^https:\/\/[abc]\.tile\.openstreetmap\.org\//.test(u),
      );
      expect(ajenas).toEqual([]);
      await ctx.close();
    });
  }

  it("keeps the page still when the display face arrives late, as on a phone's first visit (390)", async () => {
    const ctx = await contextoConectado(browser, null, { ancho: 390, alto: 844 });
    // The face comes 1.5 s after it is asked for, long after the first paint: the text is
    // already laid out in the system face, and must not move when the face arrives.
    let servidas = 0;
    await ctx.route(/\/_next\/static\/media\/.+\.woff2$/, async (ruta) => {
      await new Promise((ok) => setTimeout(ok, 1500));
      await ruta.continue();
      servidas++;
    });
    await ctx.addInitScript(() => {
      const w = window as unknown as { __desplazamiento: number };
      w.__desplazamiento = 0;
      new PerformanceObserver((lista) => {
        for (const e of lista.getEntries() as unknown as { value: number; hadRecentInput: boolean }[])
          if (!e.hadRecentInput) w.__desplazamiento += e.value;
      }).observe({ type: "layout-shift", buffered: true });
    });
    const page = await ctx.newPage();
    for (const ruta of [busqueda(), planPath(EVENTO, evento)]) {
      servidas = 0;
      await page.goto(`${appUrl()}${ruta}`);
      await expect.poll(() => servidas, { timeout: 10_000 }).toBeGreaterThan(0);
      // Two frames after the face has loaded, any swap has been laid out and painted.
      await page.evaluate(async () => {
        await document.fonts.ready;
        await new Promise((ok) => requestAnimationFrame(() => requestAnimationFrame(ok)));
      });
      const desplazamiento = await page.evaluate(
        () => (window as unknown as { __desplazamiento: number }).__desplazamiento,
      );
      expect(desplazamiento, ruta).toBeLessThan(0.01);
    }
    await ctx.close();
  });

  for (const { ancho, alto } of TAMANOS) {
    it(`sets every text in one of the type scale's sizes, on the public pages and the wizard (${ancho})`, async () => {
      const ctx = await contextoConectado(browser, usuario, { ancho, alto, conAvisoCookies: true });
      const page = await ctx.newPage();
      const plan = planPath(EVENTO, evento);
      await page.goto(`${appUrl()}${plan}`);
      const pueblo = await page.locator("main a[href^='/planes/']").first().getAttribute("href");
      const rutas = ["/", busqueda(), plan, planPath(EXPERIENCIA, experiencia), pueblo!];
      for (const ruta of [...rutas, "/nosotros", "/aviso-legal", "/widget", "/publicar"]) {
        await page.goto(`${appUrl()}${ruta}`);
        const { escala, fuera } = await page.evaluate(() => {
          const pasos = ["xs", "sm", "md", "lg", "xl", "2xl", "display", "hero"];
          const escala = pasos.map((p) => {
            const prueba = document.createElement("span");
            prueba.style.fontSize = `var(--text-${p})`;
            document.body.append(prueba);
            const px = getComputedStyle(prueba).fontSize;
            prueba.remove();
            return px;
          });
          const fuera = new Set<string>();
          for (const el of document.querySelectorAll("body *")) {
            // A generated poster's text scales with its box; the map's controls are Leaflet's;
            // text only for screen readers is not seen.
            if (el.closest("[data-cartel], .leaflet-container, .visually-hidden") || !el.checkVisibility()) continue;
            if (![...el.childNodes].some((n) => n.nodeType === Node.TEXT_NODE && n.textContent!.trim())) continue;
            const px = getComputedStyle(el).fontSize;
            if (!escala.includes(px)) fuera.add(`${px} ${el.tagName.toLowerCase()}.${el.className}`);
          }
          return { escala, fuera: [...fuera] };
        });
        // On a phone the page-title step is 28 px, the same as 2xl.
        expect(new Set(escala).size, `the scale's steps on ${ruta}`).toBe(ancho === 390 ? 7 : 8);
        expect(fuera, ruta).toEqual([]);
      }
      await ctx.close();
    });
  }

  it("keeps the cookie bar off every control at 390 px: the home with a search, a plan page, the wizard", async () => {
    const ctx = await contextoConectado(browser, usuario, { conAvisoCookies: true });
    const page = await ctx.newPage();
    for (const ruta of [busqueda(), planPath(EVENTO, evento), "/publicar"]) {
      await page.goto(`${appUrl()}${ruta}`);
      const bar = page.getByRole("region", { name: "Aviso de cookies" });
      await bar.waitFor();
      const alto = await page.evaluate(() => document.documentElement.scrollHeight);
      for (const y of [0, alto / 3, (2 * alto) / 3, alto]) {
        await page.evaluate((y) => window.scrollTo(0, y), y);
        await expect(tapadosPorAviso(page), `${ruta} at ${y}`).resolves.toEqual([]);
      }
      await page.evaluate(() => window.scrollTo(0, 0));
      // It is seen on arrival, and its own button works.
      await expect(bar.isVisible()).resolves.toBe(true);
      await expect(bar.boundingBox().then((b) => b!.y + b!.height <= 844)).resolves.toBe(true);
    }
    await page.getByRole("button", { name: "Aceptar" }).click();
    await expect(page.getByRole("region", { name: "Aviso de cookies" }).count()).resolves.toBe(0);
    await ctx.close();
  });

  for (const { ancho, alto } of TAMANOS) {
    it(`shows the weekdays in the wizard as the same pills as the category chips, toggled by keyboard with aria-pressed (${ancho})`, async () => {
      const ctx = await contextoConectado(browser, usuario, { ancho, alto });
      const page = await ctx.newPage();
      await pasoDatosExperiencia(page);
      const estilo = (el: Element) => {
        const s = getComputedStyle(el);
        const r = el.getBoundingClientRect();
        return {
          radio: s.borderTopLeftRadius,
          borde: s.borderTopColor,
          fondo: s.backgroundColor,
          color: s.color,
          alto: Math.round(r.height),
          ancho: Math.round(r.width),
        };
      };
      const chip = page.getByRole("button", { name: "Cultura", exact: true });
      const chipApagado = await chip.evaluate(estilo);
      await chip.click();
      await expect(chip.getAttribute("aria-pressed")).resolves.toBe("true");
      const chipEncendido = await chip.evaluate(estilo);
      await page.getByRole("button", { name: "Continuar" }).click();
      await page.locator("ol li[aria-current='step']", { hasText: "Datos" }).waitFor();

      const dias = page.getByRole("group", { name: "Días de la semana" }).getByRole("button");
      await expect(dias.allTextContents()).resolves.toEqual(["L", "M", "X", "J", "V", "S", "D"]);
      await expect(dias.evaluateAll((bs) => bs.map((b) => b.getAttribute("aria-pressed")))).resolves.toEqual(
        Array(7).fill("false"),
      );
      const lunes = page.getByRole("button", { name: "Lunes" });
      const apagado = await lunes.evaluate(estilo);
      expect({ ...apagado, ancho: 0 }).toEqual({ ...chipApagado, ancho: 0 });
      // A pill, wider than tall, not a round button of its own kind.
      expect(apagado.ancho).toBeGreaterThan(apagado.alto);

      await lunes.focus();
      await page.keyboard.press("Space");
      await expect(lunes.getAttribute("aria-pressed")).resolves.toBe("true");
      await page.keyboard.press("Tab");
      await page.keyboard.press("Enter");
      await expect(page.getByRole("button", { name: "Martes" }).getAttribute("aria-pressed")).resolves.toBe("true");
      await page.mouse.move(0, 0);
      const encendido = await lunes.evaluate(estilo);
      expect({ fondo: encendido.fondo, color: encendido.color, borde: encendido.borde }).toEqual({
        fondo: chipEncendido.fondo,
        color: chipEncendido.color,
        borde: chipEncendido.borde,
      });
      // Mid-sentence, a weekday is in lower case: 'Hora de inicio (lunes)'.
      await expect(page.getByLabel("Hora de inicio (lunes)", { exact: true }).count()).resolves.toBe(1);
      await captura(page, `identidad-publicar-datos-${ancho}`, { fullPage: true });
      await ctx.close();
    });
  }

  for (const { ancho, alto } of TAMANOS) {
    it(`writes an experience's weekdays in lower case unless they start the line (${ancho})`, async () => {
      const ctx = await contextoConectado(browser, null, { ancho, alto });
      const page = await ctx.newPage();
      await page.goto(`${appUrl()}${busqueda()}`);
      const tarjeta = page.locator("main article", { hasText: EXPERIENCIA });
      // Under a day of the list, its card gives that day's hours, the day named as its heading names it.
      await expect(tarjeta.textContent()).resolves.toMatch(
        /(Hoy|Mañana|Sábado \d+|Domingo \d+) de (17:00 a 19:30|10:00 a 13:00)/,
      );
      await expect(page.locator("main").innerText()).resolves.not.toMatch(DIAS);

      await page.goto(`${appUrl()}${planPath(EXPERIENCIA, experiencia)}`);
      await expect(page.locator("meta[name='description']").getAttribute("content")).resolves.toMatch(
        /^Sábado y domingo · /,
      );
      const seccion = page.locator("main section", {
        has: page.getByRole("heading", { name: "¿CUÁNDO ESTÁ DISPONIBLE?" }),
      });
      await expect(seccion.locator("dt").allTextContents()).resolves.toEqual(["Sábado", "Domingo"]);
      await page.getByRole("button", { name: "Ver resumen" }).click();
      const dialogo = page.getByRole("dialog", { name: EXPERIENCIA });
      await dialogo.waitFor();
      await expect(dialogo.textContent()).resolves.toContain("Sábado y domingo");
      await expect(page.locator("body").innerText()).resolves.not.toMatch(DIAS);
      await ctx.close();
    });
  }

  for (const { ancho, alto } of TAMANOS) {
    it(`paints deleting in a crimson clearly apart from the brand orange, its confirmation accessible ('Planes Creados', ${ancho})`, async () => {
      const ctx = await contextoConectado(browser, usuario, { ancho, alto });
      const page = await ctx.newPage();
      const res = await page.goto(`${appUrl()}/mis-planes`);
      expect(res?.status()).toBe(200);
      const marca = await page.evaluate(() => {
        const prueba = document.createElement("span");
        prueba.style.color = "var(--color-brand)";
        document.body.append(prueba);
        const color = getComputedStyle(prueba).color;
        prueba.remove();
        return color;
      });
      expect(marca).toBe("rgb(194, 65, 12)");
      await captura(page, `identidad-planes-creados-${ancho}`, { fullPage: true });

      const eliminar = page.getByRole("button", { name: `Eliminar «${EVENTO}»` });
      const color = await eliminar.evaluate((b) => getComputedStyle(b).color);
      expect(distanciaTono(color, marca), `${color} against ${marca}`).toBeGreaterThanOrEqual(25);
      await eliminar.click();
      const dialogo = page.getByRole("dialog");
      await dialogo.waitFor();
      const confirmar = dialogo.getByRole("button", { name: "Eliminar" });
      const fondo = await confirmar.evaluate((b) => getComputedStyle(b).backgroundColor);
      expect(distanciaTono(fondo, marca), `${fondo} against ${marca}`).toBeGreaterThanOrEqual(25);
      await sinViolaciones(page);
      await captura(page, `identidad-eliminar-${ancho}`);
      await dialogo.getByRole("button", { name: "Cancelar" }).click();
      await dialogo.waitFor({ state: "hidden" });
      await expect(
        query(process.env.DATABASE_URL!, "SELECT 1 FROM plan WHERE id = $1", [evento]),
      ).resolves.toHaveLength(1);
      await ctx.close();
    });
  }
});

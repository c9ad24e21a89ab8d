import type { Page } from "playwright-core";
import { localDeInstante } from "@/lib/dates";
import { escribirFecha, png } from "./forms";

/**
 * The publishing wizard as a person goes through it (browser tests of /publicar): steps, the
 * municipality's suggestions, the poster and the dates.
 */

const HORA = 3_600_000;
const DIA = 24 * HORA;

/** Two small towns of the gazetteer (data/municipios.csv) that no other test uses. */
export const GRIEGOS = { nombre: "Griegos", lat: 40.42722, lng: -1.71201 };
export const VALDELINARES = { nombre: "Valdelinares", lat: 40.39114, lng: -0.60593 };

/** A Madrid wall-clock picker value `dias` days from now, on the hour. */
export const fecha = (dias: number, horas = 0) =>
  localDeInstante(new Date(Math.ceil((Date.now() + dias * DIA) / HORA) * HORA + horas * HORA).toISOString());

export async function esperarPaso(page: Page, nombre: string) {
  await page.locator("ol li[aria-current='step']", { hasText: nombre }).waitFor();
}

export async function elegirMunicipio(page: Page, nombre: string) {
  await page.getByRole("combobox", { name: "Municipio" }).fill(nombre);
  await page.getByRole("option").filter({ hasText: nombre }).first().click();
  await page.locator(".leaflet-marker-icon").waitFor();
}

const GIF = Buffer.from(
  "GIF89a\x01\x00\x01\x00\x80\x00\x00\xff\xff\xff\x00\x00\x00,\x00\x00\x00\x00\x01\x00\x01\x00\x00\x02\x02D\x01\x00;",
  "latin1",
);

/**
 * Chooses a poster (a 400×600 PNG, or a GIF by its name) and waits until the wizard has stored
 * it (its 'Guardando el cartel…' line is gone), as a person who sees it saved before closing.
 */
export async function ponerCartel(
  page: Page,
  nombre = "cartel.png",
  etiqueta: string | RegExp = /^Seleccionar (nuevo )?cartel$/,
) {
  const gif = nombre.endsWith(".gif");
  await page.getByLabel(etiqueta).setInputFiles({
    name: nombre,
    mimeType: gif ? "image/gif" : "image/png",
    buffer: gif ? GIF : await png(400, 600),
  });
  await page.getByText(`Archivo elegido: ${nombre}`).waitFor();
  await page.getByText("Guardando el cartel…").waitFor({ state: "hidden", timeout: 15_000 });
}

export async function fechas(page: Page, inicio: string, fin: string) {
  await escribirFecha(page.getByLabel("Seleccionar fecha de inicio", { exact: true }), inicio);
  await escribirFecha(page.getByLabel("Seleccionar fecha de fin", { exact: true }), fin);
}

/** Steps 1 and 2 without detours: the type, then the categories as they are. */
export async function tipoYCategorias(page: Page, tipo: "Evento" | "Experiencia", categorias: string[] = []) {
  await page.getByRole("radio", { name: new RegExp(`^${tipo}`) }).check();
  await page.getByRole("button", { name: "Continuar" }).click();
  await esperarPaso(page, "Categoría");
  for (const c of categorias) await page.getByRole("button", { name: c, exact: true }).click();
  await page.getByRole("button", { name: "Continuar" }).click();
  await esperarPaso(page, "Datos");
}

import { readFileSync } from "node:fs";
import path from "node:path";
import sharp from "sharp";

/**
 * The installed app's icons (the web app manifest's), drawn from the site's own icon
 * (app/icon.svg) at the sizes Android and iOS ask for. The maskable one puts the logo on a
 * full square of the brand's colour with the mark inside the middle 80 %, the safe zone a
 * launcher may crop to a circle or a squircle.
 */
export const ICONOS = {
  "192.png": { tamano: 192, enmascarable: false },
  "512.png": { tamano: 512, enmascarable: false },
  "enmascarable-512.png": { tamano: 512, enmascarable: true },
} as const;

export type NombreIcono = keyof typeof ICONOS;

const NARANJA = "#c2410c";

/** The mark of app/icon.svg (its path), drawn on a brand square for the maskable icon. */
function svgEnmascarable(): string {
  const svg = readFileSync(path.join(process.cwd(), "app", "icon.svg"), "utf8");
  const marca = /<path[^>]*\/>/.exec(svg)?.[0] ?? "";
  // The logo's 64-unit box, shrunk to 80 % around the middle: its mark stays in the safe zone.
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><rect width="64" height="64" fill="${NARANJA}"/><g transform="translate(6.4 6.4) scale(0.8)">${marca}</g></svg>`;
}

const hechos = new Map<NombreIcono, Promise<Buffer>>();

/** The icon's PNG, drawn once per process. */
export function icono(nombre: NombreIcono): Promise<Buffer> {
  let png = hechos.get(nombre);
  if (!png) {
    const { tamano, enmascarable } = ICONOS[nombre];
    const svg = enmascarable
      ? Buffer.from(svgEnmascarable())
      : readFileSync(path.join(process.cwd(), "app", "icon.svg"));
    png = sharp(svg, { density: Math.ceil((72 * tamano) / 64) })
      .resize(tamano, tamano)
      .png()
      .toBuffer();
    png.catch(() => hechos.delete(nombre));
    hechos.set(nombre, png);
  }
  return png;
}

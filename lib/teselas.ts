/**
 * The maps' tiles (MAP_TILES_URL): the default template and the CSP source of a template. No
 * imports, so the maps' script in the browser can share the default with lib/env.ts.
 */
/** OpenStreetMap's own tiles, the default of MAP_TILES_URL. */
export const TESELAS_OSM_URL = "https://{s}.tile.openstreetmap.org/{z}/{x}/{y}.png";

/**
 * The Content-Security-Policy source that lets the pages load a tile template's images: its
 * origin, with {s} (Leaflet's subdomains) as a wildcard; a path of this site needs nothing more
 * than 'self' (null).
 */
export function fuenteDeTeselas(plantilla: string): string | null {
  if (plantilla.startsWith("/")) return null;
  const [, esquema, host] = /^(https?):\/\/([^/?#]+)/.exec(plantilla)!;
  return `${esquema}://${host.replace(/\{s\}/g, "*").replace(/\{[^}]*\}/g, "*")}`;
}

/** PostGIS's sphere for geography (the mean radius of WGS 84), in metres. */
export const RADIO_ESFERA_M = 6_371_008.771_4;

/**
 * Great-circle distance in metres on PostGIS's sphere: what the GiST index's `<->` measures on
 * geography (lib/busqueda/total-denso.test.ts holds it to PostGIS).
 */
export function distanciaEsferaM(a: { lng: number; lat: number }, b: { lng: number; lat: number }): number {
  const rad = Math.PI / 180;
  const dLat = (b.lat - a.lat) * rad;
  const dLng = (b.lng - a.lng) * rad;
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(a.lat * rad) * Math.cos(b.lat * rad) * Math.sin(dLng / 2) ** 2;
  return 2 * RADIO_ESFERA_M * Math.asin(Math.min(1, Math.sqrt(h)));
}

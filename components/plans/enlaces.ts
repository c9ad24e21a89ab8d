/** Links to other services that the plan and organization pages offer (spec §7 'External links'). */

/** A maps search for an address (opens in a new tab). */
export function enlaceBuscarEnMapa(direccion: string): string {
  return `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(direccion)}`;
}

/** Directions to a point, from wherever the visitor is. */
export function enlaceComoLlegar([lng, lat]: readonly [number, number]): string {
  return `https://www.google.com/maps/dir/?api=1&destination=${lat},${lng}`;
}

/**
 * A WhatsApp message with the plan's title, address, date and link; to `telefono` (international
 * digits), or to a contact the person picks when there is none.
 */
export function enlaceWhatsApp(lineas: readonly (string | null | undefined)[], telefono?: string): string {
  return `https://wa.me/${telefono ?? ""}?text=${encodeURIComponent(lineas.filter(Boolean).join("\n"))}`;
}

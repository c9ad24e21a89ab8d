import { mensajes } from "../messages";
import { lineaDeTexto, z } from "../schemas";

export const geocodeQuerySchema = z.object({
  // PostgreSQL refuses NUL in text; no municipality has control characters in its name.
  q: lineaDeTexto(100, { tipo: mensajes.geocodeTextoObligatorio, largo: mensajes.geocodeTextoLargo }).min(
    1,
    mensajes.geocodeTextoObligatorio,
  ),
  limit: z.coerce
    .number({ error: mensajes.geocodeLimiteNoValido })
    .int(mensajes.geocodeLimiteNoValido)
    .min(1, mensajes.geocodeLimiteNoValido)
    .max(10, mensajes.geocodeLimiteNoValido)
    .default(10),
});

/** A number in [min, max] written as text; an empty parameter is not 0. */
const coordenada = (min: number, max: number) => {
  const mensaje = mensajes.geocodeCoordenadasNoValidas;
  return z
    .string({ error: mensaje })
    .trim()
    .min(1, mensaje)
    .transform(Number)
    .pipe(z.number({ error: mensaje }).min(min, mensaje).max(max, mensaje));
};

/** GET /api/geocode/cercano?lat=…&lng=…: a position in degrees (WGS 84). */
export const cercanoQuerySchema = z.object({ lat: coordenada(-90, 90), lng: coordenada(-180, 180) });

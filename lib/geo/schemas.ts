import { mensajes } from "../messages";
import { lineaDeTexto, z } from "../schemas";

export const geocodeQuerySchema = z.object({
  // PostgreSQL refuses NUL in text; no municipality has control characters in its name.
  q: lineaDeTexto(100, { tipo: mensajes.geocodeTextoObligatorio, largo: mensajes.geocodeTextoLargo }).min(1, mensajes.geocodeTextoObligatorio),
  limit: z.coerce
    .number({ error: mensajes.geocodeLimiteNoValido })
    .int(mensajes.geocodeLimiteNoValido)
    .min(1, mensajes.geocodeLimiteNoValido)
    .max(10, mensajes.geocodeLimiteNoValido)
    .default(10),
});

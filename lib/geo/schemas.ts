import { z } from "zod";
import { mensajes } from "../messages";

export const geocodeQuerySchema = z.object({
  q: z
    .string({ error: mensajes.geocodeTextoObligatorio })
    .trim()
    .min(1, mensajes.geocodeTextoObligatorio)
    .max(100, mensajes.geocodeTextoLargo),
  limit: z.coerce
    .number({ error: mensajes.geocodeLimiteNoValido })
    .int(mensajes.geocodeLimiteNoValido)
    .min(1, mensajes.geocodeLimiteNoValido)
    .max(10, mensajes.geocodeLimiteNoValido)
    .default(10),
});

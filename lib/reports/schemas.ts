import { z } from "zod";
import { mensajes } from "../messages";

const url = z.string().trim().max(1000, mensajes.reporteNoValido);

export const reporteSchema = z.object({
  titulo: z.string({ error: mensajes.reporteNoValido }).trim().min(1, mensajes.reporteNoValido).max(200, mensajes.reporteNoValido),
  urlArchivo: url.optional().nullable(),
  urlPlan: url.min(1, mensajes.reporteNoValido).refine((u) => /^https?:\/\//i.test(u), mensajes.reporteNoValido),
});

import { z } from "zod";
import { mensajes } from "../messages";

const corto = z.string().trim().max(50, mensajes.campoLargo);

/** Promotion request (spec §3): the phone is required (spec §5). */
export const destacadoSchema = z.object({
  telefono: z.string({ error: mensajes.destacadoTelefono }).trim().min(1, mensajes.destacadoTelefono).max(50, mensajes.campoLargo),
  nombre: corto.optional(),
  correo: z.string().trim().max(254, mensajes.campoLargo).optional(),
  nombrePlan: corto.optional(),
  idPlan: z.string().trim().max(100).optional(),
  idUser: z.string().optional(),
  origen: z.string().optional(),
});

/** Satellite lead (spec §3): nombre and telefono, at most 50 characters each. */
export const euronaSchema = z.object({
  nombre: corto.optional(),
  telefono: z.string({ error: mensajes.euronaTelefono }).trim().min(1, mensajes.euronaTelefono).max(50, mensajes.campoLargo),
});

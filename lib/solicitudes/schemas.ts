import { mensajes } from "../messages";
import { lineaDeTexto, z } from "../schemas";

const linea = (max: number, { tipo = mensajes.datosNoValidos as string } = {}) =>
  lineaDeTexto(max, { tipo, largo: mensajes.campoLargo });

const corto = linea(50);

/** Spec §9: after publishing, the promotion offer opens for a plan priced above this (€). */
export const PRECIO_PROMOCION = 10;

/** Whether publishing a plan at this price opens the promotion offer. */
/** How long a featuring bought at the advertised prices lasts (2 € a week, 5 € a month), and its price. */
export const PERIODOS_DESTACADO = { semana: "1 semana", mes: "1 mes" } as const;
export const PRECIOS_DESTACADO = { semana: "2 €", mes: "5 €" } as const;
export type PeriodoDestacado = keyof typeof PERIODOS_DESTACADO;

export const ofrecePromocion = (precio: number | null): boolean => (precio ?? 0) > PRECIO_PROMOCION;

/** Promotion request (spec §3): the phone is required (spec §5). */
export const destacadoSchema = z.object(
  {
    telefono: linea(50, { tipo: mensajes.destacadoTelefono }).refine((v) => v.length > 0, mensajes.destacadoTelefono),
    nombre: corto.optional(),
    correo: linea(254).optional(),
    nombrePlan: corto.optional(),
    idPlan: linea(100).optional(),
    idUser: z.string().optional(),
    origen: z.string().optional(),
  },
  { error: mensajes.destacadoTelefono },
);

/** Satellite lead (spec §3): nombre and telefono, at most 50 characters each. */
export const euronaSchema = z.object(
  {
    nombre: corto.optional(),
    telefono: linea(50, { tipo: mensajes.euronaTelefono }).refine((v) => v.length > 0, mensajes.euronaTelefono),
  },
  { error: mensajes.euronaTelefono },
);

import { mensajes } from "../messages";
import { direccionWeb, lineaDeTexto, z } from "../schemas";
import { leerMotivo } from "./motivos";

/** Every refusal of a report says the same: which plan is being reported is not clear. */
const linea = (max: number) => lineaDeTexto(max, { tipo: mensajes.reporteNoValido, largo: mensajes.reporteNoValido });

const url = direccionWeb(mensajes.reporteNoValido, 1000);

/**
 * A report: which plan (refused when unclear), and why: `motivo` and `detalle` are optional and
 * never refuse a report (leerMotivo).
 */
export const reporteSchema = z
  .object(
    {
      titulo: linea(200).refine((v) => v.length > 0, mensajes.reporteNoValido),
      urlArchivo: url.optional().nullable(),
      urlPlan: url.refine((u) => /^https?:\/\/\S+$/i.test(u), mensajes.reporteNoValido),
      motivo: z.unknown().optional(),
      detalle: z.unknown().optional(),
    },
    { error: mensajes.reporteNoValido },
  )
  .transform(({ motivo, detalle, ...plan }) => ({ ...plan, ...leerMotivo(motivo, detalle) }));

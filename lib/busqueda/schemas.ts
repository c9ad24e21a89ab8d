import { mensajes } from "../messages";
import { POR_PAGINA, RADIO_DEFAULT_KM, RADIO_MAX_KM } from "../plans/constants";
import { lineaDeTexto, z } from "../schemas";
import { leerOrden, type Parametros } from "./filtros-url";
import { leerFiltros, ParametroNoValido, type Filtros } from "./registro";

/** A number from the query string: '' and absent are undefined; anything else must be finite. */
function numero(mensaje: string) {
  return z
    .string()
    .optional()
    .transform((v, ctx) => {
      if (v === undefined || v.trim() === "") return undefined;
      const n = Number(v);
      if (!Number.isFinite(n)) {
        ctx.addIssue({ code: "custom", message: mensaje });
        return z.NEVER;
      }
      return n;
    });
}

/** GET /api/plan's place, radius and page; the filters and the order are read by their entries (registro.ts). */
const lugarYPagina = z.looseObject({
  lng: numero(mensajes.coordenadasNoValidas).pipe(
    z.number().min(-180, mensajes.coordenadasNoValidas).max(180, mensajes.coordenadasNoValidas).optional(),
  ),
  lat: numero(mensajes.coordenadasNoValidas).pipe(
    z.number().min(-90, mensajes.coordenadasNoValidas).max(90, mensajes.coordenadasNoValidas).optional(),
  ),
  municipio: lineaDeTexto(100, { largo: mensajes.coordenadasNoValidas }).optional(),
  radio: numero(mensajes.radioNoValido).pipe(
    z.number().min(0, mensajes.radioNoValido).max(RADIO_MAX_KM, mensajes.radioNoValido).optional(),
  ),
  page: numero(mensajes.paginaNoValida).pipe(
    z
      .number()
      .int(mensajes.paginaNoValida)
      .min(1, mensajes.paginaNoValida)
      .max(100_000, mensajes.paginaNoValida)
      .optional(),
  ),
  // Clients that ask for more than a page get a page (30), as they always did.
  limit: numero(mensajes.limiteNoValido)
    .pipe(z.number().int(mensajes.limiteNoValido).min(1, mensajes.limiteNoValido).optional())
    .transform((n) => (n === undefined ? n : Math.min(n, POR_PAGINA))),
});

/** GET /api/plan's query: the place (a point, or a town's name), radius, page, and every filter and the order of the registry. */
export const busquedaSchema = lugarYPagina
  .superRefine((q, ctx) => {
    if ((q.lat === undefined) !== (q.lng === undefined))
      ctx.addIssue({ code: "custom", message: mensajes.coordenadasNoValidas });
    if (q.lat === undefined && !q.municipio) ctx.addIssue({ code: "custom", message: mensajes.ubicacionObligatoria });
  })
  .transform((q, ctx) => {
    let filtros: Filtros;
    try {
      filtros = leerFiltros(q as Parametros);
    } catch (error) {
      if (!(error instanceof ParametroNoValido)) throw error;
      ctx.addIssue({ code: "custom", message: error.message });
      return z.NEVER;
    }
    return {
      lng: q.lng,
      lat: q.lat,
      municipio: q.municipio,
      radio: q.radio ?? RADIO_DEFAULT_KM,
      page: q.page ?? 1,
      limit: q.limit ?? POR_PAGINA,
      ...filtros,
      orden: leerOrden(q as Parametros),
    };
  });

export type Busqueda = z.output<typeof busquedaSchema>;

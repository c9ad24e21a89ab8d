import { mensajes } from "../messages";
import { fechaIso, lineaDeTexto, siNo, z } from "../schemas";
import { CATEGORIAS, POR_PAGINA, RADIO_DEFAULT_KM, RADIO_MAX_KM, type Categoria } from "./constants";

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

function fecha() {
  return z
    .string()
    .optional()
    .transform((v, ctx) => {
      if (v === undefined || v.trim() === "") return undefined;
      const d = fechaIso(v);
      if (!d) {
        ctx.addIssue({ code: "custom", message: mensajes.fechasFiltroNoValidas });
        return z.NEVER;
      }
      return d;
    });
}

/**
 * The categories that mean "all": 'Otros' (spec §4), and 'Todos', the name the home page shows
 * for it, which some clients send.
 */
const TODAS = ["Otros", "Todos"];

/** GET /api/plan query. Categories: comma-joined; empty or containing 'Otros' or 'Todos' means all. */
export const busquedaSchema = z
  .object({
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
    categorias: z
      .string()
      .max(500, mensajes.categoriaNoValida)
      .optional()
      .transform((v, ctx) => {
        const lista = (v ?? "")
          .split(",")
          .map((c) => c.trim())
          .filter(Boolean);
        for (const c of lista) {
          if (!(CATEGORIAS as readonly string[]).includes(c) && !TODAS.includes(c)) {
            ctx.addIssue({ code: "custom", message: mensajes.categoriaNoValida });
            return z.NEVER;
          }
        }
        return lista.length === 0 || lista.some((c) => TODAS.includes(c)) ? null : (lista as Categoria[]);
      }),
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
    fechaInicioFiltro: fecha(),
    fechaFinFiltro: fecha(),
    // Only events or only experiences (town pages' sections); absent: both.
    tipo: z.enum(["evento", "experiencia"], { error: mensajes.datosNoValidos }).optional(),
    // Only plans people with reduced mobility can attend: accesible=1 (true, sí…); absent or 0: all.
    accesible: z
      .string()
      .optional()
      .transform((v, ctx) => {
        const si = v === undefined ? false : siNo(v);
        if (si === null) {
          ctx.addIssue({ code: "custom", message: mensajes.datosNoValidos });
          return z.NEVER;
        }
        return si;
      }),
  })
  .superRefine((q, ctx) => {
    if ((q.lat === undefined) !== (q.lng === undefined))
      ctx.addIssue({ code: "custom", message: mensajes.coordenadasNoValidas });
    if (q.lat === undefined && !q.municipio) ctx.addIssue({ code: "custom", message: mensajes.ubicacionObligatoria });
    const { fechaInicioFiltro: a, fechaFinFiltro: b } = q;
    if (
      (a === undefined) !== (b === undefined) ||
      (a && b && (a > b || b.getTime() - a.getTime() > 400 * 86_400_000))
    ) {
      ctx.addIssue({ code: "custom", message: mensajes.fechasFiltroNoValidas });
    }
  })
  .transform((q) => ({
    ...q,
    radio: q.radio ?? RADIO_DEFAULT_KM,
    page: q.page ?? 1,
    limit: q.limit ?? POR_PAGINA,
  }));

export type Busqueda = z.output<typeof busquedaSchema>;

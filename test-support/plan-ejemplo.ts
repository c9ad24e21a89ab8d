import { site } from "@/lib/site";
import type { PlanApi } from "@/lib/plans/plan";

export const ID_EJEMPLO = "0b7c6f2e-8a51-4f0e-9d3c-5f1e2a3b4c5d";

/** A serialized plan for unit tests of the plan page helpers (seo, ics). */
export function planDeEjemplo(extra: Partial<PlanApi> = {}): PlanApi {
  return {
    _id: ID_EJEMPLO,
    titulo: "Verbena de las fiestas",
    descripcion:
      "## Gran verbena\n\nCon **orquesta** y [fuegos](https://example.com/fuegos) hasta el amanecer. <b>Sin</b> entradas.",
    tipo: "evento",
    destacado: false,
    visible: true,
    precio: 12.5,
    municipio: "Albarracín",
    direccion: "Plaza Mayor, 1",
    ubicacion: { type: "Point", coordinates: [-1.4443, 40.4079] },
    fechaInicio: "2026-08-14T20:00:00.000Z",
    fechaFin: "2026-08-15T02:00:00.000Z",
    archivoCartel: {
      url: `${site().url}/media/carteles/abc/original.webp`,
      nombre: "cartel.png",
      path: "carteles/abc/original.webp",
      contentType: "image/webp",
      md5sum: "x",
      hash: "y",
      width: 800,
      height: 1200,
    },
    enlaceWebExterior: null,
    urlPlan: `${site().url}/plan/Verbena-de-las-fiestas/${ID_EJEMPLO}`,
    categorias: ["Fiesta"],
    horariosDisponibles: [],
    emailContacto: null,
    telefonoContacto: null,
    accesible: false,
    usuario: "u1",
    organizacion: null,
    organizacionId: null,
    fechaCreacion: "2026-07-01T10:00:00.000Z",
    ...extra,
  };
}

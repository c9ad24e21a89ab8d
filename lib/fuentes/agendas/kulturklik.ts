import { objeto, type Registro } from "../adaptadores/comun";
import { definirAgenda } from "./motor";

/** Provinces by their NORA code; "-3" is the French Basque Country, which Planazo does not cover. */
const PROVINCIAS: Record<string, string> = { "1": "Álava", "20": "Gipuzkoa", "48": "Bizkaia", "31": "Navarra" };
const FRANCIA = "-3";
const enEspana = (r: Registro) => String(r.provinceNoraCode ?? "") in PROVINCIAS;
/** The Spanish text, else the Basque one. */
const es = (campo: string) => (r: Registro) => r[`${campo}Es`] ?? r[`${campo}Eu`];
/** A record with no Spanish title is written in Basque alone. */
const conCastellano = (r: Registro) => typeof r.nameEs === "string" && r.nameEs.trim() !== "";

/**
 * Kulturklik, the Basque Government's cultural agenda (api.euskadi.eus):
 * `…/culture/events/v1.0/events/upcoming?_elements=N&_page=K` answers
 * `{totalItems, totalPages, currentPage, items}`, the first page 1. Texts come in Spanish and
 * Basque pairs (`nameEs`/`nameEu`), both kept (the plan is Spanish with its Basque, or Basque
 * alone when it has no Spanish); dates are days written as UTC midnight
 * ("2026-12-05T00:00:00Z"), the time only in `openingHoursEs` ("20:30", "18.30"); the
 * coordinates are the town's centre; NORA codes are not INE codes, so the town is found by its
 * name and that point. Missing fields are left out.
 */
export const agendaKulturklik = definirAgenda({
  tipo: "kulturklik",
  etiqueta: "Kulturklik (Euskadi)",
  ruta: /\/culture\/events\/v1\.0\/events(\/[\w/-]*)?$/,
  registros(json) {
    const o = objeto(json);
    return Array.isArray(o.items) && ("totalPages" in o || "currentPage" in o) ? o.items : null;
  },
  marcas: ["id", "startDate", "municipalityNoraCode"],
  paginacion: {
    por: "pagina",
    pagina: "_page",
    tamano: "_elements",
    primera: 1,
    totalPaginas: (json) => {
      const n = objeto(json).totalPages;
      return typeof n === "number" ? n : null;
    },
  },
  campos: {
    id: "id",
    titulo: es("name"),
    descripcion: es("description"),
    inicio: "startDate",
    fin: "endDate",
    hora: es("openingHours"),
    precio: es("price"),
    lugar: {
      nombre: (r) => es("establishment")(r) ?? es("place")(r),
      municipio: (r) => (enEspana(r) ? (r.municipalityEs ?? r.municipalityEu) : undefined),
      // Named as abroad, so the sync says "fuera de España" rather than "sin municipio".
      provincia: (r) =>
        PROVINCIAS[String(r.provinceNoraCode)] ?? (String(r.provinceNoraCode) === FRANCIA ? "Francia" : undefined),
      lat: (r) => (enEspana(r) ? r.municipalityLatitude : undefined),
      lng: (r) => (enEspana(r) ? r.municipalityLongitude : undefined),
      puntoDelPueblo: true,
    },
    imagen: [(r) => (Array.isArray(r.images) ? objeto(r.images[0]).imageUrl : undefined)],
    url: (r) => es("urlEvent")(r) ?? es("sourceUrl")(r),
    categorias: {
      de: [es("type")],
      tabla: {
        Concierto: ["Cultura"],
        Kontzertua: ["Cultura"],
        Teatro: ["Cultura"],
        Danza: ["Cultura"],
        Exposición: ["Cultura"],
        "Cine y audiovisuales": ["Cultura"],
        Conferencia: ["Cultura"],
        Bertsolarismo: ["Cultura"],
        Festival: ["Cultura"],
        Literatura: ["Cultura"],
        Feria: ["Fiestas de pueblo"],
        Fiestas: ["Fiestas de pueblo"],
        Infantil: ["Infantil"],
        Formación: ["Taller"],
        "Curso / Taller": ["Taller"],
        Taller: ["Taller"],
        "Visita guiada": ["Turismo"],
        Deporte: ["Deporte"],
        Gastronomía: ["Gastronomía"],
      },
    },
    idioma: (r) => (conCastellano(r) ? "es" : "eu"),
    traducciones: { eu: { titulo: "nameEu", descripcion: "descriptionEu" } },
  },
});

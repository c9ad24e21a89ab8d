import { objeto, type Registro } from "../adaptadores/comun";
import { definirAgenda } from "./motor";

/** "41.2240870,1.7255370" → its latitude or longitude. */
const coordenada = (i: 0 | 1) => (r: Registro) => {
  const t = objeto(r.grup_adreca).localitzacio;
  return typeof t === "string" ? t.split(",")[i] : undefined;
};
const primera = (v: unknown) => (Array.isArray(v) ? v[0] : v);

/**
 * The Diputació de Barcelona's agendas (do.diba.cat, CC0): path-style addresses such as
 * `…/api/dataset/actesturisme_ca/format/json/pag-ini/1/pag-fi/1000` (also actesbiblioteques_ca,
 * actesparcs, actesmuseus, exposicions) answer `{…, entitats, elements}`, paged by the first and
 * last record in the path (1-based, inclusive; 1,000 without them). Dates are
 * "YYYY-MM-DD HH:MM:SS" (00:00:00 to 23:59:59 for a whole day), the venue's point a
 * "lat,lon" string, the town's INE code in `rel_municipis.ine`; empty values come as "" or [].
 */
export const agendaDiputacioBarcelona = definirAgenda({
  tipo: "diputacio-barcelona",
  etiqueta: "Agenda de la Diputació de Barcelona",
  ruta: /\/api\/dataset\/[\w-]+(\/[^?]*)?$/,
  registros: (json) => {
    const elementos = objeto(json).elements;
    return Array.isArray(elementos) ? elementos : null;
  },
  marcas: ["acte_id", "titol", "data_inici"],
  paginacion: { por: "ruta", inicio: "pag-ini", fin: "pag-fi", tamano: 1000 },
  acotar(url, hoy) {
    if (!/\/camp-data_fi[-/]/.test(url.pathname))
      url.pathname = url.pathname.replace(/\/?$/, `/camp-data_fi-greaterequal/date:${hoy}`);
  },
  campos: {
    // Its datasets are written in Catalan (`…_ca`).
    idioma: "ca",
    id: "acte_id",
    titulo: "titol",
    descripcion: "descripcio",
    inicio: "data_inici",
    fin: "data_fi",
    precio: "preu",
    lugar: {
      nombre: "grup_adreca.adreca_nom",
      direccion: "grup_adreca.adreca",
      municipio: (r) => objeto(r.grup_adreca).municipi_nom || objeto(r.rel_municipis).municipi_nom,
      provincia: () => "Barcelona",
      ine: "rel_municipis.ine",
      lat: coordenada(0),
      lng: coordenada(1),
    },
    imagen: [(r) => primera(r.imatge)],
    url: "acte_url",
    organizador: "acte_organitzadors",
    categorias: {
      de: ["tags", "tipus", "public"],
      tabla: {
        "Hora del conte": ["Infantil", "Cultura"],
        Nadons: ["Infantil"],
        Infantil: ["Infantil"],
        Família: ["Infantil"],
        Famílies: ["Infantil"],
        Concerts: ["Cultura"],
        Música: ["Cultura"],
        Teatre: ["Cultura"],
        Dansa: ["Cultura"],
        Cinema: ["Cultura"],
        Exposicions: ["Cultura"],
        Exposició: ["Cultura"],
        Conferències: ["Cultura"],
        "Club de lectura": ["Cultura"],
        Presentacions: ["Cultura"],
        "Visites guiades": ["Turismo"],
        "Visita guiada": ["Turismo"],
        Rutes: ["Turismo"],
        Excursions: ["Aventura"],
        Natura: ["Aventura"],
        Tallers: ["Taller"],
        Taller: ["Taller"],
        Cursos: ["Taller"],
        "Fires i mercats": ["Fiestas de pueblo"],
        Festes: ["Fiestas de pueblo"],
        "Festa major": ["Fiestas de pueblo"],
        Gastronomia: ["Gastronomía"],
        Esports: ["Deporte"],
      },
    },
  },
});

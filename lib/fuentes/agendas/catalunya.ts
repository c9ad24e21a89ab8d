import { hash } from "../adaptadores/comun";
import type { Registro } from "../adaptadores/comun";
import { definirAgenda } from "./motor";

/** "agenda:ubicacions/girona/baix-emporda/palafrugell" → its segments after "agenda:ubicacions/". */
const ubicacion = (v: unknown): string[] =>
  typeof v === "string" && v.startsWith("agenda:ubicacions/") ? v.slice("agenda:ubicacions/".length).split("/") : [];
const municipi = (r: Registro) => ubicacion(r.municipi)[2] ?? ubicacion(r.comarca_i_municipi)[2];

/**
 * The Generalitat's "Agenda cultural de Catalunya" (Socrata dataset `rhpv-yr4f`,
 * `…/resource/rhpv-yr4f.json?$limit=1000&$offset=N`): a plain array, every value a string, empty
 * fields left out. One row per activity and place, so `codi` repeats and an item is the code and
 * its place. The town is a tag path (`municipi`: `agenda:ubicacions/{provincia}/{comarca}/{municipi}`);
 * dates are floating days ("2026-02-28T00:00:00.000"), a permanent one's end 9999-09-09 or none;
 * `horari` is text ("20 h", "A les 19 h"); `gratuita` and `permanent` are "Sí"/"No". Its licence
 * does not cover its images, so none is imported.
 */
export const agendaCatalunya = definirAgenda({
  tipo: "catalunya",
  etiqueta: "Agenda cultural de Catalunya",
  ruta: /\/resource\/rhpv-yr4f\.json$/,
  registros: (json) => (Array.isArray(json) ? json : null),
  marcas: ["codi", "denominaci"],
  paginacion: { por: "desplazamiento", limite: "$limit", desplazamiento: "$offset", tamano: 1000 },
  acotar(url, hoy) {
    if (!url.searchParams.has("$where"))
      url.searchParams.set("$where", `data_fi >= '${hoy}T00:00:00' OR permanent = 'Sí'`);
    // Socrata pages in a stable order only when asked for one; :id is each row's own.
    if (!url.searchParams.has("$order")) url.searchParams.set("$order", ":id");
  },
  campos: {
    // Written in Catalan.
    idioma: "ca",
    id: (r) => r.codi && `${r.codi}@${municipi(r) ?? r.localitat ?? ""}/${hash(`${r.espai ?? ""}|${r.adre_a ?? ""}`)}`,
    titulo: "denominaci",
    descripcion: (r) => r.descripcio_html ?? r.descripcio,
    inicio: "data_inici",
    fin: "data_fi",
    hora: "horari",
    permanente: "permanent",
    precio: "entrades",
    gratis: "gratuita",
    lugar: {
      nombre: "espai",
      direccion: "adre_a",
      municipio: (r) => municipi(r) ?? r.localitat,
      provincia: (r) => ubicacion(r.municipi)[0] ?? ubicacion(r.comarca_i_municipi)[0],
      lat: "latitud",
      lng: "longitud",
    },
    url: (r) => r.urlactivitat ?? (typeof r.enlla_os === "string" ? r.enlla_os.split(",")[0] : undefined) ?? r.url,
    categorias: {
      de: ["tags_categor_es", "tags_mbits"],
      tabla: {
        concerts: ["Cultura"],
        teatre: ["Cultura"],
        dansa: ["Cultura"],
        circ: ["Cultura"],
        opera: ["Cultura"],
        cinema: ["Cultura"],
        exposicions: ["Cultura"],
        "festivals-i-mostres": ["Cultura"],
        cicles: ["Cultura"],
        conferencies: ["Cultura"],
        commemoracions: ["Cultura"],
        musica: ["Cultura"],
        "arts-visuals": ["Cultura"],
        infantil: ["Infantil"],
        "rutes-i-visites": ["Turismo"],
        festes: ["Fiestas de pueblo"],
        "fires-i-mercats": ["Fiestas de pueblo"],
        gegants: ["Fiestas de pueblo"],
        sardanes: ["Fiestas de pueblo"],
        carnavals: ["Fiestas de pueblo"],
        nadal: ["Fiestas de pueblo"],
        "setmana-santa": ["Fiestas de pueblo"],
        "tradicional-i-popular": ["Fiestas de pueblo"],
        cursos: ["Taller"],
        gastronomia: ["Gastronomía"],
      },
    },
  },
});

import { objeto } from "../adaptadores/comun";
import { definirAgenda } from "./motor";

/**
 * Agenda cultural de Castilla y León (Junta de Castilla y León, Opendatasoft, CC BY 4.0): dataset
 * `eventos-de-la-agenda-cultural-categorizados-y-geolocalizados`. The Explore API v2.1 answers
 * `…/catalog/datasets/{id}/records?limit=100&offset=N` with `{total_count, results}` (at most 100
 * a page, and never past offset + limit = 10,000: a sync asks for upcoming items only); its
 * export `…/exports/json` is one array of the same flat records, and the v1 API's records wrap
 * them in `fields`. Its coordinates are the locality's (a hamlet's own, which places it in the
 * municipality around it); its times are free text ("20:00", "Todos los días.", "De 12:00 a 14:00 horas").
 */
export const agendaCastillaYLeon = definirAgenda({
  tipo: "castilla-y-leon",
  etiqueta: "Agenda cultural de Castilla y León",
  ruta: /\/api\/(explore\/v2\.[01]\/catalog\/datasets\/[^/]+\/(records|exports\/json)|records\/1\.0\/search)\/?$/,
  paginadaEn: /\/records\/?$|\/records\/1\.0\/search\/?$/,
  registros(json) {
    const lista = Array.isArray(json) ? json : (objeto(json).results ?? objeto(json).records);
    return Array.isArray(lista) ? lista.map((r) => (objeto(r).fields ? objeto(r).fields : r)) : null;
  },
  marcas: ["id_evento", "titulo", "fecha_inicio"],
  paginacion: {
    por: "desplazamiento",
    limite: "limit",
    desplazamiento: "offset",
    tamano: 100,
    total: (json) => {
      const n = objeto(json).total_count ?? objeto(json).nhits;
      return typeof n === "number" ? n : null;
    },
    maximo: 10_000,
  },
  acotar(url, hoy) {
    if (!url.searchParams.has("where"))
      url.searchParams.set("where", `fecha_inicio >= date'${hoy}' OR fecha_fin >= date'${hoy}'`);
    if (!url.searchParams.has("order_by")) url.searchParams.set("order_by", "fecha_inicio, id_evento");
  },
  campos: {
    id: "id_evento",
    titulo: "titulo",
    descripcion: "descripcion",
    inicio: "fecha_inicio",
    hora: "hora_inicio",
    fin: "fecha_fin",
    horaFin: "hora_fin",
    precio: "precio",
    lugar: {
      nombre: "lugar_celebracion",
      municipio: "nombre_localidad",
      provincia: "nombre_provincia",
      lat: "latitud",
      lng: "longitud",
    },
    imagen: ["imagen_evento_ampliada", "imagen_evento"],
    url: "enlace_contenido",
    categorias: {
      de: ["tematica", "categoria", "destinatarios"],
      tabla: {
        Concierto: ["Cultura"],
        Conciertos: ["Cultura"],
        "Teatro títeres monólogo": ["Cultura"],
        Espectáculos: ["Cultura"],
        Circo: ["Cultura"],
        Magia: ["Cultura"],
        Danza: ["Cultura"],
        Exposición: ["Cultura"],
        Exposiciones: ["Cultura"],
        Conferencia: ["Cultura"],
        "Conferencias y Cursos": ["Cultura"],
        "Libros y Lectura": ["Cultura"],
        "Club de lectura": ["Cultura"],
        Cine: ["Cultura"],
        Cuentacuentos: ["Infantil", "Cultura"],
        Taller: ["Taller"],
        "Visita guiada": ["Turismo"],
        "Patrimonio cultural": ["Turismo"],
        "Feria o mercado": ["Fiestas de pueblo"],
        "Ferias y Fiestas": ["Fiestas de pueblo"],
        "Público infantil": ["Infantil"],
        "Público familiar": ["Infantil"],
      },
    },
  },
});

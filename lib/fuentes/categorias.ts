import { normalizar } from "../busqueda/palabras";
import { CATEGORIAS, type Categoria } from "../plans/constants";

/**
 * The names a source gives its categories, by the spec's category they mean (compared as
 * normalizar leaves them). 'Otros' is not here: it is what a plan gets when nothing else fits,
 * so a source's "otros" says nothing.
 */
const SINONIMOS: Record<Exclude<Categoria, "Otros">, string[]> = {
  Deporte: ["deporte", "deportes", "deportivo", "deportiva", "deportivas", "sport", "sports", "carrera", "carreras"],
  "Fiestas de pueblo": [
    "fiestas de pueblo",
    "fiesta de pueblo",
    "fiestas patronales",
    "fiestas populares",
    "fiesta popular",
    "fiestas locales",
    "romeria",
    "romerias",
    "verbena",
    "verbenas",
  ],
  Aventura: [
    "aventura",
    "aventuras",
    "multiaventura",
    "aire libre",
    "naturaleza",
    "senderismo",
    "excursion",
    "excursiones",
  ],
  Turismo: ["turismo", "turistico", "visita guiada", "visitas guiadas", "visitas", "patrimonio", "rutas turisticas"],
  Fiesta: ["fiesta", "fiestas", "party", "ocio nocturno", "discoteca"],
  Infantil: ["infantil", "infantiles", "ninos", "ninas", "familia", "familiar", "familias", "kids", "children"],
  Cultura: [
    "cultura",
    "cultural",
    "culturales",
    "teatro",
    "musica",
    "concierto",
    "conciertos",
    "exposicion",
    "exposiciones",
    "cine",
    "danza",
    "literatura",
    "museo",
    "museos",
    "arte",
  ],
  Taller: ["taller", "talleres", "workshop", "workshops", "curso", "cursos", "formacion"],
  Gastronomía: [
    "gastronomia",
    "gastronomica",
    "gastronomico",
    "degustacion",
    "degustaciones",
    "comida",
    "food",
    "vino",
    "vinos",
    "enologia",
  ],
};

const POR_NOMBRE = new Map<string, Categoria>();
for (const c of CATEGORIAS) if (c !== "Otros") POR_NOMBRE.set(normalizar(c), c);
for (const [c, nombres] of Object.entries(SINONIMOS) as [Categoria, string[]][])
  for (const n of nombres) POR_NOMBRE.set(normalizar(n), c);

/**
 * The spec's categories that a source's own category names mean, in the spec's order and
 * without repeats; [] when none does (the source's default categories then apply).
 */
export function categoriasDe(nombres: readonly string[]): Categoria[] {
  const halladas = new Set<Categoria>();
  for (const n of nombres) {
    const c = POR_NOMBRE.get(normalizar(n));
    if (c) halladas.add(c);
  }
  return CATEGORIAS.filter((c) => halladas.has(c));
}

import { normalizar } from "../busqueda/palabras";
import { categoriasDe } from "../fuentes/categorias";
import type { Categoria } from "../plans/constants";

/**
 * The words of a programme's acts that say what kind of plan it is, by the spec's category
 * (normalizar's form; two-word keys for phrases). Words lib/fuentes/categorias.ts already maps
 * ("teatro", "concierto", "taller", "infantil", "degustacion", "carrera", "senderismo"…) are not
 * repeated: categoriasDe reads them. Null marks a word that says nothing in a programme, where
 * every act is part of the fiesta ("fiesta" would make every programme a party).
 */
const PALABRAS: Record<string, Categoria | null> = {
  fiesta: null,
  fiestas: null,
  festa: null,
  orquesta: "Fiestas de pueblo",
  orquestra: "Fiestas de pueblo",
  charanga: "Fiestas de pueblo",
  xaranga: "Fiestas de pueblo",
  pena: "Fiestas de pueblo",
  penas: "Fiestas de pueblo",
  pregon: "Fiestas de pueblo",
  prego: "Fiestas de pueblo",
  chupinazo: "Fiestas de pueblo",
  procesion: "Fiestas de pueblo",
  pasacalles: "Fiestas de pueblo",
  cercavila: "Fiestas de pueblo",
  gigantes: "Fiestas de pueblo",
  gegants: "Fiestas de pueblo",
  diana: "Fiestas de pueblo",
  dianas: "Fiestas de pueblo",
  vaquillas: "Fiestas de pueblo",
  capea: "Fiestas de pueblo",
  encierro: "Fiestas de pueblo",
  sardanes: "Fiestas de pueblo",
  revetlla: "Fiestas de pueblo",
  baile: "Fiestas de pueblo",
  ball: "Fiestas de pueblo",
  "festa major": "Fiestas de pueblo",
  hinchables: "Infantil",
  inflables: "Infantil",
  mainada: "Infantil",
  pequenos: "Infantil",
  cuentacuentos: "Infantil",
  titeres: "Infantil",
  pintacaras: "Infantil",
  campeonato: "Deporte",
  campionat: "Deporte",
  torneo: "Deporte",
  torneig: "Deporte",
  cursa: "Deporte",
  partido: "Deporte",
  partit: "Deporte",
  paella: "Gastronomía",
  caldereta: "Gastronomía",
  sardinada: "Gastronomía",
  migas: "Gastronomía",
  cata: "Gastronomía",
  "comida popular": "Gastronomía",
  "cena popular": "Gastronomía",
  "dinar popular": "Gastronomía",
  "sopar popular": "Gastronomía",
  concert: "Cultura",
  exposicio: "Cultura",
  teatre: "Cultura",
  charla: "Cultura",
  presentacion: "Cultura",
  coral: "Cultura",
  pastorets: "Cultura",
  belen: "Cultura",
  discomovil: "Fiesta",
  "disco movil": "Fiesta",
  discoteca: "Fiesta",
  dj: "Fiesta",
  carnaval: "Fiesta",
  carnestoltes: "Fiesta",
  ruta: "Aventura",
  senderista: "Aventura",
  caminada: "Aventura",
  paintball: "Aventura",
  "visita guiada": "Turismo",
  mercado: "Turismo",
  mercadillo: "Turismo",
  feria: "Turismo",
  fira: "Turismo",
};

/** The category a word or a two-word phrase says, by this table or lib/fuentes' names. */
function categoriaDe(clave: string): Categoria | null {
  if (clave in PALABRAS) return PALABRAS[clave];
  return categoriasDe([clave])[0] ?? null;
}

/**
 * A programme's categories, from its acts' titles: those their words name most, at most three,
 * the most named first; a category named once counts only when no other is named twice.
 */
export function categoriasDelPrograma(titulos: readonly string[]): Categoria[] {
  const veces = new Map<Categoria, number>();
  for (const titulo of titulos) {
    const palabras = normalizar(titulo).split(" ");
    const vistas = new Set<Categoria>();
    palabras.forEach((p, i) => {
      for (const clave of [p, `${p} ${palabras[i + 1] ?? ""}`]) {
        const c = categoriaDe(clave);
        if (c) vistas.add(c);
      }
    });
    for (const c of vistas) veces.set(c, (veces.get(c) ?? 0) + 1);
  }
  const ordenadas = [...veces].sort((a, b) => b[1] - a[1]);
  const minimo = ordenadas[0]?.[1] >= 2 ? 2 : 1;
  return ordenadas
    .filter(([, n]) => n >= minimo)
    .slice(0, 3)
    .map(([c]) => c);
}

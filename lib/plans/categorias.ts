import type { Catalogo } from "@/lib/catalogo";
import type { Categoria } from "./constants";

type PalabrasCategorias = Catalogo["categorias"];

/** Each category's key in the catalogue's "categorias": the category itself stays Spanish in URLs and the API. */
const CLAVE: Record<Categoria, keyof PalabrasCategorias> = {
  Otros: "otros",
  Deporte: "deporte",
  "Fiestas de pueblo": "fiestasDePueblo",
  Aventura: "aventura",
  Turismo: "turismo",
  Fiesta: "fiesta",
  Infantil: "infantil",
  Cultura: "cultura",
  Taller: "taller",
  Gastronomía: "gastronomia",
};

/** A category's name in the page's language (the words of its catalogue's "categorias"). */
export function nombreCategoria(categoria: Categoria, p: PalabrasCategorias): string {
  return p[CLAVE[categoria]];
}

import "server-only";
import { idiomaDePagina, palabrasDePagina } from "../idioma-de-pagina";
import { palabrasGrupos, type PalabrasGrupos } from "./grupos";

/** The day groups' headings (agruparPorDia, agruparPorDistancia) in the language of the page being rendered. */
export async function palabrasGruposDePagina(): Promise<PalabrasGrupos> {
  const [idioma, buscador, resultados] = await Promise.all([
    idiomaDePagina(),
    palabrasDePagina("buscador"),
    palabrasDePagina("resultados"),
  ]);
  return palabrasGrupos(idioma, buscador, resultados);
}

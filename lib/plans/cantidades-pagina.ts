import "server-only";
import { idiomaDePagina, palabrasDePagina } from "../idioma-de-pagina";
import { palabrasPlanes, type PalabrasPlanes } from "./cantidades";

/** The words of a count of plans (planesTexto) in the language of the page being rendered. */
export async function palabrasPlanesDePagina(): Promise<PalabrasPlanes> {
  const [idioma, buscador, busqueda] = await Promise.all([
    idiomaDePagina(),
    palabrasDePagina("buscador"),
    palabrasDePagina("busqueda"),
  ]);
  return palabrasPlanes(idioma, buscador, busqueda);
}

import { readFileSync } from "node:fs";
import path from "node:path";
import { IDIOMA_POR_DEFECTO, type Idioma } from "./idiomas";

type Catalogo = { [clave: string]: string | Catalogo };

const leidos = new Map<Idioma, Catalogo>();

/** A language's catalogue (mensajes/{idioma}.json) as written, read once per process. */
function catalogo(idioma: Idioma): Catalogo {
  let c = leidos.get(idioma);
  if (!c) {
    c = JSON.parse(readFileSync(path.join(process.cwd(), "mensajes", `${idioma}.json`), "utf8")) as Catalogo;
    leidos.set(idioma, c);
  }
  return c;
}

/**
 * A catalogue's message outside a page (an e-mail queued by a route handler or a task), its
 * `{argumentos}` filled in: what next-intl's getTranslations does for a page, without a request
 * or the build's precompiled catalogues. Only plain arguments: the e-mails use no plurals or
 * tags. Spanish's message when the language lacks it (the catalogue test forbids it anyway).
 */
export function textoDe(idioma: Idioma, clave: string, datos: Record<string, string> = {}): string {
  const buscar = (c: Catalogo) =>
    clave.split(".").reduce<string | Catalogo | undefined>((v, k) => (typeof v === "object" ? v[k] : undefined), c);
  const plantilla = buscar(catalogo(idioma)) ?? buscar(catalogo(IDIOMA_POR_DEFECTO));
  if (typeof plantilla !== "string") throw new Error(`no message ${clave}`);
  return plantilla.replace(/\{(\w+)\}/g, (todo, k: string) => datos[k] ?? todo);
}

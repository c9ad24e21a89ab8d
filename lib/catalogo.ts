import { readFileSync } from "node:fs";
import path from "node:path";
import { conDatos } from "./con-datos";
import { traductor } from "./traductor";
import { IDIOMA_POR_DEFECTO, type Idioma } from "./idiomas";

import type es from "@/mensajes/es.json";

type Arbol = { [clave: string]: string | Arbol };

/** The catalogue's shape, as the Spanish one (the reference every language's test compares). */
export type Catalogo = typeof es;
/** A namespace of the catalogue: the words one part of the interface needs. */
export type Espacio = keyof Catalogo;
/** Some namespaces of a language's catalogue, as the browser's components receive them. */
export type Palabras = Partial<{ [E in Espacio]: Catalogo[E] }>;

const leidos = new Map<Idioma, Arbol>();

/** A language's catalogue (mensajes/{idioma}.json) as written, read once per process. */
function catalogo(idioma: Idioma): Arbol {
  let c = leidos.get(idioma);
  if (!c) {
    c = JSON.parse(readFileSync(path.join(process.cwd(), "mensajes", `${idioma}.json`), "utf8")) as Arbol;
    leidos.set(idioma, c);
  }
  return c;
}

/**
 * A catalogue's message outside a page (an e-mail queued by a route handler or a task), its
 * `{argumentos}` filled in (conDatos): what next-intl's getTranslations does for a page, without
 * a request. Only plain arguments: the e-mails use no plurals or tags. Spanish's message when the language lacks it (the catalogue test forbids it anyway).
 */
export function textoDe(idioma: Idioma, clave: string, datos: Record<string, string> = {}): string {
  const buscar = (c: Arbol) =>
    clave.split(".").reduce<string | Arbol | undefined>((v, k) => (typeof v === "object" ? v[k] : undefined), c);
  const plantilla = buscar(catalogo(idioma)) ?? buscar(catalogo(IDIOMA_POR_DEFECTO));
  if (typeof plantilla !== "string") throw new Error(`no message ${clave}`);
  return conDatos(plantilla, datos);
}

const espacios = new Map<string, object>();

/**
 * A namespace of a language's catalogue as written (`{argumentos}` unfilled, for conDatos), over
 * Spanish's: the words a server component writes, or hands to the browser's (ConPalabras). Made
 * once per process: every page reads several.
 */
export function espacioDe<E extends Espacio>(idioma: Idioma, espacio: E): Catalogo[E] {
  const clave = `${idioma}:${espacio}`;
  let hecho = espacios.get(clave);
  if (!hecho) {
    const propio = catalogo(idioma)[espacio];
    hecho = Object.freeze({
      ...(catalogo(IDIOMA_POR_DEFECTO)[espacio] as object),
      ...(typeof propio === "object" ? propio : {}),
    });
    espacios.set(clave, hecho);
  }
  return hecho as Catalogo[E];
}

/** Some namespaces of a language's catalogue (espacioDe), for the browser's components. */
export function palabrasDe(idioma: Idioma, espacios: readonly Espacio[]): Palabras {
  return Object.fromEntries(espacios.map((e) => [e, espacioDe(idioma, e)])) as Palabras;
}

const traductores = new Map<Idioma, (texto: string) => string>();

/**
 * A Spanish message of the catalogue in another language (traductor): an API error answered to
 * one of the site's own pages (lib/http.ts). A text the catalogue does not hold as written (one
 * with its data filled in) stays Spanish.
 */
export function enIdioma(texto: string, idioma: Idioma): string {
  if (idioma === IDIOMA_POR_DEFECTO) return texto;
  let traducir = traductores.get(idioma);
  if (!traducir) traductores.set(idioma, (traducir = traductor(catalogo(IDIOMA_POR_DEFECTO), catalogo(idioma))));
  return traducir(texto);
}

import { conDatos } from "../con-datos";
import { UUID_PATTERN } from "../schemas";
import { escaparHtml } from "../text";
import { hayLugar, leerEstado, parametrosNoValidos, urlBusqueda, type EstadoBusqueda } from "../busqueda/estado";

/**
 * The widget for town halls and associations: /embed/planes shows a search's
 * plans (the home's own parameters) or an organization's, inside an <iframe> on another site;
 * /widget writes the code to paste. Client-safe: the builder runs it in the browser, the embed
 * and the tests on the server.
 */

/** The embed's page (under lib/security.ts's RUTA_ENMARCABLE, the only path other sites may frame). */
export const RUTA_WIDGET_EMBED = "/embed/planes";

/** `?tema=`: light, dark, or the visitor's own setting (prefers-color-scheme). */
export const TEMAS = ["claro", "oscuro", "auto"] as const;
export type Tema = (typeof TEMAS)[number];
export const TEMA_DEFECTO: Tema = "claro";

/** `?limite=`: how many plans the list shows. */
export const LIMITE_DEFECTO = 8;
export const LIMITE_MAX = 30;

/** The message the embed posts to the page around it with its height: namespaced, so other frames' messages never match. */
export const MENSAJE_ALTURA = "planazo:altura";
export interface MensajeAltura {
  tipo: typeof MENSAJE_ALTURA;
  altura: number;
}

/** The widget's own words (embed, error pages and builder), in one place. */
export const MENSAJES_WIDGET = {
  sinFuente:
    "Falta qué planes mostrar: indica un municipio (municipio=…), un punto (lat y lng) o una organización (organizacion=…).",
  parametroNoValido: "El dato «{parametro}» de la dirección del widget no es válido.",
  organizacionNoValida: "La organización indicada no es válida.",
  organizacionNoEncontrada: "No encontramos esa organización. Puede que se haya borrado.",
  revisaCodigo: "Crea el código de nuevo en {sitio}/widget.",
  tituloError: "No se pueden mostrar los planes",
  tituloMunicipio: "Planes cerca de {municipio}",
  tituloPunto: "Planes cerca",
  tituloOrganizacion: "Planes de {organizacion}",
  tituloOrganizacionSinNombre: "Planes de la organización",
  codigoCopiado: "Código copiado. Ya puedes pegarlo en tu página.",
  codigoNoCopiado:
    "No se ha podido copiar solo: el código está seleccionado, cópialo con Ctrl+C (o mantén el dedo encima en el móvil).",
  sinPlanes: "Ahora mismo no hay planes próximos. ¡Vuelve pronto!",
  masPlanes: "Más planes en {sitio}",
  nuevaPestana: "(se abre en una pestaña nueva)",
  semanal: "Cada semana",
} as const;

/** What the widget lists: a search (the home page's state) or one organization's plans. */
export type FuenteWidget = { tipo: "busqueda"; estado: EstadoBusqueda } | { tipo: "organizacion"; id: string };

export interface OpcionesWidget {
  fuente: FuenteWidget;
  tema: Tema;
  limite: number;
}

/**
 * The embed's address: the search's own parameters as the home page writes them (urlBusqueda:
 * defaults left out, no page or view), or `organizacion`, then `tema` and `limite` when not the
 * defaults.
 */
export function urlEmbed({ fuente, tema, limite }: OpcionesWidget): string {
  const q =
    fuente.tipo === "organizacion"
      ? new URLSearchParams({ organizacion: fuente.id })
      : new URLSearchParams(urlBusqueda({ ...fuente.estado, page: 1, vista: "lista" }).slice(2));
  if (tema !== TEMA_DEFECTO) q.set("tema", tema);
  if (limite !== LIMITE_DEFECTO) q.set("limite", String(limite));
  return `${RUTA_WIDGET_EMBED}?${q}`;
}

type Params = Record<string, string | string[] | undefined>;
const uno = (v: string | string[] | undefined) => (Array.isArray(v) ? v[0] : v) ?? "";

/**
 * The embed's parameters, strictly: the search's as the home page reads them (leerEstado), but
 * a value the home would quietly drop is an error here, as are an unknown theme or count, and
 * a missing place or organization: a town hall's pasted code that shows nothing must say why.
 * Unknown parameter names are ignored (a site may add its own, e.g. for its cache).
 */
export function leerWidget(params: Params): { ok: true; opciones: OpcionesWidget } | { ok: false; mensaje: string } {
  const malo = (parametro: string) => ({
    ok: false as const,
    mensaje: conDatos(MENSAJES_WIDGET.parametroNoValido, { parametro }),
  });
  const tema = uno(params.tema) || TEMA_DEFECTO;
  if (!(TEMAS as readonly string[]).includes(tema)) return malo("tema");
  const limiteTexto = uno(params.limite).trim();
  const limite = limiteTexto ? Number(limiteTexto) : LIMITE_DEFECTO;
  if (!Number.isInteger(limite) || limite < 1 || limite > LIMITE_MAX) return malo("limite");
  const organizacion = uno(params.organizacion).trim();
  if (organizacion) {
    if (!UUID_PATTERN.test(organizacion)) return { ok: false, mensaje: MENSAJES_WIDGET.organizacionNoValida };
    return {
      ok: true,
      opciones: { fuente: { tipo: "organizacion", id: organizacion.toLowerCase() }, tema: tema as Tema, limite },
    };
  }
  const [noValido] = parametrosNoValidos(params);
  if (noValido) return malo(noValido);
  const estado = { ...leerEstado(params), page: 1, vista: "lista" as const };
  if (!hayLugar(estado)) return { ok: false, mensaje: MENSAJES_WIDGET.sinFuente };
  return { ok: true, opciones: { fuente: { tipo: "busqueda", estado }, tema: tema as Tema, limite } };
}

/** A search's state with only what the builder chooses: a town and its point, radius and categories. */
export function estadoDeWidget(e: Pick<EstadoBusqueda, "municipio" | "lat" | "lng" | "radio" | "categorias">) {
  return { ...leerEstado({}), ...e };
}

/**
 * The code a town hall pastes in its page: the iframe, and a few lines that set its height to
 * the one the embed posts (only from our origin and from this very iframe, so two widgets on a
 * page, or any other frame, never move each other). Without the script (a site that blocks
 * inline scripts) the iframe keeps its starting height and scrolls.
 */
export function codigoWidget({ origen, ruta, titulo }: { origen: string; ruta: string; titulo: string }): string {
  const id = `planazo-${Math.abs(hash(ruta)).toString(36)}`;
  const origenJs = JSON.stringify(new URL(origen).origin);
  return [
    `<iframe id="${id}" src="${escaparHtml(new URL(ruta, origen).toString())}" title="${escaparHtml(titulo)}" loading="lazy" style="width:100%;height:480px;border:0;display:block" referrerpolicy="strict-origin-when-cross-origin"></iframe>`,
    `<script>`,
    `(function () {`,
    `  var marco = document.getElementById(${JSON.stringify(id)});`,
    `  window.addEventListener("message", function (e) {`,
    `    if (e.origin !== ${origenJs} || e.source !== marco.contentWindow) return;`,
    `    var d = e.data;`,
    `    if (d && d.tipo === ${JSON.stringify(MENSAJE_ALTURA)} && typeof d.altura === "number" && d.altura > 0) {`,
    `      marco.style.height = Math.ceil(d.altura) + "px";`,
    `    }`,
    `  });`,
    `})();`,
    `</script>`,
  ].join("\n");
}

/** A short stable number for the iframe's id (two different widgets on one page get different ids). */
function hash(s: string): number {
  let h = 0;
  for (let i = 0; i < s.length; i++) h = (Math.imul(31, h) + s.charCodeAt(i)) | 0;
  return h;
}

import TurndownService from "turndown";
import { sinControl } from "../text";

/** Elements whose content is never text for people: dropped with everything inside. */
const FUERA = new Set([
  "script",
  "style",
  "noscript",
  "template",
  "iframe",
  "object",
  "embed",
  "svg",
  "form",
  "button",
  "select",
  "textarea",
  "head",
]);

/**
 * A URL as a markdown link's destination that reads back as the same URL. Brackets are
 * percent-encoded, not escaped: an unbalanced one would end the destination, and other readers of
 * a description (textoPlano) end it at the first ")". Spaces and angle brackets are encoded too
 * (htmlAMarkdown turns any "<" left into "‹"); a backslash, and an "&" that starts an entity, are
 * escaped, or markdown would read "\)" as ")" and "&copy;" as "©".
 */
function destino(url: string): string {
  return url
    .replace(/\\|&(?=#?\w+;)/g, "\\$&")
    .replace(/[()]/g, (c) => (c === "(" ? "%28" : "%29"))
    .replace(/[<>\s]/g, encodeURIComponent);
}

let servicio: TurndownService | null = null;

function turndown(): TurndownService {
  if (servicio) return servicio;
  const t = new TurndownService({
    headingStyle: "atx",
    bulletListMarker: "-",
    codeBlockStyle: "fenced",
    emDelimiter: "*",
  });
  t.remove((node) => FUERA.has(node.nodeName.toLowerCase()));
  // Images are the poster's business; a description keeps only their alternative text.
  t.addRule("imagen", {
    filter: "img",
    replacement: (_c, node) => ((node as HTMLElement).getAttribute("alt") ?? "").trim(),
  });
  // Only http(s) and mailto links survive; any other scheme (javascript:, data:) keeps its text alone.
  t.addRule("enlace", {
    filter: (node) => node.nodeName === "A",
    replacement: (contenido, node) => {
      const href = ((node as HTMLElement).getAttribute("href") ?? "").trim();
      const texto = contenido.trim();
      if (!texto) return "";
      return /^(https?:|mailto:)/i.test(href) ? `[${texto}](${destino(href)})` : texto;
    },
  });
  // Anything else turndown would keep as raw HTML is reduced to its text.
  t.keep(() => false);
  servicio = t;
  return t;
}

const PARECE_HTML = /<\/?[a-z][\s\S]*?>|&(#\d+|#x[\da-f]+|[a-z]+);/i;

/**
 * A source's description as the markdown the plan page renders: HTML (or text with entities)
 * becomes markdown with no HTML left in it; plain text stays as it is. Control characters go,
 * also those an entity writes.
 */
export function htmlAMarkdown(entrada: string | null | undefined): string {
  if (!entrada) return "";
  const limpio = sinControl(entrada.replace(/\r\n?/g, "\n"), true);
  if (!PARECE_HTML.test(limpio)) return limpio.trim();
  const md = turndown()
    .turndown(limpio.replace(/\n/g, /<br|<p|<div|<li/i.test(limpio) ? " " : "<br>"))
    .replace(/\n{3,}/g, "\n\n")
    .trim();
  // Whatever looks like a tag after conversion (text that was written as escaped HTML) is shown, not run.
  return sinControl(md, true).replace(/</g, "‹").replace(/>/g, "›");
}

// Control characters never belong in user text (PostgreSQL refuses NUL outright); line breaks
// and tabs only in multi-line fields such as descriptions. Bidirectional embeddings, overrides
// and isolates (U+202A–U+202E, U+2066–U+2069) are refused too: they make text display in an
// order other than the one stored, which disguises e-mail addresses, phones and links.
const CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f\u202a-\u202e\u2066-\u2069]/;
const SALTOS = /[\n\r\t]/;

export function tieneControl(texto: string, multilinea = false): boolean {
  return CONTROL.test(texto) || (!multilinea && SALTOS.test(texto.trim()));
}

// A web address takes none of them anywhere, line breaks and tabs included, nor the C1 controls
// (U+0080–U+009F): URL parsers drop some and percent-encode others, so an address that parses
// would still carry them into what is stored, compared and fetched.
const CONTROL_DE_ENLACE = new RegExp(`${CONTROL.source}|${SALTOS.source}|[\\u0080-\\u009f]`);

export function tieneControlDeEnlace(texto: string): boolean {
  return CONTROL_DE_ENLACE.test(texto);
}

/**
 * The text with what tieneControl refuses taken out, for text read liberally instead of refused
 * (what a source imports): control characters go, and in one-line text line breaks and tabs
 * (vertical ones and form feeds too) become spaces.
 */
export function sinControl(texto: string, multilinea = false): string {
  return (multilinea ? texto : texto.replace(/[\t\n\v\f\r]/g, " ")).replace(new RegExp(CONTROL.source, "g"), "");
}

/**
 * A multi-line text with its line breaks as the user typed them: a form sent as multipart
 * turns each into CRLF, which would count twice against a limit the textarea counted once.
 */
export function saltosDeLinea(texto: string): string {
  return texto.replace(/\r\n?/g, "\n");
}

/** Text for HTML or XML, in an element or a double-quoted attribute: &, <, > and " escaped. */
export function escaparHtml(texto: string): string {
  return texto.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");
}

/** The text of a markdown description without its markup (for meta descriptions and calendars). */
export function textoPlano(markdown: string): string {
  return markdown
    .replace(/\r\n?/g, "\n")
    .replace(/^[ \t]*(```|~~~).*$/gm, "")
    .replace(/!\[([^\]]*)\]\([^)]*\)/g, "$1")
    .replace(/\[([^\]]+)\]\([^)]*\)/g, "$1")
    .replace(/\[([^\]]+)\]\[[^\]]*\]/g, "$1")
    .replace(/<(https?:\/\/[^>\s]+)>/g, "$1")
    .replace(/<\/?[a-z][^>]*>/gi, "")
    .replace(/^[ \t]{0,3}#{1,6}[ \t]+/gm, "")
    .replace(/^[ \t]{0,3}>[ \t]?/gm, "")
    .replace(/^[ \t]*([-*_][ \t]*){3,}$/gm, "")
    .replace(/^[ \t]*(?:[-*+]|\d+[.)])[ \t]+/gm, "")
    .replace(/(\*\*|__)(.+?)\1/g, "$2")
    .replace(/(\*|_)(.+?)\1/g, "$2")
    .replace(/~~(.+?)~~/g, "$1")
    .replace(/`([^`]+)`/g, "$1")
    .replace(/\\([\\`*_{}[\]()#+\-.!>~|])/g, "$1")
    .split("\n")
    .map((l) => l.trim())
    .join("\n")
    .replace(/\n{3,}/g, "\n\n")
    .trim();
}

/** One line of at most `max` characters, cut at a word with an ellipsis when it is longer. */
export function resumen(texto: string, max = 160): string {
  const linea = texto.replace(/\s+/g, " ").trim();
  if (linea.length <= max) return linea;
  const corte = linea.slice(0, max - 1);
  const espacio = corte.lastIndexOf(" ");
  return `${(espacio > max * 0.6 ? corte.slice(0, espacio) : corte).replace(/[\s.,;:·-]+$/, "")}…`;
}

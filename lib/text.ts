// Control characters never belong in user text (PostgreSQL refuses NUL outright); line breaks
// and tabs only in multi-line fields such as descriptions. Bidirectional embeddings, overrides
// and isolates (U+202A–U+202E, U+2066–U+2069) are refused too: they make text display in an
// order other than the one stored, which disguises e-mail addresses, phones and links.
const CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f\u202a-\u202e\u2066-\u2069]/;
const SALTOS = /[\n\r\t]/;

export function tieneControl(texto: string, multilinea = false): boolean {
  return CONTROL.test(texto) || (!multilinea && SALTOS.test(texto.trim()));
}

/** Multi-line text with those characters taken out, for a field read liberally instead of refused. */
export function sinControl(texto: string): string {
  return texto.replace(new RegExp(CONTROL.source, "g"), "");
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

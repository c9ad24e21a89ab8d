// Control characters never belong in user text (PostgreSQL refuses NUL outright); line breaks
// and tabs only in multi-line fields such as descriptions.
const CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;
const SALTOS = /[\n\r\t]/;

export function tieneControl(texto: string, multilinea = false): boolean {
  return CONTROL.test(texto) || (!multilinea && SALTOS.test(texto.trim()));
}

/**
 * CSV for spreadsheet apps, as Spanish Excel opens it by double-click: UTF-8 with a BOM (or
 * accents come out garbled), `;` between fields (Excel takes the list separator from the
 * region, and Spain's is `;` because its decimal separator is the comma: a `,` file would land
 * in one column), CRLF line ends and RFC 4180 quoting.
 */
export const SEPARADOR_CSV = ";";
const BOM = "\uFEFF";

/**
 * One cell. A cell that a spreadsheet would read as a formula (= + - @, or a tab or CR that
 * some apps skip before one) gets a leading `'`, so a lead typed as `=HYPERLINK(…)` stays text
 * (CSV injection); a cell with the separator, a quote, a line break or edge spaces is quoted.
 */
export function celdaCsv(valor: string): string {
  const seguro = /^[=+\-@\t\r]/.test(valor) ? `'${valor}` : valor;
  return /[";,\r\n]|^\s|\s$/.test(seguro) ? `"${seguro.replaceAll('"', '""')}"` : seguro;
}

/** The whole file: BOM, the header row, then one line per row. */
export function documentoCsv(cabecera: readonly string[], filas: readonly (readonly string[])[]): string {
  const linea = (celdas: readonly string[]) => celdas.map(celdaCsv).join(SEPARADOR_CSV);
  return BOM + [cabecera, ...filas].map(linea).join("\r\n") + "\r\n";
}

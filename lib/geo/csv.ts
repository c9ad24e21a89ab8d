import { CsvError, parse, type Options } from "csv-parse/sync";

/**
 * RFC 4180 CSV (quoted fields, doubled quotes) through csv-parse. Every line end is accepted in
 * one file: left to itself the parser takes the first one it meets for the whole file.
 */
const OPCIONES = { bom: true, record_delimiter: ["\r\n", "\n", "\r"] } satisfies Options;

/** An unclosed quote in this module's words (csv-parse's error is its cause); other errors name their line. */
function leer<T>(lectura: () => T): T {
  try {
    return lectura();
  } catch (e) {
    if (e instanceof CsvError && e.code === "CSV_QUOTE_NOT_CLOSED")
      throw new Error(`CSV: unterminated quoted field (${e.message})`, { cause: e });
    throw e;
  }
}

/** Rows of strings, as many fields as each line has. */
export function parseCsv(text: string): string[][] {
  return leer(() => parse(text, { ...OPCIONES, relax_column_count: true }));
}

/** Rows as objects keyed by the header line; a row with another number of fields is an error naming its line. */
export function parseCsvRecords(text: string): Record<string, string>[] {
  return leer(() => parse<Record<string, string>>(text, { ...OPCIONES, columns: true }));
}

/**
 * How the API reads the values clients send, with no library: importable by the browser's
 * scripts (lib/busqueda/registro.ts) as well as by the schemas (lib/schemas.ts).
 */

const ISO_FECHA =
  /^(\d{4})-(\d{2})-(\d{2})(?:T(?:[01]\d|2[0-3]):[0-5]\d(?::[0-5]\d(?:\.\d{1,6})?)?(?:Z|[+-](?:[01]\d|2[0-3]):[0-5]\d)?)?$/;

/**
 * An ISO 8601 date or date-time, as the clients send them (`toISOString()`), or null. Only that
 * format: `new Date` alone also reads '2030-01-01junk' and rolls 30 February over into March.
 */
export function fechaIso(v: string): Date | null {
  const m = ISO_FECHA.exec(v);
  if (!m) return null;
  const [y, mes, dia] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const soloDia = new Date(Date.UTC(y, mes - 1, dia));
  if (soloDia.getUTCFullYear() !== y || soloDia.getUTCMonth() !== mes - 1 || soloDia.getUTCDate() !== dia) return null;
  const d = new Date(v);
  return Number.isNaN(d.getTime()) ? null : d;
}

/** A calendar day written YYYY-MM-DD that exists (no 30 February), as a string or null. */
export function diaIsoValido(v: string | undefined): string | null {
  return v !== undefined && /^\d{4}-\d{2}-\d{2}$/.test(v) && fechaIso(v) ? v : null;
}

/**
 * What the existing clients send for an empty field: a FormData turns `undefined` and `null`
 * into the strings 'undefined' and 'null'. Optional fields read all three as "no value".
 */
export function sinValor(v: string): boolean {
  const t = v.trim();
  return t === "" || t === "undefined" || t === "null";
}

/** A yes/no as clients write it (true, 1, on, sí, yes / false, 0, off, no, or empty), or null when it is neither. */
export function siNo(v: string): boolean | null {
  const t = v.trim().toLowerCase();
  if (["true", "1", "on", "si", "sí", "yes"].includes(t)) return true;
  if (["", "false", "0", "off", "no"].includes(t)) return false;
  return null;
}

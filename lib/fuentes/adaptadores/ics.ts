import { FormatoNoValido } from "../errores";
import type { Adaptador } from "../tipos";

/** iCalendar feeds (RFC 5545): recognised by their first line; their reading lands with the parser. */
export const adaptadorIcs: Adaptador = {
  tipo: "ics",
  tiposMime: ["text/calendar"],
  reconoce: (texto) => /^\uFEFF?\s*BEGIN:VCALENDAR/i.test(texto),
  leer() {
    throw new FormatoNoValido("Los calendarios iCalendar todavía no se pueden leer.");
  },
};

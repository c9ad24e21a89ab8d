import { describe, expect, it } from "vitest";
import { aleatorio } from "@/test-support/aleatorio";
import { diaEnMadrid, diaIso } from "../dates";
import type { FechaTarjetaFila, FechasDeResultado } from "../plans/fechas";
import { fechasDeResultado } from "./fecha-buscada";
import { leerConsultaPalabras } from "./palabras-consulta";
import { palabrasEnElTexto } from "./resaltar";

type Busqueda = Parameters<typeof fechasDeResultado>[1];

/** The rule as fecha-buscada.ts states it, written the plain way: the oracle of its fast path. */
function comoDiceLaRegla(filas: FechaTarjetaFila[], { base, desde, hasta, palabras }: Busqueda): FechasDeResultado {
  const fin = (f: FechaTarjetaFila) => Date.parse(f[2] ?? f[1]);
  const vigentes = filas.filter(
    (f) => fin(f) >= base && (!desde || !hasta || (Date.parse(f[1]) <= hasta.getTime() && fin(f) >= desde.getTime())),
  );
  const puntos = (f: FechaTarjetaFila) => (palabras && f[3] ? palabrasEnElTexto(f[3], palabras) : 0);
  const elegida = vigentes.reduce((m, f) => (puntos(f) > puntos(m) ? f : m), vigentes[0] ?? filas.at(-1)!);
  const dia = (t: string) => diaIso(diaEnMadrid(new Date(t)));
  const iso = (t: string) => new Date(t).toISOString();
  return {
    proximaFecha: { id: elegida[0], inicio: iso(elegida[1]), fin: elegida[2] && iso(elegida[2]), titulo: elegida[3] },
    numeroFechas: filas.length,
    fechasDelDia: filas.filter((f) => dia(f[1]) === dia(elegida[1])).map((f) => iso(f[1])),
  };
}

const TITULOS = [
  null,
  null,
  "Pregón de fiestas",
  "Verbena con la orquesta Sirena",
  "Misa y procesión",
  "Verbena infantil",
];
const HORA = 3_600_000;
// Around the clocks' change of 25 October 2026, where a Madrid day is 25 hours long.
const DESDE = Date.parse("2026-10-20T00:00:00Z");

describe("the date a search result shows", () => {
  it("is what the rule says for plans of one to forty dates, whatever the filter, base and words", () => {
    const r = aleatorio(20261203);
    const palabras = [null, leerConsultaPalabras("verbena"), leerConsultaPalabras("misa pregon")];
    for (let caso = 0; caso < 400; caso++) {
      const n = 1 + Math.floor(r() * 40);
      let t = DESDE + Math.floor(r() * 48) * HORA;
      const filas: FechaTarjetaFila[] = [];
      for (let i = 0; i < n; i++) {
        t += Math.floor(r() * 30) * HORA;
        const fin = r() < 0.3 ? null : new Date(t + Math.floor(1 + r() * 6) * HORA).toISOString();
        filas.push([`f${i}`, new Date(t).toISOString(), fin, TITULOS[Math.floor(r() * TITULOS.length)]]);
      }
      // The same rows answer several searches: what one search works out must not leak into the next.
      for (let b = 0; b < 3; b++) {
        const base = DESDE + Math.floor(r() * 30 * 24) * HORA;
        const conVentana = r() < 0.5;
        const desde = new Date(base + Math.floor(r() * 72) * HORA);
        const busqueda: Busqueda = {
          base,
          ...(conVentana && { desde, hasta: new Date(desde.getTime() + Math.floor(1 + r() * 96) * HORA) }),
          palabras: palabras[Math.floor(r() * palabras.length)],
        };
        expect(fechasDeResultado(filas, busqueda), `case ${caso}, search ${b}`).toEqual(
          comoDiceLaRegla(filas, busqueda),
        );
      }
    }
  });
});

import { describe, expect, it } from "vitest";
import { aleatorio } from "@/test-support/aleatorio";
import { IndiceBusqueda, type ConsultaIndice, type FilaIndice } from "./indice";

const ahora = Date.now();

/** An experience near Madrid with `n` random slots (weekday, start and end minute). */
function experiencia(r: () => number, i: number, version: number): FilaIndice {
  const n = 1 + Math.floor(r() * 4);
  return {
    id: `00000000-0000-4000-8000-${String(i).padStart(12, "0")}`,
    lng: -3.7 + r() * 0.05,
    lat: 40.4 + r() * 0.05,
    experiencia: true,
    categorias: ["Cultura"],
    accesible: false,
    precio: null,
    fechaInicio: null,
    fechaFin: null,
    diasSemana: 127,
    horarios: Array.from({ length: n }, () => {
      const inicio = Math.floor(r() * 22 * 60);
      return [Math.floor(r() * 7), inicio, inicio + 30 + Math.floor(r() * 90)] as const;
    }),
    destacadoHasta: null,
    visible: true,
    cambio: version,
    terminos: [],
  };
}

const consulta = (hasta: number): ConsultaIndice => ({
  categorias: null,
  accesible: false,
  gratis: false,
  q: null,
  orden: "fecha",
  lng: -3.68,
  lat: 40.42,
  radioM: 20_000,
  desde: 0,
  hasta,
});

describe("the search index's slots", () => {
  it("orders by the next slot the same after thousands of changes as an index filled with the last of them", async () => {
    const r = aleatorio(7);
    const cambiado = new IndiceBusqueda();
    const ultimas: FilaIndice[] = [];
    for (let i = 0; i < 3_000; i++) cambiado.poner(experiencia(r, i, 1));
    cambiado.compactar();
    // Every plan's slots replaced three times, some plans hidden and shown again: the slots'
    // array grows, and its garbage is gathered on the way.
    for (let vuelta = 2; vuelta <= 4; vuelta++)
      for (let i = 0; i < 3_000; i++) {
        const f = experiencia(r, i, vuelta);
        if (i % 7 === vuelta) cambiado.quitar(f.id);
        cambiado.poner(f);
        if (vuelta === 4) ultimas.push(f);
      }
    const nuevo = new IndiceBusqueda();
    for (const f of ultimas) nuevo.poner(f);
    nuevo.compactar();
    const a = cambiado.buscar(consulta(3_000), ahora);
    expect(a.contados).toBe(3_000);
    expect(a.ids).toEqual(nuevo.buscar(consulta(3_000), ahora).ids);
    // And not simply in distance order: the date order moved them.
    expect(a.ids).not.toEqual(nuevo.buscar({ ...consulta(3_000), orden: "distancia" }, ahora).ids);
  });
});

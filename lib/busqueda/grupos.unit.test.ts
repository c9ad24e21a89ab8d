import { describe, expect, it } from "vitest";
import { instanteEnMadrid, numeroDiaMadrid } from "../dates";
import { horasDelDiaTexto } from "../plans/texto";
import { agruparPorDia, agruparPorDistancia, palabrasGrupos, tituloDia, ultimoDia } from "./grupos";

const madrid = (m: number, d: number, h = "00:00", year = 2027) =>
  instanteEnMadrid({ year, month: m, day: d }, h).toISOString();
// Wednesday 24 March 2027, 18:00 in Madrid.
const ahora = new Date(madrid(3, 24, "18:00")).getTime();
const base = ahora;
const evento = (titulo: string, inicio: string, destacado = false) => ({
  titulo,
  tipo: "evento" as const,
  destacado,
  fechaInicio: inicio,
  horariosDisponibles: [],
});
const experiencia = (titulo: string, dias: number[], horaFin = "20:00") => ({
  titulo,
  tipo: "experiencia" as const,
  destacado: false,
  fechaInicio: null,
  horariosDisponibles: dias.map((diaSemana) => ({ diaSemana, horaInicio: "10:00", horaFin })),
});
const patrocinio = { titulo: "Internet por satélite", tipo: "Patrocinado" };
const vista = (grupos: ReturnType<typeof agruparPorDia<{ titulo: string; tipo: string }>>) =>
  grupos.map((g) => [g.titulo, g.items.map((i) => i.titulo)]);

describe("day headings of the lists by date", () => {
  const hoy = numeroDiaMadrid(ahora);
  it("names today, tomorrow, the days of the week and later days with their month (and year)", () => {
    expect(tituloDia(hoy, hoy)).toBe("Hoy");
    expect(tituloDia(hoy + 1, hoy)).toBe("Mañana");
    expect(tituloDia(hoy + 3, hoy)).toBe("Sábado 27");
    expect(tituloDia(hoy + 6, hoy)).toBe("Martes 30");
    expect(tituloDia(hoy + 7, hoy)).toBe("Miércoles 31 de marzo");
    expect(tituloDia(hoy + 300, hoy)).toBe("Martes 18 de enero de 2028");
  });

  it("groups a page by the day of each plan's next moment, featured plans first in their own group", () => {
    const items = [
      evento("Destacado en enero", madrid(1, 9, "10:00", 2028), true),
      evento("Ya empezada", madrid(3, 20, "10:00")), // under way: today
      experiencia("Abierta los miércoles", [3]), // open until 20:00 today
      evento("Mañana", madrid(3, 25, "09:00")),
      patrocinio,
      evento("Sábado", madrid(3, 27, "22:00")),
      experiencia("Cerrada hoy a estas horas", [3], "17:00"), // next Wednesday
    ];
    const grupos = agruparPorDia(items, { base, ahora });
    expect(vista(grupos)).toEqual([
      ["Destacados", ["Destacado en enero"]],
      ["Hoy", ["Ya empezada", "Abierta los miércoles"]],
      ["Mañana", ["Mañana", "Internet por satélite"]],
      ["Sábado 27", ["Sábado"]],
      ["Miércoles 31 de marzo", ["Cerrada hoy a estas horas"]],
    ]);
    expect(ultimoDia(items, base)).toBe(hoy + 7);
  });

  it("marks the first day of a page as continued when the page before ended on that day", () => {
    const items = [evento("Sábado tarde", madrid(3, 27, "18:00")), evento("Domingo", madrid(3, 28, "11:00"))];
    expect(vista(agruparPorDia(items, { base, ahora, diaAnterior: hoy + 3 }))).toEqual([
      ["Sábado 27 (sigue)", ["Sábado tarde"]],
      ["Domingo 28", ["Domingo"]],
    ]);
    expect(agruparPorDia(items, { base, ahora, diaAnterior: hoy + 2 })[0].titulo).toBe("Sábado 27");
  });

  it("writes the headings in the page's language, with its words and its dates", () => {
    const catalan = palabrasGrupos(
      "ca",
      { fechaHoy: "Avui", fechaManana: "Demà", destacados: "Destacats" },
      {
        porCercania: "Per proximitat",
        otrosDias: "Altres dies",
        sigue: "{dia} (continua)",
        diaDeLaSemana: "{semana} {dia}",
        diaConFecha: "{semana} {fecha}",
      },
    );
    expect([0, 1, 3, 7, 14, 300].map((n) => tituloDia(hoy + n, hoy, catalan))).toEqual([
      "Avui",
      "Demà",
      "Dissabte 27",
      "Dimecres 31 de març",
      "Dimecres 7 d’abril",
      "Dimarts 18 de gener de 2028",
    ]);
    const items = [evento("Sábado tarde", madrid(3, 27, "18:00"))];
    expect(agruparPorDia(items, { base, ahora, diaAnterior: hoy + 3, palabras: catalan })[0].titulo).toBe(
      "Dissabte 27 (continua)",
    );
    // Basque writes the date first, the weekday after it.
    const euskara = {
      ...catalan,
      idioma: "eu" as const,
      diaDeLaSemana: "{semana}, {dia}a",
      diaConFecha: "{fecha}, {semana}",
    };
    expect([3, 7, 300].map((n) => tituloDia(hoy + n, hoy, euskara))).toEqual([
      "Larunbata, 27a",
      "Martxoaren 31a, asteazkena",
      "2028ko urtarrilaren 18a, asteartea",
    ]);
  });

  it("counts from the base instant: a window that starts later puts an under-way plan on the window's first day", () => {
    const sabado = new Date(madrid(3, 27, "00:00")).getTime();
    const grupos = agruparPorDia([evento("Feria de toda la semana", madrid(3, 22, "10:00"))], { base: sabado, ahora });
    expect(grupos[0].titulo).toBe("Sábado 27");
  });
});

describe("the list nearest first", () => {
  it("keeps featured plans in a group of their own above the distance order", () => {
    const items = [
      { ...evento("Feria destacada a 9 km", madrid(3, 25, "10:00"), true) },
      { ...evento("Mercado a 800 m", madrid(3, 26, "10:00")) },
      patrocinio,
      { ...evento("Concierto a 3 km", madrid(3, 25, "20:00")) },
    ];
    expect(vista(agruparPorDistancia(items))).toEqual([
      ["Destacados", ["Feria destacada a 9 km"]],
      ["Por cercanía", ["Mercado a 800 m", "Internet por satélite", "Concierto a 3 km"]],
    ]);
  });

  it("is one group with no heading when nothing is featured", () => {
    const items = [evento("Mercado a 800 m", madrid(3, 26, "10:00")), evento("Concierto a 3 km", madrid(3, 25))];
    expect(vista(agruparPorDistancia(items))).toEqual([["", ["Mercado a 800 m", "Concierto a 3 km"]]]);
  });
});

describe("a weekly plan's card under a day", () => {
  it("gives that day's hours, named as the list names the day", () => {
    // Open Wednesdays (today) in two slots and Saturdays.
    const museo = {
      tipo: "experiencia" as const,
      horariosDisponibles: [
        { diaSemana: 3, horaInicio: "17:00", horaFin: "20:00" },
        { diaSemana: 3, horaInicio: "10:00", horaFin: "14:00" },
        { diaSemana: 6, horaInicio: "10:00", horaFin: "14:00" },
      ],
    };
    const [hoy, sabado] = agruparPorDia([{ ...experiencia("Museo", [3]) }, evento("Feria", madrid(3, 27, "12:00"))], {
      base,
      ahora,
    });
    expect(hoy.titulo).toBe("Hoy");
    expect(horasDelDiaTexto(museo, { nombre: hoy.titulo, diaSemana: hoy.diaSemana! })).toBe(
      "Hoy de 10:00 a 14:00 y de 17:00 a 20:00",
    );
    expect(horasDelDiaTexto(museo, { nombre: sabado.titulo, diaSemana: sabado.diaSemana! })).toBe(
      "Sábado 27 de 10:00 a 14:00",
    );
    expect(horasDelDiaTexto(museo, { nombre: "Mañana", diaSemana: 4 })).toBeNull();
  });
});

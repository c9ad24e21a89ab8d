import path from "node:path";
import { describe, expect, it } from "vitest";
import { leerPrograma } from "./leer";
import { porcentajes, puntuarCorpus } from "./puntuar";

/** The corpus the reader was built on, and the one written blind to it (then read too). */
const CORPORA = [
  { dir: path.join(import.meta.dirname, "fixtures/corpus"), programas: 34 },
  { dir: path.join(import.meta.dirname, "fixtures/control"), programas: 10 },
];

/** The acts of a reading, as "YYYY-MM-DDTHH:MM title | place" lines, with the night's day when there is one. */
const resumen = (texto: string, referencia: string) =>
  leerPrograma(texto, { referencia }).actos.map(
    (a) =>
      `${a.inicio.slice(0, 16)}${a.sinHora ? " (sin hora)" : ""}${a.noche ? ` noche ${a.noche}` : ""} ${a.titulo} | ${a.direccion}`,
  );

describe("leerPrograma over the corpora", () => {
  it.each(CORPORA)(
    "keeps its level over $dir: day and hour, precision, titles, places and nights",
    ({ dir, programas }) => {
      const { ficheros, total } = puntuarCorpus(dir);
      expect(ficheros).toHaveLength(programas);
      const p = porcentajes(total);
      // The goals are 95% recall, 97% precision, 90% titles, 80% places; the reader reached
      // 100 / 100 / 99.5–99.8 / 99.5–100 (and 100% of nights): recall is held at its goal, the
      // rest one point below what was reached. Its speed is bench:programas's to report.
      expect(p.exhaustividad).toBeGreaterThanOrEqual(95);
      expect(p.precision).toBeGreaterThanOrEqual(99);
      expect(p.titulos).toBeGreaterThanOrEqual(98.5);
      expect(p.lugares).toBeGreaterThanOrEqual(98.5);
      expect(p.noches).toBeGreaterThanOrEqual(99);
      // No line the corpus counts as noise is left unread.
      expect(total.ruidoSinLeer).toBe(0);
    },
  );
});

describe("leerPrograma", () => {
  it("mends a day number that OCR misread by its weekday, and a header's range read wrong", () => {
    // 23 June 2026 is a Tuesday; a poster's "3" read as "5" gives "Martes 25".
    const junio = ["Fiestas de San Juan", "Castrillo, junio", "", "Martes 25", "A las 21:30 horas, sardinada."].join(
      "\n",
    );
    expect(resumen(junio, "2026-06-01")).toEqual(["2026-06-23T21:30 Sardinada | null"]);
    // "8, 9 y 10 de agosto" read as "Es y 10 de agosto": its first day is the 8th all the same.
    const agosto = [
      "FIESTAS DE SAN LORENZO 2026",
      "Ruente, Es y 10 de agosto",
      "",
      "SÁBADO 8 DE AGOSTO",
      "12:00 h. Mercadillo.",
    ].join("\n");
    expect(resumen(agosto, "2026-07-25")).toEqual(["2026-08-08T12:00 Mercadillo | null"]);
  });

  it("places a day listed after later ones in the programme's year when its weekday says so", () => {
    // A PDF whose right column was stored first: Sunday 9 before Wednesday 5. 5 August 2026 is a
    // Wednesday, 5 August 2027 a Thursday.
    const texto = [
      "Domingo 9 de agosto",
      "21:00 Clausura.",
      "",
      "Miércoles 5 de agosto",
      "19:00 Torneo de ajedrez.",
    ].join("\n");
    expect(resumen(texto, "2026-06-15")).toEqual([
      "2026-08-09T21:00 Clausura | null",
      "2026-08-05T19:00 Torneo de ajedrez | null",
    ]);
  });

  it("reads 24:00 under a Saturday as Sunday 00:00, the Saturday's night, and what follows it too", () => {
    const texto = [
      "FIESTAS DE SAN ISIDRO",
      "",
      "Sábado 16 de mayo",
      "22:30 h. Festival de humor.",
      "24:00 h. Verbena con la orquesta Plata.",
      "- Bingo en el descanso.",
    ].join("\n");
    expect(resumen(texto, "2026-04-20")).toEqual([
      "2026-05-16T22:30 Festival de humor | null",
      "2026-05-17T00:00 noche 2026-05-16 Verbena con la orquesta Plata | null",
      "2026-05-17T00:00 (sin hora) noche 2026-05-16 Bingo en el descanso | null",
    ]);
  });

  it("gives an act 'A continuación' the start of the act before, and an early act that opens a day its own day", () => {
    const texto = [
      "VIERNES SANTO",
      "00:01 h. Rompida de la hora en la Plaza Mayor.",
      "20:30 h. Sermón del Descendimiento en el atrio de la iglesia. A continuación, procesión del Santo Entierro.",
    ].join("\n");
    const { actos } = leerPrograma(texto, { referencia: "2027-02-15" });
    expect(resumen(texto, "2027-02-15")).toEqual([
      // Easter 2027 is on 28 March.
      "2027-03-26T00:01 Rompida de la hora | Plaza Mayor",
      "2027-03-26T20:30 Sermón del Descendimiento | atrio de la iglesia",
      "2027-03-26T20:30 (sin hora) Procesión del Santo Entierro | null",
    ]);
    expect(actos[2]).toMatchObject({
      aContinuacion: true,
      sinHora: true,
      linea: 3,
      inicio: "2027-03-26T20:30:00+01:00",
    });
  });

  it("carries a Christmas programme into January of the next year", () => {
    const texto = [
      "NAVIDAD 2026",
      "Jueves 31 de diciembre",
      "23:30 h Fiesta de Nochevieja en la Caseta Municipal.",
      "24:00 h Campanadas.",
      "Martes 5 de enero",
      "De 18:30 a 21:00 h Cabalgata de Reyes desde la Plaza de Toros.",
    ].join("\n");
    const { actos } = leerPrograma(texto, { referencia: "2026-11-20" });
    expect(actos.map((a) => [a.inicio, a.fin, a.noche])).toEqual([
      ["2026-12-31T23:30:00+01:00", null, null],
      ["2027-01-01T00:00:00+01:00", null, "2026-12-31"],
      ["2027-01-05T18:30:00+01:00", "2027-01-05T21:00:00+01:00", null],
    ]);
    expect(actos[2].direccion).toBe("Plaza de Toros");
  });

  it("reads day/month headings and acts in capitals", () => {
    const texto = [
      "FIESTAS DE LA VIRGEN DE LA VEGA",
      "",
      "14/08",
      "23:30 h  VERBENA CON EL GRUPO SOMBRA DE LUNA EN EL PABELLÓN",
      "3 h  DISCOMÓVIL KRAKEN",
      "",
      "15/08",
      "12 h  MISA BATURRA",
    ].join("\n");
    expect(resumen(texto, "2026-07-01")).toEqual([
      "2026-08-14T23:30 Verbena con el grupo sombra de luna | Pabellón",
      "2026-08-15T03:00 noche 2026-08-14 Discomóvil kraken | null",
      "2026-08-15T12:00 Misa baturra | null",
    ]);
  });

  it("leaves noise out of sinLeer and lists a line it cannot read", () => {
    const texto = [
      "AYUNTAMIENTO DE VINUESA",
      "FIESTAS DE SAN ROQUE 2026",
      "Del 14 al 17 de agosto",
      "",
      "VIERNES 14 DE AGOSTO",
      "20:00 h.: Pregón de fiestas desde el balcón del Ayuntamiento.",
      "Inscripciones en el teléfono 921 57 40 12.",
      "Los gaiteros tocarán toda la noche",
      "- 3 -",
      "Página 4",
      "Organiza: Comisión de Fiestas",
      "Colaboran: Caja Rural y Bar El Pinar",
      "El Ayuntamiento se reserva el derecho a modificar cualquier acto.",
      "¡Felices fiestas!",
    ].join("\n");
    const leido = leerPrograma(texto, { referencia: "2026-06-15" });
    expect(leido.titulo).toBe("Fiestas de San Roque 2026");
    expect(leido.actos.map((a) => [a.titulo, a.direccion])).toEqual([["Pregón de fiestas", "balcón del Ayuntamiento"]]);
    expect(leido.categorias).toContain("Fiestas de pueblo");
    expect(leido.sinLeer).toEqual([{ linea: 8, texto: "Los gaiteros tocarán toda la noche" }]);
  });

  it("dates weekday headings from the header's dates, and reads several acts on one line", () => {
    const texto = [
      "FESTA MAJOR DE SANT MIQUEL 2026",
      "Castellfollit del Boix, del 25 al 29 de setembre",
      "",
      "Divendres, a les 19 h, a la plaça de l'Església, pregó. Tot seguit, coca i moscatell. A les 01.30 h, a la carpa, DJ Ferran Vall.",
      "Dissabte, a les 10 h, al camp de futbol, torneig de futbol 7.",
    ].join("\n");
    expect(resumen(texto, "2026-09-01")).toEqual([
      "2026-09-25T19:00 Pregó | plaça de l'Església",
      "2026-09-25T19:00 (sin hora) Coca i moscatell | null",
      "2026-09-26T01:30 noche 2026-09-25 DJ Ferran Vall | carpa",
      "2026-09-26T10:00 Torneig de futbol 7 | camp de futbol",
    ]);
  });

  it("reads hours in words, in Spanish, and a 'LUNES 10' heading and a 'Del 10 al 16:' act by the header's dates", () => {
    const texto = [
      "SEMANA CULTURAL",
      "Del 10 al 16 de agosto de 2026",
      "",
      "LUNES 10",
      "Del 10 al 16: Exposición de aperos en las Antiguas Escuelas.",
      "A las 7 de la tarde, pregón en la Plaza Mayor.",
      "A las diez y media de la noche, cine al aire libre.",
      "A la una de la madrugada, discoteca móvil.",
      "",
      "MARTES 11",
      "A las doce del mediodía, misa.",
    ].join("\n");
    expect(resumen(texto, "2026-07-20")).toEqual([
      "2026-08-10T00:00 (sin hora) Exposición de aperos | Antiguas Escuelas",
      "2026-08-10T19:00 Pregón | Plaza Mayor",
      "2026-08-10T22:30 Cine al aire libre | null",
      "2026-08-11T01:00 noche 2026-08-10 Discoteca móvil | null",
      "2026-08-11T12:00 Misa | null",
    ]);
  });

  it("reads Catalan hours in words: quarters ('a 2/4 de 7 de la tarda'), ranges and midnight ('les 12 de la nit')", () => {
    const texto = [
      "FESTA DE SANT ANTONI",
      "Dissabte 16 de gener",
      "• A les 10 del matí, al pati de l'escola, taller de guarniments.",
      "• De 5 a 8 de la tarda, al pavelló, fira d'animals.",
      "• A 2/4 de 7 de la tarda, a l'església parroquial, concert de la coral.",
      "• A les 2 del migdia, dinar de germanor.",
      "• A les 12 de la nit, al pavelló, ball amb el duet.",
    ].join("\n");
    const { actos } = leerPrograma(texto, { referencia: "2026-12-18" });
    expect(resumen(texto, "2026-12-18")).toEqual([
      "2027-01-16T10:00 Taller de guarniments | pati de l'escola",
      "2027-01-16T17:00 Fira d'animals | pavelló",
      "2027-01-16T18:30 Concert de la coral | església parroquial",
      "2027-01-16T14:00 Dinar de germanor | null",
      "2027-01-17T00:00 noche 2027-01-16 Ball amb el duet | pavelló",
    ]);
    expect(actos[1].fin).toBe("2027-01-16T20:00:00+01:00");
  });

  it("reads an hour alone on its line with the act on the next, and 'HH.MM. Place. Act.'", () => {
    const texto = [
      "FIESTA DE LA VENDIMIA",
      "2, 3 y 4 de octubre de 2026",
      "",
      "VIERNES, 2 DE OCTUBRE",
      "A las 20.30:",
      "Pregón de la vendimia en el salón de la Casa de Cultura.",
      "A continuación:",
      "Proclamación de la reina.",
      "22.00. Pabellón. Cena popular. Tiques en el bar.",
      "Bingo en el descanso.",
    ].join("\n");
    expect(resumen(texto, "2026-09-10")).toEqual([
      "2026-10-02T20:30 Pregón de la vendimia | salón de la Casa de Cultura",
      "2026-10-02T20:30 (sin hora) Proclamación de la reina | null",
      "2026-10-02T22:00 Cena popular | Pabellón",
      "2026-10-02T00:00 (sin hora) Bingo en el descanso | null",
    ]);
  });
});

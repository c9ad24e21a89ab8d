import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { FormatoNoValido } from "../errores";
import { adaptadorMadrid } from "./madrid";

const FIXTURE = readFileSync(path.join(import.meta.dirname, "../fixtures/madrid-agenda.json"), "utf8");
const ctx = {
  url: "https://datos.madrid.es/egob/catalogo/206974-0-agenda-eventos-culturales-100.json",
  ahora: new Date("2026-10-01T08:00:00Z"),
};
const leer = (t = FIXTURE) => adaptadorMadrid.leer(t, ctx);
const porId = (id: string, t?: string) => leer(t).find((i) => i.id === id)!;

/** The fixture with one record changed. */
function conRegistro(id: string, cambios: Record<string, unknown>): string {
  const datos = JSON.parse(FIXTURE) as { "@graph": Record<string, unknown>[] };
  const r = datos["@graph"].find((x) => x.id === id)!;
  Object.assign(r, cambios);
  return JSON.stringify(datos);
}

describe("adaptadorMadrid", () => {
  it("recognises the agenda by its @graph of records with dtstart", () => {
    expect(adaptadorMadrid.reconoce(FIXTURE)).toBe(true);
    expect(adaptadorMadrid.reconoce('{"@graph":[{"@type":"Event","startDate":"2026-01-01"}]}')).toBe(false);
    expect(adaptadorMadrid.reconoce("BEGIN:VCALENDAR")).toBe(false);
  });

  it("maps every field of a one-off concert, its Madrid wall-clock time as an instant", () => {
    const c = porId("50420957");
    expect(c).toMatchObject({
      titulo: "Concierto barroco",
      cancelado: false,
      todoElDia: false,
      regla: null,
      excluidas: [],
      ocurrencias: null,
      gratis: false,
      precio: 10.5,
      imagen: null,
      url: "http://www.madrid.es/sites/v/index.jsp?vgnextchannel=ca9671ee4a9eb410VgnVCM100000171f5a0aRCRD&vgnextoid=c9adc0dfb545c710VgnVCM2000001f4a900aRCRD",
      organizador: "Centro Cultural Zazuar (Villa de Vallecas)",
      categorias: ["Cultura"],
      lugar: {
        texto: "Centro Cultural Zazuar (Villa de Vallecas), CALLE ZAZUAR 4, Madrid",
        direccion: "CALLE ZAZUAR 4",
        municipio: "Madrid",
        provincia: "Madrid",
        lat: 40.38281866921273,
        lng: -3.6061377076487906,
      },
    });
    expect(c.descripcion).toMatch(/^Programa: Haendel/);
    // 10 October 2026 is summer time (UTC+2): 19:00 in Madrid is 17:00 UTC.
    expect(c.inicio.toISOString()).toBe("2026-10-10T17:00:00.000Z");
    // "23:59" is the agenda's end of day, not an end time.
    expect(c.fin).toBeNull();
  });

  it("turns a weekly recurrence into a rule over dtstart…dtend, with excluded days and the hour kept across the change of clocks", () => {
    const h = porId("50437359");
    expect(h.regla).toEqual({
      frecuencia: "WEEKLY",
      intervalo: 1,
      dias: [6],
      hasta: new Date("2026-10-31T22:59:00.000Z"),
      cuenta: null,
      simple: true,
    });
    expect(h.inicio.toISOString()).toBe("2026-10-17T15:00:00.000Z");
    expect(h.excluidas.map((d) => d.toISOString())).toEqual(["2026-10-24T15:00:00.000Z"]);
    expect(h.gratis).toBe(true);
    expect(h.categorias).toEqual(["Taller", "Infantil"]);
    // Clocks go back on 25 October 2026: the 31st's 17:00 is 16:00 UTC.
    const oc = h.ocurrencias!(new Date("2026-10-01T00:00:00Z"), new Date("2026-12-01T00:00:00Z"), 50);
    expect(oc.map((o) => o.inicio.toISOString())).toEqual(["2026-10-17T15:00:00.000Z", "2026-10-31T16:00:00.000Z"]);
    expect(oc[1].clave).toBe("2026-10-31T16:00:00.000Z");
  });

  it("expands only the occurrences asked for, at most max, minus excluded days", () => {
    const v = porId("50358351");
    const todas = v.ocurrencias!(new Date("2026-01-01T00:00:00Z"), new Date("2027-01-01T00:00:00Z"), 100);
    // Fridays 2, 16 and 30 October; the 9th and the 23rd are excluded.
    expect(todas.map((o) => o.inicio.toISOString())).toEqual([
      "2026-10-02T09:30:00.000Z",
      "2026-10-16T09:30:00.000Z",
      "2026-10-30T10:30:00.000Z",
    ]);
    expect(v.ocurrencias!(new Date("2026-10-10T00:00:00Z"), new Date("2027-01-01T00:00:00Z"), 1)).toHaveLength(1);
  });

  it("reads a record without recurrence over several days as one all-day item over that span", () => {
    const f = porId("50434766");
    expect(f.todoElDia).toBe(true);
    expect(f.regla).toBeNull();
    expect(f.inicio.toISOString()).toBe("2026-10-08T22:00:00.000Z");
    expect(f.fin!.toISOString()).toBe("2026-10-12T22:00:00.000Z");
    expect(f.categorias).toEqual(["Fiestas de pueblo"]);
  });

  it("reads 'Acceso gratuito' as free even when the free flag is 0, and a record without @type has no category", () => {
    const t = porId("11519379");
    expect(t.gratis).toBe(true);
    expect(t.precio).toBe(0);
    expect(t.categorias).toEqual([]);
    expect(t.todoElDia).toBe(true);
    // An all-day rule's first occurrence lasts the day.
    expect(t.fin!.getTime() - t.inicio.getTime()).toBe(86_400_000);
  });

  it("leaves a record with no price and no free flag as unknown, and one without place with the town alone", () => {
    const m = porId("12130154");
    expect(m.gratis).toBeNull();
    expect(m.precio).toBeNull();
    expect(m.lugar).toEqual({
      texto: "Madrid",
      direccion: null,
      municipio: "Madrid",
      provincia: "Madrid",
      lat: null,
      lng: null,
    });
    const mayo = m.ocurrencias!(new Date("2026-04-30T22:00:00Z"), new Date("2026-05-04T22:00:00Z"), 10);
    // 1–3 May excluded, Sunday 3 not a day of the rule: Monday 4 is the first.
    expect(mayo.map((o) => o.inicio.toISOString())).toEqual(["2026-05-03T22:00:00.000Z"]);
  });

  it("leaves no HTML of a description behind, and reads a title marked SUSPENDIDO as cancelled", () => {
    const t = conRegistro("50420957", {
      title: "SUSPENDIDO. Concierto barroco",
      description: '<p>Concierto <script>alert("x")</script><b>gratis</b></p>',
    });
    const c = porId("50420957", t);
    expect(c.descripcion).toBe("Concierto **gratis**");
    expect(c.cancelado).toBe(true);
  });

  it("refuses what is not the agenda", () => {
    expect(() => leer("<html></html>")).toThrow(FormatoNoValido);
    expect(() => leer('{"result": []}')).toThrow(FormatoNoValido);
    expect(() => leer('{"@graph": [{"title": "Sin fecha"}]}')).toThrow(FormatoNoValido);
    expect(leer('{"@graph": []}')).toEqual([]);
  });
});

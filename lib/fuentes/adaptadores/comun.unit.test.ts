import { describe, expect, it } from "vitest";
import type { Regla } from "../tipos";
import { enMadridDia, expandirSerie, numeroDia, textoPlano, type Serie } from "./comun";

describe("textoPlano", () => {
  it("drops tags, decodes entities and collapses spaces", () => {
    expect(textoPlano("  <b>Concierto</b>\n de  &quot;jazz&quot; &amp; blues&nbsp;")).toBe(
      'Concierto de "jazz" & blues',
    );
  });

  it("decodes every named entity, not only Latin-1's", () => {
    expect(textoPlano("Caf&eacute; &rarr; m&uacute;sica &hearts; &Scaron;koda &oelig;uvre")).toBe(
      "Café → música ♥ Škoda œuvre",
    );
  });

  it("decodes the legacy entities written without ';' as a browser does, and leaves a bare '&' alone", () => {
    expect(textoPlano("Tom &amp Jerry, caf&eacute con leche")).toBe("Tom & Jerry, café con leche");
    expect(textoPlano("AT&T &zzz; R&B")).toBe("AT&T &zzz; R&B");
  });

  it("reads numeric references as a browser does: windows-1252 for C1 codes, U+FFFD for the invalid", () => {
    expect(textoPlano("&#65;&#x1F600; &#128;10 &#x80;5")).toBe("A😀 €10 €5");
    expect(textoPlano("a&#0;b &#xD800;")).toBe("a\uFFFDb \uFFFD");
  });
});

describe("expandirSerie", () => {
  /** A Madrid wall-clock time as an instant. */
  const madrid = (fecha: string, hora: string) => {
    const [y, m, d] = fecha.split("-").map(Number);
    return enMadridDia(numeroDia(y, m, d)!, hora);
  };
  const serie = (
    inicio: Date,
    regla: Partial<Regla>,
    excluidos: string[] = [],
    duracion: number | null = null,
  ): Serie => ({
    inicio,
    duracion,
    regla: { frecuencia: "DAILY", intervalo: 1, dias: [], hasta: null, cuenta: null, simple: true, ...regla },
    diasExcluidos: new Set(
      excluidos.map((f) => {
        const [y, m, d] = f.split("-").map(Number);
        return numeroDia(y, m, d)!;
      }),
    ),
  });
  const inicios = (s: Serie, desde = "2026-01-01T00:00:00Z", hasta = "2028-01-01T00:00:00Z", max = 100) =>
    expandirSerie(s, new Date(desde), new Date(hasta), max).map((o) => o.inicio.toISOString());

  it("keeps the first start's Madrid hour across both changes of clocks", () => {
    const s = serie(madrid("2026-10-17", "19:00"), { frecuencia: "WEEKLY", dias: [6] }, [], 90 * 60_000);
    const oc = expandirSerie(s, new Date("2026-10-01T00:00:00Z"), new Date("2026-11-01T00:00:00Z"), 10);
    expect(oc.map((o) => o.inicio.toISOString())).toEqual([
      "2026-10-17T17:00:00.000Z",
      "2026-10-24T17:00:00.000Z",
      "2026-10-31T18:00:00.000Z",
    ]);
    expect(oc.map((o) => o.fin!.toISOString())).toEqual([
      "2026-10-17T18:30:00.000Z",
      "2026-10-24T18:30:00.000Z",
      "2026-10-31T19:30:00.000Z",
    ]);
    expect(oc[2].clave).toBe("2026-10-31T18:00:00.000Z");
    const marzo = serie(madrid("2027-03-26", "10:30"), { frecuencia: "DAILY" });
    expect(inicios(marzo, "2027-03-26T00:00:00Z", "2027-03-30T00:00:00Z")).toEqual([
      "2027-03-26T09:30:00.000Z",
      "2027-03-27T09:30:00.000Z",
      "2027-03-28T08:30:00.000Z",
      "2027-03-29T08:30:00.000Z",
    ]);
  });

  it("counts COUNT from the first occurrence, excluded days and those before the window included", () => {
    const s = serie(madrid("2026-10-05", "10:00"), { cuenta: 5 }, ["2026-10-06"]);
    expect(inicios(s)).toEqual([
      "2026-10-05T08:00:00.000Z",
      "2026-10-07T08:00:00.000Z",
      "2026-10-08T08:00:00.000Z",
      "2026-10-09T08:00:00.000Z",
    ]);
    expect(inicios(s, "2026-10-08T00:00:00Z")).toEqual(["2026-10-08T08:00:00.000Z", "2026-10-09T08:00:00.000Z"]);
  });

  it("takes UNTIL as inclusive and the window's end as exclusive, and gives at most max", () => {
    const s = serie(madrid("2026-10-05", "10:00"), { hasta: madrid("2026-10-08", "10:00") });
    expect(inicios(s)).toHaveLength(4);
    expect(inicios(s, "2026-10-05T00:00:00Z", "2026-10-07T08:00:00Z")).toEqual([
      "2026-10-05T08:00:00.000Z",
      "2026-10-06T08:00:00.000Z",
    ]);
    expect(inicios(s, "2026-10-06T00:00:00Z", "2027-01-01T00:00:00Z", 2)).toEqual([
      "2026-10-06T08:00:00.000Z",
      "2026-10-07T08:00:00.000Z",
    ]);
  });

  it("walks several weekdays every other week, from the first start's week", () => {
    // 27 June 2026 is a Saturday; its week is the first, so the Mondays and Wednesdays are of the third, fifth…
    const s = serie(madrid("2026-06-27", "18:00"), { frecuencia: "WEEKLY", intervalo: 2, dias: [1, 3, 6] });
    expect(inicios(s, "2026-06-01T00:00:00Z", "2026-07-20T00:00:00Z")).toEqual([
      "2026-06-27T16:00:00.000Z",
      "2026-07-06T16:00:00.000Z",
      "2026-07-08T16:00:00.000Z",
      "2026-07-11T16:00:00.000Z",
    ]);
  });

  it("gives no occurrence on a first start whose weekday the rule does not name", () => {
    const s = serie(madrid("2026-06-24", "18:00"), { frecuencia: "WEEKLY", dias: [2], cuenta: 2 });
    expect(inicios(s)).toEqual(["2026-06-30T16:00:00.000Z", "2026-07-07T16:00:00.000Z"]);
  });

  it("repeats a monthly rule on the first start's day of the month, skipping months without it", () => {
    const s = serie(madrid("2026-01-31", "20:00"), { frecuencia: "MONTHLY", cuenta: 4 });
    expect(inicios(s)).toEqual([
      "2026-01-31T19:00:00.000Z",
      "2026-03-31T18:00:00.000Z",
      "2026-05-31T18:00:00.000Z",
      "2026-07-31T18:00:00.000Z",
    ]);
  });

  it("repeats a yearly rule every year", () => {
    const s = serie(madrid("2026-09-08", "12:00"), { frecuencia: "YEARLY" });
    expect(inicios(s, "2026-01-01T00:00:00Z", "2029-01-01T00:00:00Z")).toEqual([
      "2026-09-08T10:00:00.000Z",
      "2027-09-08T10:00:00.000Z",
      "2028-09-08T10:00:00.000Z",
    ]);
  });
});

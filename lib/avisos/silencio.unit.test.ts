import { describe, expect, it } from "vitest";
import { cuandoSePuedeAvisar, horasDeSilencio } from "./silencio";

/** An instant given as Madrid wall-clock time (winter: UTC+1; summer: UTC+2). */
const madrid = (iso: string, desfase = "+01:00") => new Date(`${iso}${desfase}`);

describe("quiet hours", () => {
  const noche = horasDeSilencio("22-9");

  it("holds what falls between 22:00 and 09:00 Madrid time until 09:00, and nothing else", () => {
    for (const [ahora, cuando] of [
      ["2026-12-03T21:59:59", "2026-12-03T21:59:59"],
      ["2026-12-03T22:00:00", "2026-12-04T09:00:00"],
      ["2026-12-03T23:30:00", "2026-12-04T09:00:00"],
      ["2026-12-04T00:10:00", "2026-12-04T09:00:00"],
      ["2026-12-04T08:59:00", "2026-12-04T09:00:00"],
      ["2026-12-04T09:00:00", "2026-12-04T09:00:00"],
      ["2026-12-04T15:00:00", "2026-12-04T15:00:00"],
    ]) {
      expect(cuandoSePuedeAvisar(madrid(ahora), noche).toISOString(), ahora).toBe(madrid(cuando).toISOString());
    }
  });

  it("counts in Madrid's own time across the change to summer time, across a month's end", () => {
    // Sunday 29 March 2026: clocks go from 02:00 to 03:00; 09:00 that day is UTC+2.
    expect(cuandoSePuedeAvisar(madrid("2026-03-28T23:00:00"), noche).toISOString()).toBe(
      madrid("2026-03-29T09:00:00", "+02:00").toISOString(),
    );
    expect(cuandoSePuedeAvisar(madrid("2026-11-30T22:30:00"), noche).toISOString()).toBe(
      madrid("2026-12-01T09:00:00").toISOString(),
    );
  });

  it("reads PUSH_HORAS_SILENCIO: 'no' sends at once, and a window within one day works too", () => {
    expect(horasDeSilencio("no")).toBeNull();
    expect(cuandoSePuedeAvisar(madrid("2026-12-03T23:30:00"), horasDeSilencio("no")).toISOString()).toBe(
      madrid("2026-12-03T23:30:00").toISOString(),
    );
    const siesta = horasDeSilencio("14-17");
    expect(cuandoSePuedeAvisar(madrid("2026-12-03T15:00:00"), siesta).toISOString()).toBe(
      madrid("2026-12-03T17:00:00").toISOString(),
    );
    expect(cuandoSePuedeAvisar(madrid("2026-12-03T13:00:00"), siesta).toISOString()).toBe(
      madrid("2026-12-03T13:00:00").toISOString(),
    );
  });
});

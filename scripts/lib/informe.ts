import os from "node:os";

/** The value at percentile `p` of sorted numbers (nearest rank). */
export const percentil = (ordenados: number[], p: number) =>
  ordenados[Math.min(ordenados.length - 1, Math.floor((p / 100) * ordenados.length))];

/** Median, p95 and count of some timings. */
export const cifras = (ms: number[]) => {
  const o = [...ms].sort((a, b) => a - b);
  return { p50: percentil(o, 50), p95: percentil(o, 95), n: o.length };
};

export const segundos = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
export const miles = (n: number) => n.toLocaleString("en");

/**
 * A benchmark's final table: a row per measure, with its goal and PASS or FAIL when it has one;
 * `imprimir` prints it with the machine's cores and load, and sets the exit code 1 on a FAIL.
 */
export class Informe {
  private fallos = 0;
  private readonly filas: string[][] = [];

  fila(medida: string, cifra: string, objetivo = "", ok?: boolean): void {
    if (ok === false) this.fallos++;
    this.filas.push([medida, cifra, objetivo, ok === undefined ? "" : ok ? "PASS" : "FAIL"]);
  }

  imprimir(): void {
    const cabecera = ["measure", "figure", "goal", ""];
    const anchos = cabecera.map((c, i) => Math.max(c.length, ...this.filas.map((r) => r[i].length)));
    const linea = (r: string[]) =>
      r
        .map((c, i) => c.padEnd(anchos[i]))
        .join("  ")
        .trimEnd();
    const carga = os
      .loadavg()
      .map((l) => l.toFixed(2))
      .join(" ");
    console.log(`\n${os.cpus().length} cores, load average ${carga}`);
    console.log(linea(cabecera));
    for (const r of this.filas) console.log(linea(r));
    console.log(`\n${this.fallos === 0 ? "all checks passed" : `${this.fallos} check(s) FAILED`}`);
    process.exitCode = this.fallos === 0 ? 0 : 1;
  }
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * A measured action and its floor in turn, `rondas` times, each going first every other round
 * so that the machine's drift (and whatever follows the action) reaches both alike; 200 ms
 * between them. `cadaRonda` sees each round's result and the floor's time as they come.
 */
export async function rondasAlternas<T extends { ms: number }>(
  rondas: number,
  suelo: () => Promise<{ ms: number }>,
  medida: () => Promise<T>,
  cadaRonda: (r: T, sueloMs: number, i: number) => void,
): Promise<{ suelo: number[]; medidas: T[] }> {
  const tiempos: number[] = [];
  const medidas: T[] = [];
  for (let i = 0; i < rondas; i++) {
    if (i % 2 === 0) {
      tiempos.push((await suelo()).ms);
      await sleep(200);
    }
    const r = await medida();
    if (i % 2 === 1) {
      await sleep(200);
      tiempos.push((await suelo()).ms);
    }
    medidas.push(r);
    cadaRonda(r, tiempos.at(-1)!, i);
    await sleep(200);
  }
  return { suelo: tiempos, medidas };
}

/** The floor's row and the measure's, with its median as a ratio to the floor's against `objetivo`. */
export function filasContraElSuelo(
  informe: Informe,
  nombres: { suelo: string; medida: string },
  suelo: number[],
  medida: number[],
  objetivo: number,
): void {
  const b = cifras(suelo);
  const a = cifras(medida);
  const ratio = a.p50 / b.p50;
  informe.fila(nombres.suelo, `p50 ${b.p50.toFixed(0)} ms, p95 ${b.p95.toFixed(0)} ms (${b.n})`);
  informe.fila(
    nombres.medida,
    `p50 ${a.p50.toFixed(0)} ms, p95 ${a.p95.toFixed(0)} ms (${a.n}) = ${ratio.toFixed(2)}× the floor (p95 ${(a.p95 / b.p95).toFixed(2)}×)`,
    `p50 ≤ ${objetivo}× floor`,
    ratio <= objetivo,
  );
}

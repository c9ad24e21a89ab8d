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

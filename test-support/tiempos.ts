import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import type { Reporter, TestModule } from "vitest/node";

/** One test file's time in a worker: from its import to its last hook, and where it went. */
export interface TiempoFichero {
  fichero: string;
  proyecto: string;
  /** Milliseconds the file held its worker: setup, import and every test and hook. */
  total: number;
  importacion: number;
  pruebas: number;
}

/**
 * Writes each file's time (hooks included, which Vitest's JSON report leaves out) to the file
 * named by VITEST_TIEMPOS, for scripts/test-summary.mjs's list of the slowest files.
 */
export default class Tiempos implements Reporter {
  private readonly ficheros: TiempoFichero[] = [];

  onTestModuleEnd(modulo: TestModule): void {
    const d = modulo.diagnostic();
    const importacion = d.environmentSetupDuration + d.prepareDuration + d.setupDuration + d.collectDuration;
    this.ficheros.push({
      fichero: path.relative(process.cwd(), modulo.moduleId),
      proyecto: modulo.project.name,
      total: Math.round(importacion + d.duration),
      importacion: Math.round(importacion),
      pruebas: Math.round(d.duration),
    });
  }

  onTestRunEnd(): void {
    const destino = process.env.VITEST_TIEMPOS;
    if (!destino) return;
    mkdirSync(path.dirname(destino), { recursive: true });
    writeFileSync(destino, JSON.stringify(this.ficheros, null, 1));
  }
}

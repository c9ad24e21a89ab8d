import { mkdtempSync, readdirSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it, vi } from "vitest";
import { formulario, png } from "@/test-support/forms";

function listFiles(dir: string): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) => e.name);
}

describe("crearPlan when the database write fails", () => {
  it("removes the poster files it had already stored", async () => {
    const dir = mkdtempSync(path.join(tmpdir(), "planazo-mut-"));
    vi.stubEnv("STORAGE_DIR", dir);
    // Unit files share their modules: a fresh lib/env.ts reads this folder, not an earlier one.
    vi.resetModules();
    const { crearPlan } = await import("./mutations");
    const form = formulario({
      titulo: "Sin dueño",
      tipo: "evento",
      direccion: "Plaza",
      municipio: "Teruel",
      ubicacion: JSON.stringify({ type: "Point", coordinates: [-1.1, 40.3] }),
      fechaInicio: new Date(Date.now() + 86_400_000).toISOString(),
      fechaFin: new Date(Date.now() + 90_000_000).toISOString(),
      archivoCartel: { bytes: await png(), nombre: "c.png" },
    });
    // A user that does not exist: the plan's foreign key fails after the image is stored.
    const fantasma = {
      id: "no-existe",
      name: "X",
      email: "x@example.com",
      google: false,
      sessionToken: "t",
      sessionId: "s",
      viaBearer: true,
    };
    await expect(crearPlan(fantasma, form)).rejects.toThrow();
    expect(listFiles(dir)).toEqual([]);
    vi.unstubAllEnvs();
  });
});

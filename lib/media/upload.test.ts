import { mkdtempSync, readdirSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { query } from "@/test-support/database";
import { png } from "@/test-support/forms";

const dir = mkdtempSync(path.join(tmpdir(), "planazo-upload-"));
const ficheros = () => readdirSync(dir, { recursive: true, withFileTypes: true }).filter((e) => e.isFile()).length;
const filasArchivo = async (ruta: string) =>
  (
    await query<{ n: number }>(process.env.DATABASE_URL!, "SELECT count(*)::int AS n FROM archivo WHERE path = $1", [
      ruta,
    ])
  )[0].n;

describe("writeWithImage: an image's files live exactly as long as its row", () => {
  let upload: typeof import("./upload");

  beforeAll(async () => {
    vi.stubEnv("STORAGE_DIR", dir);
    // Integration files share their worker's modules: a fresh lib/env.ts reads this folder.
    vi.resetModules();
    upload = await import("./upload");
  });
  afterAll(() => {
    vi.unstubAllEnvs();
    vi.resetModules();
  });

  async function imagen() {
    return upload.storeUpload(
      new File([new Uint8Array(await png(80, 60))], "cartel.png", { type: "image/png" }),
      "carteles",
    );
  }

  it("keeps the files and answers the body's result when the transaction commits", async () => {
    const img = await imagen();
    const antes = ficheros();
    const id = await upload.writeWithImage(
      img,
      async (tx) => (await tx.archivo.create({ data: img, select: { id: true } })).id,
    );
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    expect(await filasArchivo(img.path)).toBe(1);
    expect(ficheros()).toBe(antes);
    await query(process.env.DATABASE_URL!, "DELETE FROM archivo WHERE id = $1", [id]);
    await upload.removeImageFiles([img]);
  });

  it("removes the files when the body fails", async () => {
    const antes = ficheros();
    const img = await imagen();
    expect(ficheros()).toBeGreaterThan(antes);
    await expect(
      upload.writeWithImage(img, async (tx) => {
        await tx.archivo.create({ data: img });
        throw new Error("falla el cuerpo");
      }),
    ).rejects.toThrow("falla el cuerpo");
    expect(await filasArchivo(img.path)).toBe(0);
    expect(ficheros()).toBe(antes);
  });

  it("asks PostgreSQL when the COMMIT itself fails, and removes the files of a transaction it aborted", async () => {
    const antes = ficheros();
    const img = await imagen();
    // A deferred constraint trigger that raises: the body runs to the end, COMMIT fails.
    await expect(
      upload.writeWithImage(img, async (tx) => {
        await tx.archivo.create({ data: img });
        await tx.$executeRawUnsafe(`CREATE FUNCTION pg_temp.falla_al_confirmar() RETURNS trigger LANGUAGE plpgsql AS $$
          BEGIN RAISE EXCEPTION 'falla al confirmar'; END $$`);
        await tx.$executeRawUnsafe("CREATE TEMP TABLE confirmar_falla (x int) ON COMMIT DROP");
        await tx.$executeRawUnsafe(`CREATE CONSTRAINT TRIGGER confirmar_falla AFTER INSERT ON confirmar_falla
          DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION pg_temp.falla_al_confirmar()`);
        await tx.$executeRawUnsafe("INSERT INTO confirmar_falla VALUES (1)");
      }),
    ).rejects.toThrow(/falla al confirmar/);
    expect(await filasArchivo(img.path)).toBe(0);
    expect(ficheros()).toBe(antes);
  });
});

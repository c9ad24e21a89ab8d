import { createHash } from "node:crypto";
import { cpSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { createScratchDatabase, query } from "@/test-support/database";
import { MIGRATIONS_DIR, migrate } from "./migrate";

describe("migrate", () => {
  let drop: (() => Promise<void>) | undefined;
  afterEach(async () => {
    await drop?.();
    drop = undefined;
  });

  it("applies every migration once and records it the way Prisma Migrate does", async () => {
    const db = await createScratchDatabase();
    drop = db.drop;
    const first = await migrate(db.url);
    expect(first.applied.length).toBeGreaterThan(0);
    const second = await migrate(db.url);
    expect(second).toEqual({ applied: [], alreadyApplied: first.applied });

    const rows = await query<{
      migration_name: string;
      checksum: string;
      finished_at: Date | null;
      applied_steps_count: number;
    }>(
      db.url,
      `SELECT migration_name, checksum, finished_at, applied_steps_count FROM "_prisma_migrations" ORDER BY migration_name`,
    );
    expect(rows.map((r) => r.migration_name)).toEqual(first.applied);
    for (const r of rows) {
      const sql = readFileSync(path.join(MIGRATIONS_DIR, r.migration_name, "migration.sql"));
      expect(r.checksum).toBe(createHash("sha256").update(sql).digest("hex"));
      expect(r.finished_at).toBeInstanceOf(Date);
      expect(r.applied_steps_count).toBe(1);
    }
    const [{ postgis }] = await query<{ postgis: string }>(db.url, "SELECT postgis_lib_version() AS postgis");
    expect(postgis).toMatch(/^3\./);
  });

  it("refuses a migration that was edited after it was applied", async () => {
    const db = await createScratchDatabase();
    drop = db.drop;
    const dir = mkdtempSync(path.join(tmpdir(), "planazo-migrations-"));
    cpSync(MIGRATIONS_DIR, dir, { recursive: true });
    await migrate(db.url, dir);
    const [first] = (await migrate(db.url, dir)).alreadyApplied;
    writeFileSync(path.join(dir, first, "migration.sql"), "-- edited\n", { flag: "a" });
    await expect(migrate(db.url, dir)).rejects.toThrow(/was changed after it was applied/);
  });

  it("leaves nothing behind when a migration fails", async () => {
    const db = await createScratchDatabase();
    drop = db.drop;
    const dir = mkdtempSync(path.join(tmpdir(), "planazo-migrations-"));
    cpSync(MIGRATIONS_DIR, dir, { recursive: true });
    const broken = path.join(dir, "99999999999999_broken");
    cpSync(path.join(MIGRATIONS_DIR, "migration_lock.toml"), path.join(dir, "migration_lock.toml"));
    await import("node:fs/promises").then((fs) => fs.mkdir(broken));
    writeFileSync(
      path.join(broken, "migration.sql"),
      "CREATE TABLE half_written (id int);\nSELECT no_such_function();\n",
    );
    await expect(migrate(db.url, dir)).rejects.toThrow(/99999999999999_broken failed/);
    const tables = await query(db.url, "SELECT 1 FROM pg_tables WHERE tablename = 'half_written'");
    expect(tables).toEqual([]);
    const recorded = await query(
      db.url,
      `SELECT 1 FROM "_prisma_migrations" WHERE migration_name = '99999999999999_broken'`,
    );
    expect(recorded).toEqual([]);
  });
});

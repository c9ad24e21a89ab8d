import { createHash } from "node:crypto";
import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import pg from "pg";

export interface TableFingerprint {
  filas: number;
  md5: string;
}

export interface FingerprintOptions {
  /** Tables left out, with the reason kept by the caller. */
  ignorar?: readonly string[];
  /** Tables fingerprinted on some columns only (the others may change legitimately). */
  columnas?: Readonly<Record<string, readonly string[]>>;
}

/**
 * The row count and an md5 of the sorted rows of every table of the `public` schema, so a
 * test can prove that a run of requests wrote nothing at all.
 */
export async function databaseFingerprint(
  url: string,
  { ignorar = [], columnas = {} }: FingerprintOptions = {},
): Promise<Record<string, TableFingerprint>> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows: tablas } = await client.query<{ name: string }>(
      "SELECT table_name AS name FROM information_schema.tables WHERE table_schema = 'public' AND table_type = 'BASE TABLE' ORDER BY 1",
    );
    const huella: Record<string, TableFingerprint> = {};
    for (const { name } of tablas) {
      if (ignorar.includes(name)) continue;
      const cols = columnas[name];
      const origen = cols
        ? `(SELECT ${cols.map((c) => client.escapeIdentifier(c)).join(", ")} FROM ${client.escapeIdentifier(name)})`
        : client.escapeIdentifier(name);
      const { rows } = await client.query<TableFingerprint>(
        `SELECT count(*)::int AS filas, md5(coalesce(string_agg(t::text, E'\\n' ORDER BY t::text), '')) AS md5 FROM ${origen} t`,
      );
      huella[name] = rows[0];
    }
    return huella;
  } finally {
    await client.end();
  }
}

/** Every file under `dir` as `relative/path sha256`, sorted (an empty list for a missing folder). */
export async function storageListing(dir: string): Promise<string[]> {
  let entries: string[];
  try {
    entries = await readdir(dir, { recursive: true });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return [];
    throw error;
  }
  const files: string[] = [];
  for (const rel of entries.sort()) {
    const full = path.join(dir, rel);
    try {
      files.push(
        `${rel.split(path.sep).join("/")} ${createHash("sha256")
          .update(await readFile(full))
          .digest("hex")}`,
      );
    } catch (error) {
      // Folders are listed by readdir too; only files count.
      if ((error as NodeJS.ErrnoException).code !== "EISDIR") throw error;
    }
  }
  return files;
}

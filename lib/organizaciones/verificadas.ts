import "server-only";
import { readDb } from "../db";

/**
 * The verified organizations among those of the plans a page shows (one read for the whole
 * page, like its saved plans). The public API's plan and organization shapes stay as spec §3
 * documents them (`organizacion: { _id, nombre }`): the mark is only rendered, and read live, so
 * a verification shows on the very next page whatever any search answer has memoized.
 */
export async function organizacionesVerificadas(
  planes: readonly { organizacionId: string | null }[],
): Promise<ReadonlySet<string>> {
  const ids = [...new Set(planes.flatMap((p) => (p.organizacionId ? [p.organizacionId] : [])))];
  if (ids.length === 0) return new Set();
  const filas = await (
    await readDb()
  ).$queryRaw<{ id: string }[]>`SELECT id FROM organizacion WHERE id = ANY(${ids}::uuid[]) AND verificada`;
  return new Set(filas.map((f) => f.id));
}

/** Whether one organization is verified (its own page, a plan's organizer). */
export async function organizacionVerificada(id: string | null): Promise<boolean> {
  return id ? (await organizacionesVerificadas([{ organizacionId: id }])).has(id) : false;
}

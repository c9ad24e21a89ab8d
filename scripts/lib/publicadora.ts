import { readFileSync } from "node:fs";
import type pg from "pg";
import { confirmedUser } from "../../test-support/users";
import { publicarPlan } from "./app-client";

/** A process's CPU time so far, ms (Linux counts ticks of 10 ms): the app's, as `next start` serves in its own. */
export function cpuDeProceso(pid: number): number {
  const campos = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1].split(" ");
  return (Number(campos[11]) + Number(campos[12])) * 10;
}

/**
 * The publishing benchmarks' owner (registered through the app) of two organizations: A, the one
 * the benchmark gives followers, and B, followed by nobody, the floor; and how to publish a plan
 * (POST /api/plan with a small poster) to either, timed.
 */
export async function publicadora(db: pg.Client, base: string) {
  const duena = await confirmedUser("Organizadora", base);
  const organizacion = async (nombre: string) =>
    (
      await db.query<{ id: string }>(
        `INSERT INTO organizacion (nombre, direccion, email_contacto, usuario_id)
         VALUES ($1, 'Calle Mayor 3', 'pena@example.com', $2) RETURNING id`,
        [nombre, duena.id],
      )
    ).rows[0].id;
  const orgA = await organizacion("Peña con seguidores");
  const orgB = await organizacion("Peña sin seguidores");
  let n = 0;
  async function publicar(organizacionId: string): Promise<{ ms: number; planId: string }> {
    const t0 = performance.now();
    const r = await publicarPlan(base, duena.token, { titulo: `Verbena ${++n}`, organizacionId });
    const ms = performance.now() - t0;
    if (r.status !== 201) throw new Error(`publishing answered ${r.status}: ${JSON.stringify(r.body).slice(0, 200)}`);
    return { ms, planId: (r.body.plan as { _id: string })._id };
  }
  return { duena, orgA, orgB, publicar };
}

import "server-only";
import { prisma } from "../db";
import type { Prisma } from "../generated/prisma/client";
import { UUID_PATTERN } from "../schemas";
import { planPath } from "./plan";

/**
 * Plans merged into one, in the caller's transaction (a show an earlier import made into a plan
 * a day, now one plan of several dates): what points at the others moves to the one that stays
 * (favourites, each person once; other sources' links; reports; featuring requests), their
 * addresses answer 301 to it (plan_fusionado, followed by the plan's page), and they go.
 * Returns their posters' rows, deleted here: their files go once the transaction has committed.
 */
export async function fusionarPlanes(
  tx: Prisma.TransactionClient,
  queda: string,
  otros: string[],
): Promise<{ id: string; variantes: unknown }[]> {
  if (otros.length === 0) return [];
  await tx.$executeRaw`
    INSERT INTO favorito (usuario_id, plan_id, created_at, recordatorio_enviado)
    SELECT DISTINCT ON (usuario_id) usuario_id, ${queda}::uuid, created_at, recordatorio_enviado
    FROM favorito WHERE plan_id = ANY(${otros}::uuid[])
    ORDER BY usuario_id, created_at
    ON CONFLICT (usuario_id, plan_id) DO NOTHING`;
  // Gone before the plans: a deleted plan's saved copies would tell their people it was cancelled.
  await tx.$executeRaw`DELETE FROM favorito WHERE plan_id = ANY(${otros}::uuid[])`;
  await tx.$executeRaw`UPDATE fuente_item SET plan_id = ${queda}::uuid WHERE plan_id = ANY(${otros}::uuid[])`;
  await tx.$executeRaw`UPDATE reporte SET plan_id = ${queda}::uuid WHERE plan_id = ANY(${otros}::uuid[])`;
  await tx.$executeRaw`UPDATE solicitud_destacado SET plan_id = ${queda}::uuid WHERE plan_id = ANY(${otros}::uuid[])`;
  // Addresses merged into these before are followed to the plan that stays.
  await tx.$executeRaw`UPDATE plan_fusionado SET plan_id = ${queda}::uuid WHERE plan_id = ANY(${otros}::uuid[])`;
  await tx.$executeRaw`
    INSERT INTO plan_fusionado (id, plan_id) SELECT unnest(${otros}::uuid[]), ${queda}::uuid
    ON CONFLICT (id) DO UPDATE SET plan_id = EXCLUDED.plan_id, fusionado_en = now()`;
  const carteles = await tx.$queryRaw<{ id: string; variantes: unknown }[]>`
    SELECT a.id, a.variantes FROM plan p JOIN archivo a ON a.id = p.archivo_cartel_id WHERE p.id = ANY(${otros}::uuid[])`;
  await tx.$executeRaw`DELETE FROM plan WHERE id = ANY(${otros}::uuid[])`;
  if (carteles.length > 0)
    await tx.$executeRaw`DELETE FROM archivo WHERE id = ANY(${carteles.map((c) => c.id)}::uuid[])`;
  return carteles;
}

/** A plan page's address: /plan/{title}/{id}. */
const RUTA_PLAN = /^\/plan\/[^/]+\/([^/]+)$/;

/**
 * Where a merged plan's page now is (the page of the plan it was merged into), or null: an
 * address that is no plan page, or a plan never merged. proxy.ts answers it 301.
 */
export async function direccionFusionada(pathname: string): Promise<string | null> {
  const id = RUTA_PLAN.exec(pathname)?.[1];
  const fila = id ? await planFusionadoEn(id) : null;
  return fila ? planPath(fila.titulo, fila.id) : null;
}

/** The plan a merged plan's id became (its id and title), or null: no id, or a plan never merged. */
export async function planFusionadoEn(id: string): Promise<{ id: string; titulo: string } | null> {
  if (!UUID_PATTERN.test(id)) return null;
  const [fila] = await prisma.$queryRaw<{ id: string; titulo: string }[]>`
    SELECT p.id, p.titulo FROM plan_fusionado f JOIN plan p ON p.id = f.plan_id WHERE f.id = ${id}::uuid`;
  return fila ?? null;
}

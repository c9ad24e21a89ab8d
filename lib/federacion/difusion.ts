import type { Context, Federation } from "@fedify/fedify";
import { Announce, Create, Delete, Event, PUBLIC_COLLECTION, Tombstone, Update } from "@fedify/vocab";
import { prisma } from "../db";
import { env } from "../env";
import { RADIO_DEFAULT_KM } from "../plans/constants";
import { SITIO } from "./actores";
import { eventoDePlan } from "./eventos";
import { ACTORES_DE_SERVIDOR, destinatariosDe } from "./seguidores";

/** Plans sent per turn. */
const LOTE = 50;
/** How often the noted plans are looked for. */
const CADA_MS = 1_000;

/** The towns with followers whose page lists the plan: their centre within the town page's radius. */
async function pueblosQueLoListan(planId: string): Promise<string[]> {
  const filas = await prisma.$queryRaw<{ actor: string }[]>`
    SELECT DISTINCT s.actor FROM federacion_seguidor s
    JOIN municipio m ON s.actor = 'municipios/' || m.ine
    JOIN plan p ON p.id = ${planId}::uuid
    WHERE m.lat IS NOT NULL
      AND ST_DWithin(ST_MakePoint(m.lng, m.lat)::geography, p.ubicacion, ${RADIO_DEFAULT_KM * 1000})
    ORDER BY s.actor`;
  return filas.map((f) => f.actor);
}

/**
 * One plan to the fediverse. Visible and never sent: its author's actor (its organization's,
 * else the site's) sends its Event's Create to its followers, and each town whose page lists it
 * Announces it to its own (a server does not take two Creates of one object from different
 * actors). Sent before: an Update to all of them, and an Announce from a town that lists it now.
 * Hidden or deleted: a Delete to whoever got it.
 */
export async function difundirPlan(ctx: Context<void>, planId: string, ahora = Date.now()): Promise<void> {
  const objeto = ctx.getObjectUri(Event, { id: planId });
  const [enviado] = await prisma.$queryRaw<{ actores: string[] }[]>`
    SELECT actores FROM federacion_plan_enviado WHERE plan_id = ${planId}::uuid`;
  const leido = await eventoDePlan(ctx, planId, { ahora, primario: true });
  const vez = `${ahora}`;
  if (!leido) {
    if (!enviado) return;
    // From whoever sent it first: its author then (the first of actores).
    const autor = enviado.actores[0];
    await ctx.sendActivity(
      { identifier: autor },
      await destinatariosDe(enviado.actores),
      new Delete({
        id: new URL(`#borrado/${vez}`, objeto),
        actor: ctx.getActorUri(autor),
        object: new Tombstone({ id: objeto }),
        to: PUBLIC_COLLECTION,
      }),
      { preferSharedInbox: true },
    );
    await prisma.$executeRaw`DELETE FROM federacion_plan_enviado WHERE plan_id = ${planId}::uuid`;
    return;
  }
  const { evento, autor } = leido;
  const pueblos = await pueblosQueLoListan(planId);
  const antes = new Set(enviado?.actores ?? []);
  if (!enviado)
    await ctx.sendActivity(
      { identifier: autor },
      "followers",
      new Create({
        id: new URL(`#creado/${vez}`, objeto),
        actor: ctx.getActorUri(autor),
        object: evento,
        to: PUBLIC_COLLECTION,
        cc: ctx.getFollowersUri(autor),
      }),
      { preferSharedInbox: true },
    );
  else
    await ctx.sendActivity(
      { identifier: autor },
      await destinatariosDe([...new Set([autor, ...antes])]),
      new Update({
        id: new URL(`#cambiado/${vez}`, objeto),
        actor: ctx.getActorUri(autor),
        object: evento,
        to: PUBLIC_COLLECTION,
      }),
      { preferSharedInbox: true },
    );
  for (const pueblo of pueblos.filter((p) => !antes.has(p)))
    await ctx.sendActivity(
      { identifier: pueblo },
      "followers",
      new Announce({
        id: new URL(`#anunciado/${encodeURIComponent(pueblo)}/${vez}`, objeto),
        actor: ctx.getActorUri(pueblo),
        object: objeto,
        to: PUBLIC_COLLECTION,
        cc: ctx.getFollowersUri(pueblo),
      }),
      { preferSharedInbox: true },
    );
  // Other servers that follow the site's actor (Mobilizon's relay@) list a remote event only
  // when an instance actor Announces it: the site's does, once.
  const relevos = antes.has(SITIO) ? [] : await destinatariosDe([SITIO], { tipos: ACTORES_DE_SERVIDOR });
  if (relevos.length > 0)
    await ctx.sendActivity(
      { identifier: SITIO },
      relevos,
      new Announce({
        id: new URL(`#anunciado/${SITIO}/${vez}`, objeto),
        actor: ctx.getActorUri(SITIO),
        object: objeto,
        to: PUBLIC_COLLECTION,
        cc: ctx.getFollowersUri(SITIO),
      }),
      { preferSharedInbox: true },
    );
  // The author first: a Delete comes from it.
  const actores = [...new Set([autor, ...antes, ...pueblos, ...(relevos.length > 0 ? [SITIO] : [])])];
  await prisma.$executeRaw`
    INSERT INTO federacion_plan_enviado (plan_id, actores) VALUES (${planId}::uuid, ${actores})
    ON CONFLICT (plan_id) DO UPDATE SET actores = EXCLUDED.actores, enviado = now()`;
}

/** One turn: the noted plans, oldest first, each taken by one instance; how many there were. */
export async function difundirPendientes(federacion: Federation<void>): Promise<number> {
  const filas = await prisma.$queryRaw<{ plan_id: string }[]>`
    DELETE FROM federacion_plan_pendiente WHERE plan_id IN (
      SELECT plan_id FROM federacion_plan_pendiente ORDER BY creado LIMIT ${LOTE} FOR UPDATE SKIP LOCKED)
    RETURNING plan_id`;
  const ctx = federacion.createContext(new URL(env().SITE_URL), undefined);
  for (const { plan_id } of filas)
    await difundirPlan(ctx, plan_id).catch((error) => console.error("[federacion] plan no difundido:", error));
  return filas.length;
}

/** Sends the noted plans every CADA_MS, for as long as the process lives. */
export function iniciarDifusion(federacion: Federation<void>): void {
  const turno = async () => {
    try {
      while ((await difundirPendientes(federacion)) === LOTE);
    } catch {
      // PostgreSQL away: the next turn tries again.
    }
    setTimeout(turno, CADA_MS).unref();
  };
  setTimeout(turno, CADA_MS).unref();
}

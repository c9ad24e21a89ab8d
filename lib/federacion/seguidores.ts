import { prisma } from "../db";
import { dominioDe } from "./servidores";

export interface Seguidor {
  seguidor: string;
  bandeja: string;
  bandejaCompartida: string | null;
  /** Its kind of actor (Person, Application…), when known. */
  tipo?: string | null;
}

/** Keeps (or refreshes) that a remote actor follows one of ours. */
export async function guardarSeguidor(actor: string, s: Seguidor): Promise<void> {
  await prisma.$executeRaw`
    INSERT INTO federacion_seguidor (actor, seguidor, bandeja, bandeja_compartida, dominio, tipo)
    VALUES (${actor}, ${s.seguidor}, ${s.bandeja}, ${s.bandejaCompartida}, ${dominioDe(s.seguidor)}, ${s.tipo ?? null})
    ON CONFLICT (actor, seguidor) DO UPDATE
      SET bandeja = EXCLUDED.bandeja, bandeja_compartida = EXCLUDED.bandeja_compartida, tipo = EXCLUDED.tipo`;
}

/** Forgets a follow: of one of our actors, or (actor null) every follow of a remote actor that was deleted. */
export async function quitarSeguidor(actor: string | null, seguidor: string): Promise<void> {
  if (actor === null) await prisma.$executeRaw`DELETE FROM federacion_seguidor WHERE seguidor = ${seguidor}`;
  else await prisma.$executeRaw`DELETE FROM federacion_seguidor WHERE actor = ${actor} AND seguidor = ${seguidor}`;
}

/** A follower as Fedify delivers to it: its actor, its inbox and its server's shared inbox. */
export interface Destinatario {
  id: URL;
  inboxId: URL;
  endpoints: { sharedInbox: URL } | null;
}

/** Kinds of actor that are a whole server's rather than a person's (Mobilizon's relay@ is an Application). */
export const ACTORES_DE_SERVIDOR = ["Application", "Service"];

/**
 * The followers of any of these actors of ours, each once, oldest first; `tipos`, only those of
 * these kinds of actor.
 */
export async function destinatariosDe(
  actores: readonly string[],
  { tipos = null }: { tipos?: readonly string[] | null } = {},
): Promise<Destinatario[]> {
  const filas = await prisma.$queryRaw<Seguidor[]>`
    SELECT seguidor, bandeja, "bandejaCompartida" FROM (
      SELECT DISTINCT ON (seguidor) seguidor, bandeja, bandeja_compartida AS "bandejaCompartida", creado
      FROM federacion_seguidor
      WHERE actor = ANY(${actores}) AND (${tipos}::text[] IS NULL OR tipo = ANY(${tipos}::text[]))
      ORDER BY seguidor, creado DESC) s
    ORDER BY creado, seguidor`;
  return filas.map((s) => ({
    id: new URL(s.seguidor),
    inboxId: new URL(s.bandeja),
    endpoints: s.bandejaCompartida ? { sharedInbox: new URL(s.bandejaCompartida) } : null,
  }));
}

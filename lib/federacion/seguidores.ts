import { prisma } from "../db";

export interface Seguidor {
  seguidor: string;
  bandeja: string;
  bandejaCompartida: string | null;
}

/** Keeps (or refreshes) that a remote actor follows one of ours. */
export async function guardarSeguidor(actor: string, s: Seguidor): Promise<void> {
  await prisma.$executeRaw`
    INSERT INTO federacion_seguidor (actor, seguidor, bandeja, bandeja_compartida)
    VALUES (${actor}, ${s.seguidor}, ${s.bandeja}, ${s.bandejaCompartida})
    ON CONFLICT (actor, seguidor) DO UPDATE SET bandeja = EXCLUDED.bandeja, bandeja_compartida = EXCLUDED.bandeja_compartida`;
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

/** The followers of any of these actors of ours, each once, oldest first. */
export async function destinatariosDe(actores: readonly string[]): Promise<Destinatario[]> {
  const filas = await prisma.$queryRaw<Seguidor[]>`
    SELECT seguidor, bandeja, "bandejaCompartida" FROM (
      SELECT DISTINCT ON (seguidor) seguidor, bandeja, bandeja_compartida AS "bandejaCompartida", creado
      FROM federacion_seguidor WHERE actor = ANY(${actores}) ORDER BY seguidor, creado DESC) s
    ORDER BY creado, seguidor`;
  return filas.map((s) => ({
    id: new URL(s.seguidor),
    inboxId: new URL(s.bandeja),
    endpoints: s.bandejaCompartida ? { sharedInbox: new URL(s.bandejaCompartida) } : null,
  }));
}

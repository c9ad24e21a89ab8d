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

/** One of our actors' followers, oldest first. */
export async function seguidoresDe(actor: string): Promise<Seguidor[]> {
  return prisma.$queryRaw<Seguidor[]>`
    SELECT seguidor, bandeja, bandeja_compartida AS "bandejaCompartida"
    FROM federacion_seguidor WHERE actor = ${actor} ORDER BY creado, seguidor`;
}

import type { PrismaClient } from "../db/client";
import { storage } from "./storage";

/**
 * The advisory lock between removing files and backing them up. A backup holds it exclusively
 * from the moment of its database snapshot until it has linked the files that snapshot refers
 * to (scripts/lib/copia.ts); removals hold it shared. So a file whose row a backup's snapshot still
 * has is never removed before the backup has it, and removals never wait for each other.
 */
export const CANDADO_ARCHIVOS = 7_061_001;

/**
 * Removes the files of image rows already deleted (after the commit, so no row is left pointing
 * at missing files). A failure is logged, not thrown: the rows are gone, and a file left behind
 * costs only space.
 */
export async function quitarArchivos(db: PrismaClient, keys: string[], etiqueta: string): Promise<void> {
  if (keys.length === 0) return;
  await anotandoFallo(
    keys,
    etiqueta,
    db.$transaction(
      async (tx) => {
        await tx.$executeRaw`SELECT pg_advisory_xact_lock_shared(${CANDADO_ARCHIVOS})`;
        await storage().remove(keys);
      },
      // A backup links its files in seconds; waiting for it is better than leaving files behind.
      { maxWait: 10_000, timeout: 120_000 },
    ),
  );
}

/**
 * Removes files no committed row ever referred to (a write that failed): no backup's snapshot
 * has them, so no lock, and no database (the write may have failed because it went away).
 */
export async function quitarArchivosNoGuardados(keys: string[], etiqueta: string): Promise<void> {
  await anotandoFallo(keys, etiqueta, storage().remove(keys));
}

async function anotandoFallo(keys: string[], etiqueta: string, borrado: Promise<unknown>): Promise<void> {
  await borrado.catch((error) => console.error(`[${etiqueta}] archivos sin borrar:`, keys, error));
}

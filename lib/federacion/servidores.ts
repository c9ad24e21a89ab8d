import { Memo } from "../cache";
import type { Prisma } from "../generated/prisma/client";
import { prisma } from "../db";

/** How long the blocked servers read from the table serve before they are read again. */
const LISTA_MS = 5_000;

/** The lower-case host name of a URL (no port), or null when it is not one. */
export function dominioDe(url: string | URL | null | undefined): string | null {
  if (!url) return null;
  try {
    return new URL(url).hostname.toLowerCase() || null;
  } catch {
    return null;
  }
}

/** A host as the team writes it to block: "mastodon.example", a URL of it, or "@ana@mastodon.example". */
export function dominioEscrito(texto: string): string | null {
  const t = texto.trim().toLowerCase();
  const cuenta = /^@?[^@\s]+@([^@\s/]+)$/.exec(t);
  const escrito = cuenta ? cuenta[1]! : /^[a-z]+:\/\//.test(t) ? dominioDe(t) : t.replace(/\/.*$/, "");
  const host = escrito?.replace(/:\d+$/, "");
  return host && /^(?=.{1,253}$)([a-z0-9-]{1,63}\.)*[a-z0-9-]{1,63}$/.test(host) ? host : null;
}

/** The blocked servers, read at most every LISTA_MS by each process (one read for callers at once). */
const bloqueos = new Memo<Set<string>>(1, LISTA_MS);
const BLOQUEOS = "bloqueos";

/** Whether a host is blocked: itself or a domain it is under (blocking example.org blocks social.example.org). */
export async function dominioBloqueado(dominio: string): Promise<boolean> {
  const dominios = await bloqueos.get(BLOQUEOS, async () => {
    const filas = await prisma.$queryRaw<{ dominio: string }[]>`SELECT dominio FROM federacion_bloqueo`;
    return new Set(filas.map((f) => f.dominio));
  });
  const partes = dominio.toLowerCase().split(".");
  return partes.some((_, i) => dominios.has(partes.slice(i).join(".")));
}

/**
 * Makes this process read the blocked servers again: after a block or an unblock is committed
 * (before it, a read could keep the old list for LISTA_MS).
 */
export const olvidarBloqueos = () => bloqueos.borrar(BLOQUEOS);

/**
 * Blocks a server, in the caller's transaction (which calls olvidarBloqueos once committed): its
 * followers' follows and our follows of its accounts go (deliveries to it still queued are
 * dropped when their turn comes, entregas.ts); whether it was not blocked before.
 */
export async function bloquearDominio(tx: Prisma.TransactionClient, dominio: string): Promise<boolean> {
  const nuevo =
    await tx.$executeRaw`INSERT INTO federacion_bloqueo (dominio) VALUES (${dominio}) ON CONFLICT DO NOTHING`;
  await tx.$executeRaw`
    DELETE FROM federacion_seguidor WHERE dominio = ${dominio} OR dominio LIKE ${`%.${dominio}`}`;
  await tx.$executeRaw`
    DELETE FROM federacion_seguido WHERE dominio = ${dominio} OR dominio LIKE ${`%.${dominio}`}`;
  return nuevo === 1;
}

/** Lifts a server's block, in the caller's transaction (as bloquearDominio); whether it was blocked. */
export async function desbloquearDominio(tx: Prisma.TransactionClient, dominio: string): Promise<boolean> {
  return (await tx.$executeRaw`DELETE FROM federacion_bloqueo WHERE dominio = ${dominio}`) === 1;
}

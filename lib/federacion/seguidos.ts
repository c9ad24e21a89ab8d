import type { Context } from "@fedify/fedify";
import { Follow, isActor, Undo, type Activity } from "@fedify/vocab";
import { prisma } from "../db";
import { descargar, textoDe } from "../net/descarga";
import { SITIO } from "./actores";
import { loopbackFederado, MAX_BYTES_DOCUMENTO } from "./documentos";
import { CuentaNoSeguida, mensajesFederacion } from "./mensajes";
import { dominioDe } from "./servidores";

/** How long what the followed accounts sent is kept. */
const RECIBIDAS_DIAS = 30;

export interface Seguido {
  cuenta: string;
  actor: string;
  aceptado: Date | null;
}

/** Our Follow of an account: one id per account, so that its Accept, Reject or Undo names it. */
const idDeSeguimiento = (ctx: Context<void>, actor: string) =>
  new URL(`#sigue/${encodeURIComponent(actor)}`, ctx.getActorUri(SITIO));

/**
 * The actor's URL of an account ("nombre@servidor"), by WebFinger through the safe fetcher
 * (Fedify's own lookup reads with the global fetch); null when its server does not know it.
 * Over https, or http on this machine's loopback when FEDERATION_ALLOW_LOOPBACK allows it.
 */
async function webfinger(cuenta: string): Promise<string | null> {
  const servidor = cuenta.slice(cuenta.lastIndexOf("@") + 1);
  if (!servidor || /[/?#\s]/.test(servidor)) return null;
  const esquema = loopbackFederado() && /^127\./.test(servidor) ? "http" : "https";
  const url = `${esquema}://${servidor}/.well-known/webfinger?resource=${encodeURIComponent(`acct:${cuenta}`)}`;
  try {
    const r = await descargar(url, {
      accept: "application/jrd+json, application/json;q=0.9",
      maxBytes: MAX_BYTES_DOCUMENTO,
      timeoutMs: 10_000,
      permitirLoopback: loopbackFederado(),
    });
    const { links } = JSON.parse(textoDe(r)) as { links?: { rel?: string; type?: string; href?: string }[] };
    const yo = links?.find((l) => l.rel === "self" && /activity\+json|ld\+json/.test(l.type ?? ""));
    return yo?.href ?? null;
  } catch {
    return null;
  }
}

/**
 * The site's actor follows an account of another server ("@vinuesa@planazo.example", or its
 * actor's URL), found by WebFinger: kept as pending until it accepts. Throws CuentaNoSeguida
 * with the reason in Spanish when no such account answers.
 */
export async function seguirCuenta(ctx: Context<void>, cuenta: string): Promise<Seguido> {
  const escrita = cuenta.trim().replace(/^@/, "");
  const direccion = /^https?:\/\//.test(escrita) ? escrita : await webfinger(escrita);
  const actor = direccion ? await ctx.lookupObject(direccion).catch(() => null) : null;
  if (!actor || !isActor(actor) || !actor.id || !actor.inboxId)
    throw new CuentaNoSeguida(mensajesFederacion.cuentaNoEncontrada);
  if (ctx.parseUri(actor.id)) throw new CuentaNoSeguida(mensajesFederacion.cuentaPropia);
  const [fila] = await prisma.$queryRaw<Seguido[]>`
    INSERT INTO federacion_seguido (cuenta, actor, dominio, bandeja)
    VALUES (${direccion === escrita ? escrita : `@${escrita}`}, ${actor.id.href}, ${dominioDe(actor.id)}, ${actor.inboxId.href})
    ON CONFLICT (actor) DO UPDATE SET bandeja = EXCLUDED.bandeja
    RETURNING cuenta, actor, aceptado`;
  await ctx.sendActivity(
    { identifier: SITIO },
    actor,
    new Follow({ id: idDeSeguimiento(ctx, actor.id.href), actor: ctx.getActorUri(SITIO), object: actor.id }),
  );
  return fila!;
}

/** The site stops following an account: its Undo is sent, and the row goes; whether it was followed. */
export async function dejarDeSeguir(ctx: Context<void>, actor: string): Promise<boolean> {
  const [fila] = await prisma.$queryRaw<{ bandeja: string }[]>`
    DELETE FROM federacion_seguido WHERE actor = ${actor} RETURNING bandeja`;
  if (!fila) return false;
  const id = idDeSeguimiento(ctx, actor);
  await ctx.sendActivity(
    { identifier: SITIO },
    { id: new URL(actor), inboxId: new URL(fila.bandeja) },
    new Undo({
      id: new URL(`${id.href}/deshecho`),
      actor: ctx.getActorUri(SITIO),
      object: new Follow({ id, actor: ctx.getActorUri(SITIO), object: new URL(actor) }),
    }),
  );
  return true;
}

/** An account we follow accepted (or refused, and then it is forgotten). */
export async function respuestaDeSeguido(actor: string, aceptado: boolean): Promise<void> {
  if (aceptado)
    await prisma.$executeRaw`UPDATE federacion_seguido SET aceptado = now() WHERE actor = ${actor} AND aceptado IS NULL`;
  else await prisma.$executeRaw`DELETE FROM federacion_seguido WHERE actor = ${actor}`;
}

/**
 * Keeps what an account we follow sent (an Event created, announced, changed or deleted) for the
 * back-office, as the activity's JSON; from anyone else, nothing. Thirty days' are kept.
 */
export async function guardarRecibida(ctx: Context<void>, actividad: Activity, tipo: string): Promise<void> {
  if (!actividad.id || !actividad.actorId) return;
  const [seguido] = await prisma.$queryRaw<{ actor: string }[]>`
    SELECT actor FROM federacion_seguido WHERE actor = ${actividad.actorId.href}`;
  if (!seguido) return;
  const json = await actividad.toJsonLd({ format: "compact", contextLoader: ctx.contextLoader });
  await prisma.$executeRaw`
    WITH viejas AS (DELETE FROM federacion_recibida WHERE recibida < now() - make_interval(days => ${RECIBIDAS_DIAS}))
    INSERT INTO federacion_recibida (id, tipo, actor, objeto, actividad)
    VALUES (${actividad.id.href}, ${tipo}, ${seguido.actor}, ${actividad.objectId?.href ?? null}, ${JSON.stringify(json)}::jsonb)
    ON CONFLICT (id) DO NOTHING`;
}

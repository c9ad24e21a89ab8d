import "server-only";
import { z } from "zod";
import { prisma } from "../db";
import { env } from "../env";
import { nomenclatorMunicipios } from "../geo/municipios";
import { ApiError } from "../http";
import { conDatos, mensajes } from "../messages";
import { ineDeId, nombresDeMunicipios, organizacionDeId, SITIO, NOMBRES_SITIO } from "../federacion/actores";
import { CuentaNoSeguida } from "../federacion/mensajes";
import { bloquearDominio, desbloquearDominio, dominioEscrito, olvidarBloqueos } from "../federacion/servidores";
import { mensajesGestion } from "../mensajes-gestion";
import type { Gestor } from "./acceso";
import { cambioRegistrado } from "./auditoria";

const dominioSchema = z.object({ dominio: z.string().max(300) });
const actorSchema = z.object({ actor: z.string().max(300) });
const cuentaSchema = z.object({ cuenta: z.string().min(3).max(300) });

export interface ResumenFederacion {
  actores: { actor: string; nombre: string; cuenta: string; seguidores: number }[];
  servidores: { dominio: string; seguidores: number; ultimo: Date }[];
  bloqueados: { dominio: string; creado: Date }[];
  fallos: { dominio: string; bandeja: string; actividad: string | null; error: string; creado: Date }[];
  seguidos: { cuenta: string; actor: string; aceptado: Date | null }[];
  recibidas: {
    id: string;
    tipo: string;
    actor: string;
    cuenta: string | null;
    nombre: string | null;
    recibida: Date;
  }[];
}

/** An actor of ours as the team reads it: its name and its handle on this host. */
async function nombreDeActor(actor: string): Promise<{ nombre: string; cuenta: string }> {
  const host = new URL(env().SITE_URL).host;
  if (actor === SITIO) return { nombre: "Planazo (el sitio)", cuenta: `@${NOMBRES_SITIO[0]}@${host}` };
  const ine = ineDeId(actor);
  if (ine) {
    const nomenclator = await nomenclatorMunicipios();
    const m = nomenclator.porIne.get(ine);
    return {
      nombre: m?.nombre ?? actor,
      cuenta: `@${nombresDeMunicipios(nomenclator).porIne.get(ine) ?? ine}@${host}`,
    };
  }
  const org = organizacionDeId(actor);
  const [fila] = org
    ? await prisma.$queryRaw<{ nombre: string; cuenta: string | null }[]>`
        SELECT o.nombre, n.nombre AS cuenta FROM organizacion o
        LEFT JOIN federacion_nombre n ON n.actor = ${actor} AND n.retirado IS NULL
        WHERE o.id = ${org}::uuid`
    : [];
  return { nombre: fila?.nombre ?? actor, cuenta: fila?.cuenta ? `@${fila.cuenta}@${host}` : "" };
}

/**
 * The fediverse as the back-office shows it: our actors with followers (most first), the servers
 * they are on, the blocked ones, the last week's failed deliveries (newest first, at most 50),
 * the accounts the site follows and the last things they sent.
 */
export async function resumenFederacion(): Promise<ResumenFederacion> {
  const [actores, servidores, bloqueados, fallos, seguidos, recibidas] = await Promise.all([
    prisma.$queryRaw<{ actor: string; seguidores: number }[]>`
      SELECT actor, count(*)::int AS seguidores FROM federacion_seguidor GROUP BY actor ORDER BY 2 DESC, 1 LIMIT 200`,
    prisma.$queryRaw<{ dominio: string; seguidores: number; ultimo: Date }[]>`
      SELECT dominio, count(DISTINCT seguidor)::int AS seguidores, max(creado) AS ultimo
      FROM federacion_seguidor GROUP BY dominio ORDER BY 2 DESC, 1 LIMIT 500`,
    prisma.$queryRaw<
      { dominio: string; creado: Date }[]
    >`SELECT dominio, creado FROM federacion_bloqueo ORDER BY dominio`,
    prisma.$queryRaw<ResumenFederacion["fallos"]>`
      SELECT dominio, bandeja, actividad, error, creado FROM federacion_fallo ORDER BY creado DESC, id DESC LIMIT 50`,
    prisma.$queryRaw<ResumenFederacion["seguidos"]>`
      SELECT cuenta, actor, aceptado FROM federacion_seguido ORDER BY creado`,
    prisma.$queryRaw<ResumenFederacion["recibidas"]>`
      SELECT id, tipo, actor, recibida, (SELECT s.cuenta FROM federacion_seguido s WHERE s.actor = r.actor) AS cuenta, coalesce(
          actividad->'object'->>'name',
          (SELECT c.actividad->'object'->>'name' FROM federacion_recibida c
           WHERE c.objeto = r.objeto AND c.tipo IN ('Create', 'Update') ORDER BY c.recibida DESC LIMIT 1),
          objeto) AS nombre
      FROM federacion_recibida r ORDER BY recibida DESC LIMIT 20`,
  ]);
  return {
    actores: await Promise.all(actores.map(async (a) => ({ ...a, ...(await nombreDeActor(a.actor)) }))),
    servidores,
    bloqueados,
    fallos,
    seguidos,
    recibidas,
  };
}

function dominioPedido(cuerpo: unknown): string {
  const datos = dominioSchema.safeParse(cuerpo);
  const dominio = datos.success ? dominioEscrito(datos.data.dominio) : null;
  if (!dominio) throw new ApiError(400, mensajesGestion.dominioNoValido);
  return dominio;
}

/** A block and its lifting: the change, its action in the log, what is said when it changed or not. */
const BLOQUEOS = {
  bloquear: {
    cambiar: bloquearDominio,
    accion: "bloquear_servidor",
    hecho: mensajesGestion.bloqueado,
    nada: mensajesGestion.yaBloqueado,
  },
  desbloquear: {
    cambiar: desbloquearDominio,
    accion: "desbloquear_servidor",
    hecho: mensajesGestion.desbloqueado,
    nada: mensajesGestion.noBloqueado,
  },
} as const;

/** Blocks a server, or lifts its block (admin; idempotent), and this process reads the blocks again once committed. */
async function cambiarBloqueo(gestor: Gestor, cuerpo: unknown, que: keyof typeof BLOQUEOS) {
  const dominio = dominioPedido(cuerpo);
  const b = BLOQUEOS[que];
  const cambio = await cambioRegistrado(gestor, { accion: b.accion, objetoTipo: "servidor", objetoId: dominio }, (tx) =>
    b.cambiar(tx, dominio),
  );
  olvidarBloqueos();
  return { mensaje: conDatos(cambio ? b.hecho : b.nada, { dominio }), cambio, dominio };
}

/**
 * Deletes every follower of one of our actors (admin), as asked by whoever runs the town's or
 * organization's account: one action, in the log with how many went.
 */
export async function borrarSeguidores(gestor: Gestor, cuerpo: unknown) {
  const datos = actorSchema.safeParse(cuerpo);
  if (!datos.success) throw new ApiError(400, mensajes.datosNoValidos);
  const { actor } = datos.data;
  let n = 0;
  await cambioRegistrado(gestor, { accion: "borrar_seguidores", objetoTipo: "actor", objetoId: actor }, async (tx) => {
    n = await tx.$executeRaw`DELETE FROM federacion_seguidor WHERE actor = ${actor}`;
    return n > 0;
  });
  const { nombre } = await nombreDeActor(actor);
  return {
    mensaje: conDatos(n > 0 ? mensajesGestion.seguidoresBorrados : mensajesGestion.sinSeguidores, {
      n: String(n),
      actor: nombre,
    }),
    cambio: n > 0,
    borrados: n,
  };
}

/** The site's actor follows an account of another server (admin), found by WebFinger. */
export async function seguirCuentaRemota(gestor: Gestor, cuerpo: unknown) {
  const datos = cuentaSchema.safeParse(cuerpo);
  if (!datos.success) throw new ApiError(400, mensajesGestion.dominioNoValido);
  const [{ contextoDelSitio }, { seguirCuenta }] = await Promise.all([
    import("../federacion/federacion"),
    import("../federacion/seguidos"),
  ]);
  try {
    const seguido = await seguirCuenta(contextoDelSitio(), datos.data.cuenta);
    await cambioRegistrado(
      gestor,
      { accion: "seguir_cuenta", objetoTipo: "actor", objetoId: seguido.actor },
      async () => true,
    );
    return { mensaje: conDatos(mensajesGestion.siguiendo, { cuenta: seguido.cuenta }), cambio: true, seguido };
  } catch (error) {
    if (error instanceof CuentaNoSeguida) throw new ApiError(422, error.message);
    throw error;
  }
}

/** The site's actor stops following an account (admin). */
export async function dejarDeSeguirCuenta(gestor: Gestor, cuerpo: unknown) {
  const datos = actorSchema.safeParse(cuerpo);
  if (!datos.success) throw new ApiError(400, mensajes.datosNoValidos);
  const [{ contextoDelSitio }, { dejarDeSeguir }] = await Promise.all([
    import("../federacion/federacion"),
    import("../federacion/seguidos"),
  ]);
  const cambio = await cambioRegistrado(
    gestor,
    { accion: "dejar_de_seguir", objetoTipo: "actor", objetoId: datos.data.actor },
    () => dejarDeSeguir(contextoDelSitio(), datos.data.actor),
  );
  if (!cambio) throw new ApiError(404, mensajesGestion.noSeguida);
  return { mensaje: conDatos(mensajesGestion.dejadoDeSeguir, { cuenta: datos.data.actor }), cambio };
}

/** The back-office's actions on the fediverse, by the name their call has (/api/gestion/federacion/{accion}). */
export const ACCIONES_FEDERACION = {
  bloquear: (gestor: Gestor, cuerpo: unknown) => cambiarBloqueo(gestor, cuerpo, "bloquear"),
  desbloquear: (gestor: Gestor, cuerpo: unknown) => cambiarBloqueo(gestor, cuerpo, "desbloquear"),
  "borrar-seguidores": borrarSeguidores,
  seguir: seguirCuentaRemota,
  "dejar-de-seguir": dejarDeSeguirCuenta,
} as const;

import "server-only";
import { fechaHora } from "../dates";
import { prisma } from "../db";
import type { EstadoSolicitud, Prisma } from "../generated/prisma/client";
import { ApiError } from "../http";
import { conDatos } from "../con-datos";
import type { Gestor } from "./acceso";
import type { Accion } from "./acciones";
import { registrar } from "./auditoria";
import { POR_PAGINA_GESTION, paginaKeyset } from "./cursor";
import { PERIODOS_DESTACADO, PRECIOS_DESTACADO, type PeriodoDestacado } from "../solicitudes/schemas";
import { destacar } from "./moderacion";
import { mensajesGestion } from "../mensajes-gestion";

/**
 * The featuring requests (POST /api/emailDestacado, sent from the app after publishing): nueva
 * until the team calls ('contactada'), then the plan is featured for what was agreed
 * ('destacada') or the request is dropped ('descartada'). Kept one year (lib/tareas/retencion.ts).
 */

export const ESTADOS_SOLICITUD = [
  "nueva",
  "contactada",
  "destacada",
  "descartada",
] as const satisfies readonly EstadoSolicitud[];

export const esEstadoSolicitud = (s: string | undefined): s is EstadoSolicitud =>
  (ESTADOS_SOLICITUD as readonly string[]).includes(s ?? "");

/** Where each estado may go: a new request may go anywhere; a contacted one only to an end. */
const SIGUIENTES: Record<EstadoSolicitud, readonly EstadoSolicitud[]> = {
  nueva: ["contactada", "destacada", "descartada"],
  contactada: ["destacada", "descartada"],
  destacada: [],
  descartada: [],
};

/** A page of requests (of one estado, or all), newest first, with the plan when it still exists (keyset, never OFFSET). */
export async function listarSolicitudes(
  estado: EstadoSolicitud | undefined,
  despues: { creadoEn: Date; id: string } | null,
) {
  const filas = await prisma.solicitudDestacado.findMany({
    where: {
      ...(estado ? { estado } : {}),
      ...(despues
        ? { OR: [{ createdAt: { lt: despues.creadoEn } }, { createdAt: despues.creadoEn, id: { lt: despues.id } }] }
        : {}),
    },
    include: { plan: { select: { id: true, titulo: true, destacadoHasta: true } } },
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    take: POR_PAGINA_GESTION + 1,
  });
  const { pagina, siguiente } = paginaKeyset(filas, (ultima) => ({ creadoEn: ultima.createdAt, id: ultima.id }));
  return { solicitudes: pagina, siguiente };
}

type Tx = Prisma.TransactionClient;
type Fila = { estado: EstadoSolicitud; notas: string; plan_id: string | null };

/** The request, locked until the transaction ends: a second moderator waits and then sees the first one's change. */
async function bloquear(tx: Tx, id: string): Promise<Fila> {
  const [fila] = await tx.$queryRaw<
    Fila[]
  >`SELECT estado, notas, plan_id FROM solicitud_destacado WHERE id = ${id}::uuid FOR UPDATE`;
  if (!fila) throw new ApiError(404, mensajesGestion.solicitudNoEncontrada);
  return fila;
}

/** 409 unless the request may go from `desde` to `hacia` (staying where it is is a repeat, not an error). */
function comprobarPaso(desde: EstadoSolicitud, hacia: EstadoSolicitud): void {
  if (desde !== hacia && !SIGUIENTES[desde].includes(hacia))
    throw new ApiError(409, conDatos(mensajesGestion.solicitudTransicion, { desde, hacia }));
}

/** The notes with one more line: when, who, what. */
const anotar = (notas: string, gestor: Gestor, texto: string) =>
  `${notas}${notas ? "\n" : ""}${fechaHora(new Date())} · ${gestor.email}: ${texto}`;

async function cambiar(tx: Tx, gestor: Gestor, id: string, estado: EstadoSolicitud, notas: string): Promise<void> {
  await tx.$executeRaw`
    UPDATE solicitud_destacado SET estado = ${estado}::estado_solicitud, notas = ${notas}, atendida_por = ${gestor.email}, actualizada_en = now()
    WHERE id = ${id}::uuid`;
}

type Resultado = { mensaje: string; cambio: boolean };

/**
 * Moves a request to 'contactada' or 'descartada' (with an optional note). A repeat changes
 * nothing and says so; each call is logged.
 */
export async function pasarSolicitud(
  gestor: Gestor,
  id: string,
  hacia: "contactada" | "descartada",
  nota: string | null,
): Promise<Resultado> {
  const accion: Accion = hacia === "contactada" ? "solicitud_contactada" : "solicitud_descartada";
  const cambio = await prisma.$transaction(async (tx) => {
    const fila = await bloquear(tx, id);
    comprobarPaso(fila.estado, hacia);
    const cambio = fila.estado !== hacia;
    if (cambio) await cambiar(tx, gestor, id, hacia, nota ? anotar(fila.notas, gestor, nota) : fila.notas);
    await registrar(tx, gestor, {
      accion,
      objetoTipo: "solicitud",
      objetoId: id,
      motivo: nota,
      datos: { cambio, antes: fila.estado },
    });
    return cambio;
  });
  if (hacia === "contactada")
    return { mensaje: cambio ? mensajesGestion.solicitudContactada : mensajesGestion.solicitudYaContactada, cambio };
  return { mensaje: cambio ? mensajesGestion.solicitudDescartada : mensajesGestion.solicitudYaDescartada, cambio };
}

/**
 * "Destacar 1 semana (2 €)" / "Destacar 1 mes (5 €)": features the request's plan through
 * destacar() and marks the request 'destacada' with a line in its notes, in one transaction. A
 * repeat on a request already 'destacada' changes nothing (the plan is not featured twice).
 */
export async function destacarSolicitud(
  gestor: Gestor,
  id: string,
  periodo: PeriodoDestacado,
): Promise<Resultado & { hasta: string | null }> {
  return prisma.$transaction(async (tx) => {
    const fila = await bloquear(tx, id);
    comprobarPaso(fila.estado, "destacada");
    if (fila.estado === "destacada") {
      await registrar(tx, gestor, {
        accion: "solicitud_destacada",
        objetoTipo: "solicitud",
        objetoId: id,
        datos: { cambio: false, periodo },
      });
      return { mensaje: mensajesGestion.solicitudYaDestacada, cambio: false, hasta: null };
    }
    if (!fila.plan_id) throw new ApiError(409, mensajesGestion.solicitudSinPlan);
    const compra = `${PERIODOS_DESTACADO[periodo]} (${PRECIOS_DESTACADO[periodo]})`;
    const d = await destacar(gestor, fila.plan_id, periodo, `Solicitud ${id}: ${compra}`, tx).catch((e: unknown) => {
      // The plan was deleted between the request's lock and the plan's.
      throw e instanceof ApiError && e.status === 404 ? new ApiError(409, mensajesGestion.solicitudSinPlan) : e;
    });
    const fecha = d.hasta ? fechaHora(new Date(d.hasta)) : "";
    await cambiar(tx, gestor, id, "destacada", anotar(fila.notas, gestor, `Destacado ${compra} hasta el ${fecha}.`));
    await registrar(tx, gestor, {
      accion: "solicitud_destacada",
      objetoTipo: "solicitud",
      objetoId: id,
      datos: { cambio: true, antes: fila.estado, periodo, planId: fila.plan_id, hasta: d.hasta },
    });
    return { mensaje: conDatos(mensajesGestion.solicitudDestacada, { fecha }), cambio: true, hasta: d.hasta };
  });
}

/** Replaces the notes (any estado); the same text again changes nothing. */
export async function guardarNotas(gestor: Gestor, id: string, notas: string): Promise<Resultado> {
  const cambio = await prisma.$transaction(async (tx) => {
    const fila = await bloquear(tx, id);
    const cambio = fila.notas !== notas;
    if (cambio) await cambiar(tx, gestor, id, fila.estado, notas);
    await registrar(tx, gestor, {
      accion: "solicitud_notas",
      objetoTipo: "solicitud",
      objetoId: id,
      datos: { cambio },
    });
    return cambio;
  });
  return {
    mensaje: cambio ? mensajesGestion.solicitudNotasGuardadas : mensajesGestion.solicitudNotasSinCambios,
    cambio,
  };
}

import "server-only";
import { prisma } from "../db";
import { Prisma } from "../generated/prisma/client";
import { ApiError } from "../http";
import type { StoredImage } from "../media/images";
import { fileField, removeImageFiles, writeWithImage, storeUpload } from "../media/upload";
import { conDatos } from "../con-datos";
import { camposDeTexto } from "../schemas";
import { ARCHIVO_JSON } from "../plans/queries";
import { UUID_PATTERN } from "../schemas";
import {
  camposPatrocinioSchema,
  primerErrorPatrocinio,
  type CamposPatrocinio,
  type EstadoPatrocinio,
} from "../patrocinios/schemas";
import {
  ESTADO_PATROCINIO,
  ORDEN_PATROCINIO,
  serializePatrocinio,
  type Patrocinado,
  type PatrocinioRow,
} from "../patrocinios/vigentes";
import type { Gestor } from "./acceso";
import { cambioRegistrado, registrar } from "./auditoria";
import { dondeFiltros, paginaKeyset, POR_PAGINA_GESTION } from "./cursor";
import { mensajesGestion } from "../mensajes-gestion";

type Tx = Prisma.TransactionClient;

/** The turns of the cards change one at a time: creating, moving and deleting take this lock. */
const bloquearTurnos = (tx: Tx) => tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtext('patrocinio_orden'))`;

/** A sponsor card as the back-office lists and edits it. */
export interface PatrocinioGestion {
  id: string;
  /** Its turn among all the cards, 1 first. */
  posicion: number;
  total: number;
  estado: EstadoPatrocinio;
  /** YYYY-MM-DD, or "" when open. */
  activoDesde: string;
  activoHasta: string;
  creado: Date;
  tarjeta: Patrocinado;
}

interface FilaGestion extends PatrocinioRow {
  posicion: number;
  total: number;
  orden: number;
  estado: EstadoPatrocinio;
  desde: string | null;
  hasta: string | null;
  created_at: Date;
}

const deFila = (f: FilaGestion): PatrocinioGestion => ({
  id: f.id,
  posicion: f.posicion,
  total: f.total,
  estado: f.estado,
  activoDesde: f.desde ?? "",
  activoHasta: f.hasta ?? "",
  creado: f.created_at,
  tarjeta: serializePatrocinio(f),
});

/** Every card with its turn and state; the filter (a state) and the cursor apply after the turns are counted. */
function consulta(condiciones: Prisma.Sql[], limite: number) {
  return prisma.$queryRaw<FilaGestion[]>`
    WITH todos AS (
      SELECT s.id, s.empresa, s.enlace_empresa, s.titulo, s.descripcion, s.orden, s.created_at, ${ARCHIVO_JSON} AS cartel,
             ${ESTADO_PATROCINIO} AS estado,
             to_char(s.activo_desde, 'YYYY-MM-DD') AS desde, to_char(s.activo_hasta, 'YYYY-MM-DD') AS hasta,
             (row_number() OVER (ORDER BY ${ORDEN_PATROCINIO}))::int AS posicion, (count(*) OVER ())::int AS total
      FROM patrocinio s LEFT JOIN archivo a ON a.id = s.archivo_cartel_id)
    SELECT * FROM todos
    ${dondeFiltros(condiciones)}
    ORDER BY posicion
    LIMIT ${limite}`;
}

/** The cards in their turn, optionally of one state; keyset pages on the turn. */
export async function listarPatrocinios(f: { estado: EstadoPatrocinio | null; despues: number | null }) {
  const condiciones: Prisma.Sql[] = [];
  if (f.estado) condiciones.push(Prisma.sql`estado = ${f.estado}`);
  if (f.despues !== null) condiciones.push(Prisma.sql`posicion > ${f.despues}`);
  const filas = await consulta(condiciones, POR_PAGINA_GESTION + 1);
  const { pagina, siguiente } = paginaKeyset(filas, (ultima) => ultima.posicion);
  return { patrocinios: pagina.map(deFila), siguiente };
}

/** One card for its edit page, or null. */
export async function leerPatrocinio(id: string): Promise<PatrocinioGestion | null> {
  if (!UUID_PATTERN.test(id)) return null;
  const [fila] = await consulta([Prisma.sql`id = ${id}::uuid`], 1);
  return fila ? deFila(fila) : null;
}

/** The text fields of the multipart form; `enlaceCompany` is the spec's other spelling of `enlaceEmpresa`. */
const leer = (form: FormData): CamposPatrocinio =>
  camposDeTexto(form, camposPatrocinioSchema, { enlaceCompany: "enlaceEmpresa" });

const dia = (v: string | undefined) => (v ? new Date(`${v}T00:00:00Z`) : null);

/** POST /api/gestion/patrocinios: a new card, last in the turn, shown from its first day. */
export async function crearPatrocinio(gestor: Gestor, form: FormData) {
  const d = leer(form);
  const cartel = fileField(form, "archivoCartel");
  const error = primerErrorPatrocinio(d, { modo: "crear", conCartel: cartel !== null });
  if (error) throw new ApiError(400, error);
  const img = await storeUpload(cartel!, "patrocinios");
  const id = await writeWithImage(img, async (tx) => {
    await bloquearTurnos(tx);
    const [{ siguiente }] = await tx.$queryRaw<
      { siguiente: number }[]
    >`SELECT (coalesce(max(orden), 0) + 1)::int AS siguiente FROM patrocinio`;
    const creado = await tx.patrocinio.create({
      data: {
        empresa: d.empresa!,
        enlaceEmpresa: d.enlaceEmpresa!,
        titulo: d.titulo!,
        descripcion: d.descripcion ?? "",
        activoDesde: dia(d.activoDesde),
        activoHasta: dia(d.activoHasta),
        orden: siguiente,
        archivoCartel: { create: img },
      },
      select: { id: true },
    });
    await registrar(tx, gestor, {
      accion: "crear_patrocinio",
      objetoTipo: "patrocinio",
      objetoId: creado.id,
      datos: { empresa: d.empresa!, titulo: d.titulo! },
    });
    return creado.id;
  });
  return { mensaje: mensajesGestion.patrocinioCreado, patrocinio: (await leerPatrocinio(id))!.tarjeta };
}

/** The card with its poster, locked for the rest of the transaction, or null when there is none. */
async function buscarBloqueado(tx: Tx, id: string) {
  const [fila] = UUID_PATTERN.test(id)
    ? await tx.$queryRaw<{ id: string }[]>`SELECT id FROM patrocinio WHERE id = ${id}::uuid FOR UPDATE`
    : [];
  return fila ? tx.patrocinio.findUniqueOrThrow({ where: { id }, include: { archivoCartel: true } }) : null;
}

/** The card, locked for the rest of the transaction, or 404. */
async function bloquear(tx: Tx, id: string) {
  const actual = await buscarBloqueado(tx, id);
  if (!actual) throw new ApiError(404, mensajesGestion.patrocinioNoEncontrado);
  return actual;
}

const textoDia = (d: Date | null) => (d ? d.toISOString().slice(0, 10) : "");

const CAMPOS = ["empresa", "enlaceEmpresa", "titulo", "descripcion", "activoDesde", "activoHasta"] as const;

/** PATCH /api/gestion/patrocinios/{id}: the fields sent replace the card's; a new poster replaces the old files after the commit. */
export async function actualizarPatrocinio(gestor: Gestor, id: string, form: FormData) {
  const cambios = leer(form);
  const cartel = fileField(form, "archivoCartel");
  // Checked before storing a poster: a card that does not exist gets 404, not an orphan file.
  const existe = UUID_PATTERN.test(id) && (await prisma.patrocinio.count({ where: { id } })) > 0;
  if (!existe) throw new ApiError(404, mensajesGestion.patrocinioNoEncontrado);
  const img: StoredImage | null = cartel ? await storeUpload(cartel, "patrocinios") : null;
  const { viejo, cambiados } = await writeWithImage(img, async (tx) => {
    const actual = await bloquear(tx, id);
    // The card as the form speaks of it; the fields sent replace their own.
    const antes: CamposPatrocinio = {
      empresa: actual.empresa,
      enlaceEmpresa: actual.enlaceEmpresa,
      titulo: actual.titulo,
      descripcion: actual.descripcion,
      activoDesde: textoDia(actual.activoDesde),
      activoHasta: textoDia(actual.activoHasta),
    };
    const d: CamposPatrocinio = {
      ...antes,
      ...Object.fromEntries(Object.entries(cambios).filter(([, v]) => v !== undefined)),
    };
    const error = primerErrorPatrocinio(d, { modo: "actualizar", conCartel: true });
    if (error) throw new ApiError(400, error);
    const cambiados: string[] = CAMPOS.filter((k) => (d[k] ?? "") !== antes[k]);
    if (img) cambiados.push("cartel");
    if (cambiados.length > 0) {
      const nuevo = img ? await tx.archivo.create({ data: img, select: { id: true } }) : null;
      await tx.patrocinio.update({
        where: { id },
        data: {
          empresa: d.empresa,
          enlaceEmpresa: d.enlaceEmpresa,
          titulo: d.titulo,
          descripcion: d.descripcion ?? "",
          activoDesde: dia(d.activoDesde),
          activoHasta: dia(d.activoHasta),
          ...(nuevo ? { archivoCartelId: nuevo.id } : {}),
        },
      });
      if (nuevo && actual.archivoCartel) await tx.archivo.delete({ where: { id: actual.archivoCartel.id } });
    }
    await registrar(tx, gestor, {
      accion: "editar_patrocinio",
      objetoTipo: "patrocinio",
      objetoId: id,
      datos: { cambios: cambiados },
    });
    return { viejo: img ? actual.archivoCartel : null, cambiados };
  });
  if (viejo) await removeImageFiles([viejo]);
  return {
    mensaje: cambiados.length > 0 ? mensajesGestion.patrocinioGuardado : mensajesGestion.patrocinioSinCambios,
    patrocinio: (await leerPatrocinio(id))!.tarjeta,
  };
}

/** POST /api/gestion/patrocinios/{id}/pausar { pausado }: idempotent; a repeat changes nothing and is logged. */
export async function pausarPatrocinio(gestor: Gestor, id: string, pausado: boolean, motivo: string | null) {
  const entrada = {
    accion: pausado ? "pausar_patrocinio" : "reanudar_patrocinio",
    objetoTipo: "patrocinio",
    objetoId: id,
    motivo,
  } as const;
  const cambio = await cambioRegistrado(gestor, entrada, async (tx) => {
    const actual = await bloquear(tx, id);
    const cambia = actual.activo === pausado;
    if (cambia) await tx.patrocinio.update({ where: { id }, data: { activo: !pausado } });
    return cambia;
  });
  const mensaje = pausado
    ? cambio
      ? mensajesGestion.patrocinioPausado
      : mensajesGestion.patrocinioYaPausado
    : cambio
      ? mensajesGestion.patrocinioReanudado
      : mensajesGestion.patrocinioYaActivo;
  return { mensaje, cambio };
}

/**
 * POST /api/gestion/patrocinios/{id}/orden { posicion }: the card takes that turn (beyond the
 * last: the last) and the others close up. Asking for the turn it has changes nothing.
 */
export async function ordenarPatrocinio(gestor: Gestor, id: string, posicion: number) {
  const { cambio, hacia } = await prisma.$transaction(async (tx) => {
    await bloquear(tx, id);
    await bloquearTurnos(tx);
    const filas = await tx.$queryRaw<
      { id: string; orden: number }[]
    >`SELECT s.id, s.orden FROM patrocinio s ORDER BY ${ORDEN_PATROCINIO}`;
    const desde = filas.findIndex((f) => f.id === id) + 1;
    const hacia = Math.min(posicion, filas.length);
    const ids = filas.map((f) => f.id).filter((x) => x !== id);
    ids.splice(hacia - 1, 0, id);
    // Only the rows whose number changes are written (one statement; its trigger moves the search version).
    const cambiar = ids.flatMap((x, i) =>
      filas.find((f) => f.id === x)!.orden === i + 1 ? [] : [{ id: x, orden: i + 1 }],
    );
    if (cambiar.length > 0) {
      await tx.$executeRaw`
        UPDATE patrocinio s SET orden = n.orden
        FROM unnest(${cambiar.map((c) => c.id)}::uuid[], ${cambiar.map((c) => c.orden)}::int[]) AS n(id, orden)
        WHERE s.id = n.id`;
    }
    await registrar(tx, gestor, {
      accion: "ordenar_patrocinio",
      objetoTipo: "patrocinio",
      objetoId: id,
      datos: { desde, hacia, cambio: desde !== hacia },
    });
    return { cambio: desde !== hacia, hacia };
  });
  return {
    mensaje: conDatos(cambio ? mensajesGestion.patrocinioOrden : mensajesGestion.patrocinioYaEnOrden, {
      n: String(hacia),
    }),
    cambio,
    posicion: hacia,
  };
}

/**
 * DELETE /api/gestion/patrocinios/{id}: the card and its poster's row in one transaction, the
 * files after the commit. Deleting a card the log shows deleted answers so, without error (two
 * admins clicking at once); an id never seen is 404.
 */
export async function borrarPatrocinio(gestor: Gestor, id: string, motivo: string | null) {
  if (!UUID_PATTERN.test(id)) throw new ApiError(404, mensajesGestion.patrocinioNoEncontrado);
  const borrado = await prisma.$transaction(async (tx) => {
    const actual = await buscarBloqueado(tx, id);
    if (!actual) {
      const antes = await tx.auditoria.findFirst({
        where: { accion: "borrar_patrocinio", objetoTipo: "patrocinio", objetoId: id },
        select: { id: true },
      });
      if (!antes) throw new ApiError(404, mensajesGestion.patrocinioNoEncontrado);
      await registrar(tx, gestor, {
        accion: "borrar_patrocinio",
        objetoTipo: "patrocinio",
        objetoId: id,
        motivo,
        datos: { cambio: false },
      });
      return null;
    }
    await tx.patrocinio.delete({ where: { id } });
    if (actual.archivoCartel) await tx.archivo.delete({ where: { id: actual.archivoCartel.id } });
    await registrar(tx, gestor, {
      accion: "borrar_patrocinio",
      objetoTipo: "patrocinio",
      objetoId: id,
      motivo,
      datos: { cambio: true, empresa: actual.empresa, titulo: actual.titulo },
    });
    return actual;
  });
  if (borrado?.archivoCartel) await removeImageFiles([borrado.archivoCartel]);
  return {
    mensaje: borrado ? mensajesGestion.patrocinioBorrado : mensajesGestion.patrocinioYaBorrado,
    cambio: borrado !== null,
  };
}

import "server-only";
import { env } from "../env";
import type { PrismaClient } from "../db/client";
import { Prisma } from "../generated/prisma/client";
import { IndiceBusqueda, type FilaIndice } from "./indice";
import { PLAN_LISTED } from "../plans/queries";
import { recogerBasura } from "../memoria";

/**
 * The process's search index (lib/busqueda/indice.ts), filled from the database and kept current:
 *
 * - The first search starts reading every listed plan in the background (by id, in batches);
 *   searches ask PostgreSQL until it is done.
 * - Every insert, update and delete of a plan records its transaction's id (plan.cambio_xid,
 *   plan_baja.cambio_xid; migration 20261127000100_escrituras_sin_cerrojo), and writers never
 *   wait for each other. The index keeps a horizon: the oldest transaction still running when
 *   it last read the changes, so it has seen every change of every transaction before it (they
 *   had all ended). A search that reads a newer search version first reads the changes of the
 *   transactions from the horizon on (one statement, so one snapshot, with the version it
 *   reaches and the next horizon), then answers. Some of them are read again next time (a
 *   transaction still running, or one that ended after the horizon): putting a plan twice is
 *   harmless, and a long transaction only makes that re-read longer.
 * - One index serves the primary and the read replica: the replica holds the primary's plans at
 *   an earlier version, so it only moves the index forward, and a search that read an older
 *   version from the replica gets an answer at least as new.
 * - A TRUNCATE of plan (busqueda_version.recarga), or changes to read by an index that read none
 *   for a day (plan_baja keeps deletes a week), read every plan again.
 */

/** Plans per statement while reading them all, or the changes. */
const LOTE = 50_000;
/** Plans put between two turns of the event loop while reading them all (some 20 ms). */
const REBANADA = 5_000;
/** An index this long without reading the changes reads every plan again (plan_baja keeps a week). */
const CADUCA_MS = 24 * 3_600_000;
/** After a failed load, searches ask PostgreSQL for this long before the next try. */
const ESPERA_TRAS_FALLO_MS = 30_000;

/** A plan's search fields as one JSON array: see aFila. */
const CAMPOS = Prisma.sql`json_build_array(p.id, ST_X(p.ubicacion::geometry), ST_Y(p.ubicacion::geometry),
  p.tipo = 'experiencia', p.categorias::text[], p.accesible, p.precio, extract(epoch FROM p.fecha_inicio) * 1000,
  extract(epoch FROM p.fecha_fin) * 1000, p.dias_semana,
  CASE WHEN p.tipo = 'experiencia' THEN (SELECT json_agg(json_build_array(h.dia_semana,
    left(h.hora_inicio, 2)::int * 60 + right(h.hora_inicio, 2)::int, left(h.hora_fin, 2)::int * 60 + right(h.hora_fin, 2)::int))
    FROM horario_disponible h WHERE h.plan_id = p.id) END,
  extract(epoch FROM p.destacado_hasta) * 1000, p.visible, p.cambio, tsvector_to_array(p.palabras),
  CASE WHEN p.fechas_varias > 1 THEN (SELECT json_agg(json_build_array(extract(epoch FROM f.inicio) * 1000,
    extract(epoch FROM coalesce(f.fin, f.inicio)) * 1000) ORDER BY f.inicio, f.orden, f.fin, f.id)
    FROM plan_fecha f WHERE f.plan_id = p.id) END)`;

/** CAMPOS's array, in FilaIndice's terms: the one list of the fields and their order. */
type Campos = [
  id: string,
  lng: number,
  lat: number,
  experiencia: boolean,
  categorias: string[],
  accesible: boolean,
  precio: string | number | null,
  fechaInicio: number | null,
  fechaFin: number | null,
  diasSemana: number,
  horarios: [number, number, number][] | null,
  destacadoHasta: number | null,
  visible: boolean,
  cambio: number,
  terminos: string[],
  fechas: [number, number][] | null,
];

const aFila = (c: Campos): FilaIndice => ({
  id: c[0],
  lng: c[1],
  lat: c[2],
  experiencia: c[3],
  categorias: c[4],
  accesible: c[5],
  precio: c[6] === null ? null : Number(c[6]),
  fechaInicio: c[7],
  fechaFin: c[8],
  diasSemana: c[9],
  horarios: c[10] ?? [],
  destacadoHasta: c[11],
  visible: c[12],
  cambio: c[13],
  terminos: c[14],
  fechas: c[15] ?? [],
});

interface Estado {
  indice: IndiceBusqueda | null;
  /** The search version (planazo_version_busqueda()) that the index holds every plan change of. */
  version: bigint;
  /** The horizon (an xid8, as text): every change of a transaction before it has been read. */
  horizonte: string;
  recarga: bigint;
  /** When the changes were last read (ms). */
  alDia: number;
  cargando: Promise<void> | null;
  sincronizando: Promise<void> | null;
  /** No load starts before this instant (after a failure). */
  noAntesDe: number;
}

const g = globalThis as unknown as { indiceBusqueda?: Estado };

function estado(): Estado {
  return (g.indiceBusqueda ??= {
    indice: null,
    version: -1n,
    horizonte: "0",
    recarga: 0n,
    alDia: 0,
    cargando: null,
    sincronizando: null,
    noAntesDe: 0,
  });
}

/** The oldest transaction running at the statement's snapshot (xid8, as text): see Estado.horizonte. */
const HORIZONTE = Prisma.sql`pg_snapshot_xmin(pg_current_snapshot())::text`;

/**
 * Reads the plans changed by transactions from the index's horizon on (in batches by plan.cambio
 * when there are many); a TRUNCATE drops the index. The first batch's snapshot gives the version
 * reached and the next horizon: every later batch only sees more.
 */
async function sincronizar(db: PrismaClient, e: Estado): Promise<void> {
  const indice = e.indice!;
  let alcanzado: { version: bigint; horizonte: string } | null = null;
  for (let desde = -1n; ;) {
    const [r] = await db.$queryRaw<
      { version: string; recarga: string; horizonte: string; bajas: string; palabras: string | null; filas: string }[]
    >`
      SELECT (SELECT version FROM planazo_version_busqueda())::text AS version, v.recarga::text AS recarga,
        ${HORIZONTE} AS horizonte,
        (SELECT coalesce(json_agg(b.id), '[]')::text FROM plan_baja b WHERE b.cambio_xid >= ${e.horizonte}::xid8) AS bajas,
        CASE WHEN ${desde} = -1 THEN (SELECT coalesce(json_agg(json_build_array(w.palabra, w.raiz)), '[]')::text
          FROM palabra w WHERE w.cambio_xid >= ${e.horizonte}::xid8) END AS palabras,
        (SELECT coalesce(json_agg(json_build_array(t.cambio, t.f) ORDER BY t.cambio), '[]')::text
           FROM (SELECT p.cambio, ${CAMPOS} AS f FROM plan p
                 WHERE p.cambio_xid >= ${e.horizonte}::xid8 AND p.cambio > ${desde}
                 ORDER BY p.cambio LIMIT ${LOTE}) t) AS filas
      FROM busqueda_version v`;
    if (e.indice !== indice) return;
    if (BigInt(r.recarga) !== e.recarga) {
      e.indice = null;
      return;
    }
    alcanzado ??= { version: BigInt(r.version), horizonte: r.horizonte };
    // Deletes first: a row read in the same snapshot is newer than any delete of its id.
    if (desde === -1n) for (const id of JSON.parse(r.bajas) as string[]) indice.quitar(id);
    for (const [palabra, raiz] of JSON.parse(r.palabras ?? "[]") as [string, string][])
      indice.ponerPalabra(palabra, raiz);
    const filas = JSON.parse(r.filas) as [number, Campos][];
    for (const [, campos] of filas) indice.poner(aFila(campos));
    if (filas.length === LOTE) {
      desde = BigInt(filas[filas.length - 1][0]);
      continue;
    }
    e.horizonte = alcanzado.horizonte;
    e.version = alcanzado.version;
    e.alDia = Date.now();
    return;
  }
}

/** Reads every listed plan into a new index, then the changes made meanwhile. */
async function cargar(db: PrismaClient, e: Estado): Promise<void> {
  const [inicio] = await db.$queryRaw<{ horizonte: string; recarga: string }[]>`
    SELECT ${HORIZONTE} AS horizonte, v.recarga::text AS recarga FROM busqueda_version v`;
  const indice = new IndiceBusqueda();
  const leerLote = (ultimo: string, hasta: string): Promise<{ filas: string }[]> => {
    // then() sends it now (a Prisma query waits for its first then()); its failure is thrown
    // where it is awaited, not reported as unhandled while the batch before is put.
    const lote = db.$queryRaw<{ filas: string }[]>`
      SELECT coalesce(json_agg(t.f ORDER BY t.id), '[]')::text AS filas
      FROM (SELECT p.id, ${CAMPOS} AS f FROM plan p
            WHERE ${PLAN_LISTED} AND p.id > ${ultimo}::uuid AND p.id <= ${hasta}::uuid ORDER BY p.id LIMIT ${LOTE}) t`.then(
      (r) => r,
    );
    lote.catch(() => {});
    return lote;
  };
  /** The plans of ids in (desde, hasta], batch after batch; it stops when the other half failed. */
  let fallo = false;
  const leerTramo = async (desde: string, hasta: string) => {
    let siguiente = leerLote(desde, hasta);
    for (; !fallo;) {
      const [{ filas }] = await siguiente;
      const lote = JSON.parse(filas) as Campos[];
      // PostgreSQL makes the next batch while this one is put, a slice at a time: between slices
      // the query goes out, and searches (answered by PostgreSQL meanwhile) get their turn.
      if (lote.length === LOTE) siguiente = leerLote(lote[lote.length - 1][0], hasta);
      for (let i = 0; i < lote.length; i += REBANADA) {
        for (const campos of lote.slice(i, i + REBANADA)) indice.poner(aFila(campos));
        await new Promise((r) => setImmediate(r));
      }
      if (lote.length < LOTE) return;
    }
  };
  // Two halves of the ids at once: PostgreSQL's batches take longer to make than to put, and
  // two backends make them twice as fast. Each statement reads its own snapshot: the changes
  // after the horizon read above are read again by the catching up below.
  await Promise.all(
    [
      ["00000000-0000-0000-0000-000000000000", "7fffffff-ffff-ffff-ffff-ffffffffffff"],
      ["7fffffff-ffff-ffff-ffff-ffffffffffff", "ffffffff-ffff-ffff-ffff-ffffffffffff"],
    ].map(([desde, hasta]) =>
      leerTramo(desde, hasta).catch((error: unknown) => {
        fallo = true;
        throw error;
      }),
    ),
  );
  // The vocabulary as it is now; the words added since come with the first catching up.
  for (let ultima = 0n; ;) {
    const [{ palabras }] = await db.$queryRaw<{ palabras: string }[]>`
      SELECT coalesce(json_agg(json_build_array(t.id::text, t.palabra, t.raiz) ORDER BY t.id), '[]')::text AS palabras
      FROM (SELECT w.id, w.palabra, w.raiz FROM palabra w WHERE w.id > ${ultima} ORDER BY w.id LIMIT ${LOTE}) t`;
    const lote = JSON.parse(palabras) as [string, string, string][];
    for (const [, palabra, raiz] of lote) indice.ponerPalabra(palabra, raiz);
    if (lote.length < LOTE) break;
    ultima = BigInt(lote[lote.length - 1][0]);
  }
  indice.compactar();
  // Caught up on a state of its own: searches meanwhile neither see it nor read changes into it.
  const nuevo: Estado = {
    ...e,
    indice,
    horizonte: inicio.horizonte,
    recarga: BigInt(inicio.recarga),
    version: -1n,
  };
  await sincronizar(db, nuevo);
  if (nuevo.indice) {
    // The batches' rows and text (and an index this one replaces) are garbage now: collected
    // before the index answers, while searches still go to PostgreSQL.
    const ms = await recogerBasura();
    if (ms > 1_000) console.warn(`search index: the collection after the fill took ${Math.round(ms)} ms`);
    const { horizonte, recarga, version, alDia } = nuevo;
    Object.assign(e, { indice, horizonte, recarga, version, alDia });
  }
}

/**
 * The search index holding at least `version` (planazo_version_busqueda() as the search read it from
 * `db`, with or without its "@…" part), or null while it is being filled (or is off): then the
 * search asks PostgreSQL.
 */
export async function indiceAlDia(db: PrismaClient, version: string): Promise<IndiceBusqueda | null> {
  if (env().INDICE_BUSQUEDA === "no") return null;
  const quiere = BigInt(version.split("@")[0]);
  const e = estado();
  for (let intento = 0; intento < 3; intento++) {
    if (!e.indice) {
      if (!e.cargando && Date.now() >= e.noAntesDe) {
        e.cargando = cargar(db, e)
          .catch((error) => {
            e.indice = null;
            e.noAntesDe = Date.now() + ESPERA_TRAS_FALLO_MS;
            console.error("search index: load failed", error);
          })
          .finally(() => (e.cargando = null));
      }
      return null;
    }
    if (e.version >= quiere) return e.indice;
    // Changes to read after a day without reading any: deletes older than a week are gone.
    if (Date.now() - e.alDia > CADUCA_MS) {
      e.indice = null;
      continue;
    }
    await (e.sincronizando ??= sincronizar(db, e).finally(() => (e.sincronizando = null)));
  }
  return null;
}

/** Waits for a load under way (tests and the benchmark, which need the index ready). */
export async function esperarIndice(db: PrismaClient, version: string): Promise<IndiceBusqueda | null> {
  await indiceAlDia(db, version);
  await estado().cargando;
  return indiceAlDia(db, version);
}

/** What /api/health tells of the index: off, being filled, or ready with how many plans it holds. */
export function estadoIndice(): {
  estado: "apagado" | "cargando" | "listo";
  planes: number;
  /** What the index holds, in bytes (IndiceBusqueda.bytes). */
  bytes?: number;
} {
  if (env().INDICE_BUSQUEDA === "no") return { estado: "apagado", planes: 0 };
  const { indice } = estado();
  return indice ? { estado: "listo", planes: indice.tamano, bytes: indice.bytes() } : { estado: "cargando", planes: 0 };
}

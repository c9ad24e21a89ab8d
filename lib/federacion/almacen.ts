import type { KvKey, KvStore, KvStoreListEntry, KvStoreSetOptions } from "@fedify/fedify";
import { Prisma } from "../generated/prisma/client";
import { prisma } from "../db";

/** How often, at most, a write also drops the entries whose time ran out. */
const LIMPIEZA_MS = 60_000;

const texto = (clave: KvKey) => JSON.stringify(clave);
/** What every key under `prefijo` begins with (its parts, then a comma). */
const comienzo = (prefijo: KvKey) => `${texto(prefijo).slice(0, -1)},`;
const caducidad = (opciones?: KvStoreSetOptions): Date | null =>
  opciones?.ttl ? new Date(Date.now() + Math.max(0, opciones.ttl.total("millisecond"))) : null;
const VIVA = Prisma.sql`(caduca IS NULL OR caduca > now())`;

/**
 * Fedify's key-value store in PostgreSQL (federacion_kv), shared by every instance: remote
 * actors' keys and documents it caches, the marks that keep an activity from being handled
 * twice. Values are JSON. An entry whose time ran out is never read, and is dropped by a later
 * write.
 */
export class AlmacenFederacion implements KvStore {
  private limpiado = 0;

  async get<T = unknown>(clave: KvKey): Promise<T | undefined> {
    const [fila] = await prisma.$queryRaw<{ valor: T }[]>`
      SELECT valor FROM federacion_kv WHERE clave = ${texto(clave)} AND ${VIVA}`;
    return fila?.valor;
  }

  async set(clave: KvKey, valor: unknown, opciones?: KvStoreSetOptions): Promise<void> {
    await prisma.$executeRaw`
      INSERT INTO federacion_kv (clave, valor, caduca)
      VALUES (${texto(clave)}, ${JSON.stringify(valor ?? null)}::jsonb, ${caducidad(opciones)})
      ON CONFLICT (clave) DO UPDATE SET valor = EXCLUDED.valor, caduca = EXCLUDED.caduca`;
    await this.limpiar();
  }

  async delete(clave: KvKey): Promise<void> {
    await prisma.$executeRaw`DELETE FROM federacion_kv WHERE clave = ${texto(clave)}`;
  }

  /**
   * Sets `nuevo` only if the key holds `esperado` now (undefined: holds nothing, or an entry
   * whose time ran out), in one statement, so two instances cannot both win.
   */
  async cas(clave: KvKey, esperado: unknown, nuevo: unknown, opciones?: KvStoreSetOptions): Promise<boolean> {
    const k = texto(clave);
    const valor = JSON.stringify(nuevo ?? null);
    const hasta = caducidad(opciones);
    const cambiadas =
      esperado === undefined
        ? await prisma.$executeRaw`
            INSERT INTO federacion_kv (clave, valor, caduca) VALUES (${k}, ${valor}::jsonb, ${hasta})
            ON CONFLICT (clave) DO UPDATE SET valor = EXCLUDED.valor, caduca = EXCLUDED.caduca
            WHERE federacion_kv.caduca IS NOT NULL AND federacion_kv.caduca <= now()`
        : await prisma.$executeRaw`
            UPDATE federacion_kv SET valor = ${valor}::jsonb, caduca = ${hasta}
            WHERE clave = ${k} AND valor = ${JSON.stringify(esperado)}::jsonb AND ${VIVA}`;
    return cambiadas === 1;
  }

  async *list(prefijo?: KvKey): AsyncIterable<KvStoreListEntry> {
    const filas = prefijo
      ? await prisma.$queryRaw<{ clave: string; valor: unknown }[]>`
          SELECT clave, valor FROM federacion_kv
          WHERE (clave = ${texto(prefijo)} OR starts_with(clave, ${comienzo(prefijo)})) AND ${VIVA}
`
      : await prisma.$queryRaw<{ clave: string; valor: unknown }[]>`
          SELECT clave, valor FROM federacion_kv WHERE ${VIVA}`;
    for (const { clave, valor } of filas) yield { key: JSON.parse(clave) as KvKey, value: valor };
  }

  private async limpiar(): Promise<void> {
    if (Date.now() - this.limpiado < LIMPIEZA_MS) return;
    this.limpiado = Date.now();
    await prisma.$executeRaw`DELETE FROM federacion_kv WHERE caduca <= now()`;
  }
}

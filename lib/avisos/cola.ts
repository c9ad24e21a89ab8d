import { Prisma } from "../generated/prisma/client";
import type { PrismaClient } from "../db/client";
import { espacioDe } from "../catalogo";
import { mensajesAvisos } from "./mensajes";
import { IDIOMA_POR_DEFECTO, type Idioma } from "../idiomas";
import { absoluta, site } from "../site";
import type { AvisoPush } from "./envio";
import { cuandoSePuedeAvisar } from "./silencio";

export type { AvisoPush };

type Db = Prisma.TransactionClient | PrismaClient;

/** Every notification ends by saying how to stop it (in Spanish here; each in its person's language). */
export const COMO_DEJARLOS = mensajesAvisos.comoDejarlos;

/** A notification about `url` (a path of ours, opened in the person's language): absolute URLs and the app's icon. */
export function aviso(titulo: string, cuerpo: string, url: string, idioma: Idioma = IDIOMA_POR_DEFECTO): AvisoPush {
  const base = site().url;
  return {
    titulo,
    cuerpo: `${cuerpo}\n${espacioDe(idioma, "avisos").comoDejarlos}`,
    url: absoluta(idioma, url),
    icono: `${base}/icono/192.png`,
  };
}

/**
 * Queues one notification for every device of the given people, in the caller's transaction
 * (the change that causes it) whose session is alive (push_dispositivo): their ids, or a query that selects them (10,000 followers stay in
 * the database, one statement). `clave` names what it says: a device gets each key once, so a
 * second run, or a retry of the change, sends nothing again. Held past the quiet hours.
 */
export async function encolarPush(
  db: Db,
  usuarios: string[] | Prisma.Sql,
  clave: string,
  carga: AvisoPush,
  ahora = new Date(),
): Promise<number> {
  if (Array.isArray(usuarios) && usuarios.length === 0) return 0;
  const quienes = Array.isArray(usuarios) ? Prisma.sql`SELECT unnest(${usuarios}::text[])` : usuarios;
  return db.$executeRaw`
    INSERT INTO push_envio (suscripcion_id, clave, carga, proximo_intento_en)
    SELECT s.id, ${clave}, ${JSON.stringify(carga)}::jsonb, ${cuandoSePuedeAvisar(ahora)}
    FROM push_dispositivo s WHERE s.usuario_id IN (${quienes})
    ON CONFLICT (suscripcion_id, clave) DO NOTHING`;
}

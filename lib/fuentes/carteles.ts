import { prisma } from "../db";
import { Prisma } from "../generated/prisma/client";
import { dibujarCartelGenerado } from "../media/cartel-generado";
import { storeImage } from "../media/images";
import { storage } from "../media/storage";
import { writeWithImage } from "../media/upload";
import { mensajes } from "../messages";
import type { Horario } from "../plans/plan";
import { categoriaCartel, fechaCartel } from "../plans/texto";
import { NOMBRE_CARTEL_GENERADO } from "../plans/cartel";

/** How many posters one run draws (the rest wait for the next sync or cron run). */
const POR_TANDA = 200;

class YaTieneCartel extends Error {}

/** The queue: plans `p` imported from a source, shown, not ended, without a poster. */
export const ESPERA_CARTEL = Prisma.sql`p.fuente_id IS NOT NULL AND p.archivo_cartel_id IS NULL AND p.visible
  AND (p.fecha_fin IS NULL OR p.fecha_fin >= now())`;

type Pendiente = {
  id: string;
  titulo: string;
  tipo: "evento" | "experiencia";
  fecha_inicio: Date | null;
  fecha_fin: Date | null;
  municipio: string;
  categorias: string[];
  horarios: Horario[] | null;
};

/**
 * Draws the poster of imported plans that have none (of one source, or of all), soonest first,
 * at most `limite` a run: the queue is the plans themselves (visible, not ended, imported,
 * without a poster), so a run that stops leaves the rest for the next. Each poster is stored like an upload and set only if the
 * plan still has none. Returns how many were drawn.
 */
export async function dibujarCartelesPendientes({
  limite = POR_TANDA,
  fuenteId,
}: { limite?: number; fuenteId?: string } = {}): Promise<number> {
  const pendientes = await prisma.$queryRaw<Pendiente[]>`
    SELECT p.id, p.titulo, p.tipo::text AS tipo, p.fecha_inicio, p.fecha_fin, p.municipio, p.categorias::text[] AS categorias,
           (SELECT json_agg(json_build_object('diaSemana', h.dia_semana, 'horaInicio', h.hora_inicio, 'horaFin', h.hora_fin) ORDER BY h.dia_semana, h.hora_inicio)
            FROM horario_disponible h WHERE h.plan_id = p.id) AS horarios
    FROM plan p
    WHERE ${ESPERA_CARTEL} AND (${fuenteId ?? null}::uuid IS NULL OR p.fuente_id = ${fuenteId ?? null}::uuid)
    ORDER BY p.fecha_inicio NULLS LAST, p.id
    LIMIT ${limite}`;
  let dibujados = 0;
  for (const p of pendientes) {
    const png = await dibujarCartelGenerado({
      titulo: p.titulo,
      categoria: categoriaCartel(p.categorias),
      fecha: fechaCartel({
        tipo: p.tipo,
        fechaInicio: p.fecha_inicio?.toISOString() ?? null,
        fechaFin: p.fecha_fin?.toISOString() ?? null,
        horariosDisponibles: p.horarios ?? [],
      }),
      municipio: p.municipio,
      marca: mensajes.cartelGenerado,
    });
    const img = await storeImage(storage(), "carteles", NOMBRE_CARTEL_GENERADO, png);
    const puesto = await writeWithImage(img, async (tx) => {
      const archivo = await tx.archivo.create({ data: img, select: { id: true } });
      const n = await tx.$executeRaw`
        UPDATE plan SET archivo_cartel_id = ${archivo.id}::uuid WHERE id = ${p.id}::uuid AND archivo_cartel_id IS NULL`;
      // Given a poster meanwhile (its source's image, its owner's): this one is rolled back, its files removed.
      if (n === 0) throw new YaTieneCartel();
      return true;
    }).catch((error) => {
      if (error instanceof YaTieneCartel) return false;
      throw error;
    });
    if (puesto) dibujados++;
  }
  return dibujados;
}

import { randomBytes } from "node:crypto";
import { query } from "./database";

const db = () => process.env.DATABASE_URL!;

/**
 * A point of its own in the empty Pacific with no plan within 120 km, so one test's plans never
 * show up in another's search (test files run one at a time).
 */
export async function freshOrigin(): Promise<{ lat: number; lng: number }> {
  for (;;) {
    const b = randomBytes(4);
    const origin = { lat: -50 + (b.readUInt16BE(0) / 65535) * 100, lng: -170 + (b.readUInt16BE(2) / 65535) * 45 };
    const near = await query(
      db(),
      "SELECT 1 FROM plan WHERE ST_DWithin(ubicacion, ST_SetSRID(ST_MakePoint($1, $2), 4326)::geography, 120000) LIMIT 1",
      [origin.lng, origin.lat],
    );
    if (near.length === 0) return origin;
  }
}

export async function insertUser(): Promise<string> {
  const id = `t-${randomBytes(8).toString("hex")}`;
  await query(db(), "INSERT INTO usuario (id, name, email, email_verified) VALUES ($1, 'Autora', $2, true)", [
    id,
    `${id}@example.com`,
  ]);
  return id;
}

export interface TestPlan {
  usuarioId: string;
  origin: { lat: number; lng: number };
  /** Geodesic distance from the origin in metres, and bearing in degrees. */
  distanciaM?: number;
  rumbo?: number;
  titulo?: string;
  tipo?: "evento" | "experiencia";
  fechaInicio?: Date | null;
  fechaFin?: Date | null;
  /** Featured until this instant (NULL or past: not featured). */
  destacadoHasta?: Date | null;
  visible?: boolean;
  categorias?: string[];
  /** Its town ("Pueblo de Prueba" and no INE code by default). */
  municipio?: string;
  municipioIne?: string | null;
  horarios?: { diaSemana: number; horaInicio: string; horaFin: string }[];
  /** The organization that publishes it (none by default). */
  organizacionId?: string | null;
  /** An event's dates when it has several (its span and count follow them: plan_fecha's triggers). */
  fechas?: { inicio: Date; fin: Date | null; titulo?: string; direccion?: string }[];
}

/** Inserts a plan straight into the database, placed exactly with ST_Project. */
export async function insertPlan(p: TestPlan): Promise<string> {
  const tipo = p.tipo ?? "evento";
  const inicio =
    p.fechaInicio === undefined ? (tipo === "evento" ? new Date(Date.now() + 86_400_000) : null) : p.fechaInicio;
  const fin = p.fechaFin === undefined ? (tipo === "evento" ? new Date(Date.now() + 90_000_000) : null) : p.fechaFin;
  const [{ id }] = await query<{ id: string }>(
    db(),
    `INSERT INTO plan (titulo, tipo, destacado_hasta, visible, municipio, municipio_ine, direccion, ubicacion, fecha_inicio, fecha_fin, categorias, usuario_id, organizacion_id)
     VALUES ($1, $2::tipo_plan, $3, $4, $13, $14, 'Plaza Mayor, 1',
             ST_Project(ST_SetSRID(ST_MakePoint($5, $6), 4326)::geography, $7, radians($8)),
             $9, $10, $11::text[]::categoria[], $12, $15)
     RETURNING id`,
    [
      p.titulo ?? "Plan de prueba",
      tipo,
      p.destacadoHasta ?? null,
      p.visible ?? true,
      p.origin.lng,
      p.origin.lat,
      p.distanciaM ?? 1000,
      p.rumbo ?? 0,
      inicio,
      fin,
      p.categorias ?? ["Otros"],
      p.usuarioId,
      p.municipio ?? "Pueblo de Prueba",
      p.municipioIne ?? null,
      p.organizacionId ?? null,
    ],
  );
  if (p.fechas && p.fechas.length > 0) {
    await query(db(), "DELETE FROM plan_fecha WHERE plan_id = $1", [id]);
    await query(
      db(),
      `INSERT INTO plan_fecha (plan_id, inicio, fin, titulo, direccion)
       SELECT $1, * FROM unnest($2::timestamptz[], $3::timestamptz[], $4::text[], $5::text[])`,
      [
        id,
        p.fechas.map((f) => f.inicio),
        p.fechas.map((f) => f.fin),
        p.fechas.map((f) => f.titulo ?? null),
        p.fechas.map((f) => f.direccion ?? null),
      ],
    );
  }
  for (const h of p.horarios ?? []) {
    await query(
      db(),
      "INSERT INTO horario_disponible (plan_id, dia_semana, hora_inicio, hora_fin) VALUES ($1, $2, $3, $4)",
      [id, h.diaSemana, h.horaInicio, h.horaFin],
    );
  }
  return id;
}

/**
 * `n` events in one statement (generate_series), the i-th (1…n) at 100.5 + i metres due north
 * of the origin (one bearing, so the search's sphere distance orders them as i does): for the
 * searches that match more plans than a total counts exactly (TOPE_TOTAL). Their titles are
 * `${titulo} ${i}`; remove them with `DELETE FROM plan WHERE usuario_id = …`.
 */
export async function insertPlanesEnEspiral(p: {
  usuarioId: string;
  origin: { lat: number; lng: number };
  n: number;
  titulo?: string;
}): Promise<void> {
  await query(
    db(),
    `INSERT INTO plan (titulo, tipo, municipio, direccion, ubicacion, fecha_inicio, fecha_fin, categorias, usuario_id)
     SELECT $1 || ' ' || i, 'evento', 'Pueblo de Prueba', 'Plaza Mayor, 1',
            ST_Project(ST_SetSRID(ST_MakePoint($2, $3), 4326)::geography, 100.5 + i, 0),
            now() + interval '1 day', now() + interval '25 hours', '{Otros}', $4
     FROM generate_series(1, $5::int) AS i`,
    [p.titulo ?? "Plan en espiral", p.origin.lng, p.origin.lat, p.usuarioId, p.n],
  );
}

/**
 * Two plans of one publisher, the second merged into the first as an import does (its row gone,
 * its id in plan_fusionado): their ids.
 */
export async function planesFusionados(
  tituloQueda: string,
  tituloFusionado: string,
): Promise<{ queda: string; fusionado: string }> {
  const origin = await freshOrigin();
  const usuarioId = await insertUser();
  const queda = await insertPlan({ usuarioId, origin, titulo: tituloQueda });
  const fusionado = await insertPlan({ usuarioId, origin, titulo: tituloFusionado });
  await query(db(), "DELETE FROM plan WHERE id = $1", [fusionado]);
  await query(db(), "INSERT INTO plan_fusionado (id, plan_id) VALUES ($1, $2)", [fusionado, queda]);
  return { queda, fusionado };
}

import { prisma } from "../db";
import { Prisma } from "../generated/prisma/client";
import { esIdioma } from "../idiomas";
import { z } from "../schemas";
import { mensajesAvisos } from "./mensajes";
import { cuantosDispositivos } from "./push";

/** The kinds of notice a person chooses for, in the order the profile lists them. */
export const TIPOS_AVISO = ["publicaciones", "cambios", "recordatorios", "resumen"] as const;
export type TipoAviso = (typeof TIPOS_AVISO)[number];

/** Each kind by e-mail, on the person's devices, both, or neither. */
export type Preferencias = Record<TipoAviso, { correo: boolean; push: boolean }>;

/** The usuario columns of each choice ("recordatorios" is the reminder e-mail's, older than the rest). */
const COLUMNAS = {
  publicaciones: { correo: "publicacionesCorreo", push: "publicacionesPush" },
  cambios: { correo: "cambiosCorreo", push: "cambiosPush" },
  recordatorios: { correo: "recordatorios", push: "recordatoriosPush" },
  resumen: { correo: "resumenCorreo", push: "resumenPush" },
} as const satisfies Record<TipoAviso, { correo: string; push: string }>;

const SELECCION = Object.fromEntries(
  Object.values(COLUMNAS).flatMap((c) => [
    [c.correo, true],
    [c.push, true],
  ]),
) as Record<(typeof COLUMNAS)[TipoAviso]["correo" | "push"], true>;

const canal = z.boolean(mensajesAvisos.avisosNoValidos).optional();

/**
 * PATCH /api/usuario/avisos: any of the kinds, each with `correo` and/or `push`, and the
 * language they come in (`idioma`, one of ours; anything else is left as it was); what is left
 * out stays.
 */
export const preferenciasSchema = z.object(
  {
    ...(Object.fromEntries(
      TIPOS_AVISO.map((t) => [t, z.object({ correo: canal, push: canal }, mensajesAvisos.avisosNoValidos).optional()]),
    ) as Record<TipoAviso, z.ZodOptional<z.ZodObject<{ correo: typeof canal; push: typeof canal }>>>),
    idioma: z
      .unknown()
      .optional()
      .transform((v) => (esIdioma(v) ? v : undefined)),
  },
  mensajesAvisos.avisosNoValidos,
);
export type CambioPreferencias = z.output<typeof preferenciasSchema>;

/**
 * E-mail of a followed organization's new plans, while the person has not chosen (null): a
 * notification reaches them once a device of theirs is subscribed, so e-mail only until then and
 * again when the last one goes. Every other choice has a stored default.
 */
export const correoDePublicaciones = (elegido: boolean | null, dispositivos: number): boolean =>
  elegido ?? dispositivos === 0;

/** The same rule in SQL, over the usuario row `u` (the fan-out of a new plan). */
export const CORREO_DE_PUBLICACIONES_SQL = Prisma.sql`COALESCE(u.publicaciones_correo,
  NOT EXISTS (SELECT 1 FROM push_dispositivo d WHERE d.usuario_id = u.id))`;

/** Each choice as it stands now, and how many devices of the person's are subscribed. */
async function elecciones(usuarioId: string): Promise<{ preferencias: Preferencias; dispositivos: number }> {
  const [u, dispositivos] = await Promise.all([
    prisma.user.findUniqueOrThrow({ where: { id: usuarioId }, select: SELECCION }),
    cuantosDispositivos(usuarioId),
  ]);
  const preferencias = Object.fromEntries(
    TIPOS_AVISO.map((t) => [t, { correo: u[COLUMNAS[t].correo], push: u[COLUMNAS[t].push] }]),
  ) as Record<TipoAviso, { correo: boolean | null; push: boolean }>;
  preferencias.publicaciones.correo = correoDePublicaciones(preferencias.publicaciones.correo, dispositivos);
  return { preferencias: preferencias as Preferencias, dispositivos };
}

export async function preferenciasDe(usuarioId: string): Promise<Preferencias> {
  return (await elecciones(usuarioId)).preferencias;
}

/** How a followed organization's new plans reach the person now: by e-mail, on their devices, both, or neither. */
export async function canalDePublicaciones(usuarioId: string): Promise<{ correo: boolean; push: boolean }> {
  const { preferencias, dispositivos } = await elecciones(usuarioId);
  return { correo: preferencias.publicaciones.correo, push: preferencias.publicaciones.push && dispositivos > 0 };
}

export async function cambiarPreferencias(usuarioId: string, cambio: CambioPreferencias): Promise<Preferencias> {
  const data: Record<string, boolean> = {};
  for (const t of TIPOS_AVISO) {
    const c = cambio[t];
    if (c?.correo !== undefined) data[COLUMNAS[t].correo] = c.correo;
    if (c?.push !== undefined) data[COLUMNAS[t].push] = c.push;
  }
  const idioma = cambio.idioma ? { idioma: cambio.idioma } : {};
  if (Object.keys(data).length > 0 || cambio.idioma)
    await prisma.user.update({ where: { id: usuarioId }, data: { ...data, ...idioma } });
  return preferenciasDe(usuarioId);
}

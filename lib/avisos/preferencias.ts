import { prisma } from "../db";
import { z } from "../schemas";
import { mensajesAvisos } from "./mensajes";

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

/** PATCH /api/usuario/avisos: any of the kinds, each with `correo` and/or `push`; what is left out stays. */
export const preferenciasSchema = z.object(
  Object.fromEntries(
    TIPOS_AVISO.map((t) => [t, z.object({ correo: canal, push: canal }, mensajesAvisos.avisosNoValidos).optional()]),
  ) as Record<TipoAviso, z.ZodOptional<z.ZodObject<{ correo: typeof canal; push: typeof canal }>>>,
  mensajesAvisos.avisosNoValidos,
);
export type CambioPreferencias = z.output<typeof preferenciasSchema>;

export async function preferenciasDe(usuarioId: string): Promise<Preferencias> {
  const u = await prisma.user.findUniqueOrThrow({ where: { id: usuarioId }, select: SELECCION });
  return Object.fromEntries(
    TIPOS_AVISO.map((t) => [t, { correo: u[COLUMNAS[t].correo], push: u[COLUMNAS[t].push] }]),
  ) as Preferencias;
}

export async function cambiarPreferencias(usuarioId: string, cambio: CambioPreferencias): Promise<Preferencias> {
  const data: Record<string, boolean> = {};
  for (const t of TIPOS_AVISO) {
    const c = cambio[t];
    if (c?.correo !== undefined) data[COLUMNAS[t].correo] = c.correo;
    if (c?.push !== undefined) data[COLUMNAS[t].push] = c.push;
  }
  if (Object.keys(data).length > 0) await prisma.user.update({ where: { id: usuarioId }, data });
  return preferenciasDe(usuarioId);
}

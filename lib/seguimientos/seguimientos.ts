import { IDIOMA_POR_DEFECTO, type Idioma } from "../idiomas";
import "server-only";
import { hashToken, nuevoToken } from "../users/tokens";
import { z } from "../schemas";
import { prisma } from "../db";
import type { PrismaClient } from "../db/client";
import type { Prisma } from "../generated/prisma/client";
import type { Categoria as CategoriaDb } from "../generated/prisma/enums";
import { ApiError } from "../http";
import { enqueueEmail } from "../mail/outbox";
import { correoConfirmarSeguimiento, type SeguidoPorCorreo } from "../mail/templates";
import { mensajes } from "../messages";
import { organizacionPath } from "../organizaciones/paths";
import type { Categoria } from "../plans/constants";
import { site } from "../site";
import type { CambioSeguimiento, DatosSeguir } from "./schemas";
import { tokenSchema } from "./schemas";

/** Who follows: a user, or an e-mail address without an account. */
export type Persona = { usuarioId: string; email?: undefined } | { email: string; usuarioId?: undefined };

/** How long a confirmation link (and the unconfirmed follow it belongs to) lasts. */
export const DIAS_CONFIRMAR = 7;
/** How long a manage / unsubscribe link of an e-mail works. */
export const DIAS_ENLACE_GESTION = 90;
const DIA_MS = 86_400_000;

type Tx = Prisma.TransactionClient | PrismaClient;

/** One key per person: the weekly e-mail's claim is per key and week. */
export const clavePersona = (p: Persona) => (p.usuarioId ? `u:${p.usuarioId}` : `e:${p.email}`);

const dePersona = (p: Persona) => (p.usuarioId ? { usuarioId: p.usuarioId } : { email: p.email });

/** A follow as the API and the pages show it: a town (with its radius), or an organization. */
export type SeguimientoApi =
  | {
      _id: string;
      municipio: { ine: string; nombre: string; provincia: string };
      radio: number;
      categorias: Categoria[];
    }
  | { _id: string; organizacion: { _id: string; nombre: string }; categorias: Categoria[] };

/** Prisma names two categories differently from the database's (and the API's) spelling. */
const EN_PRISMA: Partial<Record<Categoria, CategoriaDb>> = {
  "Fiestas de pueblo": "FiestasDePueblo",
  Gastronomía: "Gastronomia",
};
export const aPrisma = (l: Categoria[]): CategoriaDb[] => l.map((c) => EN_PRISMA[c] ?? (c as CategoriaDb));
export const dePrisma = (l: CategoriaDb[]): Categoria[] =>
  l.map((c) => (Object.keys(EN_PRISMA) as Categoria[]).find((k) => EN_PRISMA[k] === c) ?? (c as Categoria));

const conObjeto = {
  municipio: { select: { ine: true, nombre: true, provincia: true } },
  organizacion: { select: { id: true, nombre: true } },
} as const;

interface Fila {
  id: string;
  radio: number | null;
  categorias: CategoriaDb[];
  municipio: { ine: string; nombre: string; provincia: string } | null;
  organizacion: { id: string; nombre: string } | null;
}

function serializar(s: Fila): SeguimientoApi {
  const categorias = dePrisma(s.categorias);
  if (s.organizacion)
    return { _id: s.id, organizacion: { _id: s.organizacion.id, nombre: s.organizacion.nombre }, categorias };
  return { _id: s.id, municipio: s.municipio!, radio: s.radio!, categorias };
}

/** What a follow is of: a town or an organization, by name (the answers' messages differ). */
export interface Seguido {
  nombre: string;
  deOrganizacion: boolean;
}

const seguidoDe = (s: Pick<Fila, "municipio" | "organizacion">): Seguido =>
  s.organizacion
    ? { nombre: s.organizacion.nombre, deOrganizacion: true }
    : { nombre: s.municipio!.nombre, deOrganizacion: false };

/** The organization of a follow: it must exist. */
async function organizacionDe(db: Tx, id: string): Promise<{ id: string; nombre: string }> {
  const o = await db.organizacion.findUnique({ where: { id }, select: { id: true, nombre: true } });
  if (!o) throw new ApiError(404, mensajes.orgNoEncontrada);
  return o;
}

/** The town of a follow: it must exist in the gazetteer and have a place to search around. */
async function municipioDe(db: Tx, ine: string): Promise<{ ine: string; nombre: string }> {
  const m = await db.municipio.findUnique({ where: { ine }, select: { ine: true, nombre: true, lat: true } });
  if (!m || m.lat === null) throw new ApiError(400, mensajes.seguirMunicipioNoValido);
  return m;
}

/**
 * A logged-in user follows a town (again: its radius and categories change) or an
 * organization. Confirmed at once.
 */
export async function seguirComoUsuario(usuarioId: string, datos: DatosSeguir): Promise<SeguimientoApi> {
  const categorias = aPrisma(datos.categorias);
  if (datos.organizacionId) {
    await organizacionDe(prisma, datos.organizacionId);
    const fila = await prisma.seguimiento.upsert({
      where: { usuarioId_organizacionId: { usuarioId, organizacionId: datos.organizacionId } },
      create: { usuarioId, organizacionId: datos.organizacionId, categorias, confirmadoEn: new Date() },
      update: { categorias },
      include: conObjeto,
    });
    return serializar(fila);
  }
  await municipioDe(prisma, datos.ine!);
  const fila = await prisma.seguimiento.upsert({
    where: { usuarioId_municipioIne: { usuarioId, municipioIne: datos.ine! } },
    create: { usuarioId, municipioIne: datos.ine!, radio: datos.radio, categorias, confirmadoEn: new Date() },
    update: { radio: datos.radio, categorias },
    include: conObjeto,
  });
  return serializar(fila);
}

/**
 * An address asks to follow a town or an organization: a confirmation e-mail with a new
 * single-use link, whatever the state of that address (new, unconfirmed or already following),
 * so the answer never tells whether it follows. What it asks for applies only when the link is
 * opened; its e-mails go in the language of the page where it asked.
 */
export async function pedirSeguimiento(
  email: string,
  datos: DatosSeguir,
  idioma: Idioma = IDIOMA_POR_DEFECTO,
): Promise<void> {
  await prisma.$transaction(async (tx) => {
    const token = nuevoToken();
    const pendiente = {
      tokenHash: hashToken(token),
      tokenCaducaEn: new Date(Date.now() + DIAS_CONFIRMAR * DIA_MS),
      radioPedido: datos.organizacionId ? null : datos.radio,
      categoriasPedidas: aPrisma(datos.categorias),
      idioma,
    };
    let seguido: SeguidoPorCorreo;
    if (datos.organizacionId) {
      const o = await organizacionDe(tx, datos.organizacionId);
      seguido = { organizacion: { nombre: o.nombre, url: `${site().url}${organizacionPath(o.nombre, o.id)}` } };
      await tx.seguimiento.upsert({
        where: { email_organizacionId: { email, organizacionId: o.id } },
        create: { email, organizacionId: o.id, categorias: [], ...pendiente },
        update: pendiente,
      });
    } else {
      const municipio = await municipioDe(tx, datos.ine!);
      seguido = { municipio: municipio.nombre };
      await tx.seguimiento.upsert({
        where: { email_municipioIne: { email, municipioIne: municipio.ine } },
        create: { email, municipioIne: municipio.ine, radio: datos.radio, categorias: [], ...pendiente },
        update: pendiente,
      });
    }
    await enqueueEmail(tx, correoConfirmarSeguimiento(email, seguido, token, idioma));
  });
}

/** A new manage / unsubscribe link for a person (only its hash is kept). */
export async function crearEnlaceGestion(db: Tx, p: Persona): Promise<string> {
  const token = nuevoToken();
  await db.seguimientoEnlace.create({
    data: {
      tokenHash: hashToken(token),
      ...dePersona(p),
      caducaEn: new Date(Date.now() + DIAS_ENLACE_GESTION * DIA_MS),
    },
  });
  return token;
}

/**
 * Opens a confirmation link: the follow starts (with what was asked) and the answer carries a
 * manage link. Unknown or used: 404; past its time: 410.
 */
export async function confirmarSeguimiento(token: string): Promise<Seguido & { gestion: string }> {
  if (!tokenSchema.safeParse(token).success) throw new ApiError(404, mensajes.seguimientoEnlaceNoValido);
  return prisma.$transaction(async (tx) => {
    const s = await tx.seguimiento.findUnique({ where: { tokenHash: hashToken(token) }, include: conObjeto });
    if (!s || !s.email) throw new ApiError(404, mensajes.seguimientoEnlaceNoValido);
    if (!s.tokenCaducaEn || s.tokenCaducaEn < new Date()) throw new ApiError(410, mensajes.seguimientoEnlaceCaducado);
    await tx.seguimiento.update({
      where: { id: s.id },
      data: {
        confirmadoEn: s.confirmadoEn ?? new Date(),
        radio: s.radioPedido ?? s.radio,
        categorias: s.tokenHash ? s.categoriasPedidas : s.categorias,
        tokenHash: null,
        tokenCaducaEn: null,
        radioPedido: null,
        categoriasPedidas: [],
      },
    });
    return {
      ...seguidoDe(s),
      gestion: await crearEnlaceGestion(tx, { email: s.email }),
    };
  });
}

/** The person of a manage link. Unknown: 404; past its time: 410. */
export async function personaDeEnlace(token: string | null | undefined): Promise<Persona> {
  if (!token || !tokenSchema.safeParse(token).success) throw new ApiError(404, mensajes.seguimientoEnlaceNoValido);
  const e = await prisma.seguimientoEnlace.findUnique({ where: { tokenHash: hashToken(token) } });
  if (!e) throw new ApiError(404, mensajes.seguimientoEnlaceNoValido);
  if (e.caducaEn < new Date()) throw new ApiError(410, mensajes.seguimientoEnlaceCaducado);
  return e.usuarioId ? { usuarioId: e.usuarioId } : { email: e.email! };
}

/** A person's confirmed follows: towns by name, then organizations by name. */
export async function seguimientosDe(p: Persona): Promise<SeguimientoApi[]> {
  const filas = await prisma.seguimiento.findMany({
    where: { ...dePersona(p), confirmadoEn: { not: null } },
    include: conObjeto,
    orderBy: [{ municipio: { nombre: "asc" } }, { organizacion: { nombre: "asc" } }, { id: "asc" }],
  });
  return filas.map(serializar);
}

/** How many people (accounts and confirmed addresses) follow an organization. */
export function seguidoresDe(organizacionId: string): Promise<number> {
  return prisma.seguimiento.count({ where: { organizacionId, confirmadoEn: { not: null } } });
}

/** The user's follow of an organization, if any (its id, to stop it). */
export async function seguimientoDeOrganizacion(usuarioId: string, organizacionId: string): Promise<string | null> {
  const s = await prisma.seguimiento.findUnique({
    where: { usuarioId_organizacionId: { usuarioId, organizacionId } },
    select: { id: true },
  });
  return s?.id ?? null;
}

/** The follow `id` of this person, or 404 (someone else's looks exactly like one that does not exist). */
async function propio(p: Persona, id: string) {
  if (!z.uuid().safeParse(id).success) throw new ApiError(404, mensajes.seguimientoNoEncontrado);
  const s = await prisma.seguimiento.findFirst({
    where: { id, ...dePersona(p), confirmadoEn: { not: null } },
    include: conObjeto,
  });
  if (!s) throw new ApiError(404, mensajes.seguimientoNoEncontrado);
  return s;
}

export async function cambiarSeguimiento(p: Persona, id: string, cambio: CambioSeguimiento): Promise<SeguimientoApi> {
  const s = await propio(p, id);
  const fila = await prisma.seguimiento.update({
    where: { id: s.id },
    // An organization's follow has no radius: only its categories change.
    data: { ...(s.municipio && { radio: cambio.radio }), categorias: aPrisma(cambio.categorias) },
    include: conObjeto,
  });
  return serializar(fila);
}

/** Stops one follow; answers what it was of. */
export async function dejarDeSeguir(p: Persona, id: string): Promise<Seguido> {
  const s = await propio(p, id);
  await prisma.seguimiento.delete({ where: { id: s.id } });
  return seguidoDe(s);
}

/** Stops every follow of the person, towns and organizations (the one-click unsubscribe): no more weekly e-mails. */
export async function darDeBaja(p: Persona): Promise<number> {
  const { count } = await prisma.seguimiento.deleteMany({ where: dePersona(p) });
  return count;
}

/** The town a confirmation link is for, without using it up (the page that asks). 404 / 410 as confirming. */
export async function pendienteDeConfirmar(token: string): Promise<Seguido> {
  if (!tokenSchema.safeParse(token).success) throw new ApiError(404, mensajes.seguimientoEnlaceNoValido);
  const s = await prisma.seguimiento.findUnique({ where: { tokenHash: hashToken(token) }, include: conObjeto });
  if (!s || !s.email) throw new ApiError(404, mensajes.seguimientoEnlaceNoValido);
  if (!s.tokenCaducaEn || s.tokenCaducaEn < new Date()) throw new ApiError(410, mensajes.seguimientoEnlaceCaducado);
  return seguidoDe(s);
}

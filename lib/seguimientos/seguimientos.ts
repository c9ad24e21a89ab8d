import "server-only";
import { hashToken, nuevoToken } from "../users/tokens";
import { z } from "../schemas";
import { prisma } from "../db";
import type { PrismaClient } from "../db/client";
import type { Prisma } from "../generated/prisma/client";
import type { Categoria as CategoriaDb } from "../generated/prisma/enums";
import { ApiError } from "../http";
import { enqueueEmail } from "../mail/outbox";
import { correoConfirmarSeguimiento } from "../mail/templates";
import { mensajes } from "../messages";
import type { Categoria } from "../plans/constants";
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

/** A follow as the API and the pages show it. */
export interface SeguimientoApi {
  _id: string;
  municipio: { ine: string; nombre: string; provincia: string };
  radio: number;
  categorias: Categoria[];
}

/** Prisma names two categories differently from the database's (and the API's) spelling. */
const EN_PRISMA: Partial<Record<Categoria, CategoriaDb>> = {
  "Fiestas de pueblo": "FiestasDePueblo",
  Gastronomía: "Gastronomia",
};
export const aPrisma = (l: Categoria[]): CategoriaDb[] => l.map((c) => EN_PRISMA[c] ?? (c as CategoriaDb));
export const dePrisma = (l: CategoriaDb[]): Categoria[] =>
  l.map((c) => (Object.keys(EN_PRISMA) as Categoria[]).find((k) => EN_PRISMA[k] === c) ?? (c as Categoria));

const conMunicipio = { municipio: { select: { ine: true, nombre: true, provincia: true } } } as const;

function serializar(s: {
  id: string;
  radio: number;
  categorias: CategoriaDb[];
  municipio: { ine: string; nombre: string; provincia: string };
}): SeguimientoApi {
  return { _id: s.id, municipio: s.municipio, radio: s.radio, categorias: dePrisma(s.categorias) };
}

/** The town of a follow: it must exist in the gazetteer and have a place to search around. */
async function municipioDe(db: Tx, ine: string): Promise<{ ine: string; nombre: string }> {
  const m = await db.municipio.findUnique({ where: { ine }, select: { ine: true, nombre: true, lat: true } });
  if (!m || m.lat === null) throw new ApiError(400, mensajes.seguirMunicipioNoValido);
  return m;
}

/** A logged-in user follows a town (again: its radius and categories change). Confirmed at once. */
export async function seguirComoUsuario(usuarioId: string, datos: DatosSeguir): Promise<SeguimientoApi> {
  await municipioDe(prisma, datos.ine);
  const fila = await prisma.seguimiento.upsert({
    where: { usuarioId_municipioIne: { usuarioId, municipioIne: datos.ine } },
    create: {
      usuarioId,
      municipioIne: datos.ine,
      radio: datos.radio,
      categorias: aPrisma(datos.categorias),
      confirmadoEn: new Date(),
    },
    update: { radio: datos.radio, categorias: aPrisma(datos.categorias) },
    include: conMunicipio,
  });
  return serializar(fila);
}

/**
 * An address asks to follow a town: a confirmation e-mail with a new single-use link, whatever
 * the state of that address (new, unconfirmed or already following), so the answer never tells
 * whether it follows. What it asks for applies only when the link is opened.
 */
export async function pedirSeguimiento(email: string, datos: DatosSeguir): Promise<void> {
  await prisma.$transaction(async (tx) => {
    const municipio = await municipioDe(tx, datos.ine);
    const token = nuevoToken();
    const pendiente = {
      tokenHash: hashToken(token),
      tokenCaducaEn: new Date(Date.now() + DIAS_CONFIRMAR * DIA_MS),
      radioPedido: datos.radio,
      categoriasPedidas: aPrisma(datos.categorias),
    };
    await tx.seguimiento.upsert({
      where: { email_municipioIne: { email, municipioIne: datos.ine } },
      create: {
        email,
        municipioIne: datos.ine,
        radio: datos.radio,
        categorias: aPrisma(datos.categorias),
        ...pendiente,
      },
      update: pendiente,
    });
    await enqueueEmail(tx, correoConfirmarSeguimiento(email, municipio.nombre, token));
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
export async function confirmarSeguimiento(token: string): Promise<{ municipio: string; gestion: string }> {
  if (!tokenSchema.safeParse(token).success) throw new ApiError(404, mensajes.seguimientoEnlaceNoValido);
  return prisma.$transaction(async (tx) => {
    const s = await tx.seguimiento.findUnique({ where: { tokenHash: hashToken(token) }, include: conMunicipio });
    if (!s || !s.email) throw new ApiError(404, mensajes.seguimientoEnlaceNoValido);
    if (!s.tokenCaducaEn || s.tokenCaducaEn < new Date()) throw new ApiError(410, mensajes.seguimientoEnlaceCaducado);
    await tx.seguimiento.update({
      where: { id: s.id },
      data: {
        confirmadoEn: s.confirmadoEn ?? new Date(),
        radio: s.radioPedido ?? s.radio,
        categorias: s.radioPedido !== null ? s.categoriasPedidas : s.categorias,
        tokenHash: null,
        tokenCaducaEn: null,
        radioPedido: null,
        categoriasPedidas: [],
      },
    });
    return { municipio: s.municipio.nombre, gestion: await crearEnlaceGestion(tx, { email: s.email }) };
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

/** A person's confirmed follows, by town name. */
export async function seguimientosDe(p: Persona): Promise<SeguimientoApi[]> {
  const filas = await prisma.seguimiento.findMany({
    where: { ...dePersona(p), confirmadoEn: { not: null } },
    include: conMunicipio,
    orderBy: [{ municipio: { nombre: "asc" } }, { id: "asc" }],
  });
  return filas.map(serializar);
}

/** The follow `id` of this person, or 404 (someone else's looks exactly like one that does not exist). */
async function propio(p: Persona, id: string) {
  if (!z.uuid().safeParse(id).success) throw new ApiError(404, mensajes.seguimientoNoEncontrado);
  const s = await prisma.seguimiento.findFirst({
    where: { id, ...dePersona(p), confirmadoEn: { not: null } },
    include: conMunicipio,
  });
  if (!s) throw new ApiError(404, mensajes.seguimientoNoEncontrado);
  return s;
}

export async function cambiarSeguimiento(p: Persona, id: string, cambio: CambioSeguimiento): Promise<SeguimientoApi> {
  const s = await propio(p, id);
  const fila = await prisma.seguimiento.update({
    where: { id: s.id },
    data: { radio: cambio.radio, categorias: aPrisma(cambio.categorias) },
    include: conMunicipio,
  });
  return serializar(fila);
}

/** Stops one follow; answers the town's name. */
export async function dejarDeSeguir(p: Persona, id: string): Promise<string> {
  const s = await propio(p, id);
  await prisma.seguimiento.delete({ where: { id: s.id } });
  return s.municipio.nombre;
}

/** Stops every follow of the person (the one-click unsubscribe): no more weekly e-mails. */
export async function darDeBaja(p: Persona): Promise<number> {
  const { count } = await prisma.seguimiento.deleteMany({ where: dePersona(p) });
  return count;
}

/** The town a confirmation link is for, without using it up (the page that asks). 404 / 410 as confirming. */
export async function pendienteDeConfirmar(token: string): Promise<{ municipio: string }> {
  if (!tokenSchema.safeParse(token).success) throw new ApiError(404, mensajes.seguimientoEnlaceNoValido);
  const s = await prisma.seguimiento.findUnique({ where: { tokenHash: hashToken(token) }, include: conMunicipio });
  if (!s || !s.email) throw new ApiError(404, mensajes.seguimientoEnlaceNoValido);
  if (!s.tokenCaducaEn || s.tokenCaducaEn < new Date()) throw new ApiError(410, mensajes.seguimientoEnlaceCaducado);
  return { municipio: s.municipio.nombre };
}

import "server-only";
import { esIdioma, IDIOMA_POR_DEFECTO, type Idioma } from "../idiomas";
import { randomBytes } from "node:crypto";
import { hashPassword, verifyPassword } from "better-auth/crypto";
import { prisma } from "../db";
import { env } from "../env";
import { ApiError } from "../http";
import { deliverSoon } from "../mail/send";
import { enqueueEmail } from "../mail/outbox";
import { correoConfirmarCambioCorreo, correoConfirmarCuenta, correoRestablecerPassword } from "../mail/templates";
import { imageKeys } from "../media/images";
import { quitarArchivos } from "../media/quitar";
import { conDatos, mensajes } from "../messages";
import { LIMITES, enforceLimits } from "../rate-limit";
import { CUENTA_SUSPENDIDA, auth } from "./auth";
import type { CambioDatos, PlataformaGoogle } from "./schemas";
import { serializeUsuario, type UsuarioApi } from "./serialize";
import type { SessionUser } from "./session";
import { consumirToken, crearToken } from "./tokens";

const CREDENTIAL = "credential";

function isUniqueViolation(error: unknown): boolean {
  return (error as { code?: string }).code === "P2002" || /unique constraint/i.test(String((error as Error).message));
}

/** An answer body plus the cookies better-auth set (login) or cleared (logout). */
export interface ConCookies<T> {
  body: T;
  setCookies: string[];
}

/** A stored language, Spanish for anything else. */
const idiomaGuardado = (valor: string): Idioma => (esIdioma(valor) ? valor : IDIOMA_POR_DEFECTO);

export async function registrar(
  datos: { nombre: string; correo: string; password: string; idioma?: Idioma },
  ip: string,
): Promise<string> {
  const idioma = datos.idioma ?? IDIOMA_POR_DEFECTO;
  await enforceLimits(LIMITES.registro(ip, datos.correo));
  if (await prisma.user.findUnique({ where: { email: datos.correo }, select: { id: true } })) {
    throw new ApiError(409, mensajes.correoYaRegistrado);
  }
  const hash = await hashPassword(datos.password);
  const id = randomBytes(16).toString("hex");
  try {
    await prisma.$transaction(async (tx) => {
      await tx.user.create({ data: { id, name: datos.nombre, email: datos.correo, emailVerified: false, idioma } });
      await tx.account.create({
        data: {
          id: randomBytes(16).toString("hex"),
          accountId: id,
          providerId: CREDENTIAL,
          userId: id,
          password: hash,
        },
      });
      const token = await crearToken(tx, "confirmar", id);
      await enqueueEmail(tx, correoConfirmarCuenta(datos.correo, datos.nombre, token, idioma));
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw new ApiError(409, mensajes.correoYaRegistrado);
    throw error;
  }
  deliverSoon();
  return mensajes.registroEnviado;
}

/** Confirms an account, or the new address of an e-mail change (both links go to /confirmar-cuenta). */
export async function confirmar(token: string): Promise<string> {
  const mensaje = await prisma.$transaction(async (tx) => {
    const t = await consumirToken(tx, token, ["confirmar", "correo"]);
    const user = t && (await tx.user.findUnique({ where: { id: t.userId } }));
    if (!t || !user) return null;
    if (t.tipo === "confirmar") {
      await tx.user.update({ where: { id: user.id }, data: { emailVerified: true } });
      return mensajes.cuentaConfirmada;
    }
    if (await tx.user.findUnique({ where: { email: t.dato }, select: { id: true } })) {
      throw new ApiError(409, mensajes.correoYaRegistrado);
    }
    await tx.user.update({ where: { id: user.id }, data: { email: t.dato, emailVerified: true } });
    return mensajes.correoCambiado;
  });
  if (!mensaje) throw new ApiError(400, mensajes.enlaceNoValido);
  return mensaje;
}

/** Sends a fresh confirmation link to an unconfirmed account; says the same whatever the address. */
export async function reenviarConfirmacion(correo: string, ip: string): Promise<string> {
  await enforceLimits(LIMITES.confirmacion(ip, correo));
  const user = await prisma.user.findUnique({ where: { email: correo } });
  if (user && !user.emailVerified) {
    await prisma.$transaction(async (tx) => {
      const token = await crearToken(tx, "confirmar", user.id);
      await enqueueEmail(tx, correoConfirmarCuenta(user.email, user.name, token, idiomaGuardado(user.idioma)));
    });
    deliverSoon();
  }
  return mensajes.confirmacionReenviada;
}

function apiErrorStatus(error: unknown): string | undefined {
  return (error as { status?: string }).status;
}

/** better-auth refused the session because the team suspended the account (lib/users/auth.ts). */
function esCuentaSuspendida(error: unknown): boolean {
  return (error as { body?: { code?: string } }).body?.code === CUENTA_SUSPENDIDA;
}

export async function login(
  datos: { correo: string; password: string },
  ip: string,
  headers: Headers,
): Promise<ConCookies<{ token: string; usuario: Omit<UsuarioApi, "google"> }>> {
  await enforceLimits(LIMITES.login(ip, datos.correo));
  if (!datos.correo || !datos.password) throw new ApiError(401, mensajes.credencialesIncorrectas);
  try {
    const { headers: h, response } = await auth().api.signInEmail({
      body: { email: datos.correo, password: datos.password },
      headers,
      returnHeaders: true,
    });
    const { _id, nombre, correo } = serializeUsuario(response.user);
    return { body: { token: response.token, usuario: { _id, nombre, correo } }, setCookies: h.getSetCookie() };
  } catch (error) {
    if (esCuentaSuspendida(error)) throw new ApiError(403, mensajes.cuentaSuspendida);
    if (apiErrorStatus(error) === "FORBIDDEN") throw new ApiError(403, mensajes.cuentaSinConfirmar);
    if (["UNAUTHORIZED", "BAD_REQUEST"].includes(apiErrorStatus(error) ?? ""))
      throw new ApiError(401, mensajes.credencialesIncorrectas);
    throw error;
  }
}

export async function loginGoogle(
  idToken: string,
  platform: PlataformaGoogle,
  ip: string,
  headers: Headers,
): Promise<ConCookies<{ token: string; usuario: UsuarioApi }>> {
  await enforceLimits(LIMITES.google(ip));
  if (env().GOOGLE_CLIENT_IDS.length === 0) throw new ApiError(503, mensajes.googleNoDisponible);
  let result;
  try {
    result = await auth().api.signInSocial({
      body: { provider: "google", idToken: { token: idToken } },
      headers,
      returnHeaders: true,
    });
  } catch (error) {
    if (esCuentaSuspendida(error)) throw new ApiError(403, mensajes.cuentaSuspendida);
    if (apiErrorStatus(error)) throw new ApiError(401, mensajes.googleNoVerificado);
    throw error;
  }
  const response = result.response as { token?: string; user?: { id: string } };
  if (!response.token || !response.user) throw new ApiError(401, mensajes.googleNoVerificado);
  // better-auth has just created or found the Google account; it does not know our platform.
  await prisma.account.updateMany({ where: { userId: response.user.id, providerId: "google" }, data: { platform } });
  const user = await prisma.user.findUniqueOrThrow({ where: { id: response.user.id } });
  return {
    body: { token: response.token, usuario: serializeUsuario(user) },
    setCookies: result.headers.getSetCookie(),
  };
}

export async function logout(headers: Headers): Promise<ConCookies<{ mensaje: string }>> {
  const { headers: h } = await auth().api.signOut({ headers, returnHeaders: true });
  return { body: { mensaje: mensajes.sesionCerrada }, setCookies: h.getSetCookie() };
}

export async function cambiarDatos(user: SessionUser, cambio: CambioDatos): Promise<string> {
  if (user.google) throw new ApiError(403, mensajes.googleNoPuedeCambiar);
  switch (cambio.tipo) {
    case "nombre":
      await prisma.user.update({ where: { id: user.id }, data: { name: cambio.nombre } });
      return mensajes.datosActualizados;
    case "correo": {
      if (cambio.correo === user.email) return mensajes.datosActualizados;
      if (await prisma.user.findUnique({ where: { email: cambio.correo }, select: { id: true } })) {
        throw new ApiError(409, mensajes.correoYaRegistrado);
      }
      const { idioma } = await prisma.user.findUniqueOrThrow({ where: { id: user.id }, select: { idioma: true } });
      await prisma.$transaction(async (tx) => {
        const token = await crearToken(tx, "correo", user.id, cambio.correo);
        await enqueueEmail(tx, correoConfirmarCambioCorreo(cambio.correo, user.name, token, idiomaGuardado(idioma)));
      });
      deliverSoon();
      return conDatos(mensajes.cambioCorreoEnviado, { correo: cambio.correo });
    }
    case "password": {
      const account = await prisma.account.findFirst({ where: { userId: user.id, providerId: CREDENTIAL } });
      if (
        !account?.password ||
        !(await verifyPassword({ hash: account.password, password: cambio.passwordPerfilActual }))
      ) {
        throw new ApiError(400, mensajes.passwordActualIncorrecta);
      }
      const hash = await hashPassword(cambio.passwordPerfilNueva);
      await prisma.$transaction([
        prisma.account.update({ where: { id: account.id }, data: { password: hash } }),
        // Every other session ends; the one making the change stays.
        prisma.session.deleteMany({ where: { userId: user.id, token: { not: user.sessionToken } } }),
      ]);
      return mensajes.passwordActualizada;
    }
  }
}

/** Sends a reset link when the address belongs to a password account; the answer never tells. */
export async function solicitarRestablecer(correo: string, ip: string): Promise<string> {
  await enforceLimits(LIMITES.restablecer(ip, correo));
  const user = await prisma.user.findUnique({
    where: { email: correo },
    include: { accounts: { where: { providerId: CREDENTIAL } } },
  });
  if (user && user.accounts.length > 0) {
    await prisma.$transaction(async (tx) => {
      const token = await crearToken(tx, "restablecer", user.id);
      await enqueueEmail(tx, correoRestablecerPassword(user.email, user.name, token, idiomaGuardado(user.idioma)));
    });
    deliverSoon();
  }
  return mensajes.restablecerEnviado;
}

export async function restablecer(token: string, passwordNueva: string): Promise<string> {
  const hash = await hashPassword(passwordNueva);
  const ok = await prisma.$transaction(async (tx) => {
    const t = await consumirToken(tx, token, ["restablecer"]);
    if (!t) return false;
    const updated = await tx.account.updateMany({
      where: { userId: t.userId, providerId: CREDENTIAL },
      data: { password: hash },
    });
    if (updated.count === 0) return false;
    // Following the link proves the address; every open session ends.
    await tx.user.update({ where: { id: t.userId }, data: { emailVerified: true } });
    await tx.session.deleteMany({ where: { userId: t.userId } });
    return true;
  });
  if (!ok) throw new ApiError(400, mensajes.enlaceNoValido);
  return mensajes.passwordRestablecida;
}

/**
 * Removes the account with its sessions, favourites, organizations, plans and the posters of
 * its unpublished drafts in one transaction; their images' files go after the commit.
 */
export async function eliminarCuenta(userId: string): Promise<string> {
  const keys = await prisma.$transaction(async (tx) => {
    const archivos = await tx.archivo.findMany({
      where: {
        OR: [
          { cartelDePlan: { usuarioId: userId } },
          { logoDeOrganizacion: { usuarioId: userId } },
          { cartelTemporal: { usuarioId: userId } },
        ],
      },
      select: { id: true, variantes: true },
    });
    await tx.user.delete({ where: { id: userId } });
    await tx.archivo.deleteMany({ where: { id: { in: archivos.map((a) => a.id) } } });
    await tx.verification.deleteMany({ where: { identifier: { contains: `:${userId}:` } } });
    return archivos.flatMap((a) => imageKeys(a.variantes));
  });
  await quitarArchivos(prisma, keys, "cuenta");
  return mensajes.cuentaEliminada;
}

import "server-only";
import { prisma } from "./db";
import { ApiError } from "./http";
import { mensajes } from "./messages";

export interface Limit {
  /** What is counted, e.g. `login:ip:203.0.113.9` or `login:cuenta:ana@example.es`. */
  key: string;
  max: number;
  windowMs: number;
}

/**
 * Counts one attempt against each limit (fixed windows kept in PostgreSQL, so every app
 * instance shares them) and answers 429 when any is over its maximum.
 */
export async function enforceLimits(limits: Limit[]): Promise<void> {
  const now = Date.now();
  let exceeded = false;
  for (const { key, max, windowMs } of limits) {
    const [{ count }] = await prisma.$queryRaw<{ count: number }[]>`
      INSERT INTO limite_peticiones (id, key, count, last_request)
      VALUES (gen_random_uuid()::text, ${key}, 1, ${now})
      ON CONFLICT (key) DO UPDATE SET
        count = CASE WHEN limite_peticiones.last_request <= ${now - windowMs} THEN 1 ELSE limite_peticiones.count + 1 END,
        last_request = CASE WHEN limite_peticiones.last_request <= ${now - windowMs} THEN ${now} ELSE limite_peticiones.last_request END
      RETURNING count`;
    if (count > max) exceeded = true;
  }
  if (exceeded) throw new ApiError(429, mensajes.demasiadasPeticiones);
}

/**
 * The client's address: the last X-Forwarded-For entry, i.e. the one added by the nearest
 * proxy (Next.js itself fills the header with the socket address when nothing in front did).
 */
export function clientIp(request: Request): string {
  const forwarded = request.headers.get("x-forwarded-for");
  const last = forwarded?.split(",").pop()?.trim();
  return last || request.headers.get("x-real-ip") || "desconocida";
}

const MINUTE = 60_000;

/** Gmail ignores dots in an address's local part: these domains deliver a.b@ and ab@ alike. */
const SIN_PUNTOS = new Set(["gmail.com", "googlemail.com"]);

/**
 * The mailbox an address reaches, as a limit counts it: in small letters, without its `+tag`
 * (ana+1@ and ana+2@ reach ana@), and for Gmail without dots and as gmail.com, so tagging or
 * dotting one address never buys more of a limit keyed by it.
 */
export function buzonDe(correo: string): string {
  const limpio = correo.trim().toLowerCase();
  const arroba = limpio.lastIndexOf("@");
  if (arroba < 1) return limpio;
  let local = limpio.slice(0, arroba);
  let dominio = limpio.slice(arroba + 1);
  const mas = local.indexOf("+");
  if (mas > 0) local = local.slice(0, mas);
  if (SIN_PUNTOS.has(dominio)) {
    local = local.replaceAll(".", "");
    dominio = "gmail.com";
  }
  return `${local}@${dominio}`;
}

/** The limits of each sensitive call, per client address and per account. */
export const LIMITES = {
  login: (ip: string, correo: string): Limit[] => [
    { key: `login:ip:${ip}`, max: 30, windowMs: 15 * MINUTE },
    { key: `login:cuenta:${buzonDe(correo)}`, max: 10, windowMs: 15 * MINUTE },
  ],
  google: (ip: string): Limit[] => [{ key: `google:ip:${ip}`, max: 30, windowMs: 15 * MINUTE }],
  registro: (ip: string, correo: string): Limit[] => [
    { key: `registro:ip:${ip}`, max: 10, windowMs: 60 * MINUTE },
    { key: `registro:cuenta:${buzonDe(correo)}`, max: 5, windowMs: 60 * MINUTE },
  ],
  confirmacion: (ip: string, correo: string): Limit[] => [
    { key: `confirmacion:ip:${ip}`, max: 20, windowMs: 60 * MINUTE },
    { key: `confirmacion:cuenta:${buzonDe(correo)}`, max: 5, windowMs: 60 * MINUTE },
  ],
  restablecer: (ip: string, correo: string): Limit[] => [
    { key: `restablecer:ip:${ip}`, max: 20, windowMs: 60 * MINUTE },
    { key: `restablecer:cuenta:${buzonDe(correo)}`, max: 5, windowMs: 60 * MINUTE },
  ],
  reporte: (ip: string): Limit[] => [{ key: `reporte:ip:${ip}`, max: 10, windowMs: 60 * MINUTE }],
  destacado: (usuarioId: string): Limit[] => [{ key: `destacado:cuenta:${usuarioId}`, max: 10, windowMs: 60 * MINUTE }],
  /** Following a town without an account sends a confirmation e-mail: per address and per client. */
  seguir: (ip: string, correo: string): Limit[] => [
    { key: `seguir:ip:${ip}`, max: 20, windowMs: 60 * MINUTE },
    { key: `seguir:cuenta:${buzonDe(correo)}`, max: 5, windowMs: 60 * MINUTE },
  ],
  eurona: (ip: string): Limit[] => [{ key: `eurona:ip:${ip}`, max: 10, windowMs: 60 * MINUTE }],
  /** Connecting a calendar makes the server fetch a URL a person gave: a few an hour per account. */
  calendario: (usuarioId: string): Limit[] => [
    { key: `calendario:cuenta:${usuarioId}`, max: 10, windowMs: 60 * MINUTE },
  ],
  /** Reading a programme's file may run OCR for seconds: a clerk's morning of tries, not a script's. */
  programas: (usuarioId: string): Limit[] => [{ key: `programas:cuenta:${usuarioId}`, max: 20, windowMs: 60 * MINUTE }],
  /** A moderator's busy day, not a script run wild with a stolen session. */
  gestion: (usuarioId: string): Limit[] => [{ key: `gestion:cuenta:${usuarioId}`, max: 300, windowMs: 15 * MINUTE }],
};

import "server-only";
import { AsyncLocalStorage } from "node:async_hooks";
import { createHash } from "node:crypto";
import { cookies, headers } from "next/headers";
import { env } from "../env";
import { READ_YOUR_WRITES_COOKIE } from "../cookies";
import { createPrismaClient, type PrismaClient } from "./client";
import { parseLsn, PRIMARY_POSITION_SQL, ReplicaRouter, replicaWithFallback } from "./replica";

interface ReadReplica {
  router: ReplicaRouter;
  /** The replica's client, whose queries fall back to the primary when it cannot answer. */
  client: PrismaClient;
}

const g = globalThis as unknown as { prisma?: PrismaClient; readReplica?: ReadReplica | null };

/**
 * The one PrismaClient of this process on the primary (kept on globalThis so dev hot reloads
 * reuse it): every write, and every read of a person's own data, the session and the back-office.
 */
export const prisma: PrismaClient = (g.prisma ??= createPrismaClient(undefined, undefined, { marcaCaidas: true }));

/** The read replica of this process (DATABASE_READ_URL), or null without one. */
function readReplica(): ReadReplica | null {
  if (g.readReplica === undefined) {
    const { DATABASE_READ_URL, DATABASE_READ_MAX_LAG } = env();
    if (!DATABASE_READ_URL) return (g.readReplica = null);
    // A short connection timeout: a replica that does not answer costs the reads that meet it
    // one second before the breaker sends them to the primary.
    const replica = createPrismaClient(DATABASE_READ_URL, 10, {
      applicationName: "planazo-read",
      connectTimeoutMs: 1_000,
    });
    const router = new ReplicaRouter(prisma, replica, { maxLagMs: DATABASE_READ_MAX_LAG * 1000 });
    g.readReplica = { router, client: replicaWithFallback(replica, prisma, router) };
  }
  return g.readReplica;
}

/** The bearer token of a request (the mobile apps), or null. */
function bearerToken(h: Headers): string | null {
  return /^bearer\s+(\S+)$/i.exec(h.get("authorization")?.trim() ?? "")?.[1] ?? null;
}

const tokenKey = (token: string) => createHash("sha256").update(token).digest("hex");

/**
 * The WAL position of the last change of whoever makes this request: the cookie a browser got
 * with that change's answer, or the row kept for a bearer token (clients that keep no cookies).
 * Null outside a request (scripts, tests calling lib/ directly) or after neither.
 */
async function lastChangeOfRequest(): Promise<bigint | null> {
  let jar: Awaited<ReturnType<typeof cookies>>;
  let h: Headers;
  try {
    [jar, h] = await Promise.all([cookies(), headers()]);
  } catch (error) {
    if (error instanceof Error && /outside a request scope/.test(error.message)) return null;
    throw error;
  }
  const fromCookie = parseLsn(jar.get(READ_YOUR_WRITES_COOKIE)?.value);
  const token = bearerToken(h);
  if (!token) return fromCookie;
  const [row] = await prisma.$queryRaw<{ lsn: string }[]>`
    SELECT lsn FROM read_your_writes WHERE token_hash = ${tokenKey(token)} AND expires_at > now()`;
  const fromToken = parseLsn(row?.lsn);
  return fromCookie !== null && (fromToken === null || fromCookie > fromToken) ? fromCookie : fromToken;
}

const pinned = new AsyncLocalStorage<PrismaClient>();

/**
 * The client for a public read (searches, plan and organization pages, geocoding, feeds,
 * sitemaps): the read replica when there is one, it is reachable and fresh enough, and the person
 * asking has no change of their own that it has not replayed yet; otherwise the primary.
 * Reads of a person's own data use `prisma`. Inside `withOneReadDb`, the client it chose.
 *
 * It reads the request's cookies and headers, so it cannot run inside "use cache": a cache
 * that a write empties must be filled from the primary (`prisma`), or it could keep what the
 * replica held before that write.
 */
export async function readDb(): Promise<PrismaClient> {
  const chosen = pinned.getStore();
  if (chosen) return chosen;
  const replica = readReplica();
  if (!replica?.router.usable()) return prisma;
  const needs = await lastChangeOfRequest();
  return needs === null || replica.router.usable(needs) ? replica.client : prisma;
}

/**
 * Runs `read` with every readDb() inside it answering the same client: a read made of several
 * queries that must agree (a search's memo key and the rows stored under it) is never half
 * from the replica and half from the primary.
 */
export async function withOneReadDb<T>(read: () => Promise<T>): Promise<T> {
  if (pinned.getStore()) return read();
  return pinned.run(await readDb(), read);
}

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * After a change answered with success, with a read replica: the primary's WAL position now, in
 * a short-lived cookie for a browser and in read_your_writes for a bearer token, so that person's
 * next reads wait for the replica to replay it (readDb). Both last DATABASE_READ_MAX_LAG (plus a
 * margin): by then the replica has replayed it, or is too far behind to be read at all. The
 * answer is passed on unchanged when there is nothing to remember or the primary cannot say.
 */
export async function rememberChange(request: Request, response: Response): Promise<Response> {
  if (SAFE_METHODS.has(request.method) || response.status >= 400 || !readReplica()) return response;
  const { DATABASE_READ_MAX_LAG, SITE_URL } = env();
  const seconds = Math.ceil(DATABASE_READ_MAX_LAG) + 2;
  const token = bearerToken(request.headers);
  let lsn: string | undefined;
  try {
    [{ lsn }] = token
      ? await prisma.$queryRawUnsafe<{ lsn: string }[]>(
          `WITH vencidas AS (DELETE FROM read_your_writes WHERE expires_at < now() AND token_hash <> $1)
           INSERT INTO read_your_writes (token_hash, lsn, expires_at)
           VALUES ($1, ${PRIMARY_POSITION_SQL}::text, now() + make_interval(secs => $2))
           ON CONFLICT (token_hash) DO UPDATE SET lsn = EXCLUDED.lsn, expires_at = EXCLUDED.expires_at
           RETURNING lsn`,
          tokenKey(token),
          seconds,
        )
      : await prisma.$queryRawUnsafe<{ lsn: string }[]>(`SELECT ${PRIMARY_POSITION_SQL}::text AS lsn`);
  } catch {
    return response;
  }
  const secure = SITE_URL.startsWith("https:") ? "; Secure" : "";
  const headers = new Headers(response.headers);
  headers.append(
    "Set-Cookie",
    `${READ_YOUR_WRITES_COOKIE}=${lsn}; Path=/; Max-Age=${seconds}; HttpOnly; SameSite=Lax${secure}`,
  );
  return new Response(response.body, { status: response.status, statusText: response.statusText, headers });
}

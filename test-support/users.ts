import { randomBytes } from "node:crypto";
import { makeSignature } from "better-auth/crypto";
import { SESSION_COOKIE } from "@/lib/cookies";
import { query } from "./database";
import { appUrl, worker } from "./worker";

/** A client address of its own, so one test's attempts never count against another's limits. */
export function freshIp(): string {
  const b = randomBytes(3);
  return `10.${b[0]}.${b[1]}.${b[2]}`;
}

export function uniqueEmail(prefix = "prueba"): string {
  return `${prefix}.${randomBytes(5).toString("hex")}@example.com`;
}

/** A confirmed test user: its credentials, a bearer token, its id. */
export interface TestUser {
  correo: string;
  password: string;
  token: string;
  id: string;
}

/** The password of every test user that confirmedUser() makes. */
const PASSWORD = "contraseña-segura";

export interface ApiCall {
  status: number;
  body: Record<string, unknown>;
  setCookie: string[];
}

/** A JSON call to the running app as a client at `ip`, with an optional bearer token or cookie (and other headers). */
export async function call(
  method: string,
  pathname: string,
  {
    body,
    token,
    cookie,
    ip = freshIp(),
    origin,
    base = appUrl(),
    headers: extra = {},
  }: {
    body?: unknown;
    token?: string;
    cookie?: string;
    ip?: string;
    origin?: string;
    base?: string;
    headers?: Record<string, string>;
  } = {},
): Promise<ApiCall> {
  const headers: Record<string, string> = { "X-Forwarded-For": ip, ...extra };
  if (body !== undefined) headers["Content-Type"] = "application/json";
  if (token) headers.Authorization = `Bearer ${token}`;
  if (cookie) headers.Cookie = cookie;
  if (origin) headers.Origin = origin;
  const res = await fetch(`${base}${pathname}`, {
    method,
    headers,
    body: body === undefined ? undefined : typeof body === "string" ? body : JSON.stringify(body),
    redirect: "manual",
  });
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : {}, setCookie: res.headers.getSetCookie() };
}

/** The link in the newest e-mail to `to` whose path starts with `prefix` (in the tests' database unless given). */
export async function linkFromOutbox(
  to: string,
  prefix: "/confirmar-cuenta/" | "/restablecer-password/",
  databaseUrl = process.env.DATABASE_URL!,
): Promise<string> {
  const rows = await query<{ text: string }>(
    databaseUrl,
    `SELECT text FROM email_outbox WHERE "to" = $1 ORDER BY created_at DESC LIMIT 1`,
    [to],
  );
  const match = rows[0]?.text.match(new RegExp(`https?://[^\\s]+${prefix}([A-Za-z0-9_-]+)`));
  if (!match) throw new Error(`no ${prefix} link in the outbox for ${to}`);
  return match[0];
}

export function tokenOf(link: string): string {
  return link.split("/").pop()!;
}

/**
 * A confirmed user with a session: the test's own worker database through better-auth's server
 * API (the user, its credential account with the password hashed by better-auth, and a session
 * whose token the app accepts as a bearer token or a cookie), with no e-mail and no request.
 * With another app or database (`base`, `databaseUrl`) it registers, confirms and logs in through
 * that app's API. Tests whose subject is registration, confirmation or login call the API.
 */
export async function confirmedUser(nombre = "Lucía Prueba", base?: string, databaseUrl?: string): Promise<TestUser> {
  if (base || databaseUrl) return registeredThroughApi(nombre, base, databaseUrl);
  const correo = uniqueEmail();
  const ctx = await authContext();
  const user = await ctx.internalAdapter.createUser(
    { name: nombre, email: correo, emailVerified: true },
    { method: "email-password" },
  );
  await ctx.internalAdapter.linkAccount({
    userId: user.id,
    providerId: "credential",
    accountId: user.id,
    password: await passwordHash(ctx),
  });
  const session = await ctx.internalAdapter.createSession(user.id);
  return { correo, password: PASSWORD, token: session.token, id: user.id };
}

/**
 * The session cookie of a new session of the user, as the login sets it (the session's token
 * signed with the worker app's secret), made in the database: each browser context gets a
 * session of its own without asking the app, whose login spends a quarter of a second of CPU on
 * scrypt. Tests whose subject is the login call the API.
 */
export async function cookieDeSesionNueva(usuarioId: string): Promise<{ name: string; value: string }> {
  const session = await (await authContext()).internalAdapter.createSession(usuarioId);
  const firma = await makeSignature(session.token, worker().appEnv.BETTER_AUTH_SECRET);
  return { name: SESSION_COOKIE, value: encodeURIComponent(`${session.token}.${firma}`) };
}

/**
 * The same as cookieDeSesionNueva with the session row written by SQL: a file that needs a session
 * and nothing else of the auth library skips its import, which costs seconds.
 */
export async function cookieDeSesionSql(usuarioId: string): Promise<{ name: string; value: string }> {
  const token = randomBytes(24).toString("base64url");
  await query(
    process.env.DATABASE_URL!,
    `INSERT INTO sesion (id, token, expires_at, user_id) VALUES ($1, $2, now() + interval '1 day', $3)`,
    [randomBytes(16).toString("hex"), token, usuarioId],
  );
  const firma = await makeSignature(token, worker().appEnv.BETTER_AUTH_SECRET);
  return { name: SESSION_COOKIE, value: encodeURIComponent(`${token}.${firma}`) };
}

type AuthContext = Awaited<ReturnType<typeof import("@/lib/users/auth").auth>["$context"]>;

async function authContext(): Promise<AuthContext> {
  const { auth } = await import("@/lib/users/auth");
  return auth().$context;
}

// Every fixture user has the same password: better-auth hashes it once per process (scrypt is
// slow by design, and the suite makes hundreds of users).
let hashed: Promise<string> | undefined;
function passwordHash(ctx: AuthContext): Promise<string> {
  hashed ??= ctx.password.hash(PASSWORD);
  return hashed;
}

async function registeredThroughApi(nombre: string, base?: string, databaseUrl?: string): Promise<TestUser> {
  const correo = uniqueEmail();
  const password = PASSWORD;
  const reg = await call("POST", "/api/usuario/register", { base, body: { nombre, correo, password } });
  if (reg.status !== 201) throw new Error(`register: ${reg.status} ${JSON.stringify(reg.body)}`);
  const token = tokenOf(await linkFromOutbox(correo, "/confirmar-cuenta/", databaseUrl));
  await call("GET", `/api/usuario/confirmar-cuenta/${token}`, { base });
  const login = await call("POST", "/api/usuario/login", { base, body: { correo, password } });
  if (login.status !== 200) throw new Error(`login: ${login.status} ${JSON.stringify(login.body)}`);
  return { correo, password, token: login.body.token as string, id: (login.body.usuario as { _id: string })._id };
}

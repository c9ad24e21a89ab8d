import { execFileSync } from "node:child_process";
import { existsSync, mkdirSync, readdirSync, readFileSync } from "node:fs";
import { totalmem } from "node:os";
import path from "node:path";
import pg from "pg";

const ROOT = path.resolve(import.meta.dirname, "..", "..");
export const DATA_DIR = path.join(ROOT, ".data");
const CLUSTER_DIR = path.join(DATA_DIR, "pg");
const SOCKET_DIR = path.join(DATA_DIR, "run");
const LOG_FILE = path.join(DATA_DIR, "postgres.log");

export const MISSING_POSTGRES_MESSAGE = [
  "PostgreSQL (15 or newer) with PostGIS 3 is needed for the local database, and it was not found.",
  "On Debian/Ubuntu install it with:  sudo apt-get install postgresql postgis",
  "(or set DATABASE_URL to a PostgreSQL server that has PostGIS).",
].join("\n");

/** A problem the developer fixes by installing or configuring something: printed without a stack. */
export class SetupError extends Error {}

export interface PgInstall {
  bindir: string;
  sharedir: string;
}

/**
 * The newest PostgreSQL server install on this machine (Debian keeps them in
 * /usr/lib/postgresql/<v>/bin), or the one of `major` when it is there (a running server's own,
 * whose PostGIS is installed).
 */
export function findPostgres({
  debianRoot = "/usr/lib/postgresql",
  searchPath = process.env.PATH,
  major,
}: { debianRoot?: string; searchPath?: string; major?: number } = {}): PgInstall {
  const candidates: string[] = [];
  if (existsSync(debianRoot)) {
    const first = (v: string) => (Number(v) === major ? 1 : 0);
    for (const v of readdirSync(debianRoot).sort((a, b) => first(b) - first(a) || Number(b) - Number(a))) {
      candidates.push(path.join(debianRoot, v, "bin"));
    }
  }
  try {
    candidates.push(
      execFileSync("pg_config", ["--bindir"], { encoding: "utf8", env: { ...process.env, PATH: searchPath } }).trim(),
    );
  } catch {
    // pg_config is not on PATH; the Debian layout above is the usual case.
  }
  for (const bindir of candidates) {
    if (!existsSync(path.join(bindir, "initdb")) || !existsSync(path.join(bindir, "pg_ctl"))) continue;
    let sharedir = "";
    try {
      sharedir = execFileSync(path.join(bindir, "pg_config"), ["--sharedir"], { encoding: "utf8" }).trim();
    } catch {
      const version = path.basename(path.dirname(bindir));
      sharedir = `/usr/share/postgresql/${version}`;
    }
    return { bindir, sharedir };
  }
  throw new SetupError(MISSING_POSTGRES_MESSAGE);
}

/** initdb and postgres refuse to run as root: as root, the command that runs them as the postgres system user. */
export function asPostgresUser(bin: string, args: string[]): [string, string[]] {
  return process.getuid?.() === 0 ? ["runuser", ["-u", "postgres", "--", bin, ...args]] : [bin, args];
}

function run(bin: string, args: string[]): string {
  const [cmd, argv] = asPostgresUser(bin, args);
  return execFileSync(cmd, argv, { encoding: "utf8", stdio: ["ignore", "pipe", "pipe"] });
}

/** Throws the one clear message when PostGIS is not installed for this PostgreSQL. */
export function assertPostgis(install: PgInstall): void {
  if (!existsSync(path.join(install.sharedir, "extension", "postgis.control"))) {
    throw new SetupError(MISSING_POSTGRES_MESSAGE);
  }
}

/**
 * A quarter of the memory for PostgreSQL's own cache, as its documentation advises for a
 * dedicated server, capped at 2 GB (the default, 128 MB, holds less than the search's table at
 * the benchmarks' million plans, so every search would read it again from the OS).
 */
function sharedBuffersMb(): number {
  return Math.max(128, Math.min(2048, Math.floor(totalmem() / 4 / 1024 / 1024)));
}

/** Creates (initdb) and starts the local cluster when needed; `log` tells which it did. */
export async function ensureLocalCluster(port: number, log: (line: string) => void = console.log): Promise<void> {
  const install = findPostgres();
  assertPostgis(install);
  mkdirSync(SOCKET_DIR, { recursive: true });
  if (process.getuid?.() === 0) execFileSync("chown", ["-R", "postgres:postgres", DATA_DIR]);
  const initdb = path.join(install.bindir, "initdb");
  const pgCtl = path.join(install.bindir, "pg_ctl");
  if (!existsSync(path.join(CLUSTER_DIR, "PG_VERSION"))) {
    log(`creating a local PostgreSQL cluster in ${path.relative(ROOT, CLUSTER_DIR)}/`);
    run(initdb, ["-D", CLUSTER_DIR, "-U", "postgres", "--auth=trust", "--encoding=UTF8", "--locale=C.UTF-8"]);
  }
  let running = true;
  try {
    run(pgCtl, ["status", "-D", CLUSTER_DIR]);
  } catch {
    running = false;
  }
  if (!running) {
    log(`starting the local PostgreSQL on 127.0.0.1:${port} (log: ${path.relative(ROOT, LOG_FILE)})`);
    try {
      run(pgCtl, [
        "start",
        "-w",
        "-t",
        "60",
        "-D",
        CLUSTER_DIR,
        "-l",
        LOG_FILE,
        "-o",
        `-p ${port} -k ${SOCKET_DIR} -c listen_addresses=127.0.0.1 -c shared_buffers=${sharedBuffersMb()}MB`,
      ]);
    } catch {
      const log = existsSync(LOG_FILE) ? readFileSync(LOG_FILE, "utf8").trim().split("\n").slice(-5).join("\n") : "";
      throw new SetupError(
        `The local PostgreSQL did not start. Its log (${path.relative(ROOT, LOG_FILE)}) ends with:\n${log}\n` +
          `If port ${port} is taken, set LOCAL_PG_PORT to a free one (or DATABASE_URL to a server of your own).`,
      );
    }
  }
}

/**
 * Creates the database if it is missing (anew when `fresh`: the tests' template starts empty
 * each run), then the postgis, pg_trgm and unaccent extensions.
 */
export async function ensureDatabase(databaseUrl: string, { fresh = false }: { fresh?: boolean } = {}): Promise<void> {
  const url = new URL(databaseUrl);
  const name = decodeURIComponent(url.pathname.slice(1));
  const adminUrl = new URL(databaseUrl);
  adminUrl.pathname = "/postgres";
  const admin = new pg.Client({ connectionString: adminUrl.toString() });
  await admin.connect();
  try {
    if (fresh) await admin.query(`DROP DATABASE IF EXISTS ${pg.escapeIdentifier(name)} WITH (FORCE)`);
    const { rowCount } = await admin.query("SELECT 1 FROM pg_database WHERE datname = $1", [name]);
    if (!rowCount) await admin.query(`CREATE DATABASE ${pg.escapeIdentifier(name)}`);
  } finally {
    await admin.end();
  }
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    for (const ext of ["postgis", "pg_trgm", "unaccent"]) {
      await client.query(`CREATE EXTENSION IF NOT EXISTS ${ext}`);
    }
  } catch (error) {
    if (/postgis/i.test(String(error))) throw new SetupError(MISSING_POSTGRES_MESSAGE);
    throw error;
  } finally {
    await client.end();
  }
}

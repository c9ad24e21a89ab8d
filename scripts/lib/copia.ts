import { spawn } from "node:child_process";
import { createHash, randomBytes } from "node:crypto";
import { constants, existsSync, type Stats } from "node:fs";
import {
  copyFile,
  link,
  lstat,
  mkdir,
  open,
  readdir,
  realpath,
  rename,
  rm,
  rmdir,
  writeFile,
  type FileHandle,
} from "node:fs/promises";
import path from "node:path";
import pg from "pg";
import { CANDADO_ARCHIVOS } from "../../lib/media/quitar";
import { assertSafeKey } from "../../lib/media/storage";
import { findPostgres } from "./local-postgres";

/**
 * A backup of the database and the stored files (posters, logos, sponsors' images) as of one
 * moment, and its restore. In the backup's folder:
 *
 * - `base.dump`: pg_dump's custom format, from the snapshot of one transaction;
 * - `archivos/<key>`: every file a row of that snapshot refers to (archivo.variantes);
 * - `manifiesto.json`, written last (a folder without it is not a backup): the moment, the
 *   dump's and every file's SHA-256, how many plans.
 *
 * One moment: the backup takes the files' advisory lock (lib/media/quitar.ts) before its
 * snapshot and holds it until it has hard-linked the files the snapshot refers to, so none is
 * removed under it; and files are written before their rows commit, so a file the snapshot
 * refers to exists. A file written later belongs to a later backup. With UploadThing as
 * storage the files are not here to copy: the manifest lists their keys.
 */

export const MANIFIESTO = "manifiesto.json";
const DUMP = "base.dump";
const ARCHIVOS = "archivos";

export interface Manifiesto {
  formato: 1;
  /** When the snapshot was taken (ISO). */
  momento: string;
  baseDeDatos: { archivo: string; sha256: string; bytes: number; planes: number; postgres: string };
  almacenamiento: "disco" | "uploadthing";
  /** Disk: the files copied, with their SHA-256. UploadThing: the keys, without. */
  archivos: { clave: string; sha256: string | null; bytes: number | null }[];
  /** Keys a row refers to whose file was already missing from storage. */
  faltan: string[];
}

export interface Destino {
  databaseUrl: string;
  storageDir: string;
  /** Storage is UploadThing (UPLOADTHING_TOKEN): no files on this machine. */
  uploadthing: boolean;
}

export class CopiaRechazada extends Error {
  override name = "CopiaRechazada";
}

type Log = (linea: string) => void;

/** Backs up `origen` into `dir`, which must not exist or be empty. Answers the manifest. */
export async function hacerCopia(origen: Destino, dir: string, log: Log = () => {}): Promise<Manifiesto> {
  if (existsSync(dir) && (await readdir(dir)).length > 0) {
    throw new CopiaRechazada(`${dir} is not empty: a backup goes into a new folder`);
  }
  await mkdir(path.join(dir, ARCHIVOS), { recursive: true });
  const staging = path.join(origen.storageDir, `.copia-${randomBytes(6).toString("hex")}`);
  const db = new pg.Client({ connectionString: origen.databaseUrl, application_name: "planazo-copia" });
  await db.connect();
  try {
    // Waits for removals in progress; then none starts until the files below are linked.
    await db.query("SELECT pg_advisory_lock($1)", [CANDADO_ARCHIVOS]);
    await db.query("BEGIN ISOLATION LEVEL REPEATABLE READ, READ ONLY");
    const {
      rows: [snap],
    } = await db.query<{ id: string; momento: Date; version: string }>(
      "SELECT pg_export_snapshot() AS id, now() AS momento, current_setting('server_version') AS version",
    );
    const pgDump = ejecutar(binario(await versionMayor(db), "pg_dump"), [
      ...["--format=custom", "--snapshot", snap.id, "--file", path.join(dir, DUMP)],
      origen.databaseUrl,
    ]);
    pgDump.catch(() => undefined);
    const { rows: claves } = await db.query<{ clave: string }>(
      `SELECT DISTINCT v AS clave FROM archivo, jsonb_each_text(variantes) AS e(k, v) ORDER BY 1`,
    );
    const {
      rows: [{ planes }],
    } = await db.query<{ planes: number }>("SELECT count(*)::int AS planes FROM plan");
    const faltan: string[] = [];
    if (!origen.uploadthing) {
      for (const { clave } of claves) {
        assertSafeKey(clave);
        const destino = path.join(staging, ...clave.split("/"));
        await mkdir(path.dirname(destino), { recursive: true });
        const fuente = path.join(origen.storageDir, ...clave.split("/"));
        // A hard link costs no copy: the lock can be let go in a moment.
        await link(fuente, destino).catch(async (error: NodeJS.ErrnoException) => {
          if (error.code === "ENOENT") faltan.push(clave);
          else await copyFile(fuente, destino);
        });
      }
    }
    await db.query("SELECT pg_advisory_unlock($1)", [CANDADO_ARCHIVOS]);
    log(`snapshot ${snap.momento.toISOString()}: ${planes} plans, ${claves.length} files referred to`);
    // The snapshot's transaction stays open until pg_dump, which imported it, is done.
    await pgDump;
    await db.query("COMMIT");

    const archivos: Manifiesto["archivos"] = [];
    if (origen.uploadthing) {
      log(`storage is UploadThing: its files stay there; the manifest lists their ${claves.length} keys`);
      archivos.push(...claves.map(({ clave }) => ({ clave, sha256: null, bytes: null })));
    } else {
      for (const { clave } of claves) {
        if (faltan.includes(clave)) continue;
        const destino = path.join(dir, ARCHIVOS, ...clave.split("/"));
        await mkdir(path.dirname(destino), { recursive: true });
        await copyFile(path.join(staging, ...clave.split("/")), destino);
        archivos.push({ clave, ...(await resumenDeArchivo(destino)) });
      }
      if (faltan.length) log(`warning: ${faltan.length} files referred to were already missing: ${faltan.join(", ")}`);
    }
    const dump = await resumenDeArchivo(path.join(dir, DUMP));
    const manifiesto: Manifiesto = {
      formato: 1,
      momento: snap.momento.toISOString(),
      baseDeDatos: { archivo: DUMP, ...dump, planes, postgres: snap.version },
      almacenamiento: origen.uploadthing ? "uploadthing" : "disco",
      archivos,
      faltan,
    };
    await writeFile(path.join(dir, `${MANIFIESTO}.tmp`), `${JSON.stringify(manifiesto, null, 1)}\n`);
    await rename(path.join(dir, `${MANIFIESTO}.tmp`), path.join(dir, MANIFIESTO));
    return manifiesto;
  } catch (error) {
    await rm(dir, { recursive: true, force: true });
    throw error;
  } finally {
    await db.end().catch(() => undefined);
    await rm(staging, { recursive: true, force: true });
  }
}

/**
 * Checks the backup in `dir`, changing nothing: its manifest, that every path the manifest names
 * is a regular file inside the folder (abrirDeLaCopia), every checksum, and that pg_restore reads
 * the dump's table of contents. Refuses (CopiaRechazada) a backup that is not sound; restoring
 * runs it first.
 */
export async function verificarCopia(dir: string, log: Log = () => {}): Promise<Manifiesto> {
  const manifiesto = await leerManifiesto(dir);
  const { archivo, sha256, postgres } = manifiesto.baseDeDatos;
  const entradas = await conArchivoDeLaCopia(dir, archivo, async (dump) => {
    if ((await resumen(dump)).sha256 !== sha256) throw new CopiaRechazada(`${archivo}: ${DANADA}`);
    // The dump's major: a pg_restore as new or newer reads it.
    const indice = await ejecutar(binario(Number.parseInt(postgres), "pg_restore"), ["--list"], dump.fd).catch(
      (error: Error) => {
        throw new CopiaRechazada(`${archivo}: pg_restore no lo lee (${error.message})`);
      },
    );
    return indice.split("\n").filter((l) => l.trim() && !l.startsWith(";")).length;
  });
  log(
    `${archivo}: suma de comprobación correcta; pg_restore --list lee ${entradas} entradas (${manifiesto.baseDeDatos.planes} planes)`,
  );
  if (manifiesto.almacenamiento === "disco") {
    for (const a of manifiesto.archivos) {
      const ruta = rutaDeArchivo(a.clave);
      await conArchivoDeLaCopia(dir, ruta, async (f) => {
        if ((await resumen(f)).sha256 !== a.sha256) throw new CopiaRechazada(`${ruta}: ${DANADA}`);
      });
    }
    log(
      `${ARCHIVOS}/: ${manifiesto.archivos.length} archivos normales dentro de la copia, con su suma de comprobación correcta`,
    );
  } else {
    log(`los archivos están en UploadThing: el manifiesto lista sus ${manifiesto.archivos.length} claves`);
  }
  return manifiesto;
}

/**
 * Restores the backup in `dir` into `destino`: a database that does not exist yet (created
 * here; the dump brings its extensions) or was just created, and an empty storage folder. It
 * checks the backup first (verificarCopia), and refuses, changing nothing, when the database has
 * plans or tables, or the folder has files. The files go first, then the whole dump in one
 * transaction: if that fails, the files are removed again and a database it created is dropped.
 */
export async function restaurarCopia(destino: Destino, dir: string, log: Log = () => {}): Promise<Manifiesto> {
  const manifiesto = await verificarCopia(dir, log);
  const copiar = manifiesto.almacenamiento === "disco" && !destino.uploadthing;
  const creada = await prepararBase(destino.databaseUrl);
  if (copiar && existsSync(destino.storageDir) && (await readdir(destino.storageDir)).length > 0) {
    if (creada) await borrarBase(destino.databaseUrl);
    throw new CopiaRechazada(
      `${destino.storageDir} no está vacía: se restaura en una carpeta de archivos vacía; no se ha cambiado nada`,
    );
  }
  const escritos: string[] = [];
  try {
    if (copiar) {
      for (const a of manifiesto.archivos) {
        const objetivo = path.join(destino.storageDir, ...a.clave.split("/"));
        await mkdir(path.dirname(objetivo), { recursive: true });
        await conArchivoDeLaCopia(dir, rutaDeArchivo(a.clave), async (f) => writeFile(objetivo, await f.readFile()));
        escritos.push(objetivo);
        if ((await resumenDeArchivo(objetivo)).sha256 !== a.sha256) throw new Error(`${a.clave} no se copió íntegro`);
      }
      log(`${escritos.length} archivos copiados en ${destino.storageDir} y comprobados`);
    } else if (manifiesto.almacenamiento === "uploadthing") {
      log(`los archivos están en UploadThing (${manifiesto.archivos.length} claves): nada que copiar`);
    }
    const db = new pg.Client({ connectionString: destino.databaseUrl });
    await db.connect();
    const mayor = await versionMayor(db).finally(() => db.end());
    // pg_restore reads the dump from a handle opened here, not from a path it would follow.
    await conArchivoDeLaCopia(dir, manifiesto.baseDeDatos.archivo, (dump) =>
      ejecutar(
        binario(mayor, "pg_restore"),
        ["--single-transaction", "--exit-on-error", "--no-owner", "--no-privileges", "--dbname", destino.databaseUrl],
        dump.fd,
      ),
    );
  } catch (error) {
    for (const f of escritos) await rm(f, { force: true });
    await quitarCarpetasVacias(destino.storageDir);
    if (creada) await borrarBase(destino.databaseUrl);
    throw error;
  }
  const check = new pg.Client({ connectionString: destino.databaseUrl });
  await check.connect();
  try {
    const {
      rows: [{ planes }],
    } = await check.query<{ planes: number }>("SELECT count(*)::int AS planes FROM plan");
    if (planes !== manifiesto.baseDeDatos.planes) {
      throw new Error(`restaurados ${planes} planes; la copia tiene ${manifiesto.baseDeDatos.planes}`);
    }
    log(`base de datos restaurada: ${planes} planes`);
  } finally {
    await check.end();
  }
  return manifiesto;
}

export async function leerManifiesto(dir: string): Promise<Manifiesto> {
  if (!(await lstat(path.join(dir, MANIFIESTO)).catch(() => null))) {
    throw new CopiaRechazada(`${dir} no tiene ${MANIFIESTO}: no es una copia completa`);
  }
  const texto = await conArchivoDeLaCopia(dir, MANIFIESTO, (f) => f.readFile("utf8"));
  let m: Manifiesto;
  try {
    m = JSON.parse(texto) as Manifiesto;
  } catch {
    throw new CopiaRechazada(`${MANIFIESTO}: no es JSON`);
  }
  if (m?.formato !== 1) throw new CopiaRechazada(`${MANIFIESTO}: formato de copia desconocido ${String(m?.formato)}`);
  if (typeof m.baseDeDatos?.archivo !== "string" || !Array.isArray(m.archivos)) {
    throw new CopiaRechazada(`${MANIFIESTO}: no nombra el volcado y los archivos`);
  }
  return m;
}

const DANADA = "no coincide con su suma de comprobación (SHA-256): la copia está dañada";

/**
 * Opens, to read, a file the manifest of the backup in `dir` names. A backup may come back from
 * another machine, so its manifest is not trusted: the path must lie inside the folder, reached
 * without a symlink, and be a regular file (a link or a device reads something else, a FIFO
 * hangs the reader). lstat checks each step; O_NOFOLLOW, O_NONBLOCK and fstat check the file
 * actually opened, should it have changed since. Every read of a backup goes through here.
 */
async function abrirDeLaCopia(dir: string, ruta: string): Promise<FileHandle> {
  const raiz = await realpath(dir);
  if (path.isAbsolute(ruta)) throw new CopiaRechazada(`${ruta}: es una ruta absoluta; ${SOLO_DENTRO}`);
  const absoluta = path.resolve(raiz, ruta);
  const relativa = path.relative(raiz, absoluta);
  if (!relativa || relativa === ".." || relativa.startsWith(`..${path.sep}`) || path.isAbsolute(relativa)) {
    throw new CopiaRechazada(`${ruta}: sale de la carpeta de la copia (${raiz}); ${SOLO_DENTRO}`);
  }
  const partes = relativa.split(path.sep);
  let paso = raiz;
  for (const [i, parte] of partes.entries()) {
    paso = path.join(paso, parte);
    const st = await lstat(paso).catch(() => null);
    if (!st) throw new CopiaRechazada(`${ruta}: no está en la copia (${raiz})`);
    if (st.isSymbolicLink()) {
      const cual = paso === absoluta ? "es" : `${path.relative(raiz, paso)} es`;
      throw new CopiaRechazada(`${ruta}: ${cual} un enlace simbólico; una copia no sigue enlaces`);
    }
    const ultima = i === partes.length - 1;
    if (ultima ? !st.isFile() : !st.isDirectory()) {
      throw new CopiaRechazada(`${ruta}: ${queEs(st)}, no ${ultima ? "un archivo normal" : "una carpeta"}`);
    }
  }
  const f = await open(absoluta, constants.O_RDONLY | constants.O_NOFOLLOW | constants.O_NONBLOCK).catch(
    (error: NodeJS.ErrnoException) => {
      throw new CopiaRechazada(`${ruta}: no se puede abrir (${error.code ?? error.message})`);
    },
  );
  const st = await f.stat();
  if (!st.isFile()) {
    await f.close();
    throw new CopiaRechazada(`${ruta}: ${queEs(st)}, no un archivo normal`);
  }
  return f;
}

const SOLO_DENTRO = "el manifiesto solo puede nombrar archivos dentro de la carpeta de la copia";

function queEs(st: Stats): string {
  if (st.isFIFO()) return "es un FIFO";
  if (st.isBlockDevice() || st.isCharacterDevice()) return "es un dispositivo";
  if (st.isSocket()) return "es un socket";
  if (st.isDirectory()) return "es una carpeta";
  if (st.isSymbolicLink()) return "es un enlace simbólico";
  return "es un archivo normal";
}

async function conArchivoDeLaCopia<T>(dir: string, ruta: string, usar: (f: FileHandle) => Promise<T>): Promise<T> {
  const f = await abrirDeLaCopia(dir, ruta);
  try {
    return await usar(f);
  } finally {
    await f.close();
  }
}

/** Where a stored file's key lives in the backup; the key also names a file restored into storage. */
function rutaDeArchivo(clave: string): string {
  try {
    assertSafeKey(clave);
  } catch {
    throw new CopiaRechazada(`${MANIFIESTO}: ${clave} no es una clave de archivo válida`);
  }
  return path.join(ARCHIVOS, ...clave.split("/"));
}

/** Creates the database when it does not exist (true); refuses one with plans or tables. */
async function prepararBase(databaseUrl: string): Promise<boolean> {
  const nombre = decodeURIComponent(new URL(databaseUrl).pathname.slice(1));
  const admin = new pg.Client({ connectionString: conBase(databaseUrl, "postgres") });
  await admin.connect();
  try {
    const { rowCount } = await admin.query("SELECT 1 FROM pg_database WHERE datname = $1", [nombre]);
    if (!rowCount) {
      await admin.query(`CREATE DATABASE ${pg.escapeIdentifier(nombre)}`);
      return true;
    }
  } finally {
    await admin.end();
  }
  const db = new pg.Client({ connectionString: databaseUrl });
  await db.connect();
  try {
    const { rows } = await db.query<{ tablas: number; con_plan: boolean }>(
      `SELECT count(*)::int AS tablas, bool_or(tablename = 'plan') AS con_plan
         FROM pg_tables WHERE schemaname = 'public' AND tablename <> 'spatial_ref_sys'`,
    );
    if (rows[0].con_plan) {
      const {
        rows: [{ n }],
      } = await db.query<{ n: number }>("SELECT count(*)::int AS n FROM plan");
      if (n > 0) throw new CopiaRechazada(`la base de datos ${nombre} tiene ${n} planes: no se ha cambiado nada`);
    }
    if (rows[0].tablas > 0) {
      throw new CopiaRechazada(
        `la base de datos ${nombre} no está vacía (${rows[0].tablas} tablas): se restaura en una nueva (createdb); no se ha cambiado nada`,
      );
    }
    return false;
  } finally {
    await db.end();
  }
}

async function borrarBase(databaseUrl: string): Promise<void> {
  const nombre = decodeURIComponent(new URL(databaseUrl).pathname.slice(1));
  const admin = new pg.Client({ connectionString: conBase(databaseUrl, "postgres") });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS ${pg.escapeIdentifier(nombre)} WITH (FORCE)`).finally(() => admin.end());
}

function conBase(databaseUrl: string, base: string): string {
  const url = new URL(databaseUrl);
  url.pathname = `/${base}`;
  return url.toString();
}

async function versionMayor(db: pg.Client): Promise<number> {
  const {
    rows: [{ v }],
  } = await db.query<{ v: number }>("SELECT current_setting('server_version_num')::int / 10000 AS v");
  return v;
}

/** pg_dump and pg_restore of the server's major version (an older pg_dump refuses a newer server). */
function binario(mayor: number, nombre: string): string {
  return path.join(findPostgres({ major: mayor }).bindir, nombre);
}

/** Runs `bin`, its stdin the file `entrada` when given; answers its stdout. */
function ejecutar(bin: string, args: string[], entrada?: number): Promise<string> {
  return new Promise((resolve, reject) => {
    const hijo = spawn(bin, args, { stdio: [entrada ?? "ignore", "pipe", "pipe"] });
    let salida = "";
    let errores = "";
    hijo.stdout?.on("data", (d) => (salida += d));
    hijo.stderr?.on("data", (d) => (errores += d));
    hijo.on("error", reject);
    hijo.on("exit", (code) =>
      code === 0 ? resolve(salida) : reject(new Error(`${path.basename(bin)} failed (${code}): ${errores.trim()}`)),
    );
  });
}

async function resumenDeArchivo(ruta: string): Promise<{ sha256: string; bytes: number }> {
  const f = await open(ruta, "r");
  try {
    return await resumen(f);
  } finally {
    await f.close();
  }
}

/** Reads at explicit offsets, so a handle passed on as a child's stdin is still at its start. */
async function resumen(f: FileHandle): Promise<{ sha256: string; bytes: number }> {
  const hash = createHash("sha256");
  const trozo = Buffer.allocUnsafe(1 << 16);
  let bytes = 0;
  for (;;) {
    const { bytesRead } = await f.read(trozo, 0, trozo.length, bytes);
    if (bytesRead === 0) break;
    hash.update(trozo.subarray(0, bytesRead));
    bytes += bytesRead;
  }
  return { sha256: hash.digest("hex"), bytes };
}

/** After a failed restore: the folders it made, emptied, go too (the storage folder stays). */
async function quitarCarpetasVacias(raiz: string, dir = raiz): Promise<void> {
  const entradas = await readdir(dir, { withFileTypes: true }).catch(() => []);
  for (const e of entradas) if (e.isDirectory()) await quitarCarpetasVacias(raiz, path.join(dir, e.name));
  if (dir !== raiz) await rmdir(dir).catch(() => undefined);
}

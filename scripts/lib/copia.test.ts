import { execFile, execFileSync } from "node:child_process";
import { createHash, randomBytes } from "node:crypto";
import {
  closeSync,
  constants,
  copyFileSync,
  existsSync,
  lstatSync,
  mkdirSync,
  mkdtempSync,
  openSync,
  readdirSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from "vitest";
import { planPath } from "@/lib/plans/plan";
import { publicarPlan } from "@/scripts/lib/app-client";
import { startAppServer, type AppServer } from "@/test-support/app-server";
import { dropDatabase, query } from "@/test-support/database";
import { insertFuente, importarPlan } from "@/test-support/fuentes";
import { confirmedUser } from "@/test-support/users";
import { appUrl, worker } from "@/test-support/worker";
import {
  CopiaRechazada,
  hacerCopia,
  leerManifiesto,
  restaurarCopia,
  verificarCopia,
  type Destino,
  type Manifiesto,
} from "./copia";

const run = promisify(execFile);

/**
 * The worker's database (plans with posters, a follow, a source) backed up while plans are being
 * published, restored into a new database and an empty folder, and served by an app started on
 * them: the same plan page, the same poster.
 */
describe("backup and restore", () => {
  const tmp = mkdtempSync(path.join(tmpdir(), "planazo-copia-"));
  const copia = path.join(tmp, "copia");
  const restauradaUrl = (() => {
    const u = new URL(worker().databaseUrl);
    u.pathname = `/planazo_restaurada_${randomBytes(4).toString("hex")}`;
    return u.toString();
  })();
  const destino: Destino = { databaseUrl: restauradaUrl, storageDir: path.join(tmp, "storage"), uploadthing: false };
  const origen: Destino = { databaseUrl: worker().databaseUrl, storageDir: worker().storageDir, uploadthing: false };
  let app: AppServer | undefined;
  let token: string;
  let plan: { id: string; titulo: string; cartel: string };

  beforeAll(async () => {
    const user = await confirmedUser("Copia de seguridad", appUrl(), worker().databaseUrl);
    token = user.token;
    const titulo = `Romería de la copia ${randomBytes(3).toString("hex")}`;
    const r = await publicarPlan(appUrl(), token, { titulo });
    expect(r.status).toBe(201);
    const id = (r.body.plan as { _id: string })._id;
    const [{ cartel }] = await query<{ cartel: string }>(
      worker().databaseUrl,
      "SELECT a.variantes->>'original' AS cartel FROM plan p JOIN archivo a ON a.id = p.archivo_cartel_id WHERE p.id = $1",
      [id],
    );
    plan = { id, titulo, cartel };
    await query(
      worker().databaseUrl,
      "INSERT INTO seguimiento (email, municipio_ine, radio, confirmado_en) SELECT 'sigue.copia@example.com', ine, 10, now() FROM municipio LIMIT 1",
    );
    await importarPlan(await insertFuente({ nombre: "Agenda de la copia", usuarioId: user.id }), id);
  });
  afterAll(async () => {
    await app?.stop();
    await dropDatabase(restauradaUrl).catch(() => undefined);
    rmSync(tmp, { recursive: true, force: true });
  });

  it("restores plans, posters, follows and sources as of one moment, and the app serves them", async () => {
    // Publishing goes on during the backup: whatever the snapshot has, the backup has its files.
    let publicando = true;
    const publicaciones = (async () => {
      let n = 0;
      while (publicando) await publicarPlan(appUrl(), token, { titulo: `Durante la copia ${n++}` });
      return n;
    })();
    const manifiesto = await hacerCopia(origen, copia);
    publicando = false;
    expect(await publicaciones).toBeGreaterThan(0);
    expect(manifiesto.faltan).toEqual([]);
    expect(manifiesto.archivos.map((a) => a.clave)).toContain(plan.cartel);

    await restaurarCopia(destino, copia);
    const [cuenta] = await query<{ planes: number; seguimientos: number; fuentes: number }>(
      restauradaUrl,
      `SELECT (SELECT count(*)::int FROM plan) AS planes,
              (SELECT count(*)::int FROM seguimiento WHERE email = 'sigue.copia@example.com') AS seguimientos,
              (SELECT count(*)::int FROM fuente WHERE nombre = 'Agenda de la copia') AS fuentes`,
    );
    expect(cuenta).toEqual({ planes: manifiesto.baseDeDatos.planes, seguimientos: 1, fuentes: 1 });
    // Every file a restored row refers to is in the restored folder.
    const claves = await query<{ clave: string }>(
      restauradaUrl,
      "SELECT DISTINCT v AS clave FROM archivo, jsonb_each_text(variantes) AS e(k, v)",
    );
    for (const { clave } of claves) {
      expect(() => readFileSync(path.join(destino.storageDir, clave)), clave).not.toThrow();
    }

    app = await startAppServer({
      ...worker().appEnv,
      DATABASE_URL: restauradaUrl,
      STORAGE_DIR: destino.storageDir,
      INDICE_BUSQUEDA: "no",
    });
    const pagina = await fetch(`${app.url}${planPath(plan.titulo, plan.id)}`);
    expect(pagina.status).toBe(200);
    expect(await pagina.text()).toContain(plan.titulo);
    const cartel = await fetch(`${app.url}/media/${plan.cartel}`);
    expect(cartel.status).toBe(200);
    expect(Buffer.from(await cartel.arrayBuffer())).toEqual(readFileSync(path.join(origen.storageDir, plan.cartel)));
  });

  it("refuses, changing nothing, a database with plans, a folder with files and a damaged backup", async () => {
    const [{ antes }] = await query<{ antes: number }>(restauradaUrl, "SELECT count(*)::int AS antes FROM plan");
    // The command itself, as an operator runs it.
    const orden = run(
      process.execPath,
      [path.resolve("node_modules/tsx/dist/cli.mjs"), "scripts/db-restore.ts", copia],
      {
        env: { ...process.env, DATABASE_URL: restauradaUrl, STORAGE_DIR: path.join(tmp, "vacia") },
      },
    );
    await expect(orden).rejects.toMatchObject({
      code: 1,
      stderr: expect.stringMatching(/tiene \d+ planes: no se ha cambiado nada/),
    });
    const [{ despues }] = await query<{ despues: number }>(restauradaUrl, "SELECT count(*)::int AS despues FROM plan");
    expect(despues).toBe(antes);

    const otra = { ...destino, databaseUrl: `${restauradaUrl}_otra` };
    await expect(restaurarCopia(otra, copia)).rejects.toThrow(
      /no está vacía: se restaura en una carpeta de archivos vacía/,
    );
    expect(
      await query(worker().databaseUrl, "SELECT 1 FROM pg_database WHERE datname = $1", [
        new URL(otra.databaseUrl).pathname.slice(1),
      ]),
    ).toEqual([]);

    const { archivos } = await leerManifiesto(copia);
    writeFileSync(path.join(copia, "archivos", archivos[0].clave), "no es una imagen");
    await expect(restaurarCopia({ ...otra, storageDir: path.join(tmp, "vacia") }, copia)).rejects.toThrow(
      CopiaRechazada,
    );
  });
});

/**
 * A backup may come back from another machine, so what its manifest names is not trusted: each
 * hostile backup below is refused before the restore creates its database or writes a file.
 */
describe("a backup is checked, not trusted", () => {
  const tmp = mkdtempSync(path.join(tmpdir(), "planazo-copia-hostil-"));
  const buena = path.join(tmp, "buena");
  const destinos: Destino[] = [];
  let manifiesto: Manifiesto;

  beforeAll(async () => {
    const origen = { databaseUrl: worker().databaseUrl, storageDir: worker().storageDir, uploadthing: false };
    manifiesto = await hacerCopia(origen, buena);
  });
  afterAll(async () => {
    for (const d of destinos) await dropDatabase(d.databaseUrl).catch(() => undefined);
    rmSync(tmp, { recursive: true, force: true });
  });

  /** A backup named `nombre`: the good one's dump, no stored files, and its manifest as `cambiar` leaves it. */
  function copiaHostil(nombre: string, cambiar: (m: Manifiesto) => void): string {
    const dir = path.join(tmp, nombre);
    mkdirSync(path.join(dir, "archivos"), { recursive: true });
    copyFileSync(path.join(buena, "base.dump"), path.join(dir, "base.dump"));
    const m: Manifiesto = { ...structuredClone(manifiesto), archivos: [] };
    cambiar(m);
    writeFileSync(path.join(dir, "manifiesto.json"), JSON.stringify(m));
    return dir;
  }

  /** A database that does not exist yet and a folder that does not either: what a restore would fill. */
  function destinoNuevo(): Destino {
    const u = new URL(worker().databaseUrl);
    u.pathname = `/planazo_hostil_${randomBytes(4).toString("hex")}`;
    const destino = {
      databaseUrl: u.toString(),
      storageDir: path.join(tmp, `storage-${destinos.length}`),
      uploadthing: false,
    };
    destinos.push(destino);
    return destino;
  }

  async function nadaCambiado(destino: Destino) {
    const nombre = new URL(destino.databaseUrl).pathname.slice(1);
    expect(await query(worker().databaseUrl, "SELECT 1 FROM pg_database WHERE datname = $1", [nombre])).toEqual([]);
    expect(existsSync(destino.storageDir) ? readdirSync(destino.storageDir) : []).toEqual([]);
  }

  it("refuses a dump named with .. that lies outside the backup's folder", async () => {
    // The good backup's own dump, checksum and all: only where it lies is wrong.
    const dir = copiaHostil("subida", (m) => (m.baseDeDatos.archivo = "../buena/base.dump"));
    const destino = destinoNuevo();
    await expect(restaurarCopia(destino, dir)).rejects.toThrow("../buena/base.dump: sale de la carpeta de la copia");
    await nadaCambiado(destino);
  });

  it("refuses a dump named by an absolute path", async () => {
    const fuera = path.join(buena, "base.dump");
    const dir = copiaHostil("absoluta", (m) => (m.baseDeDatos.archivo = fuera));
    const destino = destinoNuevo();
    await expect(restaurarCopia(destino, dir)).rejects.toThrow(`${fuera}: es una ruta absoluta`);
    await nadaCambiado(destino);
  });

  it("refuses a stored file reached through a symlink, and copies nothing it points to", async () => {
    // Outside the backup, with the checksum the manifest gives it.
    const fuera = path.join(tmp, "fuera");
    const contenido = Buffer.from("fuera de la copia");
    mkdirSync(fuera);
    writeFileSync(path.join(fuera, "enlace.png"), contenido);
    const clave = "carteles/enlace.png";
    const archivo = { clave, sha256: createHash("sha256").update(contenido).digest("hex"), bytes: contenido.length };
    const enlaces = [
      { enlace: `archivos/${clave}`, a: path.join(fuera, "enlace.png"), error: `archivos/${clave}: es un enlace` },
      { enlace: "archivos/carteles", a: fuera, error: `archivos/${clave}: archivos/carteles es un enlace` },
    ];
    for (const [i, { enlace, a, error }] of enlaces.entries()) {
      const dir = copiaHostil(`enlace-${i}`, (m) => (m.archivos = [archivo]));
      mkdirSync(path.join(dir, "archivos", "carteles"), { recursive: true });
      rmSync(path.join(dir, enlace), { recursive: true, force: true });
      symlinkSync(a, path.join(dir, enlace));
      const destino = destinoNuevo();
      await expect(restaurarCopia(destino, dir)).rejects.toThrow(error);
      await nadaCambiado(destino);
    }
  });

  it("refuses a FIFO without waiting for a writer", { timeout: 5_000 }, async () => {
    const dir = copiaHostil("fifo", () => {});
    const fifo = path.join(dir, "base.dump");
    rmSync(fifo);
    execFileSync("mkfifo", [fifo]);
    // A reader left waiting on the FIFO is let go, whatever the test's outcome.
    onTestFinished(() => {
      try {
        closeSync(openSync(fifo, constants.O_WRONLY | constants.O_NONBLOCK));
      } catch {
        // No reader was waiting.
      }
    });
    const destino = destinoNuevo();
    await expect(restaurarCopia(destino, dir)).rejects.toThrow("base.dump: es un FIFO, no un archivo normal");
    await nadaCambiado(destino);
  });

  it("checks a sound backup (--verificar), changing nothing", async () => {
    const estado = async () => ({
      copia: readdirSync(buena, { recursive: true })
        .map(String)
        .sort()
        .map((f) => [f, lstatSync(path.join(buena, f)).size, lstatSync(path.join(buena, f)).mtimeMs]),
      archivos: readdirSync(worker().storageDir, { recursive: true }).map(String).sort(),
      filas: await query(
        worker().databaseUrl,
        "SELECT (SELECT count(*)::int FROM plan) AS planes, (SELECT count(*)::int FROM archivo) AS archivos",
      ),
    });
    const antes = await estado();
    const lineas: string[] = [];
    await verificarCopia(buena, (l) => lineas.push(l));
    expect(lineas).toEqual([
      expect.stringMatching(/^base\.dump: suma de comprobación correcta; pg_restore --list lee \d+ entradas/),
      `archivos/: ${manifiesto.archivos.length} archivos normales dentro de la copia, con su suma de comprobación correcta`,
    ]);
    expect(await estado()).toEqual(antes);
  });

  it("refuses (--verificar) a backup whose dump does not match its checksum", async () => {
    const dir = copiaHostil("alterada", () => {});
    const dump = readFileSync(path.join(dir, "base.dump"));
    dump[dump.length - 1] ^= 1;
    writeFileSync(path.join(dir, "base.dump"), dump);
    await expect(verificarCopia(dir)).rejects.toThrow(
      new CopiaRechazada("base.dump: no coincide con su suma de comprobación (SHA-256): la copia está dañada"),
    );
  });
});

import { execFile } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { planPath } from "@/lib/plans/plan";
import { publicarPlan } from "@/scripts/lib/app-client";
import { startAppServer, type AppServer } from "@/test-support/app-server";
import { dropDatabase, query } from "@/test-support/database";
import { insertFuente, importarPlan } from "@/test-support/fuentes";
import { confirmedUser } from "@/test-support/users";
import { appUrl, worker } from "@/test-support/worker";
import { CopiaRechazada, hacerCopia, leerManifiesto, restaurarCopia, type Destino } from "./copia";

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
      stderr: expect.stringMatching(/has \d+ plans: nothing was changed/),
    });
    const [{ despues }] = await query<{ despues: number }>(restauradaUrl, "SELECT count(*)::int AS despues FROM plan");
    expect(despues).toBe(antes);

    const otra = { ...destino, databaseUrl: `${restauradaUrl}_otra` };
    await expect(restaurarCopia(otra, copia)).rejects.toThrow(/is not empty: restore into an empty storage folder/);
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

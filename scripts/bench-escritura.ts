/**
 * How plan writes scale with concurrent writers, in the database `planazo_bench_escritura`
 * (migrated, emptied first):
 *   1. 10,000 plan inserts (one per transaction, as the API and an import of calendars write
 *      them) by 1 writer and then by 4: plans/s, p50/p95 of a transaction, and the speed-up;
 *   2. publishing through the API of the production build (POST /api/plan with a poster), by 1
 *      publisher and then by 8 at once, 25 plans each: plans/s, p50/p95 of a request.
 * Every plan write records its change for the search index and moves the search version on, so
 * whether writers wait for each other is exactly what this shows. Figures are ratios within one
 * run: the machine's own floor.
 *
 *   npm run bench:escritura [-- --planes 10000] [-- --escritores 1,4] [-- --api no]
 */
import "./lib/load-env";
import { randomBytes } from "node:crypto";
import { mkdtempSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import pg from "pg";
import { startAppServer } from "../test-support/app-server";
import { confirmedUser } from "../test-support/users";
import { publicarPlan } from "./lib/app-client";
import { prepareDatabase } from "./lib/prepare-database";

const { values } = parseArgs({
  options: {
    planes: { type: "string", default: "10000" },
    escritores: { type: "string", default: "1,4" },
    api: { type: "string", default: "si" },
  },
});
const N = Number(values.planes);
const ESCRITORES = values.escritores.split(",").map(Number);

const percentil = (ordenados: number[], p: number) =>
  ordenados[Math.min(ordenados.length - 1, Math.floor((p / 100) * ordenados.length))];

async function insertar(cliente: pg.Client, usuarioId: string, i: number): Promise<void> {
  const lng = -3.7 + ((i * 7919) % 1000) / 2000;
  const lat = 40.4 + ((i * 104729) % 1000) / 2000;
  await cliente.query("BEGIN");
  await cliente.query(
    `INSERT INTO plan (titulo, descripcion, tipo, municipio, direccion, ubicacion, fecha_inicio, fecha_fin, categorias, usuario_id)
     VALUES ($1, '', 'evento', 'Madrid', 'Plaza Mayor', ST_SetSRID(ST_MakePoint($2, $3), 4326)::geography,
       now() + interval '1 day', now() + interval '1 day 2 hours', ARRAY['Fiesta']::categoria[], $4)`,
    [`Plan ${i}`, lng, lat, usuarioId],
  );
  await cliente.query("COMMIT");
}

async function medir(url: string, usuarioId: string, escritores: number) {
  const clientes = await Promise.all(
    Array.from({ length: escritores }, async () => {
      const c = new pg.Client({ connectionString: url });
      await c.connect();
      return c;
    }),
  );
  const tiempos: number[] = [];
  let siguiente = 0;
  const t0 = performance.now();
  try {
    await Promise.all(
      clientes.map(async (c) => {
        for (let i = siguiente++; i < N; i = siguiente++) {
          const t = performance.now();
          await insertar(c, usuarioId, i);
          tiempos.push(performance.now() - t);
        }
      }),
    );
  } finally {
    await Promise.all(clientes.map((c) => c.end()));
  }
  const segundos = (performance.now() - t0) / 1000;
  tiempos.sort((a, b) => a - b);
  return { escritores, porSegundo: N / segundos, p50: percentil(tiempos, 50), p95: percentil(tiempos, 95) };
}

const url = await prepareDatabase({ database: "planazo_bench_escritura", log: () => {} });
const admin = new pg.Client({ connectionString: url });
await admin.connect();
const usuarioId = "bench-escritura";
await admin.query(
  "INSERT INTO usuario (id, name, email, email_verified) VALUES ($1, 'Bench', 'escritura@example.com', true) ON CONFLICT DO NOTHING",
  [usuarioId],
);
const resultados = [];
for (const escritores of ESCRITORES) {
  await admin.query("DELETE FROM plan WHERE usuario_id = $1", [usuarioId]);
  await admin.query("VACUUM ANALYZE plan");
  const r = await medir(url, usuarioId, escritores);
  resultados.push(r);
  console.log(
    `${N.toLocaleString("en")} plan inserts, ${escritores} writer(s): ${r.porSegundo.toFixed(0)} plans/s, a transaction p50 ${r.p50.toFixed(1)} ms, p95 ${r.p95.toFixed(1)} ms`,
  );
}
await admin.query("DELETE FROM plan WHERE usuario_id = $1", [usuarioId]);
await admin.end();
const base = resultados[0];
for (const r of resultados.slice(1))
  console.log(
    `${r.escritores} writers reach ${(r.porSegundo / base.porSegundo).toFixed(2)}× the throughput of ${base.escritores}`,
  );

if (values.api !== "no") {
  // The outbox helpers of the test users read DATABASE_URL: the app's database.
  process.env.DATABASE_URL = url;
  const server = await startAppServer({
    DATABASE_URL: url,
    BETTER_AUTH_SECRET: randomBytes(32).toString("hex"),
    STORAGE_DIR: mkdtempSync(path.join(os.tmpdir(), "planazo-bench-escritura-")),
  });
  try {
    const cuentas = await Promise.all(
      Array.from({ length: 8 }, (_, i) => confirmedUser(`Publicadora ${i + 1}`, server.url)),
    );
    const POR_PUBLICADOR = 25;
    const medirApi = async (n: number) => {
      const tiempos: number[] = [];
      let fallos = 0;
      const t0 = performance.now();
      await Promise.all(
        cuentas.slice(0, n).map(async (cuenta, c) => {
          for (let i = 0; i < POR_PUBLICADOR; i++) {
            const t = performance.now();
            const r = await publicarPlan(server.url, cuenta.token, {
              titulo: `Publicado ${c}-${i}`,
              municipio: "Madrid",
              lat: 40.4 + Math.random() * 0.1,
              lng: -3.7 + Math.random() * 0.1,
            });
            if (r.status !== 201) fallos++;
            tiempos.push(performance.now() - t);
          }
        }),
      );
      const segundos = (performance.now() - t0) / 1000;
      tiempos.sort((a, b) => a - b);
      return {
        n,
        porSegundo: (n * POR_PUBLICADOR) / segundos,
        p50: percentil(tiempos, 50),
        p95: percentil(tiempos, 95),
        fallos,
      };
    };
    await medirApi(1); // warm-up: the routes compile their caches, the pool opens
    const api = [await medirApi(1), await medirApi(8)];
    for (const r of api)
      console.log(
        `POST /api/plan with a poster, ${r.n} publisher(s): ${r.porSegundo.toFixed(1)} plans/s, a request p50 ${r.p50.toFixed(0)} ms, p95 ${r.p95.toFixed(0)} ms, ${r.fallos} not 201`,
      );
    console.log(`8 publishers reach ${(api[1].porSegundo / api[0].porSegundo).toFixed(2)}× the throughput of 1`);
  } finally {
    await server.stop();
  }
}

/**
 * What a large source costs, in the database `planazo_bench_fuentes` (migrated, gazetteer loaded,
 * its plans emptied first), with the feed served by a local server on 127.0.0.1:
 *   1. the first sync of one iCalendar feed of 10,000 events in 60 towns (10,000 plans created):
 *      time per event, as a ratio to publishing one plan through the API of the production build
 *      (POST /api/plan with a poster, one publisher, the median of 20) measured in the same run;
 *   2. a second sync of the unchanged feed: how many requests it makes (one, answered 304) and its time;
 *   3. the same without validators (the feed read and compared item by item, nothing written);
 *   4. searches (GET /api/plan around the towns) while the first sync runs, against the same
 *      searches with the machine idle: p95 of each and their ratio.
 * Figures are ratios within one run: the machine's own floor.
 *
 *   npm run bench:fuentes [-- --eventos 10000 --agenda 25000 --repetidas 0.33]
 *   (--eventos 0: the agenda alone, in a process that did nothing before, with no app started;
 *   --repetidas: the share of the agenda's items that are one show on three days, as village
 *   agendas list a play: one item a day, same title and place)
 */
import "./lib/load-env";
import { createHash, randomBytes } from "node:crypto";
import { mkdtempSync } from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import pg from "pg";
import { createPrismaClient } from "../lib/db/client";
import { startAppServer } from "../test-support/app-server";
import { confirmedUser } from "../test-support/users";
import { agendaAparte } from "./lib/agenda-aparte-cliente";
import { publicarPlan } from "./lib/app-client";
import { prepareDatabase } from "./lib/prepare-database";

const { values } = parseArgs({
  options: {
    eventos: { type: "string", default: "10000" },
    agenda: { type: "string", default: "25000" },
    repetidas: { type: "string", default: "0.33" },
  },
});
const N = Number(values.eventos);
const N_AGENDA = Number(values.agenda);
const REPETIDAS = Number(values.repetidas);
const percentil = (ordenados: number[], p: number) =>
  ordenados[Math.min(ordenados.length - 1, Math.floor((p / 100) * ordenados.length))];
const mediana = (xs: number[]) =>
  percentil(
    [...xs].sort((a, b) => a - b),
    50,
  );

const url = await prepareDatabase({ database: "planazo_bench_fuentes", log: () => {} });
// The sync below runs in this process and writes to this database: lib/db's one client is this one.
(globalThis as { prisma?: unknown }).prisma = createPrismaClient(url, 4);
process.env.DATABASE_URL = url;
process.env.STORAGE_DIR = mkdtempSync(path.join(os.tmpdir(), "planazo-bench-fuentes-"));
const { sincronizarFuente } = await import("../lib/fuentes/sincronizar");
const { dibujarCartelesPendientes } = await import("../lib/fuentes/carteles");
const { prisma } = await import("../lib/db");

const admin = new pg.Client({ connectionString: url });
await admin.connect();
const pueblos = (
  await admin.query<{ nombre: string; provincia: string; lat: number; lng: number }>(
    `SELECT nombre, provincia, lat, lng FROM municipio WHERE lat IS NOT NULL AND poblacion > 20000 ORDER BY ine LIMIT 60`,
  )
).rows;

/** 10,000 events over the next 300 days, in 60 towns named by their LOCATION (half with GEO too). */
function calendario(): string {
  const lineas = ["BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//Planazo//bench//ES", "X-WR-CALNAME:Agenda grande"];
  const hoy = Date.now();
  for (let i = 0; i < N; i++) {
    const p = pueblos[i % pueblos.length];
    const inicio = new Date(hoy + (1 + (i % 300)) * 86_400_000 + (i % 10) * 3_600_000);
    const fin = new Date(inicio.getTime() + 2 * 3_600_000);
    const utc = (d: Date) =>
      d
        .toISOString()
        .replace(/[-:]/g, "")
        .replace(/\.\d{3}/, "");
    lineas.push(
      "BEGIN:VEVENT",
      `UID:evento-${i}@bench.planazo.example`,
      "DTSTAMP:20261101T090000Z",
      `DTSTART:${utc(inicio)}`,
      `DTEND:${utc(fin)}`,
      `SUMMARY:Actividad ${i} en ${p.nombre}`.slice(0, 60),
      `DESCRIPTION:Una actividad de prueba número ${i}\\, con su descripción.`,
      `LOCATION:Plaza Mayor\\, ${p.nombre} (${p.provincia})`,
      ...(i % 2 ? [`GEO:${p.lat};${p.lng}`] : []),
      "END:VEVENT",
    );
  }
  lineas.push("END:VCALENDAR");
  return lineas.join("\r\n");
}

const cuerpo = Buffer.from(calendario());
const etag = `"${createHash("sha1").update(cuerpo).digest("hex")}"`;
let peticiones = 0;
let conValidadores = true;
const servidor = http.createServer((req, res) => {
  peticiones++;
  if (conValidadores && req.headers["if-none-match"] === etag) return void res.writeHead(304).end();
  res.writeHead(200, { "Content-Type": "text/calendar", ...(conValidadores ? { ETag: etag } : {}) }).end(cuerpo);
});
await new Promise<void>((ok) => servidor.listen(0, "127.0.0.1", ok));
const feed = `http://127.0.0.1:${(servidor.address() as AddressInfo).port}/agenda.ics`;

await admin.query("DELETE FROM fuente");
await admin.query("DELETE FROM plan WHERE fuente_id IS NOT NULL OR usuario_id = 'agenda-planazo'");
await admin.query("VACUUM ANALYZE plan");
const {
  rows: [{ id: fuenteId }],
} = await admin.query<{ id: string }>(
  "INSERT INTO fuente (nombre, url, tipo, usuario_id) VALUES ('Agenda grande', $1, 'ics', 'agenda-planazo') RETURNING id",
  [feed],
);

// The app (the API's floor and the searches) is only needed by the iCalendar part.
const app =
  N > 0
    ? await startAppServer({
        DATABASE_URL: url,
        DATABASE_READ_URL: "",
        BETTER_AUTH_SECRET: randomBytes(32).toString("hex"),
        STORAGE_DIR: mkdtempSync(path.join(os.tmpdir(), "planazo-bench-fuentes-app-")),
      })
    : null;
try {
  if (N > 0) await calendarioGrande();
  if (N_AGENDA > 0) await agenda();
} finally {
  await app?.stop();
  await admin.end();
  await prisma.$disconnect();
  servidor.close();
}

/** What one sync wrote: plans written (each moves the change log on), plans' change-log entries and purge rows. */
async function contadores() {
  const {
    rows: [r],
  } = await admin.query<{ cambio: string; purga: string }>(
    `SELECT (SELECT last_value FROM plan_cambio_seq) AS cambio, (SELECT last_value FROM purga_pendiente_id_seq) AS purga`,
  );
  return { cambio: Number(r.cambio), purga: Number(r.purga) };
}

/** Items 5–8: an agenda of N_AGENDA upcoming items, Catalonia's format, served by the agendas' stand-in. */
async function agenda() {
  const pueblos = (
    await admin.query<{ nombre: string; provincia: string; lat: number; lng: number }>(
      `SELECT nombre, provincia, lat, lng FROM municipio WHERE left(ine, 2) IN ('08', '17', '25', '43') AND lat IS NOT NULL ORDER BY ine`,
    )
  ).rows;
  const slug = (t: string) =>
    t
      .normalize("NFD")
      .replace(/[\u0300-\u036f]/g, "")
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, "-")
      .replace(/^-|-$/g, "");
  const dia = (n: number) => new Date(Date.now() + n * 86_400_000).toISOString().slice(0, 10) + "T00:00:00.000";
  // Every (1 / REPETIDAS)-th run of three items is one show on three days in a row.
  const cadaCuantas = REPETIDAS > 0 ? Math.max(1, Math.round(1 / REPETIDAS)) : 0;
  const registros = Array.from({ length: N_AGENDA }, (_, i) => {
    const g = Math.floor(i / 3);
    const repetida = cadaCuantas > 0 && g % cadaCuantas === 0;
    const p = pueblos[((repetida ? 3 * g : i) * 7919) % pueblos.length];
    const inicio = repetida ? 1 + ((3 * g) % 300) + (i % 3) : 1 + (i % 300);
    const lugar = `agenda:ubicacions/${slug(p.provincia)}/comarca/${slug(p.nombre)}`;
    return {
      codi: String(20_270_000_000 + i),
      data_inici: dia(inicio),
      data_fi: dia(repetida ? inicio : inicio + (i % 3)),
      denominaci: repetida
        ? `Espectacle número ${3 * g}`
        : `${["Concert", "Taller", "Exposició", "Visita guiada", "Espectacle"][i % 5]} número ${i}`,
      descripcio: `Activitat ${i} a ${p.nombre}, amb la seva descripció.`,
      tags_categor_es: ["agenda:categories/concerts", "agenda:categories/tallers", "agenda:categories/exposicions"][
        i % 3
      ],
      horari: `A les ${10 + (i % 10)} h`,
      gratuita: i % 4 ? "No" : "Sí",
      entrades: i % 4 ? `${5 + (i % 20)} €` : "",
      permanent: "No",
      adre_a: "Plaça Major, 1",
      espai: "Sala municipal",
      localitat: p.nombre,
      latitud: String(p.lat),
      longitud: String(p.lng),
      municipi: lugar,
      comarca_i_municipi: lugar,
    };
  });
  const { FORMAS } = await import("../test-support/agendas");
  const servidorAgendas = await agendaAparte(registros, "catalunya", 1000);
  try {
    const {
      rows: [{ id }],
    } = await admin.query<{ id: string }>(
      "INSERT INTO fuente (nombre, url, tipo, usuario_id) VALUES ('Agenda de Catalunya', $1, 'catalunya', 'agenda-planazo') RETURNING id",
      [servidorAgendas.base + FORMAS.catalunya.ejemplo],
    );
    const opciones = { descarga: { permitirLoopback: true }, carteles: false };
    const sincronizar = async () => {
      const antes = await contadores();
      const rss0 = process.memoryUsage().rss;
      let pico = rss0;
      let heap = 0;
      const muestreo = setInterval(() => {
        const m = process.memoryUsage();
        pico = Math.max(pico, m.rss);
        heap = Math.max(heap, m.heapUsed);
      }, 20);
      const t = performance.now();
      const r = await sincronizarFuente(id, opciones);
      const ms = performance.now() - t;
      clearInterval(muestreo);
      if (!r || r.error) throw new Error(`la sincronización de la agenda falló: ${JSON.stringify(r)}`);
      const despues = await contadores();
      return {
        r,
        ms,
        mb: (pico - rss0) / 2 ** 20,
        heap: heap / 2 ** 20,
        cambios: despues.cambio - antes.cambio,
        purgas: despues.purga - antes.purga,
      };
    };
    const escrito = (s: Awaited<ReturnType<typeof sincronizar>>) =>
      `${s.r.creados} created, ${s.r.actualizados} updated, ${s.r.sinCambios} unchanged, ${s.r.descartados.length} discarded; ` +
      `${s.cambios} change-log entries, ${s.purgas} purge rows`;

    const primera = await sincronizar();
    console.log(
      `agenda, first sync of ${primera.r.leidos!.toLocaleString("en")} items in ${await servidorAgendas.peticiones()} pages: ` +
        `${(primera.ms / 1000).toFixed(1)} s = ${((primera.r.leidos! * 1000) / primera.ms).toFixed(0)} items/s (goal ≥ 500); ` +
        `RSS growth ${primera.mb.toFixed(0)} MB (goal ≤ 200; JS heap at most ${primera.heap.toFixed(0)} MB); ${escrito(primera)}`,
    );
    const segunda = await sincronizar();
    console.log(
      `agenda, second sync, nothing changed: ${(segunda.ms / 1000).toFixed(1)} s (goal ≤ 10 s, 0 writes); ${escrito(segunda)}`,
    );
    await servidorAgendas.cambiar(N_AGENDA >> 1, "denominaci", `${registros[N_AGENDA >> 1].denominaci} (nova data)`);
    const tercera = await sincronizar();
    console.log(`agenda, one item changed: ${(tercera.ms / 1000).toFixed(1)} s; ${escrito(tercera)}`);

    const t = performance.now();
    const dibujados = await dibujarCartelesPendientes({ limite: 200, fuenteId: id });
    const s = (performance.now() - t) / 1000;
    console.log(
      `posters drawn afterwards from the queue: ${dibujados} in ${s.toFixed(1)} s = ${(dibujados / s).toFixed(1)} a second`,
    );
  } finally {
    servidorAgendas.cerrar();
  }
}

/** Items 1–4: the iCalendar feed of N events (skipped with --eventos 0, as when only the agenda is measured). */
async function calendarioGrande() {
  // The floor: publishing one plan through the API, one after another.
  const cuenta = await confirmedUser("Publicadora de referencia", app!.url);
  const publicar = (i: number) =>
    publicarPlan(app!.url, cuenta.token, { titulo: `Referencia ${i}`, municipio: "Madrid", lat: 40.41, lng: -3.7 });
  for (let i = 0; i < 3; i++) await publicar(i);
  const api: number[] = [];
  for (let i = 0; i < 20; i++) {
    const t = performance.now();
    await publicar(i);
    api.push(performance.now() - t);
  }
  const porPlanApi = mediana(api);

  const buscar = async () => {
    const p = pueblos[Math.floor(Math.random() * pueblos.length)];
    const t = performance.now();
    await fetch(`${app!.url}/api/plan?lat=${p.lat}&lng=${p.lng}&radio=${10 + Math.floor(Math.random() * 40)}`).then(
      (r) => r.text(),
    );
    return performance.now() - t;
  };
  const rafaga = async (mientras: () => boolean, minimo: number) => {
    const tiempos: number[] = [];
    while (mientras() || tiempos.length < minimo) tiempos.push(await buscar());
    return tiempos.sort((a, b) => a - b);
  };
  for (let i = 0; i < 20; i++) await buscar();
  const quieta = await rafaga(() => false, 200);

  let sincronizando = true;
  const t0 = performance.now();
  const [primera, durante] = await Promise.all([
    sincronizarFuente(fuenteId, { maxPlanes: N, descarga: { permitirLoopback: true }, carteles: false }).finally(() => {
      sincronizando = false;
    }),
    rafaga(() => sincronizando, 50),
  ]);
  const msPrimera = performance.now() - t0;
  if (!primera || primera.error) throw new Error(`la sincronización falló: ${JSON.stringify(primera)}`);
  const porEvento = msPrimera / N;
  console.log(
    `first sync of ${N.toLocaleString("en")} events: ${(msPrimera / 1000).toFixed(1)} s, ${primera.creados} created, ` +
      `${primera.descartados.length} discarded; ${porEvento.toFixed(2)} ms per event = ${(porEvento / porPlanApi).toFixed(3)}× ` +
      `publishing one plan through the API (${porPlanApi.toFixed(0)} ms, median of 20)`,
  );

  peticiones = 0;
  let t = performance.now();
  const segunda = await sincronizarFuente(fuenteId, {
    maxPlanes: N,
    descarga: { permitirLoopback: true },
    carteles: false,
  });
  console.log(
    `second sync, unchanged feed with an ETag: ${peticiones} request(s), ${(performance.now() - t).toFixed(0)} ms, ` +
      `${segunda!.sinCambios} unchanged, ${segunda!.creados + segunda!.actualizados} written`,
  );
  conValidadores = false;
  await admin.query("UPDATE fuente SET etag = NULL, last_modified = NULL WHERE id = $1", [fuenteId]);
  t = performance.now();
  const tercera = await sincronizarFuente(fuenteId, {
    maxPlanes: N,
    descarga: { permitirLoopback: true },
    carteles: false,
  });
  const msTercera = performance.now() - t;
  console.log(
    `third sync, unchanged feed without validators (read and compared): ${(msTercera / 1000).toFixed(1)} s, ` +
      `${(msTercera / N).toFixed(3)} ms per event, ${tercera!.creados + tercera!.actualizados} written`,
  );
  const p95 = (xs: number[]) => percentil(xs, 95);
  console.log(
    `searches (GET /api/plan) p95: idle ${p95(quieta).toFixed(1)} ms (${quieta.length}), during the first sync ` +
      `${p95(durante).toFixed(1)} ms (${durante.length}) = ${(p95(durante) / p95(quieta)).toFixed(2)}× idle`,
  );
}

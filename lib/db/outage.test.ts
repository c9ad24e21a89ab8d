import { mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { makeSignature } from "better-auth/crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DIGEST_SIN_BASE } from "@/lib/db/outage";
import { mensajes } from "@/lib/messages";
import { planPath } from "@/lib/plans/plan";
import { SESSION_COOKIE } from "@/lib/cookies";
import { publicarPlan } from "@/scripts/lib/app-client";
import { startAppServer, type AppServer } from "@/test-support/app-server";
import { query } from "@/test-support/database";
import { startOwnCluster, type PgServer, type PgServers } from "@/test-support/pg-cluster";
import { confirmedUser, freshIp, type TestUser } from "@/test-support/users";
import { worker } from "@/test-support/worker";

interface Respuesta {
  tipo: string;
  status: number;
  cuerpo: string;
  inicio: number;
}

/**
 * PostgreSQL stopped the way a service restart stops it (`pg_ctl stop -m fast`: sessions ended
 * mid-query, then "shutting down", then refused) while requests of every kind are in flight, on a
 * cluster of the test's own: every answer is its success or the Spanish 503, never a 500.
 */
describe("PostgreSQL stopped under traffic", () => {
  let servers: PgServers;
  let pg: PgServer;
  let databaseUrl: string;
  let app: AppServer;
  let user: TestUser;
  let pagina: string;
  let cookie: string;
  const storage = mkdtempSync(path.join(tmpdir(), "planazo-corte-"));

  beforeAll(async () => {
    ({ servers, server: pg, url: databaseUrl } = await startOwnCluster());
    app = await startAppServer({
      ...worker().appEnv,
      DATABASE_URL: databaseUrl,
      STORAGE_DIR: storage,
      INDICE_BUSQUEDA: "no",
    });
    user = await confirmedUser("Corte de luz", app.url, databaseUrl);
    const r = await publicarPlan(app.url, user.token, { titulo: "Baile del corte" });
    expect(r.status).toBe(201);
    pagina = planPath("Baile del corte", (r.body.plan as { _id: string })._id);
    const firma = await makeSignature(user.token, worker().appEnv.BETTER_AUTH_SECRET);
    cookie = `${SESSION_COOKIE}=${encodeURIComponent(`${user.token}.${firma}`)}`;
  });
  afterAll(async () => {
    await app?.stop();
    servers?.remove();
    rmSync(storage, { recursive: true, force: true });
  });

  it("answers every request its success or the Spanish 503 while PostgreSQL stops and starts", async () => {
    const tipos: Record<string, () => Promise<Response>> = {
      "página anónima": () => get(pagina, { accept: "text/html" }),
      "página con sesión": () => get(pagina, { accept: "text/html", cookie }),
      perfil: () => get("/perfil", { accept: "text/html", cookie }),
      búsqueda: () => get("/api/plan?lat=40.4079&lng=-1.4443&radio=20"),
      usuario: () => get("/api/usuario", { authorization: `Bearer ${user.token}` }),
      publicar: async () => {
        const r = await publicarPlan(app.url, user.token, { titulo: `Corte ${Math.random()}` });
        return Response.json(r.body, { status: r.status });
      },
    };
    const respuestas: Respuesta[] = [];
    let seguir = true;
    const bucles = Object.entries(tipos).flatMap(([tipo, pedir]) =>
      Array.from({ length: tipo === "publicar" ? 1 : 3 }, async () => {
        while (seguir) {
          const inicio = Date.now();
          try {
            const res = await pedir();
            respuestas.push({ tipo, status: res.status, cuerpo: await res.text(), inicio });
          } catch (error) {
            respuestas.push({ tipo, status: 0, cuerpo: String(error), inicio });
          }
        }
      }),
    );
    await esperar(700);
    const parada = Date.now();
    await pg.stop("fast");
    await esperar(1_000);
    await pg.start();
    // Until every kind has answered a success again.
    const arranque = Date.now();
    while (
      Date.now() - arranque < 15_000 &&
      !Object.keys(tipos).every((t) => respuestas.some((r) => r.tipo === t && r.inicio > arranque && r.status < 400))
    ) {
      await esperar(100);
    }
    seguir = false;
    await Promise.all(bucles);

    const durante = respuestas.filter((r) => r.inicio >= parada - 200);
    const resumen = Object.keys(tipos).map(
      (t) => `${t}: ${[...new Set(durante.filter((r) => r.tipo === t).map((r) => r.status))].sort().join("/")}`,
    );
    const mal = respuestas.filter((r) => !(r.status < 500 ? r.status > 0 : esNoDisponible(r)));
    expect(mal.map((r) => `${r.tipo} ${r.status} ${r.cuerpo.slice(0, 160)}`).slice(0, 5), resumen.join("; ")).toEqual(
      [],
    );
    // The stop was seen (the test could fail), by pages and calls alike, and every kind came back.
    // An anonymous visitor's page may be answered all along from its copy in memory
    // (lib/paginas-publicas), which is better still.
    for (const t of Object.keys(tipos)) {
      if (t !== "página anónima")
        expect(
          respuestas.some((r) => r.tipo === t && r.status === 503),
          `${t} never saw the outage`,
        ).toBe(true);
      expect(
        respuestas.some((r) => r.tipo === t && r.inicio > arranque && r.status < 400),
        `${t} never came back`,
      ).toBe(true);
    }
    // Nothing half-written: every plan answered 201 is there, with its poster.
    const ids = respuestas
      .filter((r) => r.tipo === "publicar" && r.status === 201)
      .map((r) => (JSON.parse(r.cuerpo) as { plan: { _id: string } }).plan._id);
    const filas = await query<{ id: string }>(
      databaseUrl,
      "SELECT id FROM plan WHERE id = ANY($1::uuid[]) AND archivo_cartel_id IS NOT NULL",
      [ids],
    );
    expect(filas.length).toBe(ids.length);
    // And no poster file is left without its row, once PostgreSQL can tell what committed.
    const huerfanos = async () => {
      const claves = new Set(
        (
          await query<{ clave: string }>(
            databaseUrl,
            "SELECT v AS clave FROM archivo, jsonb_each_text(variantes) AS e(k, v)",
          )
        ).map((r) => r.clave),
      );
      return readdirSync(storage, { recursive: true, withFileTypes: true })
        .filter((e) => e.isFile())
        .map((e) => path.relative(storage, path.join(e.parentPath, e.name)))
        .filter((f) => !claves.has(f));
    };
    await expect.poll(huerfanos, { timeout: 15_000 }).toEqual([]);
  });

  function get(path: string, headers: Record<string, string> = {}) {
    return fetch(`${app.url}${path}`, {
      headers: { "X-Forwarded-For": freshIp(), ...headers },
      redirect: "manual",
      signal: AbortSignal.timeout(10_000),
    });
  }
});

/**
 * The API's `{ mensaje }`; a page's Spanish 503 (proxy.ts), or the error document of a page that
 * was rendering, whose error carries the outage's digest: the browser shows the outage's
 * message with it (app/error.tsx, app/global-error.tsx; outage.unit.test.ts renders both).
 */
function esNoDisponible(r: Respuesta): boolean {
  if (r.status !== 503) return false;
  if (r.cuerpo.startsWith("{")) return r.cuerpo === JSON.stringify({ mensaje: mensajes.servicioNoDisponible });
  if (/Application error|Internal Server Error/.test(r.cuerpo)) return false;
  return r.cuerpo.includes(mensajes.servicioNoDisponible) || r.cuerpo.includes(DIGEST_SIN_BASE);
}

const esperar = (ms: number) => new Promise((r) => setTimeout(r, ms));

import { htmlVisible } from "@/test-support/api";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { freePort, startAppServer, type AppServer } from "@/test-support/app-server";
import { query } from "@/test-support/database";
import { enviarFormulario, formulario, publicarEvento } from "@/test-support/forms";
import { persona, type Persona } from "@/test-support/gestion";
import { call } from "@/test-support/users";
import { startVarnish, type Varnish } from "@/test-support/varnish";
import { worker } from "@/test-support/worker";

/**
 * The real caching proxy of deploy/varnish/planazo.vcl in front of the built app, which purges
 * it (PURGA_URL): what a CDN in front of Planazo does.
 */
const db = () => process.env.DATABASE_URL!;

let app: AppServer;
let cache: Varnish;
let autora: Persona;
let moderadora: Persona;

beforeAll(async () => {
  const puerto = await freePort();
  // Earlier files on this worker left their plans' tags pending; this new proxy stores none of them.
  await query(db(), "DELETE FROM purga_pendiente");
  app = await startAppServer({ ...worker().appEnv, PURGA_URL: `http://127.0.0.1:${puerto}/` });
  cache = await startVarnish({ backendPort: Number(new URL(app.url).port), port: puerto });
  autora = await persona("Autora Proxy", "usuario");
  moderadora = await persona("Moderadora Proxy", "moderador");
});
afterAll(async () => {
  await cache?.stop();
  await app?.stop();
});

/** A browser's request of `ruta` through the proxy. */
async function pedir(ruta: string, cookie?: string) {
  const res = await fetch(`${cache.url}${ruta}`, {
    headers: { accept: "text/html", ...(cookie ? { cookie } : {}) },
    redirect: "manual",
  });
  return { status: res.status, xCache: res.headers.get("x-cache"), html: await res.text(), headers: res.headers };
}

/** Milliseconds until `cumple()` holds, asking every 50 ms for up to 5 s; Infinity if it never does. */
async function esperar(cumple: () => Promise<boolean>): Promise<number> {
  const inicio = Date.now();
  while (Date.now() - inicio < 5_000) {
    if (await cumple()) return Date.now() - inicio;
    await new Promise((r) => setTimeout(r, 50));
  }
  return Infinity;
}

/** Milliseconds until the proxy's answer for `ruta` satisfies `cumple`. */
function hastaQue(ruta: string, cumple: (p: Awaited<ReturnType<typeof pedir>>) => boolean): Promise<number> {
  return esperar(async () => cumple(await pedir(ruta)));
}

/**
 * Waits until every pending purge has gone to the proxy (the drain deletes a row in the transaction
 * that sent it). A page stored before a write's purge went out is purged by it a moment later: a
 * test that wants the page stored waits for this first.
 */
async function purgasEnviadas() {
  const vacia = async () =>
    (await query<{ n: number }>(db(), "SELECT count(*)::int AS n FROM purga_pendiente"))[0].n === 0;
  expect(await esperar(vacia), "purges still pending after 5 s").toBeLessThan(Infinity);
}

/** The page through the proxy, stored (a HIT) once the purges of the writes before it went out. */
async function guardada(ruta: string) {
  await purgasEnviadas();
  await pedir(ruta);
  const p = await pedir(ruta);
  expect(p.xCache, ruta).toBe("HIT");
  return p;
}

describe("a caching proxy in front of the app", () => {
  it("answers a plan page's second anonymous request from its store, whatever the visitor's other cookies", async () => {
    const { ruta } = await publicarEvento(autora.token, "Guardada en el proxy");
    await purgasEnviadas();
    const primera = await pedir(ruta);
    expect(primera.status).toBe(200);
    expect(primera.xCache).toBe("MISS");
    const segunda = await pedir(ruta, "cookiesAccepted=true");
    expect(segunda.xCache).toBe("HIT");
    expect(segunda.html).toBe(primera.html);
    expect(segunda.headers.get("content-security-policy")).toBe(primera.headers.get("content-security-policy"));
    expect(segunda.headers.get("cache-tag")).toContain("plan-");
  });

  it("never stores a logged-in request nor answers it from the store", async () => {
    const { ruta } = await publicarEvento(autora.token, "Con sesión en el proxy");
    const suya = await pedir(ruta, autora.cookie);
    expect(suya.xCache).toBe("PASS");
    expect(suya.html).toContain("Mi cuenta");
    const anonima = await guardada(ruta);
    expect(anonima.html).not.toContain("Mi cuenta");
    const otraVez = await pedir(ruta, `cookiesAccepted=true; ${autora.cookie}`);
    expect(otraVez.xCache).toBe("PASS");
    expect(otraVez.html).toContain("Mi cuenta");
    // A page with the person's name: theirs each time, never stored, never anyone else's.
    for (let i = 0; i < 2; i++) {
      const perfil = await pedir("/perfil", autora.cookie);
      expect(perfil.status).toBe(200);
      expect(perfil.xCache).toBe("PASS");
      expect(perfil.html).toContain("Autora Proxy");
    }
    const deOtra = await pedir("/perfil", moderadora.cookie);
    expect(deOtra.html).toContain("Moderadora Proxy");
    expect(deOtra.html).not.toContain("Autora Proxy");
    const sinSesion = await pedir("/perfil");
    expect(sinSesion.status).toBe(307);
    expect(sinSesion.html).not.toContain("Autora Proxy");
  });

  it("never stores a private page, even asked twice", async () => {
    for (const ruta of ["/perfil", "/mis-planes", "/gestion/reportes", "/gestion/planes"]) {
      for (let i = 0; i < 2; i++) expect((await pedir(ruta, moderadora.cookie)).xCache, ruta).toBe("PASS");
      const anonima = await pedir(ruta);
      expect(anonima.xCache, ruta).not.toBe("HIT");
      expect((await pedir(ruta)).xCache, ruta).not.toBe("HIT");
    }
  });

  it("changes its answer within 2 s of an edit, a hide by a moderator and a deletion", async () => {
    const { id, ruta } = await publicarEvento(autora.token, "Editada tras el proxy");
    await guardada(ruta);
    const editar = await enviarFormulario(
      "PATCH",
      `/api/plan/${id}`,
      formulario({ descripcion: "Segunda versión" }),
      autora.token,
    );
    expect(editar.status).toBe(200);
    expect(await hastaQue(ruta, (p) => p.html.includes("Segunda versión"))).toBeLessThan(2_000);
    await guardada(ruta);
    const ocultar = await call("POST", `/api/gestion/planes/${id}/ocultar`, {
      cookie: moderadora.cookie,
      body: { motivo: "Prueba del proxy" },
    });
    expect(ocultar.status).toBe(200);
    expect(await hastaQue(ruta, (p) => p.status === 404)).toBeLessThan(2_000);
    await call("POST", `/api/gestion/planes/${id}/mostrar`, { cookie: moderadora.cookie, body: {} });
    expect(await hastaQue(ruta, (p) => p.status === 200)).toBeLessThan(2_000);
    await guardada(ruta);
    expect((await call("DELETE", `/api/plan/${id}`, { token: autora.token })).status).toBe(200);
    expect(await hastaQue(ruta, (p) => p.status === 404)).toBeLessThan(2_000);
  });

  it("changes its answer within 2 s of a featuring's end", async () => {
    const { id, ruta } = await publicarEvento(autora.token, "Destacada tras el proxy");
    await query(db(), "UPDATE plan SET destacado_hasta = now() + interval '3 seconds' WHERE id = $1", [id]);
    expect(await hastaQue(ruta, (p) => htmlVisible(p.html).includes("DESTACADO"))).toBeLessThan(2_000);
    const [{ fin }] = await query<{ fin: Date }>(db(), "SELECT destacado_hasta AS fin FROM plan WHERE id = $1", [id]);
    expect(htmlVisible((await guardada(ruta)).html)).toContain("DESTACADO");
    await new Promise((r) => setTimeout(r, Math.max(0, fin.getTime() - Date.now())));
    expect(await hastaQue(ruta, (p) => !htmlVisible(p.html).includes("DESTACADO"))).toBeLessThan(2_000);
  });
});

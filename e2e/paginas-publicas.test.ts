import { beforeAll, describe, expect, it } from "vitest";
import { pool } from "@/lib/paginas-publicas/pool";
import { drenarPurgas, type AdaptadorPurga } from "@/lib/paginas-publicas/purga";
import { query } from "@/test-support/database";
import { camposEvento, camposOrganizacion, enviarFormulario, formulario, png } from "@/test-support/forms";
import { persona, type Persona } from "@/test-support/gestion";
import { freshOrigin } from "@/test-support/plans";
import { call } from "@/test-support/users";
import { appUrl } from "@/test-support/worker";

const db = () => process.env.DATABASE_URL!;

/** A document request as a browser sends it, with `cookie` or `token` when given. */
async function pedir(ruta: string, { cookie, token }: { cookie?: string; token?: string } = {}) {
  const res = await fetch(`${appUrl()}${ruta}`, {
    headers: {
      accept: "text/html",
      ...(cookie ? { cookie } : {}),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    redirect: "manual",
  });
  return { status: res.status, headers: res.headers, cuerpo: await res.text() };
}

const sMaxAge = (cc: string | null) => Number(/s-maxage=(\d+)/.exec(cc ?? "")?.[1] ?? NaN);
const etiquetas = (h: Headers) => (h.get("surrogate-key") ?? "").split(" ").filter(Boolean);

let autora: Persona;
let moderadora: Persona;
let plan: { id: string; ruta: string };
let orgId: string;
let pueblo: string;
let ine: string;
/** A search around the plan's own point (its area holds no other test's plans). */
let cerca: string;
let organizacion: string;

beforeAll(async () => {
  autora = await persona("Autora Pública", "usuario");
  moderadora = await persona("Moderadora Pública", "moderador");
  const org = await enviarFormulario(
    "POST",
    "/api/organizacion",
    formulario({
      ...camposOrganizacion(),
      nombre: "Peña Pública",
      archivoLogo: { bytes: await png(120, 120), nombre: "l.png" },
    }),
    autora.token,
  );
  orgId = (org.body.organizacion as { _id: string })._id;
  const origin = await freshOrigin();
  cerca = `/?municipio=Albarrac%C3%ADn&lat=${origin.lat}&lng=${origin.lng}&radio=5`;
  const res = await enviarFormulario(
    "POST",
    "/api/plan",
    formulario({
      ...camposEvento(),
      titulo: "Romería pública",
      organizacionId: orgId,
      archivoCartel: { bytes: await png(), nombre: "cartel.png" },
      ubicacion: JSON.stringify({ type: "Point", coordinates: [origin.lng, origin.lat] }),
    }),
    autora.token,
  );
  expect(res.status).toBe(201);
  const p = res.body.plan as { _id: string; urlPlan: string };
  plan = { id: p._id, ruta: new URL(p.urlPlan).pathname };
  const [fila] = await query<{ municipio_ine: string }>(db(), "SELECT municipio_ine FROM plan WHERE id = $1", [
    plan.id,
  ]);
  ine = fila.municipio_ine;
  const html = (await pedir(plan.ruta)).cuerpo;
  pueblo = /href="(\/planes\/[^"/]+\/[^"/]+)"/.exec(html)![1];
  organizacion = new RegExp(`href="(/org/[^"/]+/${orgId})"`).exec(html)![1];
});

describe("public pages a CDN can keep", () => {
  it("answers every public page to a visitor as public, the same bytes for everyone, with no cookie and with its tags", async () => {
    const paginas: [string, string[]][] = [
      ["/", ["portada"]],
      [cerca, ["portada", "patrocinios", `municipio-${ine}`, `plan-${plan.id}`]],
      [plan.ruta, [`plan-${plan.id}`, `municipio-${ine}`, `provincia-${ine.slice(0, 2)}`, `org-${orgId}`]],
      [pueblo, [`municipio-${ine}`, "patrocinios"]],
      [pueblo.replace(/\/[^/]+$/, ""), [`provincia-${ine.slice(0, 2)}`]],
      [organizacion, [`org-${orgId}`, `plan-${plan.id}`]],
      ["/aviso-legal", ["legal"]],
      ["/cookies", ["legal"]],
      [`/embed/planes?organizacion=${orgId}`, []],
    ];
    for (const [ruta, esperadas] of paginas) {
      const una = await pedir(ruta);
      const otra = await pedir(ruta, { cookie: "cookiesAccepted=true; planazo.lsn=0/0" });
      expect(una.status, ruta).toBe(200);
      expect(una.headers.get("cache-control"), ruta).toMatch(
        /^public, max-age=0, s-maxage=\d+(, stale-while-revalidate=\d+)?$/,
      );
      expect(sMaxAge(una.headers.get("cache-control")), ruta).toBeGreaterThan(0);
      expect(una.headers.get("set-cookie"), ruta).toBeNull();
      expect(otra.cuerpo, ruta).toBe(una.cuerpo);
      expect(otra.headers.get("content-security-policy"), ruta).toBe(una.headers.get("content-security-policy"));
      expect(etiquetas(una.headers), ruta).toEqual(expect.arrayContaining(esperadas));
    }
  });

  it("keeps today's policy: a nonce that is not guessable, 'strict-dynamic', no 'unsafe-eval', frames only for the widget", async () => {
    const a = await pedir(plan.ruta);
    const csp = a.headers.get("content-security-policy")!;
    expect(csp).toMatch(/script-src 'self' 'nonce-[A-Za-z0-9+/]{22}==' 'strict-dynamic'/);
    expect(csp).not.toContain("unsafe-eval");
    expect(csp).toContain("frame-ancestors 'none'");
    expect((await pedir(`/embed/planes?organizacion=${orgId}`)).headers.get("content-security-policy")).toContain(
      "frame-ancestors *",
    );
    // A new copy (another address, or after a change) gets a nonce of its own.
    const otra = await pedir(`${plan.ruta}?ref=chat`);
    expect(otra.headers.get("content-security-policy")).not.toBe(csp);
  });

  it("answers a session or a bearer token privately, rendered for that person", async () => {
    for (const quien of [{ cookie: autora.cookie }, { token: autora.token }]) {
      for (const ruta of [plan.ruta, "/", pueblo]) {
        const r = await pedir(ruta, quien);
        expect(r.headers.get("cache-control"), ruta).toMatch(/^private\b.*\bno-store\b/);
        expect(r.headers.get("surrogate-key"), ruta).toBeNull();
      }
    }
    expect((await pedir(plan.ruta, { cookie: autora.cookie })).cuerpo).toContain("Mi cuenta");
    expect((await pedir(plan.ruta)).cuerpo).not.toContain("Mi cuenta");
  });

  it("never lets a shared cache keep a page past the instant the clock changes it", async () => {
    await query(db(), "UPDATE plan SET destacado_hasta = now() + interval '40 seconds' WHERE id = $1", [plan.id]);
    for (const ruta of [plan.ruta, cerca]) {
      const cc = (await pedir(ruta)).headers.get("cache-control");
      expect(sMaxAge(cc), ruta).toBeLessThanOrEqual(40);
      expect(cc, ruta).not.toContain("stale-while-revalidate");
    }
    await query(db(), "UPDATE plan SET destacado_hasta = NULL WHERE id = $1", [plan.id]);
    // Madrid's next midnight bounds every page with plans.
    const cc = (await pedir(plan.ruta)).headers.get("cache-control");
    const medianoche = Number(
      (
        await query<{ s: string }>(
          db(),
          "SELECT extract(epoch FROM (date_trunc('day', now() AT TIME ZONE 'Europe/Madrid') + interval '1 day') AT TIME ZONE 'Europe/Madrid' - now())::int AS s",
        )
      )[0].s,
    );
    expect(sMaxAge(cc)).toBeLessThanOrEqual(Math.max(medianoche, 0) + 1);
  });

  it("lets a CDN keep the apps' public reads, never an app's own cache nor a personal answer", async () => {
    const busqueda = `/api/plan?lat=40.4079&lng=-1.4443&radio=30`;
    const detalle = `/api/plan/detalle/${plan.id}`;
    for (const ruta of [busqueda, detalle]) {
      const anonima = await fetch(`${appUrl()}${ruta}`);
      expect(anonima.status, ruta).toBe(200);
      expect(anonima.headers.get("cache-control"), ruta).toMatch(/^public, max-age=0, s-maxage=\d+/);
      expect(anonima.headers.get("set-cookie"), ruta).toBeNull();
      const conToken = await fetch(`${appUrl()}${ruta}`, { headers: { authorization: `Bearer ${autora.token}` } });
      expect(conToken.headers.get("cache-control"), ruta).toBe("private, no-store");
      expect(conToken.headers.get("surrogate-key"), ruta).toBeNull();
      const conSesion = await fetch(`${appUrl()}${ruta}`, { headers: { cookie: autora.cookie } });
      expect(conSesion.headers.get("cache-control"), ruta).toBe("private, no-store");
    }
    expect(etiquetas((await fetch(`${appUrl()}${detalle}`)).headers)).toEqual(
      expect.arrayContaining([`plan-${plan.id}`, `municipio-${ine}`, `org-${orgId}`]),
    );
  });
});

describe("purges, from the one place every change goes through", () => {
  /** Tags purged by turns of the drain until `esperadas` are all in, for up to 5 s. */
  async function purgadas(esperadas: string[]): Promise<Set<string>> {
    const vistas = new Set<string>();
    const registro: AdaptadorPurga = { nombre: "prueba", purgar: async (e) => e.forEach((x) => vistas.add(x)) };
    const hasta = Date.now() + 5_000;
    while (Date.now() < hasta && !esperadas.every((e) => vistas.has(e))) {
      await drenarPurgas(registro);
      await new Promise((r) => setTimeout(r, 200));
    }
    return vistas;
  }
  /** Drains what earlier files on this worker left pending (their plans' tags), to the end. */
  const vaciar = () => drenarPurgas({ nombre: "vaciar", purgar: async () => {} }, Infinity);

  it("purges a plan's pages after an edit through the API, a hide by the team, SQL by hand and a deletion", async () => {
    const propias = [`plan-${plan.id}`, `municipio-${ine}`, `provincia-${ine.slice(0, 2)}`, `org-${orgId}`];
    await vaciar();
    const edicion = await enviarFormulario(
      "PATCH",
      `/api/plan/${plan.id}`,
      formulario({ descripcion: "Otra" }),
      autora.token,
    );
    expect(edicion.status).toBe(200);
    expect([...(await purgadas(propias))]).toEqual(expect.arrayContaining(propias));
    const ocultar = await call("POST", `/api/gestion/planes/${plan.id}/ocultar`, {
      cookie: moderadora.cookie,
      body: { motivo: "Prueba" },
    });
    expect(ocultar.status).toBe(200);
    expect([...(await purgadas([...propias, "portada"]))]).toEqual(expect.arrayContaining([...propias, "portada"]));
    await call("POST", `/api/gestion/planes/${plan.id}/mostrar`, { cookie: moderadora.cookie, body: {} });
    await query(db(), "UPDATE organizacion SET nombre = 'Peña Renombrada' WHERE id = $1", [orgId]);
    expect([...(await purgadas([`org-${orgId}`, `plan-${plan.id}`]))]).toEqual(
      expect.arrayContaining([`org-${orgId}`, `plan-${plan.id}`]),
    );
  });

  it("purges behind a bulk write in one turn, at the database's pace rather than a batch per turn", async () => {
    await vaciar();
    // What a sources sync of 3,000 plans leaves pending: four tags each.
    await query(
      db(),
      "INSERT INTO purga_pendiente (etiqueta) SELECT 'plan-' || gen_random_uuid() FROM generate_series(1, 12000)",
    );
    await query(db(), "UPDATE plan SET descripcion = 'Tras la sincronización' WHERE id = $1", [plan.id]);
    const vistas: string[] = [];
    await drenarPurgas({ nombre: "prueba", purgar: async (e) => void vistas.push(...e) });
    expect(vistas).toContain(`plan-${plan.id}`);
    expect(vistas.length).toBeGreaterThan(12000);
  });

  it("purges what the clock changes: a featuring that ends, a plan that ends", async () => {
    await vaciar();
    await query(db(), "UPDATE plan SET destacado_hasta = now() + interval '1 second' WHERE id = $1", [plan.id]);
    await purgadas([`plan-${plan.id}`]);
    // Only the clock now: nothing is written while the featuring runs out.
    await new Promise((r) => setTimeout(r, 1_200));
    const tras = await purgadas([`plan-${plan.id}`, "portada"]);
    expect([...tras]).toEqual(expect.arrayContaining([`plan-${plan.id}`, "portada", `municipio-${ine}`]));
  });

  it("asks PostgreSQL without JIT, whose compiling alone took the clock's query past the 2 s limit on a busy host", async () => {
    const [{ jit }] = (await pool().query<{ jit: string }>("SHOW jit")).rows;
    const [{ statement_timeout }] = (await pool().query<{ statement_timeout: string }>("SHOW statement_timeout")).rows;
    expect([jit, statement_timeout]).toEqual(["off", "2s"]);
  });

  it("keeps a purge the adapter refused for the next turn", async () => {
    await vaciar();
    await query(db(), "UPDATE plan SET descripcion = 'Tercera' WHERE id = $1", [plan.id]);
    const fallida: AdaptadorPurga = {
      nombre: "caida",
      purgar: async () => {
        throw new Error("proxy caído");
      },
    };
    await expect(drenarPurgas(fallida)).rejects.toThrow("proxy caído");
    expect([...(await purgadas([`plan-${plan.id}`]))]).toContain(`plan-${plan.id}`);
  });
});

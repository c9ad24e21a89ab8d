import { htmlVisible } from "@/test-support/api";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CABECERA_CACHE } from "@/lib/paginas-publicas/cache";
import { LIMITES } from "@/lib/rate-limit";
import { CABECERAS_DE_SEGURIDAD } from "@/lib/security";
import { startAppServer, type AppServer } from "@/test-support/app-server";
import { cookieDe } from "@/test-support/cookies";
import { query } from "@/test-support/database";
import {
  camposEvento,
  camposOrganizacion,
  enviarFormulario,
  formulario,
  png,
  publicarEvento,
} from "@/test-support/forms";
import { persona, type Persona } from "@/test-support/gestion";
import { freshOrigin } from "@/test-support/plans";
import { call, confirmedUser, freshIp, uniqueEmail } from "@/test-support/users";
import { appUrl, worker } from "@/test-support/worker";

const db = () => process.env.DATABASE_URL!;

interface Pagina {
  status: number;
  cache: string | null;
  html: string;
  nonce: string | null;
  headers: Headers;
}

/** A page as a browser without a session gets it (with `cookie`, as that browser). */
async function pagina(ruta: string, { base = appUrl(), cookie }: { base?: string; cookie?: string } = {}) {
  const res = await fetch(`${base}${ruta}`, {
    headers: { accept: "text/html", ...(cookie ? { cookie } : {}) },
    redirect: "manual",
  });
  const html = (await res.text()).replaceAll("<!-- -->", "");
  const csp = res.headers.get("content-security-policy") ?? "";
  return {
    status: res.status,
    cache: res.headers.get(CABECERA_CACHE),
    html,
    nonce: /'nonce-([^']+)'/.exec(csp)?.[1] ?? null,
    headers: res.headers,
  } satisfies Pagina;
}

/** Every script that runs carries the answer's own nonce. */
function scriptsConNonce(p: Pagina) {
  const scripts = [...p.html.matchAll(/<script\b([^>]*)>/g)].map((m) => m[1]);
  expect(scripts.length).toBeGreaterThan(2);
  for (const attrs of scripts) {
    if (/type="application\/ld\+json"/.test(attrs)) continue;
    expect(attrs).toContain(`nonce="${p.nonce}"`);
  }
}

/** The page until it comes from the cache (the first request may render it). */
async function enCache(ruta: string, base?: string): Promise<Pagina> {
  await pagina(ruta, { base });
  const p = await pagina(ruta, { base });
  expect(p.cache).toBe("hit");
  return p;
}

/** Changes a plan's description behind the app's back without its triggers (this session only). */
async function cambiarSinTriggers(id: string, descripcion: string) {
  await query(
    db(),
    `DO $$ BEGIN
       SET LOCAL session_replication_role = replica;
       UPDATE plan SET descripcion = '${descripcion}' WHERE id = '${id}';
     END $$`,
  );
}

/**
 * Instance B: a second app on this worker's database and storage (A is the worker's own app),
 * started once for every test here that needs two instances.
 */
let b: AppServer;
beforeAll(async () => {
  b = await startAppServer(worker().appEnv);
});
afterAll(async () => {
  await b?.stop();
});

describe("plan pages served from the cache", () => {
  let autora: Awaited<ReturnType<typeof confirmedUser>>;
  let moderadora: Persona;

  const editar = (id: string, campos: Record<string, string>, base?: string) =>
    enviarFormulario("PATCH", `/api/plan/${id}`, formulario(campos), autora.token, base);

  beforeAll(async () => {
    autora = await confirmedUser("Autora Caché");
    moderadora = await persona("Moderadora Caché", "moderador");
  });

  it("serves every visitor one copy of the page, the same bytes and nonce, public for a shared cache, with its tags", async () => {
    const { id, ruta } = await publicarEvento(autora.token, "Cacheada con nonce");
    const primera = await pagina(ruta);
    expect(primera.status).toBe(200);
    expect(primera.cache).toBe("miss");
    // Another visitor, with the cookie notice accepted: the same copy.
    const segunda = await pagina(ruta, { cookie: "cookiesAccepted=true" });
    expect(segunda.cache).toBe("hit");
    expect(segunda.nonce).toBe(primera.nonce);
    expect(segunda.html).toBe(primera.html);
    scriptsConNonce(primera);
    for (const [k, v] of [...CABECERAS_DE_SEGURIDAD.map((c) => [c.key, c.value]), ["content-type", "text/html"]])
      expect(segunda.headers.get(k), k).toContain(v);
    expect(segunda.headers.get("content-security-policy")).toBe(primera.headers.get("content-security-policy"));
    expect(primera.headers.get("cache-control")).toMatch(/^public, max-age=0, s-maxage=\d+/);
    expect(primera.headers.get("set-cookie")).toBeNull();
    expect(primera.headers.get("surrogate-key")?.split(" ")).toContain(`plan-${id}`);
    expect(primera.headers.get("cache-tag")?.split(",")).toContain(`plan-${id}`);
    // Served from memory: a change that moves no version (triggers off) is not seen…
    await cambiarSinTriggers(id, "Cambiada a escondidas");
    expect((await pagina(ruta)).html).toContain("Primera versión");
    // …while any change that does is seen by the very next request.
    await query(db(), "UPDATE plan SET descripcion = 'Cambiada por SQL' WHERE id = $1", [id]);
    const tras = await pagina(ruta);
    expect(tras.cache).toBe("miss");
    expect(tras.html).toContain("Cambiada por SQL");
  });

  it("shows an edit made through the API on the next load", async () => {
    const { id, ruta } = await publicarEvento(autora.token, "Editada por la API");
    await enCache(ruta);
    expect((await editar(id, { descripcion: "Segunda versión, editada" })).status).toBe(200);
    const tras = await pagina(ruta);
    expect(tras.html).toContain("Segunda versión, editada");
    expect(tras.html).not.toContain("Primera versión");
  });

  it("shows an edit made through instance A at once on instance B", async () => {
    const { id, ruta } = await publicarEvento(autora.token, "Dos instancias");
    await enCache(ruta, b.url);
    expect((await editar(id, { descripcion: "Editada en A" }, appUrl())).status).toBe(200);
    expect((await pagina(ruta, { base: b.url })).html).toContain("Editada en A");
    // Hidden through B: A's cached page is not served any more either.
    await enCache(ruta);
    const ocultar = await call("POST", `/api/gestion/planes/${id}/ocultar`, {
      base: b.url,
      cookie: moderadora.cookie,
      body: { motivo: "Prueba" },
    });
    expect(ocultar.status).toBe(200);
    expect((await pagina(ruta)).status).toBe(404);
  });

  it("never serves a hidden plan's cached page to the public; its owner still sees it", async () => {
    const { id, ruta } = await publicarEvento(autora.token, "Oculta tras caché");
    await enCache(ruta);
    const ocultar = await call("POST", `/api/gestion/planes/${id}/ocultar`, {
      cookie: moderadora.cookie,
      body: { motivo: "Contenido dudoso" },
    });
    expect(ocultar.status).toBe(200);
    const publica = await pagina(ruta);
    expect(publica.status).toBe(404);
    expect(publica.html).not.toContain("Oculta tras caché");
    const login = await call("POST", "/api/usuario/login", {
      body: { correo: autora.correo, password: autora.password },
    });
    const suya = await pagina(ruta, { cookie: login.setCookie.map((c) => c.split(";")[0]).join("; ") });
    expect(suya.status).toBe(200);
    expect(suya.cache).toBeNull();
    expect(suya.html).toContain("Contenido dudoso");
    // Shown again: public at once.
    expect(
      (await call("POST", `/api/gestion/planes/${id}/mostrar`, { cookie: moderadora.cookie, body: {} })).status,
    ).toBe(200);
    expect((await pagina(ruta)).status).toBe(200);
  });

  it("sees at once what the page shows of other rows: the organization's name and verification, featuring", async () => {
    const org = await enviarFormulario(
      "POST",
      "/api/organizacion",
      formulario({
        ...camposOrganizacion(),
        nombre: "Peña Caché",
        archivoLogo: { bytes: await png(120, 120), nombre: "l.png" },
      }),
      autora.token,
    );
    expect(org.status, JSON.stringify(org.body)).toBe(201);
    const orgId = (org.body.organizacion as { _id: string })._id;
    const { id, ruta } = await publicarEvento(autora.token, "De una peña");
    expect((await editar(id, { organizacionId: orgId })).status).toBe(200);
    expect((await enCache(ruta)).html).toContain("Peña Caché");
    await query(db(), "UPDATE organizacion SET nombre = 'Peña Renombrada' WHERE id = $1", [orgId]);
    expect((await pagina(ruta)).html).toContain("Peña Renombrada");
    await enCache(ruta);
    expect(
      (
        await call("POST", `/api/gestion/organizaciones/${orgId}/verificar`, {
          cookie: moderadora.cookie,
          body: { verificada: true },
        })
      ).status,
    ).toBe(200);
    expect(htmlVisible((await pagina(ruta)).html)).toContain("Verificada");
    await enCache(ruta);
    expect(htmlVisible((await pagina(ruta)).html)).not.toContain("DESTACADO");
    const destacar = await call("POST", `/api/gestion/planes/${id}/destacar`, {
      cookie: moderadora.cookie,
      body: { periodo: "semana" },
    });
    expect(destacar.status).toBe(200);
    expect(htmlVisible((await pagina(ruta)).html)).toContain("DESTACADO");
  });

  it("keeps every personal part out of the cache: saved hearts and the account menu are each person's own", async () => {
    const { id, ruta } = await publicarEvento(autora.token, "Con corazones");
    const lectora = await persona("Lectora Caché", "usuario");
    const otra = await persona("Otra Lectora", "usuario");
    expect((await call("POST", `/api/plan/agregar-plan-favorito/${id}`, { token: lectora.token })).status).toBe(200);
    // Her page first, then a visitor's, then hers again: each rendered for whoever asks.
    const suya = await pagina(ruta, { cookie: lectora.cookie });
    expect(suya.cache).toBeNull();
    expect(suya.html).toContain('aria-pressed="true"');
    expect(suya.html).toContain("Mi cuenta");
    for (const personal of [
      suya.headers,
      (
        await fetch(`${appUrl()}${ruta}`, {
          headers: { accept: "text/html", authorization: `Bearer ${lectora.token}` },
        })
      ).headers,
    ]) {
      expect(personal.get(CABECERA_CACHE)).toBeNull();
      expect(personal.get("cache-control")).toMatch(/^private\b.*\bno-store\b/);
      expect(personal.get("surrogate-key")).toBeNull();
    }
    const visitante = await enCache(ruta);
    expect(visitante.html).not.toContain('aria-pressed="true"');
    expect(visitante.html).not.toContain("Mi cuenta");
    expect(visitante.html).not.toContain(lectora.correo);
    const deOtra = await pagina(ruta, { cookie: otra.cookie });
    expect(deOtra.cache).toBeNull();
    expect(deOtra.html).toContain("Mi cuenta");
    expect(deOtra.html).not.toContain('aria-pressed="true"');
    expect((await pagina(ruta, { cookie: lectora.cookie })).html).toContain('aria-pressed="true"');
  });

  it("renders client navigations and non-canonical addresses as usual; a query string is a copy of its own", async () => {
    const { id, ruta } = await publicarEvento(autora.token, "Navegación cliente");
    await enCache(ruta);
    // Next.js hides its navigation headers from the proxy; a script's fetch asks for anything.
    const rsc = await fetch(`${appUrl()}${ruta}`, { headers: { rsc: "1", "sec-fetch-dest": "empty" } });
    expect(rsc.headers.get(CABECERA_CACHE)).toBeNull();
    expect(rsc.headers.get("content-type")).toContain("text/x-component");
    const sinAccept = await fetch(`${appUrl()}${ruta}`, { headers: { rsc: "1" } });
    expect(sinAccept.headers.get(CABECERA_CACHE)).toBeNull();
    expect(sinAccept.headers.get("content-type")).toContain("text/x-component");
    // Another query string is another copy, with a nonce of its own.
    const conConsulta = await pagina(`${ruta}?utm_source=prueba`);
    expect(conConsulta.cache).toBe("miss");
    expect(conConsulta.nonce).not.toBe((await pagina(ruta)).nonce);
    const otraRuta = await pagina(`/plan/otro-titulo/${id}`);
    expect(otraRuta.status).toBe(308);
    expect(otraRuta.cache).toBeNull();
  });
});

describe("two app instances on one database", () => {
  it("share sessions, rate limits and plans", async () => {
    const a = appUrl();
    const u = await confirmedUser("Ana Dos Instancias");

    // A session created on A works on B, by cookie and by bearer token; logging out on B ends it on A.
    const login = await call("POST", "/api/usuario/login", {
      base: a,
      body: { correo: u.correo, password: u.password },
    });
    const cookie = cookieDe(login.setCookie);
    expect(await call("GET", "/api/usuario", { base: b.url, cookie })).toMatchObject({
      status: 200,
      body: { usuario: { correo: u.correo } },
    });
    expect((await call("GET", "/api/usuario", { base: b.url, token: login.body.token as string })).status).toBe(200);
    expect((await call("POST", "/api/usuario/logout", { base: b.url, cookie })).status).toBe(200);
    expect((await call("GET", "/api/usuario", { base: a, cookie })).status).toBe(401);

    // Rate limits are one count: attempts alternate between the instances from one address.
    const ip = freshIp();
    const correo = uniqueEmail("dos-instancias");
    const [porCuenta] = LIMITES.login(ip, correo).filter((l) => l.key.includes(":cuenta:"));
    const statuses: number[] = [];
    for (let i = 0; i <= porCuenta.max; i++) {
      const base = i % 2 === 0 ? a : b.url;
      statuses.push(
        (await call("POST", "/api/usuario/login", { base, ip, body: { correo, password: "mal-contraseña" } })).status,
      );
    }
    expect(statuses).toEqual([...Array(porCuenta.max).fill(401), 429]);

    // A plan published on A is at once in B's detail and search (no cache hides it).
    const origin = await freshOrigin();
    const buscar = `/api/plan?lat=${origin.lat}&lng=${origin.lng}&radio=5`;
    expect((await call("GET", buscar, { base: b.url })).body).toMatchObject({ total: 0, planes: [] });
    const plan = await enviarFormulario(
      "POST",
      "/api/plan",
      formulario({
        ...camposEvento(),
        titulo: "Publicado en A",
        ubicacion: JSON.stringify({ type: "Point", coordinates: [origin.lng, origin.lat] }),
        archivoCartel: { bytes: await png(), nombre: "cartel.png" },
      }),
      u.token,
      a,
    );
    expect(plan.status).toBe(201);
    const id = (plan.body.plan as { _id: string })._id;
    expect(await call("GET", `/api/plan/detalle/${id}`, { base: b.url })).toMatchObject({
      status: 200,
      body: { titulo: "Publicado en A" },
    });
    const enB = await call("GET", buscar, { base: b.url });
    expect(enB.status).toBe(200);
    expect((enB.body.planes as { _id: string }[]).map((p) => p._id)).toEqual([id]);
    // ...and deleted on B, gone from A's search at once.
    expect((await call("DELETE", `/api/plan/${id}`, { base: b.url, token: u.token })).status).toBe(200);
    expect((await call("GET", buscar, { base: a })).body).toMatchObject({ total: 0, planes: [] });
  });
});

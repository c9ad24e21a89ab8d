import { randomUUID } from "node:crypto";
import { createServer, request, type Server } from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { COOKIE_LUGAR } from "@/lib/busqueda/lugar-recordado";
import { AVISO_COOKIES } from "@/lib/aviso-cookies";
import { READ_YOUR_WRITES_COOKIE, SECURE_SESSION_COOKIE, SESSION_COOKIE } from "@/lib/cookies";
import { ALLOW_DEL_SITIO } from "@/lib/http";
import { mensajes } from "@/lib/messages";
import { freePort } from "@/test-support/app-server";
import { metodoCrudo } from "@/test-support/hostile";
import { purgar, startVarnish, type Varnish } from "@/test-support/varnish";

/**
 * deploy/varnish/planazo.vcl in a real Varnish, in front of a small server that plays the app:
 * each address answers the headers the test sets for it, and every answer carries the number of
 * the request that reached the server, so a test can tell a stored copy from a fresh one.
 */

const PUBLICA = "public, max-age=0, s-maxage=60";

interface Llegada {
  url: string;
  method: string;
  cookie?: string;
  accept?: string;
}

/** The stand-in app: answers per address (path and query, as Varnish forwards them). */
async function appDePrueba() {
  const respuestas = new Map<string, Record<string, string>>();
  const llegadas: Llegada[] = [];
  const server: Server = createServer((req, res) => {
    llegadas.push({ url: req.url!, method: req.method!, cookie: req.headers.cookie, accept: req.headers.accept });
    const cabeceras = respuestas.get(req.url!) ?? { "Cache-Control": PUBLICA };
    res.writeHead(200, { "Content-Type": "application/json", ...cabeceras });
    res.end(JSON.stringify({ n: llegadas.length, cookie: req.headers.cookie ?? null }));
  });
  const port = await freePort();
  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
  return {
    port,
    /** What the server answers at `url` from now on. */
    responder: (url: string, cabeceras: Record<string, string>) => respuestas.set(url, cabeceras),
    /** How many requests for `url` reached the server. */
    llegadas: (url: string) => llegadas.filter((l) => l.url === url),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

describe("the shared cache's configuration (deploy/varnish/planazo.vcl)", () => {
  let app: Awaited<ReturnType<typeof appDePrueba>>;
  let varnish: Varnish;

  beforeAll(async () => {
    app = await appDePrueba();
    varnish = await startVarnish({ backendPort: app.port });
  });
  afterAll(async () => {
    await varnish?.stop();
    await app?.close();
  });

  /** A request through the cache: where it came from (X-Cache) and which request made it. */
  async function pedir(url: string, { method = "GET", headers = {} }: { method?: string; headers?: HeadersInit } = {}) {
    const res = await fetch(`${varnish.url}${url}`, { method, headers, redirect: "manual" });
    const cuerpo = (await res.json()) as { n: number; cookie: string | null };
    return { status: res.status, cache: res.headers.get("x-cache"), headers: res.headers, ...cuerpo };
  }
  const nueva = (ruta: string) => `${ruta}/${randomUUID()}`;

  it("stores an anonymous public answer: the second request is a HIT and the app saw one", async () => {
    const url = nueva("/plan");
    app.responder(url, {
      "Cache-Control": PUBLICA,
      "Surrogate-Key": "plan-1 municipio-28079",
      "Cache-Tag": "plan-1,municipio-28079",
    });
    const primera = await pedir(url);
    const segunda = await pedir(url);
    expect([primera.cache, segunda.cache]).toEqual(["MISS", "HIT"]);
    expect(segunda.n).toBe(primera.n);
    expect(app.llegadas(url)).toHaveLength(1);
    // The ban index stays in the cache; the comma-separated tags go on for a CDN in front.
    expect(segunda.headers.get("surrogate-key")).toBeNull();
    expect(segunda.headers.get("cache-tag")).toBe("plan-1,municipio-28079");
  });

  it("keeps one copy for one query, whatever the order of its parameters", async () => {
    const id = randomUUID();
    const primera = await pedir(`/api/plan?radio=10&lat=40.4&id=${id}`);
    const segunda = await pedir(`/api/plan?id=${id}&lat=40.4&radio=10`);
    expect([primera.cache, segunda.cache]).toEqual(["MISS", "HIT"]);
    expect(app.llegadas(`/api/plan?id=${id}&lat=40.4&radio=10`)).toHaveLength(1);
  });

  it.each([
    ["town", () => `/planes/soria/vinuesa-${randomUUID()}`],
    ["plan", () => `/plan/teatro/${randomUUID()}`],
  ])("keeps a %s page's copy for browsers apart from its answer to the fediverse, one copy each", async (_, nueva) => {
    const url = nueva();
    app.responder(url, { "Cache-Control": PUBLICA, Vary: "Accept-Encoding, Accept" });
    const chrome = "text/html,application/xhtml+xml,application/xml;q=0.9,image/avif,image/webp,*/*;q=0.8";
    const firefox = "text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8";
    const mastodon = 'application/activity+json, application/ld+json; profile="https://www.w3.org/ns/activitystreams"';
    const navegadores = [
      await pedir(url, { headers: { accept: chrome } }),
      await pedir(url, { headers: { accept: firefox } }),
    ];
    expect(navegadores.map((r) => r.cache)).toEqual(["MISS", "HIT"]);
    const servidores = [
      await pedir(url, { headers: { accept: mastodon } }),
      await pedir(url, { headers: { accept: "application/activity+json" } }),
    ];
    expect(servidores.map((r) => r.cache)).toEqual(["MISS", "HIT"]);
    expect(servidores[0].n).not.toBe(navegadores[0].n);
    expect(app.llegadas(url).map((l) => l.accept)).toEqual(["text/html", "application/activity+json"]);
  });

  it("passes a signed-in visitor to the app every time, with their cookies, never the stored copy", async () => {
    const url = nueva("/plan");
    const anonima = await pedir(url);
    for (const nombre of [SESSION_COOKIE, SECURE_SESSION_COOKIE, READ_YOUR_WRITES_COOKIE]) {
      const cookie = `${AVISO_COOKIES}=true; ${nombre}=abc`;
      const a = await pedir(url, { headers: { cookie } });
      const b = await pedir(url, { headers: { cookie } });
      expect([a.cache, b.cache]).toEqual(["PASS", "PASS"]);
      expect(new Set([anonima.n, a.n, b.n]).size).toBe(3);
      expect(b.cookie).toBe(cookie);
    }
    expect(app.llegadas(url)).toHaveLength(7);
    // Nor did their answers replace the anonymous copy.
    expect(await pedir(url)).toMatchObject({ cache: "HIT", n: anonima.n });
  });

  it("passes a request with an Authorization header every time", async () => {
    const url = nueva("/api/plan/detalle");
    const anonima = await pedir(url);
    const a = await pedir(url, { headers: { authorization: "Bearer x" } });
    const b = await pedir(url, { headers: { authorization: "Bearer x" } });
    expect([a.cache, b.cache]).toEqual(["PASS", "PASS"]);
    expect(new Set([anonima.n, a.n, b.n]).size).toBe(3);
    expect(await pedir(url)).toMatchObject({ cache: "HIT", n: anonima.n });
  });

  it("never stores an answer that is private, no-store, no-cache, sets a cookie or is not public", async () => {
    const casos: Record<string, string>[] = [
      { "Cache-Control": "private, no-store" },
      { "Cache-Control": "private, no-cache, no-store, max-age=0, must-revalidate" },
      { "Cache-Control": "public, no-cache, s-maxage=60" },
      { "Cache-Control": PUBLICA, "Set-Cookie": "a=b; Path=/" },
      { "Cache-Control": "max-age=0, s-maxage=60" },
      { "Cache-Control": "public, max-age=0" },
      {},
    ];
    for (const cabeceras of casos) {
      const url = nueva("/plan");
      app.responder(url, cabeceras);
      const a = await pedir(url);
      const b = await pedir(url);
      expect([a.cache, b.cache], JSON.stringify(cabeceras)).toEqual(["PASS", "PASS"]);
      expect(b.n).not.toBe(a.n);
    }
  });

  it("stores the same copy for a visitor who accepted the cookie notice, whose cookie the app never sees", async () => {
    const url = nueva("/plan");
    const a = await pedir(url, { headers: { cookie: `${AVISO_COOKIES}=true` } });
    const b = await pedir(url);
    const c = await pedir(url, { headers: { cookie: `${AVISO_COOKIES}=true; _ga=GA1.1.1` } });
    expect([a.cache, b.cache, c.cache]).toEqual(["MISS", "HIT", "HIT"]);
    expect(a.cookie).toBeNull();
    expect(app.llegadas(url)).toHaveLength(1);
  });

  it("never stores the management, account and sign-in pages, even when they say public", async () => {
    for (const ruta of ["/gestion", "/api/gestion/planes", "/perfil", "/iniciar-sesion", "/mis-planes"]) {
      const url = nueva(ruta);
      app.responder(url, { "Cache-Control": PUBLICA });
      const a = await pedir(url, { headers: { cookie: `${AVISO_COOKIES}=true` } });
      const b = await pedir(url);
      expect([a.cache, b.cache], ruta).toEqual(["PASS", "PASS"]);
      expect(a.cookie, ruta).toBe(`${AVISO_COOKIES}=true`);
    }
  });

  it("passes the generic home for a visitor it can place, and stores it for everyone else", async () => {
    const cookie = `${COOKIE_LUGAR}=Madrid`;
    const conLugar = await pedir("/", { headers: { cookie } });
    expect(conLugar).toMatchObject({ cache: "PASS", cookie });
    const posiciones: Record<string, string>[] = [
      { "x-vercel-ip-latitude": "40.4", "x-vercel-ip-longitude": "-3.7" },
      { "cf-iplatitude": "40.4", "cf-iplongitude": "-3.7" },
    ];
    for (const geo of posiciones) {
      expect((await pedir("/", { headers: geo })).cache).toBe("PASS");
    }
    const generica = await pedir("/");
    expect((await pedir("/")).n).toBe(generica.n);
    // Any other address is the same with or without a remembered place.
    const busqueda = `/?q=${randomUUID()}`;
    const a = await pedir(busqueda, { headers: { cookie } });
    const b = await pedir(busqueda);
    expect([a.cache, b.cache]).toEqual(["MISS", "HIT"]);
    expect(a.cookie).toBeNull();
  });

  it("passes every method but GET and HEAD, cookies and all", async () => {
    const url = nueva("/api/plan");
    const a = await pedir(url, { method: "POST", headers: { cookie: `${AVISO_COOKIES}=true` } });
    const b = await pedir(url, { method: "POST" });
    expect([a.cache, b.cache]).toEqual(["PASS", "PASS"]);
    expect(a.cookie).toBe(`${AVISO_COOKIES}=true`);
  });

  it("answers TRACE, TRACK, CONNECT and made-up methods itself: the app's 405, never passed on", async () => {
    const url = nueva("/api/plan");
    for (const metodo of ["TRACE", "TRACK", "CONNECT", "PROPFIND", "HACK"]) {
      const r = await metodoCrudo(metodo, `${varnish.url}${url}`);
      expect(r, metodo).toMatchObject({
        status: 405,
        cabeceras: { allow: ALLOW_DEL_SITIO, "content-type": "application/json", "cache-control": "no-store" },
      });
      if (metodo !== "CONNECT") expect(JSON.parse(r.texto), metodo).toEqual({ mensaje: mensajes.metodoNoPermitido });
    }
    expect(app.llegadas(url)).toEqual([]);
  });

  it("drops exactly the answers tagged with a banned tag, and the next request gets a fresh one", async () => {
    const [plan, municipio] = [`plan-${randomUUID()}`, `municipio-${randomUUID().slice(0, 8)}`];
    const etiquetados = {
      a: [nueva("/plan"), `${plan} ${municipio} org-1`],
      b: [nueva("/plan"), `plan-${randomUUID()} ${municipio}-x org-1`],
      c: [nueva("/api/plan"), `${municipio}0 ${plan}-x`],
      d: [nueva("/api/plan/detalle"), `org-2 ${municipio}`],
    };
    const antes: Record<string, number> = {};
    for (const [clave, [url, etiquetas]] of Object.entries(etiquetados)) {
      app.responder(url, { "Cache-Control": PUBLICA, "Surrogate-Key": etiquetas });
      antes[clave] = (await pedir(url)).n;
      expect((await pedir(url)).cache).toBe("HIT");
    }

    const res = await purgar(varnish.url, [municipio, `plan-${randomUUID()}`]);
    expect(res.status).toBe(200);

    const despues = Object.fromEntries(
      await Promise.all(Object.entries(etiquetados).map(async ([clave, [url]]) => [clave, await pedir(url)] as const)),
    );
    // a and d hold the tag; b and c only words that start or end like it.
    expect(despues.a).toMatchObject({ cache: "MISS" });
    expect(despues.d).toMatchObject({ cache: "MISS" });
    expect(despues.a.n).not.toBe(antes.a);
    expect(despues.b).toMatchObject({ cache: "HIT", n: antes.b });
    expect(despues.c).toMatchObject({ cache: "HIT", n: antes.c });

    expect((await purgar(varnish.url, [plan])).status).toBe(200);
    expect((await pedir(etiquetados.a[0])).cache).toBe("MISS");
    expect((await pedir(etiquetados.c[0])).cache).toBe("HIT");
  });

  it("takes bans only from its list of addresses, and only of well-formed tags", async () => {
    const plan = `plan-${randomUUID()}`;
    const url = nueva("/plan");
    app.responder(url, { "Cache-Control": PUBLICA, "Surrogate-Key": plan });
    const guardada = await pedir(url);

    // From 127.0.0.2: loopback too, but not in the ACL.
    const ajena = await new Promise<number>((resolve, reject) => {
      const req = request(`${varnish.url}/`, {
        method: "BAN",
        localAddress: "127.0.0.2",
        headers: { "X-Purga-Etiquetas": plan },
      });
      req.on("response", (res) => {
        res.resume();
        resolve(res.statusCode!);
      });
      req.on("error", reject);
      req.end();
    });
    expect(ajena).toBe(405);
    for (const etiquetas of [[".*"], ["Plan-X"], ["plan a"], [plan, ""]]) {
      expect((await purgar(varnish.url, etiquetas)).status, etiquetas.join("|")).toBe(400);
    }
    expect(await pedir(url)).toMatchObject({ cache: "HIT", n: guardada.n });
  });

  it("keeps an answer for its s-maxage, and past it for its stale-while-revalidate while it fetches a new one", async () => {
    const [corta, conGracia] = [nueva("/plan"), nueva("/plan")];
    app.responder(corta, { "Cache-Control": "public, max-age=0, s-maxage=1" });
    app.responder(conGracia, { "Cache-Control": "public, max-age=0, s-maxage=1, stale-while-revalidate=30" });
    const primeras = [await pedir(corta), await pedir(conGracia)];
    expect((await pedir(corta)).cache).toBe("HIT");
    await new Promise((r) => setTimeout(r, 2_100));

    const caducada = await pedir(corta);
    expect(caducada.cache).toBe("MISS");
    expect(caducada.n).not.toBe(primeras[0].n);
    // Past s-maxage but within the grace: the old copy at once, and a new one fetched meanwhile.
    const rancia = await pedir(conGracia);
    expect(rancia).toMatchObject({ cache: "HIT", n: primeras[1].n });
    await expect.poll(() => app.llegadas(conGracia).length, { timeout: 5_000 }).toBe(2);
    await expect.poll(async () => (await pedir(conGracia)).n, { timeout: 5_000 }).not.toBe(primeras[1].n);
  });
});

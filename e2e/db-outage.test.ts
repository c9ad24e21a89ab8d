import { createServer, connect, type Server, type Socket } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { mensajes } from "@/lib/messages";
import { freePort, startAppServer, type AppServer } from "@/test-support/app-server";
import { freshIp } from "@/test-support/users";
import { worker } from "@/test-support/worker";

/**
 * A TCP relay in front of PostgreSQL that the test can cut and restore: to the app it looks like
 * the database going away (connections dropped, new ones refused) and coming back.
 */
async function relay(destino: { host: string; port: number }) {
  const port = await freePort();
  const sockets = new Set<Socket>();
  let server: Server | null = null;
  const abrir = () =>
    new Promise<void>((resolve) => {
      server = createServer((cliente) => {
        const pg = connect(destino.port, destino.host);
        for (const s of [cliente, pg]) {
          sockets.add(s);
          s.on("close", () => sockets.delete(s));
          s.on("error", () => s.destroy());
        }
        cliente.pipe(pg).pipe(cliente);
      });
      server.listen(port, "127.0.0.1", () => resolve());
    });
  const cortar = () =>
    new Promise<void>((resolve) => {
      for (const s of sockets) s.destroy();
      if (server) server.close(() => resolve());
      else resolve();
      server = null;
    });
  await abrir();
  return { port, abrir, cortar };
}

describe("PostgreSQL goes away and comes back", () => {
  let app: AppServer;
  let pg: Awaited<ReturnType<typeof relay>>;
  const busqueda = "lat=40.4168&lng=-3.7038&radio=10";
  const get = (path: string) =>
    fetch(`${app.url}${path}`, { headers: { "X-Forwarded-For": freshIp() }, redirect: "manual" });

  beforeAll(async () => {
    const real = new URL(process.env.DATABASE_URL!);
    pg = await relay({ host: real.hostname, port: Number(real.port || 5432) });
    const porRelay = new URL(real);
    porRelay.hostname = "127.0.0.1";
    porRelay.port = String(pg.port);
    app = await startAppServer({ ...worker().appEnv, DATABASE_URL: porRelay.toString() });
  });
  afterAll(async () => {
    await app?.stop();
    await pg?.cortar();
  });

  it("answers 503 in Spanish while it is down, pages included, and recovers by itself", async () => {
    expect((await get(`/api/plan?${busqueda}`)).status).toBe(200);
    expect((await get(`/?${busqueda}`)).status).toBe(200);

    await pg.cortar();
    const t0 = Date.now();
    const api = await get(`/api/plan?${busqueda}`);
    expect(api.status).toBe(503);
    expect(await api.json()).toEqual({ mensaje: mensajes.servicioNoDisponible });
    expect(Date.now() - t0).toBeLessThan(6_000);
    expect((await get("/api/health")).status).toBe(503);

    // The API error marked the database down: pages are answered 503 at once, in Spanish.
    const pagina = await get(`/?${busqueda}`);
    expect(pagina.status).toBe(503);
    expect(pagina.headers.get("retry-after")).toBe("5");
    expect(await pagina.text()).toContain(mensajes.servicioNoDisponible);

    // Later pages still get the Spanish 503 (never Next.js's English error page) while it stays
    // down.
    await new Promise((r) => setTimeout(r, 2_100));
    const renderizada = await get(`/?${busqueda}`);
    expect(renderizada.status).toBe(503);
    const html = await renderizada.text();
    expect(html).not.toMatch(/Application error|Internal Server Error/);
    const nosotros = await get("/nosotros");
    expect(nosotros.status).toBe(503);
    expect(nosotros.headers.get("content-security-policy")).toContain("frame-ancestors 'none'");
    // The widget says it inside the town hall's frame.
    const widget = await get(`/embed/planes?${busqueda}`);
    expect(widget.status).toBe(503);
    expect(widget.headers.get("content-security-policy")).toContain("frame-ancestors *");
    expect(await widget.text()).toContain(mensajes.servicioNoDisponible);

    await pg.abrir();
    let recuperada = 0;
    const inicio = Date.now();
    while (Date.now() - inicio < 15_000) {
      if ((await get(`/api/plan?${busqueda}`)).status === 200) {
        recuperada = Date.now() - inicio;
        break;
      }
      await new Promise((r) => setTimeout(r, 100));
    }
    expect(recuperada).toBeGreaterThan(0);
    // Pages are back as soon as the API is: no pause left over from the failures just before.
    expect((await get(`/?${busqueda}`)).status).toBe(200);
    expect((await get("/api/health")).status).toBe(200);
  });

  it("brings pages back as soon as PostgreSQL answers, with no API call in between", async () => {
    expect((await get(`/?${busqueda}`)).status).toBe(200);
    await pg.cortar();
    expect((await get(`/api/plan?${busqueda}`)).status).toBe(503);
    expect((await get("/nosotros")).status).toBe(503);
    await pg.abrir();
    // The failure above marked the database down a moment ago; the page asks it again at once.
    const pagina = await get(`/?${busqueda}`);
    expect(pagina.status).toBe(200);
    expect((await get("/nosotros")).status).toBe(200);
  });
});

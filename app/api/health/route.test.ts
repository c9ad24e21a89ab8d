import { randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import { api } from "@/test-support/api";
import { query } from "@/test-support/database";
import { mensajes } from "@/lib/messages";
import { freePort, startAppServer } from "@/test-support/app-server";

describe("GET /api/health", () => {
  it("answers 200 when the database answers", async () => {
    const res = await api("/api/health");
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ estado: "ok" });
  });

  it("tells that searches are answered from the index, filled with every listed plan after a search", async () => {
    expect((await api("/api/plan?lat=40.4&lng=-3.7&radio=5")).status).toBe(200);
    let indice: { estado: string; planes: number } = { estado: "", planes: 0 };
    for (let i = 0; i < 100 && indice.estado !== "listo"; i++) {
      await new Promise((r) => setTimeout(r, 100));
      indice = (await (await api("/api/health")).json()).indiceBusqueda;
    }
    expect(indice.estado).toBe("listo");
    // Every listed plan; plans that finished since it was read may still be held (not listed).
    const [{ listados, visibles }] = await query<{ listados: number; visibles: number }>(
      process.env.DATABASE_URL!,
      "SELECT count(*) FILTER (WHERE fecha_fin IS NULL OR fecha_fin >= now())::int AS listados, count(*)::int AS visibles FROM plan WHERE visible",
    );
    expect(indice.planes).toBeGreaterThanOrEqual(listados);
    expect(indice.planes).toBeLessThanOrEqual(visibles);
  });

  it("sends a page address with a trailing slash to its canonical one", async () => {
    const res = await api("/registro/?x=1");
    expect(res.status).toBe(308);
    const location = new URL(res.headers.get("location")!, "http://x");
    expect(location.pathname + location.search).toBe("/registro?x=1");
  });

  it("answers 503 with a Spanish message when the database does not", async () => {
    const closedPort = await freePort();
    const server = await startAppServer(
      {
        DATABASE_URL: `postgresql://postgres@127.0.0.1:${closedPort}/nada`,
        BETTER_AUTH_SECRET: randomBytes(32).toString("hex"),
      },
      { expectStatus: 503 },
    );
    try {
      const res = await fetch(`${server.url}/api/health`);
      expect(res.status).toBe(503);
      expect(await res.json()).toEqual({ mensaje: mensajes.servicioNoDisponible });
    } finally {
      await server.stop();
    }
  });
});

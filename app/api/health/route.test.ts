import { randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import { api } from "@/test-support/api";
import { mensajes } from "@/lib/messages";
import { freePort, startAppServer } from "@/test-support/app-server";

describe("GET /api/health", () => {
  it("answers 200 when the database answers", async () => {
    const res = await api("/api/health");
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ estado: "ok" });
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

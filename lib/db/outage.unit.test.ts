import { createServer, ServerResponse, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { createElement, type ComponentProps } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { afterAll, describe, expect, it } from "vitest";
import ErrorDePagina from "@/app/error";
import ErrorGlobal from "@/app/global-error";
import { mensajes } from "@/lib/messages";
import { ProveedorPalabras } from "@/components/idioma/Palabras";
import es from "@/mensajes/es.json";
import { DIGEST_SIN_BASE, isDatabaseUnavailable, notarCaida, paginasResponden503 } from "./outage";

// First: nothing has marked an outage in this process yet.
describe("a page's 500 while PostgreSQL is away", () => {
  // A subclass, so the patch stays within this test's server.
  class Respuesta extends ServerResponse {}
  const PAGINA_CAIDA = "<!doctype html><p>Servicio no disponible</p>";
  paginasResponden503(Respuesta.prototype, PAGINA_CAIDA);
  let server: Server;
  const servir = () =>
    new Promise<string>((resolve) => {
      server = createServer({ ServerResponse: Respuesta }, (req, res) => {
        res.statusCode = 500;
        if (req.url === "/sin-pagina-de-error") {
          // What Next.js sends when its error page could not render either (base-server.js).
          res.setHeader("Content-Type", "text/plain");
          res.setHeader("Content-Length", "21");
          res.end("Internal Server Error");
          return;
        }
        res.setHeader("Content-Type", "text/html; charset=utf-8");
        res.end("<!DOCTYPE html><html id=__next_error__></html>");
      });
      server.listen(0, "127.0.0.1", () => resolve(`http://127.0.0.1:${(server.address() as AddressInfo).port}`));
    });
  afterAll(() => server?.close());

  it("is a 503 with Retry-After after an outage error, and stays a 500 otherwise", async () => {
    const url = await servir();
    expect((await fetch(url)).status).toBe(500);
    notarCaida(Object.assign(new Error("terminating connection due to administrator command"), { code: "57P01" }));
    const res = await fetch(url);
    expect(res.status).toBe(503);
    expect(res.headers.get("retry-after")).toBe("5");
    expect(await res.text()).toBe("<!DOCTYPE html><html id=__next_error__></html>");
  });

  it("is the outage's page when Next.js had only its plain-text 500 to send", async () => {
    const url = await servir();
    notarCaida(Object.assign(new Error("terminating connection due to administrator command"), { code: "57P01" }));
    const res = await fetch(`${url}/sin-pagina-de-error`);
    expect(res.status).toBe(503);
    expect(res.headers.get("content-type")).toBe("text/html; charset=utf-8");
    expect(await res.text()).toBe(PAGINA_CAIDA);
  });

  it("shows the outage's message in Spanish on both error pages", () => {
    const error = Object.assign(new Error(), { digest: DIGEST_SIN_BASE });
    for (const pagina of [
      // Its words come from the root layout's provider, as in the app.
      renderToStaticMarkup(
        createElement(
          ProveedorPalabras,
          { palabras: { general: es.general } } as ComponentProps<typeof ProveedorPalabras>,
          createElement(ErrorDePagina, { error, retry: () => {} }),
        ),
      ),
      renderToStaticMarkup(createElement(ErrorGlobal, { error })),
    ]) {
      expect(pagina).toContain(mensajes.servicioNoDisponible);
    }
    const otro = renderToStaticMarkup(createElement(ErrorGlobal, { error: new Error("x") }));
    expect(otro).toContain(mensajes.errorInesperado);
    expect(otro).not.toContain(mensajes.servicioNoDisponible);
  });
});

/** Errors shaped as the libraries throw them (messages and fields as the app's log showed them). */
describe("isDatabaseUnavailable", () => {
  const pg = (message: string, code?: string) => Object.assign(new Error(message), code ? { code } : {});
  const prisma = (cause: unknown) =>
    Object.assign(new Error("Invalid `prisma.plan.findMany()` invocation"), {
      code: "P2010",
      meta: { driverAdapterError: Object.assign(new Error("adapter"), { cause }) },
    });

  it.each([
    ["a shutdown under a query", pg("terminating connection due to administrator command", "57P01")],
    ["a connection while it shuts down", pg("the database system is shutting down", "57P03")],
    ["a connection while it starts", pg("the database system is starting up")],
    ["the adapter's closed connection", prisma({ kind: "ConnectionClosed" })],
    ["pg's client after a connection error", pg("Client has encountered a connection error and is not queryable")],
    ["a refused connection", pg("connect ECONNREFUSED 127.0.0.1:5432", "ECONNREFUSED")],
    [
      "a transaction that got no connection in time",
      pg("Transaction API error: Unable to start a transaction in the given time.", "P2028"),
    ],
    [
      "Better Auth's own error around Prisma's",
      Object.assign(new Error("Failed to get session"), {
        status: "INTERNAL_SERVER_ERROR",
        cause: prisma({ kind: "DatabaseNotReachable" }),
      }),
    ],
  ])("is true for %s", (_, error) => {
    expect(isDatabaseUnavailable(error)).toBe(true);
  });

  it("is false for the errors of a working database and of our code", () => {
    expect(isDatabaseUnavailable(pg("duplicate key value violates unique constraint", "23505"))).toBe(false);
    expect(isDatabaseUnavailable(prisma({ kind: "UniqueConstraintViolation" }))).toBe(false);
    expect(isDatabaseUnavailable(new TypeError("x is undefined"))).toBe(false);
  });

  it("marks an outage's error with the digest the error pages read, and leaves others alone", () => {
    const caida = notarCaida(pg("the database system is shutting down", "57P03"));
    expect((caida as { digest?: string }).digest).toBe(DIGEST_SIN_BASE);
    expect("digest" in notarCaida(new Error("boom"))).toBe(false);
  });
});

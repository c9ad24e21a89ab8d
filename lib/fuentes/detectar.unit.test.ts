import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { ADAPTADORES } from "./adaptadores";
import { detectarTipo } from "./detectar";
import type { Adaptador } from "./tipos";

const fixture = (nombre: string) => readFileSync(path.join(import.meta.dirname, "fixtures", nombre), "utf8");
const tipo = (contentType: string | null, texto: string) =>
  detectarTipo({ contentType, texto }, ADAPTADORES)?.tipo ?? null;

const ICS =
  "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//Ayuntamiento//Agenda//ES\r\nBEGIN:VEVENT\r\nUID:1@ayto.example\r\nDTSTART:20261010T180000Z\r\nSUMMARY:Concierto\r\nEND:VEVENT\r\nEND:VCALENDAR\r\n";

describe("detectarTipo", () => {
  it("lists the adapters in the order content detection tries them", () => {
    expect(ADAPTADORES.map((a) => a.tipo)).toEqual([
      "ics",
      "madrid",
      "zaragoza",
      "castilla-y-leon",
      "kulturklik",
      "catalunya",
      "diputacio-barcelona",
      "jsonld",
    ]);
  });

  it("takes a calendar served as text/plain for iCalendar, by its content", () => {
    expect(tipo("text/plain; charset=utf-8", ICS)).toBe("ics");
    expect(tipo("text/calendar", ICS)).toBe("ics");
  });

  it("tells Madrid's and Zaragoza's agendas apart though both are application/json", () => {
    expect(tipo("application/json;charset=UTF-8", fixture("madrid-agenda.json"))).toBe("madrid");
    expect(tipo("application/json", fixture("zaragoza-agenda.json"))).toBe("zaragoza");
  });

  it("takes an HTML page with Event JSON-LD for jsonld", () => {
    expect(tipo("text/html; charset=UTF-8", fixture("jsonld-yoast-graph.html"))).toBe("jsonld");
    expect(
      tipo(
        "application/ld+json",
        '{"@context":"https://schema.org","@type":"Event","name":"X","startDate":"2026-01-01"}',
      ),
    ).toBe("jsonld");
  });

  it("recognises JSON served with a wrong content type by its content", () => {
    expect(tipo("text/html", fixture("madrid-agenda.json"))).toBe("madrid");
    expect(tipo("application/octet-stream", fixture("zaragoza-agenda.json"))).toBe("zaragoza");
    expect(tipo(null, fixture("jsonld-tribe-events.html"))).toBe("jsonld");
  });

  it("prefers an adapter served with its content type over an earlier one that recognises the text too", () => {
    const todo = (t: Adaptador["tipo"], mime: string): Adaptador => ({
      tipo: t,
      etiqueta: t,
      tiposMime: [mime],
      reconoce: () => true,
      leer: () => [],
    });
    const lista = [todo("ics", "text/calendar"), todo("jsonld", "text/html")];
    expect(detectarTipo({ contentType: "text/html", texto: "x" }, lista)?.tipo).toBe("jsonld");
    expect(detectarTipo({ contentType: "image/png", texto: "x" }, lista)?.tipo).toBe("ics");
  });

  it("answers null for what no adapter knows", () => {
    expect(tipo("text/html", "<html><body>Agenda</body></html>")).toBeNull();
    expect(tipo("application/json", '{"totalCount": 0, "result": []}')).toBeNull();
    expect(tipo(null, "")).toBeNull();
  });
});

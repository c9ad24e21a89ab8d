import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { FormatoNoValido } from "../errores";
import { adaptadorZaragoza, utmAGeograficas } from "./zaragoza";

const fixture = (nombre: string) => readFileSync(path.join(import.meta.dirname, "../fixtures", nombre), "utf8");
const AGENDA = fixture("zaragoza-agenda.json");
const ctx = {
  url: "https://www.zaragoza.es/sede/servicio/cultura/evento/list.json",
  ahora: new Date("2026-10-01T08:00:00Z"),
};
const items = adaptadorZaragoza.leer(AGENDA, ctx);
const porId = (id: string) => items.find((i) => i.id === id)!;
const iso = (d: Date) => d.toISOString();

describe("utmAGeograficas", () => {
  it("agrees with PROJ (cs2cs EPSG:25830 → EPSG:4326) to a few centimetres", () => {
    // Reference values from `cs2cs EPSG:25830 EPSG:4326`.
    const casos: [number, number, number, number][] = [
      [674373.13, 4614258.0, 41.6610043, -0.9056269],
      [679560.05, 4620780.02, 41.7185556, -0.841407],
      [440296, 4474255, 40.4167789, -3.7037345],
    ];
    for (const [x, y, lat, lng] of casos) {
      const p = utmAGeograficas(x, y);
      expect(p.lat).toBeCloseTo(lat, 6);
      expect(p.lng).toBeCloseTo(lng, 6);
    }
  });
});

describe("adaptadorZaragoza", () => {
  it("recognises the agenda's answer and not other JSON", () => {
    expect(adaptadorZaragoza.reconoce(AGENDA)).toBe(true);
    expect(adaptadorZaragoza.reconoce('{"totalCount": 3, "start": 0, "result": [{"title": "Restaurante"}]}')).toBe(
      false,
    );
    expect(adaptadorZaragoza.reconoce('{"@graph": [{"dtstart": "2026-01-01 10:00:00.0"}]}')).toBe(false);
  });

  it("maps a one-day course at its venue: UTM coordinates in degrees, the category's stock icon not taken as its poster", () => {
    const c = porId("313750");
    expect(c).toMatchObject({
      titulo: "Curso: Retrato corporativo",
      cancelado: false,
      todoElDia: false,
      regla: null,
      ocurrencias: null,
      fin: null,
      gratis: null,
      precio: null,
      imagen: null,
      url: "https://www.zaragoza.es/sede/servicio/cultura/evento/313750",
      categorias: [],
    });
    expect(iso(c.inicio)).toBe("2026-10-02T08:30:00.000Z");
    expect(c.lugar).toMatchObject({
      texto:
        "ETOPIA : Centro de Emprendimiento, Innovación y Tecnología, Avenida Ciudad de Soria, 8. Acceso por Avenida Autonomía 7, Zaragoza",
      direccion: "Avenida Ciudad de Soria, 8. Acceso por Avenida Autonomía 7",
      municipio: "Zaragoza",
      provincia: "Zaragoza",
    });
    expect(c.lugar.lat).toBeCloseTo(41.6610043, 5);
    expect(c.lugar.lng).toBeCloseTo(-0.9056269, 5);
    expect(c.descripcion).toContain("**Importante - La inscripción supone asistir");
    expect(c.descripcion).toContain("[*Centro de la Imagen*](https://www.centrodelaimagen.es)");
  });

  it("reads a subEvent without timetable as an all-day item, and a 'Gratuita' fare as free", () => {
    const a = porId("314478");
    expect(a.todoElDia).toBe(true);
    expect(iso(a.inicio)).toBe("2026-10-01T22:00:00.000Z");
    expect(iso(a.fin!)).toBe("2026-10-02T22:00:00.000Z");
    expect(a.gratis).toBe(true);
    expect(a.precio).toBe(0);
    expect(a.organizador).toBe("Zona Joven San Juan de Mozarrifar");
    expect(a.categorias).toEqual(["Infantil"]);
    expect(a.lugar.lat).toBeCloseTo(41.7185556, 5);
  });

  it("turns a timetable over months into a weekly rule from its first weekday, with a protocol-relative poster made absolute", () => {
    const e = porId("310099");
    expect(e.regla).toEqual({
      frecuencia: "WEEKLY",
      intervalo: 1,
      dias: [2],
      hasta: new Date("2026-10-02T21:59:00.000Z"),
      cuenta: null,
      simple: true,
    });
    // 24 June 2026 is a Wednesday: the first Tuesday is the 30th, 17:30 summer time.
    expect(iso(e.inicio)).toBe("2026-06-30T15:30:00.000Z");
    expect(iso(e.fin!)).toBe("2026-06-30T17:00:00.000Z");
    expect(e.imagen).toBe("https://www.zaragoza.es/cont/paginas/actividades/imagen/lanas_sara_artigas_web-14.png");
    expect(e.categorias).toEqual(["Cultura"]);
    // "Lugar por determinar" is no place: the town alone, and no coordinates.
    expect(e.lugar).toMatchObject({ texto: "Zaragoza", lat: null, lng: null });
    const sept = e.ocurrencias!(new Date("2026-09-20T00:00:00Z"), new Date("2027-01-01T00:00:00Z"), 10);
    expect(sept.map((o) => iso(o.inicio))).toEqual(["2026-09-22T15:30:00.000Z", "2026-09-29T15:30:00.000Z"]);
  });

  it("makes one item per timetable of a show, each keeping its hour across the change of clocks", () => {
    const viernes = porId("315210-314402-2000");
    const domingo = porId("315210-314402-1800");
    expect(viernes.titulo).toBe("Luces de bohemia");
    expect(viernes.regla!.dias).toEqual([5, 6]);
    expect(domingo.regla!.dias).toEqual([0]);
    const rango = [new Date("2026-10-01T00:00:00Z"), new Date("2026-12-01T00:00:00Z")] as const;
    expect(viernes.ocurrencias!(...rango, 10).map((o) => iso(o.inicio))).toEqual([
      "2026-10-23T18:00:00.000Z",
      "2026-10-24T18:00:00.000Z",
      "2026-10-30T19:00:00.000Z",
      "2026-10-31T19:00:00.000Z",
    ]);
    const d = domingo.ocurrencias!(...rango, 10);
    expect(d.map((o) => iso(o.inicio))).toEqual(["2026-10-25T17:00:00.000Z", "2026-11-01T17:00:00.000Z"]);
    expect(iso(d[0].fin!)).toBe("2026-10-25T18:30:00.000Z");
    expect(viernes).toMatchObject({
      gratis: false,
      precio: 8.5,
      categorias: ["Cultura"],
      organizador: "Teatro del Mercado",
    });
    expect(viernes.imagen).toBe("https://www.zaragoza.es/cont/paginas/actividades/imagen/luces_de_bohemia_web.jpg");
    expect(viernes.descripcion).toBe("Versión de la obra de Valle-Inclán.");
  });

  it("reads coordinates already in degrees when the agenda is asked with srsname=wgs84", () => {
    const [w] = adaptadorZaragoza.leer(fixture("zaragoza-agenda-wgs84.json"), ctx);
    const [u] = items.filter((i) => i.id.startsWith("315210"));
    expect(w.lugar.lat).toBeCloseTo(41.6580824, 6);
    expect(w.lugar.lng).toBeCloseTo(-0.8912848, 6);
    expect(u.lugar.lat).toBeCloseTo(w.lugar.lat!, 5);
    expect(u.lugar.lng).toBeCloseTo(w.lugar.lng!, 5);
  });

  it("refuses what is not the agenda", () => {
    expect(() => adaptadorZaragoza.leer("<html>", ctx)).toThrow(FormatoNoValido);
    expect(() => adaptadorZaragoza.leer('{"@graph": []}', ctx)).toThrow(FormatoNoValido);
    expect(() => adaptadorZaragoza.leer('{"totalCount": 1, "result": [{"id": 1}]}', ctx)).toThrow(FormatoNoValido);
  });
});

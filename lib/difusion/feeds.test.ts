import ICAL from "ical.js";
import { XMLParser } from "fast-xml-parser";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { enMadrid } from "@/lib/dates";
import { mensajes } from "@/lib/messages";
import { organizacionPath } from "@/lib/organizaciones/paths";
import { FEED_DIAS, FEED_MAX_AGE_S, FEED_MAX_PLANES } from "@/lib/plans/constants";
import { planPath } from "@/lib/plans/plan";
import { responderFeed } from "@/lib/difusion/feeds";
import { api } from "@/test-support/api";
import { query } from "@/test-support/database";
import { freshOrigin, insertPlan, insertPlanesEnEspiral, insertUser } from "@/test-support/plans";
import { appUrl } from "@/test-support/worker";

const db = () => process.env.DATABASE_URL!;
const DIA = 86_400_000;

/** Parses a calendar with ical.js (RFC 5545) and registers its own VTIMEZONEs, as a client without a zone database would. */
function parsearIcs(texto: string): ICAL.Component {
  const cal = new ICAL.Component(ICAL.parse(texto));
  ICAL.TimezoneService.reset();
  for (const vtz of cal.getAllSubcomponents("vtimezone")) ICAL.TimezoneService.register(vtz);
  return cal;
}

const uidsDe = (cal: ICAL.Component) =>
  cal.getAllSubcomponents("vevent").map((v) => String(v.getFirstPropertyValue("uid")));
/** The plan ids of a calendar's VEVENTs (an experience has one per slot time), sorted and unique. */
const idsDe = (cal: ICAL.Component) => [...new Set(uidsDe(cal).map((u) => u.slice(0, 36)))].sort();

type Entrada = {
  id: string;
  title: string;
  updated: string;
  link: { "@_href": string; "@_rel": string };
  author: { name: string };
  summary: { "#text": string; "@_type": string };
};
const xml = new XMLParser({ ignoreAttributes: false, isArray: (n) => n === "entry" });
function parsearAtom(texto: string): {
  feed: { title: string; id: string; updated: string; entry?: Entrada[]; link: unknown };
} {
  return xml.parse(texto, true);
}

/**
 * The feeds of a search and of an organization against the built app: parsed with real parsers
 * (ical.js, fast-xml-parser), their bounds, hidden plans, bad parameters and conditional requests.
 */
/** A feed's caching: its readers keep it up to FEED_MAX_AGE_S, a shared cache 5 minutes, both never past Madrid's midnight. */
function cacheDeFeed(cc: string | null) {
  const m = /^public, max-age=(\d+), s-maxage=(\d+)(, stale-while-revalidate=\d+)?$/.exec(cc ?? "");
  expect(m, cc ?? "").not.toBeNull();
  expect(Number(m![1])).toBeLessThanOrEqual(FEED_MAX_AGE_S);
  expect(Number(m![2])).toBeLessThanOrEqual(300);
}

describe("calendar (ICS) and Atom feeds", () => {
  let usuarioId: string;
  let origin: { lat: number; lng: number };
  let orgId: string;
  const ids: Record<string, string> = {};
  const ahora = Date.now();
  const busqueda = () => `lat=${origin.lat}&lng=${origin.lng}&radio=10`;
  const org = () => organizacionPath("Peña El Castillo", orgId);

  beforeAll(async () => {
    usuarioId = await insertUser();
    origin = await freshOrigin();
    [{ id: orgId }] = await query<{ id: string }>(
      db(),
      `INSERT INTO organizacion (nombre, direccion, email_contacto, usuario_id) VALUES ('Peña El Castillo', 'Calle Real, 2', 'pena@example.com', $1) RETURNING id`,
      [usuarioId],
    );
    ids.manana = await insertPlan({ usuarioId, origin, titulo: "Verbena de mañana", categorias: ["Fiesta"] });
    ids.deporte = await insertPlan({
      usuarioId,
      origin,
      titulo: "Carrera popular",
      categorias: ["Deporte"],
      fechaInicio: new Date(ahora + 10 * DIA),
      fechaFin: new Date(ahora + 10 * DIA + 3_600_000),
    });
    ids.casi90 = await insertPlan({
      usuarioId,
      origin,
      titulo: "Dentro de 88 días",
      fechaInicio: new Date(ahora + 88 * DIA),
      fechaFin: new Date(ahora + 88 * DIA + 3_600_000),
    });
    ids.lejos = await insertPlan({
      usuarioId,
      origin,
      titulo: "Dentro de cien días",
      fechaInicio: new Date(ahora + (FEED_DIAS + 10) * DIA),
      fechaFin: new Date(ahora + (FEED_DIAS + 10) * DIA + 3_600_000),
    });
    ids.oculto = await insertPlan({ usuarioId, origin, titulo: "Plan oculto", visible: false });
    // A real experience: Saturday mornings and afternoons and Sunday mornings, for 200 days
    // (across the last Sunday of March, when Madrid moves to summer time).
    ids.experiencia = await insertPlan({
      usuarioId,
      origin,
      titulo: "Visita al castillo",
      tipo: "experiencia",
      fechaInicio: new Date(ahora - 10 * DIA),
      fechaFin: new Date(ahora + 200 * DIA),
      horarios: [
        { diaSemana: 6, horaInicio: "10:00", horaFin: "14:00" },
        { diaSemana: 6, horaInicio: "17:00", horaFin: "20:00" },
        { diaSemana: 0, horaInicio: "10:00", horaFin: "14:00" },
      ],
    });
    await query(db(), "UPDATE plan SET organizacion_id = $1 WHERE id = ANY($2::uuid[])", [
      orgId,
      [ids.manana, ids.experiencia, ids.lejos, ids.oculto],
    ]);
  });
  afterAll(async () => {
    await query(db(), "DELETE FROM plan WHERE usuario_id = $1", [usuarioId]);
    await query(db(), "DELETE FROM organizacion WHERE usuario_id = $1", [usuarioId]);
  });

  it("answers a search's calendar with one VEVENT per event and the weekly ones of an experience, within 90 days, without hidden plans", async () => {
    const res = await api(`/calendario.ics?${busqueda()}`);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("text/calendar; charset=utf-8");
    cacheDeFeed(res.headers.get("cache-control"));
    const cal = parsearIcs(await res.text());
    expect(cal.getFirstPropertyValue("x-wr-calname")).toBe(
      `${mensajes.feedTituloBusqueda.replace("{lugar}", mensajes.feedLugarPunto)}`,
    );
    // Three events and the experience's two slot times (10:00–14:00 on Saturday and Sunday, 17:00–20:00 on Saturday).
    expect(cal.getAllSubcomponents("vevent")).toHaveLength(5);
    expect(idsDe(cal)).toEqual([ids.manana, ids.deporte, ids.casi90, ids.experiencia].sort());
    const verbena = cal
      .getAllSubcomponents("vevent")
      .find((v) => String(v.getFirstPropertyValue("uid")).startsWith(ids.manana))!;
    expect(verbena.getFirstPropertyValue("summary")).toBe("Verbena de mañana");
    expect(verbena.getFirstPropertyValue("url")).toBe(`${appUrl()}${planPath("Verbena de mañana", ids.manana)}`);
  });

  it("expands a real experience's RRULE to its weekdays at Madrid's hours across the daylight-saving change, until its end", async () => {
    const cal = parsearIcs(await (await api(`/calendario.ics?${busqueda()}`)).text());
    const vevents = cal
      .getAllSubcomponents("vevent")
      .filter((v) => String(v.getFirstPropertyValue("uid")).startsWith(ids.experiencia));
    expect(vevents).toHaveLength(2);
    const fin = new Date(ahora + 200 * DIA);
    const horas = new Map<string, Set<string>>();
    const utc = new Set<number>();
    for (const v of vevents) {
      const rrule = v.getFirstPropertyValue("rrule") as ICAL.Recur;
      expect(rrule.freq).toBe("WEEKLY");
      expect(rrule.until!.toJSDate().getTime()).toBe(Math.floor(fin.getTime() / 1000) * 1000);
      const it = new ICAL.Event(v).iterator();
      let n = 0;
      for (let t = it.next(); t; t = it.next()) {
        const d = t.toJSDate();
        expect(d.getTime()).toBeLessThanOrEqual(fin.getTime());
        const m = enMadrid(d);
        const clave = `${m.getDay()}`;
        if (!horas.has(clave)) horas.set(clave, new Set());
        horas.get(clave)!.add(`${m.getHours()}:${String(m.getMinutes()).padStart(2, "0")}`);
        utc.add(d.getUTCHours());
        n++;
      }
      expect(n).toBeGreaterThan(20);
    }
    // Saturdays at 10:00 and 17:00, Sundays at 10:00, Madrid time, and nothing on other days.
    expect(Object.fromEntries([...horas].map(([d, h]) => [d, [...h].sort()]))).toEqual({
      "6": ["10:00", "17:00"],
      "0": ["10:00"],
    });
    // 200 days always cross a change of Madrid's offset: the same local hour at two UTC hours.
    expect([...utc].sort((a, b) => a - b)).toEqual([8, 9, 15, 16]);
  });

  it("filters by the home search's categories and date option", async () => {
    const cal = parsearIcs(await (await api(`/calendario.ics?${busqueda()}&categorias=Deporte`)).text());
    expect(idsDe(cal)).toEqual([ids.deporte]);
    const lejos = await api(`/calendario.ics?${busqueda()}&fecha=rango&desde=2099-01-01&hasta=2099-01-02`);
    expect(lejos.status).toBe(200);
    expect(parsearIcs(await lejos.text()).getAllSubcomponents("vevent")).toHaveLength(0);
  });

  it("answers the same search as Atom: an entry per plan linked to its page, with updated, summary and author", async () => {
    const res = await api(`/feed.atom?${busqueda()}`);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("application/atom+xml; charset=utf-8");
    const { feed } = parsearAtom(await res.text());
    expect(feed.id).toBe(`${appUrl()}/feed.atom?${busqueda()}`);
    expect(Number.isNaN(Date.parse(feed.updated))).toBe(false);
    const entradas = feed.entry!;
    expect(entradas.map((e) => e.id).sort()).toEqual(
      [
        planPath("Verbena de mañana", ids.manana),
        planPath("Carrera popular", ids.deporte),
        planPath("Dentro de 88 días", ids.casi90),
        planPath("Visita al castillo", ids.experiencia),
      ]
        .map((p) => `${appUrl()}${p}`)
        .sort(),
    );
    const verbena = entradas.find((e) => e.title === "Verbena de mañana")!;
    expect(verbena.link["@_href"]).toBe(verbena.id);
    expect(verbena.author.name).toBe("Peña El Castillo");
    expect(verbena.summary["@_type"]).toBe("text");
    expect(verbena.summary["#text"]).toContain("Pueblo de Prueba");
    expect(Number.isNaN(Date.parse(verbena.updated))).toBe(false);
    expect(entradas.find((e) => e.title === "Carrera popular")!.author.name).toBe("Planazo");
    // The self link and id are the search's own address, as the API reads it (a radius with decimals, accesible=true).
    const otra = parsearAtom(
      await (await api(`/feed.atom?lng=${origin.lng}&lat=${origin.lat}&radio=10.5&accesible=true`)).text(),
    );
    expect(otra.feed.id).toBe(`${appUrl()}/feed.atom?lat=${origin.lat}&lng=${origin.lng}&radio=10.5&accesible=1`);
    expect(otra.feed.entry ?? []).toHaveLength(0);
  });

  it("answers an organization's feeds with its listed plans of the next 90 days", async () => {
    const ics = await api(`${org()}/calendario.ics`);
    expect(ics.status).toBe(200);
    expect(ics.headers.get("content-type")).toBe("text/calendar; charset=utf-8");
    const cal = parsearIcs(await ics.text());
    expect(cal.getFirstPropertyValue("x-wr-calname")).toBe("Planes de Peña El Castillo");
    expect(idsDe(cal)).toEqual([ids.manana, ids.experiencia].sort());
    expect(cal.getAllSubcomponents("vevent")).toHaveLength(3);
    const atom = await api(`${org()}/feed.atom`);
    expect(atom.headers.get("content-type")).toBe("application/atom+xml; charset=utf-8");
    const { feed } = parsearAtom(await atom.text());
    expect(feed.entry!.map((e) => e.title).sort()).toEqual(["Verbena de mañana", "Visita al castillo"]);
    // An unknown organization, or an id that is not one.
    const otra = await api(`${organizacionPath("Nadie", "00000000-0000-4000-8000-000000000000")}/calendario.ics`);
    expect(otra.status).toBe(404);
    expect(await otra.json()).toEqual({ mensaje: mensajes.orgNoEncontrada });
    expect((await api("/org/Nadie/no-es-un-id/feed.atom")).status).toBe(404);
  });

  it("answers 304 to a current ETag or date without a body, and a new plan changes both", async () => {
    const ruta = `/calendario.ics?${busqueda()}`;
    const primera = await api(ruta);
    const etag = primera.headers.get("etag")!;
    const modificado = primera.headers.get("last-modified")!;
    expect(etag).toMatch(/^"[\w-]+"$/);
    expect(Number.isNaN(Date.parse(modificado))).toBe(false);

    const conEtag = await api(ruta, { headers: { "If-None-Match": etag } });
    expect(conEtag.status).toBe(304);
    expect(await conEtag.text()).toBe("");
    expect(conEtag.headers.get("etag")).toBe(etag);
    cacheDeFeed(conEtag.headers.get("cache-control"));
    expect((await api(ruta, { headers: { "If-None-Match": `W/${etag}, "otro"` } })).status).toBe(304);
    expect((await api(ruta, { headers: { "If-Modified-Since": modificado } })).status).toBe(304);
    const antes = new Date(Date.parse(modificado) - 1000).toUTCString();
    expect((await api(ruta, { headers: { "If-Modified-Since": antes } })).status).toBe(200);
    // Each format and each search has its own ETag.
    expect((await api(`/feed.atom?${busqueda()}`)).headers.get("etag")).not.toBe(etag);
    expect((await api(`${ruta}&categorias=Deporte`, { headers: { "If-None-Match": etag } })).status).toBe(200);

    await new Promise((r) => setTimeout(r, 1100));
    const nuevo = await insertPlan({ usuarioId, origin, titulo: "Plan recién publicado" });
    const despues = await api(ruta, { headers: { "If-None-Match": etag } });
    expect(despues.status).toBe(200);
    expect(despues.headers.get("etag")).not.toBe(etag);
    expect(Date.parse(despues.headers.get("last-modified")!)).toBeGreaterThan(Date.parse(modificado));
    expect(idsDe(parsearIcs(await despues.text()))).toContain(nuevo);
    expect((await api(ruta, { headers: { "If-Modified-Since": modificado } })).status).toBe(200);
    // The organization's feeds move with the same version.
    const orgEtag = (await api(`${org()}/feed.atom`)).headers.get("etag")!;
    expect((await api(`${org()}/feed.atom`, { headers: { "If-None-Match": orgEtag } })).status).toBe(304);
    await query(db(), "UPDATE organizacion SET nombre = 'Peña El Castillo' WHERE id = $1", [orgId]);
    expect((await api(`${org()}/feed.atom`, { headers: { "If-None-Match": orgEtag } })).status).toBe(200);
    await query(db(), "DELETE FROM plan WHERE id = $1", [nuevo]);
  });

  it.each([
    ["lat=40.4", mensajes.coordenadasNoValidas],
    ["", mensajes.ubicacionObligatoria],
    ["lat=40.4&lng=-3.7&radio=500", mensajes.radioNoValido],
    ["lat=40.4&lng=-3.7&categorias=Nada", mensajes.categoriaNoValida],
    ["lat=40.4&lng=-3.7&fecha=ayer", mensajes.feedFechaNoValida],
    ["lat=40.4&lng=-3.7&fecha=semana&desplazamiento=-1", mensajes.feedFechaNoValida],
    ["lat=40.4&lng=-3.7&fecha=rango&desde=2026-01-01", mensajes.fechasFiltroNoValidas],
    ["lat=40.4&lng=-3.7&fecha=rango&desde=ayer&hasta=hoy", mensajes.fechasFiltroNoValidas],
    ["lat=40.4&lng=-3.7&accesible=quizá", mensajes.datosNoValidos],
  ])("refuses ?%s with 400 and a Spanish message", async (q, mensaje) => {
    for (const ruta of ["/calendario.ics", "/feed.atom"]) {
      const res = await api(`${ruta}?${q}`);
      expect(res.status).toBe(400);
      expect(await res.json()).toEqual({ mensaje });
    }
  });
});

describe("a feed's conditional request", () => {
  it("answers a current ETag with 304 without loading the feed at all", async () => {
    const contenido = {
      titulo: "Prueba",
      pagina: "http://x/",
      urls: { ics: "http://x/c.ics", atom: "http://x/f.atom" },
      filas: [],
    };
    const primera = await responderFeed(new Request("http://x/c.ics"), "ics", "prueba", async () => contenido);
    expect(primera.status).toBe(200);
    const etag = primera.headers.get("etag")!;
    const sinBusqueda = () => Promise.reject(new Error("the feed must not be loaded for a 304"));
    const conEtag = await responderFeed(
      new Request("http://x/c.ics", { headers: { "If-None-Match": etag } }),
      "ics",
      "prueba",
      sinBusqueda,
    );
    expect(conEtag.status).toBe(304);
    const conFecha = new Request("http://x/c.ics", {
      headers: { "If-Modified-Since": primera.headers.get("last-modified")! },
    });
    expect((await responderFeed(conFecha, "ics", "prueba", sinBusqueda)).status).toBe(304);
    // Another key (another search) is another ETag: loaded.
    await expect(
      responderFeed(new Request("http://x/c.ics", { headers: { "If-None-Match": etag } }), "ics", "otra", sinBusqueda),
    ).rejects.toThrow("must not be loaded");
  });
});

describe("feeds' item bound", () => {
  let usuarioId: string;
  let origin: { lat: number; lng: number };

  beforeAll(async () => {
    usuarioId = await insertUser();
    origin = await freshOrigin();
    await insertPlanesEnEspiral({ usuarioId, origin, n: FEED_MAX_PLANES + 5, titulo: "Muchos" });
  });
  afterAll(async () => {
    await query(db(), "DELETE FROM plan WHERE usuario_id = $1", [usuarioId]);
  });

  it(`lists at most ${FEED_MAX_PLANES} plans, the nearest`, async () => {
    const q = `lat=${origin.lat}&lng=${origin.lng}`;
    const cal = parsearIcs(await (await api(`/calendario.ics?${q}`)).text());
    const resumenes = cal.getAllSubcomponents("vevent").map((v) => String(v.getFirstPropertyValue("summary")));
    expect(resumenes).toHaveLength(FEED_MAX_PLANES);
    expect(resumenes).toContain("Muchos 1");
    expect(resumenes).toContain(`Muchos ${FEED_MAX_PLANES}`);
    expect(resumenes).not.toContain(`Muchos ${FEED_MAX_PLANES + 1}`);
    const { feed } = parsearAtom(await (await api(`/feed.atom?${q}`)).text());
    expect(feed.entry).toHaveLength(FEED_MAX_PLANES);
  });
});

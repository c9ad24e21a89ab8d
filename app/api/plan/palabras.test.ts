import { beforeAll, describe, expect, it } from "vitest";
import { api } from "@/test-support/api";
import { query } from "@/test-support/database";
import { freshOrigin, insertPlan, insertUser } from "@/test-support/plans";
import { mensajes } from "@/lib/messages";

const db = () => process.env.DATABASE_URL!;
type Plan = { _id: string; tipo: string; titulo: string };

/**
 * GET /api/plan?q: words, the way people type them, in both of the search's paths (the index
 * answers once ready; `indice=no` is not a parameter, so this reads the app as the apps do).
 */
describe("GET /api/plan?q", () => {
  let origin: { lat: number; lng: number };
  const id: Record<string, string> = {};

  async function buscar(q: string, extra = "") {
    const r = await api(`/api/plan?lat=${origin.lat}&lng=${origin.lng}&radio=5&q=${encodeURIComponent(q)}${extra}`);
    const body = (await r.json()) as { planes: Plan[]; total: number; mensaje?: string };
    const ids = body.planes.filter((p) => p.tipo !== "Patrocinado").map((p) => p._id);
    return { status: r.status, ids: ids.sort(), body };
  }
  const de = (...claves: string[]) => claves.map((c) => id[c]).sort();

  beforeAll(async () => {
    const usuarioId = await insertUser();
    origin = await freshOrigin();
    const planes: [string, string, string][] = [
      ["concierto", "Concierto de la banda municipal", "Pasodobles y marchas en la plaza."],
      ["conciertos", "Conciertos de verano", "Tres noches de música."],
      ["mercadillo", "Mercadillo medieval", "Artesanía, cetrería y música de dulzaina."],
      ["ruta", "Ruta de senderismo al pico del Lobo", "Salida a las 9:00 desde la plaza."],
      ["cancion", "Taller de canción tradicional", "Jotas y rondas con el grupo folclórico."],
    ];
    for (const [clave, titulo, descripcion] of planes) {
      id[clave] = await insertPlan({ usuarioId, origin, distanciaM: 300 + Object.keys(id).length * 100, titulo });
      await query(db(), "UPDATE plan SET descripcion = $2 WHERE id = $1", [id[clave], descripcion]);
    }
    // Organized by an association whose name is a word to search.
    const [org] = await query<{ id: string }>(
      db(),
      "INSERT INTO organizacion (nombre, direccion, email_contacto, usuario_id) VALUES ('Peña Los Gaiteros', 'Plaza Mayor, 1', 'pena@example.com', $1) RETURNING id",
      [usuarioId],
    );
    await query(db(), "UPDATE plan SET organizacion_id = $2 WHERE id = $1", [id.mercadillo, org.id]);
  });

  it("finds words in any case and with or without accents, singular and plural alike", async () => {
    expect((await buscar("concierto")).ids).toEqual(de("concierto", "conciertos"));
    expect((await buscar("CONCIERTOS")).ids).toEqual(de("concierto", "conciertos"));
    expect((await buscar("canción")).ids).toEqual(de("cancion"));
    expect((await buscar("cancion")).ids).toEqual(de("cancion"));
    expect((await buscar("canciones")).ids).toEqual(de("cancion"));
  });

  it("matches the last word as a prefix while typed, and needs every word", async () => {
    expect((await buscar("merca")).ids).toEqual(de("mercadillo"));
    // Two letters: no prefix (and no plan has the word "ma").
    expect((await buscar("ma")).ids).toEqual([]);
    expect((await buscar("mercadillo medieval")).ids).toEqual(de("mercadillo"));
    expect((await buscar("mercadillo verano")).ids).toEqual([]);
    expect((await buscar("pasodobles")).ids).toEqual(de("concierto"));
    expect((await buscar("musica")).ids).toEqual(de("conciertos", "mercadillo"));
  });

  it("forgives a typo in words of five letters or more, two in words of nine", async () => {
    expect((await buscar("consierto")).ids).toEqual(de("concierto", "conciertos"));
    // A swap of two neighbouring letters is one edit.
    expect((await buscar("cocnierto")).ids).toEqual(de("concierto", "conciertos"));
    expect((await buscar("mercadiyo medieval")).ids).toEqual(de("mercadillo"));
    expect((await buscar("senderismx")).ids).toEqual(de("ruta"));
    // Four letters: no typo forgiven.
    expect((await buscar("rutx")).ids).toEqual([]);
  });

  it("looks in the organization's name, the place and the town, and drops stop words", async () => {
    expect((await buscar("gaiteros")).ids).toEqual(de("mercadillo"));
    // A new name is searched at once, the old one no more.
    await query(db(), "UPDATE organizacion SET nombre = 'Asociación Dulzaineros' WHERE nombre = 'Peña Los Gaiteros'");
    expect((await buscar("dulzaineros")).ids).toEqual(de("mercadillo"));
    expect((await buscar("gaiteros")).ids).toEqual([]);
    expect((await buscar("plaza mayor")).ids.length).toBe(5);
    expect((await buscar("pueblo")).ids.length).toBe(5);
    // Only stop words: no filter at all.
    expect((await buscar("de la")).ids.length).toBe(5);
  });

  it("answers a word search with no match with the list message and no plans", async () => {
    const r = await buscar("jazz");
    expect(r.status).toBe(200);
    expect(r.body).toEqual({ planes: [], total: 0, totalExacto: true, mensaje: mensajes.sinPlanes });
  });

  it("reads any text: trimmed, collapsed and cut, hostile characters as plain words", async () => {
    expect((await buscar("   concierto    ")).ids).toEqual(de("concierto", "conciertos"));
    for (const hostil of [
      "'",
      '"',
      "%",
      "_",
      "\\",
      "a & b | !c",
      "concierto:*",
      "(",
      "' OR 1=1 --",
      "x".repeat(2000),
    ]) {
      const r = await buscar(hostil);
      expect([hostil.slice(0, 20), r.status]).toEqual([hostil.slice(0, 20), 200]);
    }
    // Everything after 100 characters is cut: a word there counts for nothing.
    expect((await buscar(`${"concierto ".repeat(10)}jazz`)).ids).toEqual(de("concierto", "conciertos"));
  });

  it("narrows the Atom and calendar feeds and the widget of a search the same way", async () => {
    const busqueda = `lat=${origin.lat}&lng=${origin.lng}&municipio=Pueblo&radio=5&q=mercadillo`;
    const atom = await (await api(`/feed.atom?${busqueda}`)).text();
    expect(atom).toContain("Mercadillo medieval");
    expect(atom).not.toContain("Conciertos de verano");
    const ics = await (await api(`/calendario.ics?${busqueda}`)).text();
    expect(ics).toContain("Mercadillo medieval");
    expect(ics).not.toContain("Conciertos de verano");
    const widget = await (await api(`/embed/planes?${busqueda}`)).text();
    expect(widget).toContain("Mercadillo medieval");
    expect(widget).not.toContain("Conciertos de verano");
  });

  it("combines with the other filters and both orders, and leaves the answer without q as it was", async () => {
    expect((await buscar("concierto", "&orden=fecha")).ids).toEqual(de("concierto", "conciertos"));
    expect((await buscar("concierto", "&gratis=1")).ids).toEqual([]);
    const sin = await api(`/api/plan?lat=${origin.lat}&lng=${origin.lng}&radio=5`);
    const con = await api(`/api/plan?lat=${origin.lat}&lng=${origin.lng}&radio=5&q=`);
    expect(await con.json()).toEqual(await sin.json());
  });
});

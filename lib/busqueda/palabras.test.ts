import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { query } from "@/test-support/database";
import { normalizar } from "./palabras";

/**
 * Search answers a word the same from the in-process index and from PostgreSQL only if both
 * see the same words: these compare palabras.ts with PostgreSQL itself (planazo_normaliza) over
 * real plans' and agendas' text and every character of the BMP.
 */

const db = () => process.env.DATABASE_URL!;
const raizRepo = path.resolve(import.meta.dirname, "../..");

/** Every string in a JSON document. */
function textosDe(valor: unknown, salida: string[] = []): string[] {
  if (typeof valor === "string") salida.push(valor);
  else if (Array.isArray(valor)) for (const v of valor) textosDe(v, salida);
  else if (valor && typeof valor === "object") for (const v of Object.values(valor)) textosDe(v, salida);
  return salida;
}

const leerJson = (relativa: string): unknown => JSON.parse(readFileSync(path.join(raizRepo, relativa), "utf8"));

// The demo's plans and organizations, and the sources' samples (regional and city agendas).
const demo = leerJson("data/demo/contenido.json") as { planes: unknown[]; organizaciones: unknown[] };
const fixtures = "lib/fuentes/fixtures";
const TEXTOS = [
  ...textosDe(demo.planes),
  ...textosDe(demo.organizaciones),
  ...readdirSync(path.join(raizRepo, fixtures, "agendas")).flatMap((f) =>
    textosDe(leerJson(`${fixtures}/agendas/${f}`)),
  ),
  ...["madrid-agenda.json", "zaragoza-agenda.json", "duplicados.json"].flatMap((f) =>
    textosDe(leerJson(`${fixtures}/${f}`)),
  ),
];

const VOCABULARIO_AGENDAS = readFileSync(path.join(import.meta.dirname, "fixtures/vocabulario-agendas.txt"), "utf8")
  .split("\n")
  .filter((l) => l && !l.startsWith("#"));

/** Words with the letters Spanish adds to ASCII (and, for the stemmer, its rules). */
const DIFICILES = [
  // Verb forms, with and without the accents people leave out.
  "cantar cantando cantaba cantábamos cantabamos cantaríamos cantariamos cantaremos cantasteis cantaron",
  "cantáramos cantásemos comiendo comió comio comieron comiéramos comiésemos viviría viviríais vivimos vivís",
  "habláis coméis bailéis lleguen llegue averigüe averigüéis averiguen distinguen sigue siguen construyendo",
  "huyendo oyendo leyendo cayeron cayendo haya vaya oyó destruyó arguyendo argüir",
  // Pronouns attached to the verb.
  "dándoselo dandoselo diciéndoselo diciendoselo cómpralo cantarlo comérselo decírselo haciéndolo mirándola",
  "levantarse divertirnos poniéndose vámonos dímelo dámelo escribirles construyéndolos huyéndole contándoselas",
  "reírse oírlos",
  // Nouns and adjectives by their suffixes.
  "canción canciones cancion exposición exposiciones actuación actuaciones actuacion solución soluciones",
  "revolución educación acción acciones inscripción atención rápidamente rapidamente fácilmente especialmente",
  "naturalmente tranquilamente activamente lógicamente amablemente felizmente curiosamente abundantemente",
  "posiblemente biología biologías biologia tecnológico universidad universidades actividad actividades",
  "posibilidad habilidad creatividad amabilidad conocimiento conocimientos nacimiento abundancia paciencia",
  "presencia conferencia diferencias exhibidora organizador organizadores organizadora comunicación",
  "comunicativo comunicativa comunicativos imaginativo creativos deportista deportistas romanticismo turismo",
  "religiosa hermosos confianza esperanzas mudanza cantante cantantes comediante agradable posible increíble",
  "importancia elegancia",
  // ü, ñ, ç and the co-official languages' letters.
  "pingüino pingüinos cigüeña cigüeñas vergüenza lingüística bilingüe agüero antigüedad güisqui niño niños",
  "niñas año años españa españoles mañana mañanas señor señora montaña montañas castañas otoño sueño compañía",
  "enseñanza pequeño leña cañas muñeca baño coñac ñandú ñoño piñata peñíscola logroño cataluña coruña begoña",
  "barça frança plaça açúcar festa museu veïns col·lecció txakoli euskal jaiak kontzertua aberri",
  // Stop words and their look-alikes without accents.
  "más mas está esta él el tú tu sí si qué que también tambien mí mi éramos eramos vosostros vosotros",
  // Short words, numbers and letters with digits.
  "a y o e u os us ay oí oi ir ver ser 2024 1a 3d mp3 covid19 100km",
].flatMap((linea) => linea.split(" "));

describe("words as search compares them (palabras.ts) and PostgreSQL", () => {
  it("normalises every text of the demo and the sources' samples as planazo_normaliza does", async () => {
    const textos = [
      ...new Set([
        ...TEXTOS,
        ...VOCABULARIO_AGENDAS,
        ...DIFICILES,
        "¡Fiesta de San Juan! Straße, Łódź, Ærøskøbing, Œuvre, ﬁesta, 1ª edición, Nº 3, ½ maratón",
        "Ⅻ Festival ©®™ İstanbul \u212a \u212b café\u0301 x\u00a0y emoji 🎉 𝐀 ǅ ŉ ſ",
        "tab\tnew\nline – “comillas” «angulares» ‘simples’ ¿qué? …",
        "",
        "   ",
      ]),
    ];
    const filas = await query<{ n: string }>(
      db(),
      `SELECT planazo_normaliza(t) AS n FROM unnest($1::text[]) WITH ORDINALITY AS x(t, i) ORDER BY i`,
      [textos],
    );
    const distintos = textos.flatMap((t, i) => (normalizar(t) === filas[i].n ? [] : [{ t, pg: filas[i].n }]));
    expect(textos.length).toBeGreaterThan(1500);
    expect(distintos).toEqual([]);
  });

  it("normalises every character of the BMP and of the enclosed and mathematical letters as unaccent does", async () => {
    // Between two letters, so that a character that becomes a space, nothing or letters shows which.
    const rangos =
      "generate_series(1, 55295) UNION ALL SELECT generate_series(57344, 65535) " +
      "UNION ALL SELECT generate_series(119808, 120831) UNION ALL SELECT generate_series(127232, 127487)";
    const filas = await query<{ cp: number; n: string }>(
      db(),
      `SELECT cp, planazo_normaliza('x' || chr(cp) || 'x') AS n FROM (SELECT ${rangos}) AS r(cp)
       WHERE planazo_normaliza('x' || chr(cp) || 'x') <> 'x x'`,
    );
    const pg = new Map(filas.map((f) => [f.cp, f.n]));
    const distintos: { cp: string; js: string; pg: string }[] = [];
    const compara = (desde: number, hasta: number) => {
      for (let cp = desde; cp <= hasta; cp++) {
        const js = normalizar(`x${String.fromCodePoint(cp)}x`);
        const esperado = pg.get(cp) ?? "x x";
        if (js !== esperado) distintos.push({ cp: cp.toString(16), js, pg: esperado });
      }
    };
    compara(1, 55295);
    compara(57344, 65535);
    compara(119808, 120831);
    compara(127232, 127487);
    expect(pg.size).toBeGreaterThan(1000);
    expect(distintos).toEqual([]);
  });
});

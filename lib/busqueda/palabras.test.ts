import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { aleatorio } from "@/test-support/aleatorio";
import { query } from "@/test-support/database";
import { distanciaEdicion, normalizar, PALABRAS_VACIAS, raiz, tokens } from "./palabras";

/**
 * Search answers a word the same from the in-process index and from PostgreSQL only if both
 * see the same words: these compare palabras.ts with PostgreSQL itself (planazo_normaliza,
 * ts_lexize('spanish_stem'), planazo_distancia_edicion) over real plans' and agendas' text,
 * words built to reach every rule of the stemmer, and every character of the BMP.
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

/** Words that exercise the stemmer's rules and the letters Spanish adds to ASCII. */
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

/** Words made of a root, an optional derivational middle and every ending the stemmer knows. */
function sinteticas(): string[] {
  const raices = ["cant", "com", "viv", "lleg", "averig", "constru", "natur", "ra", "a", "ae", "tr", "xyz"];
  const medios = ["", "ic", "iv", "at", "ativ", "abil", "os", "ad", "ante", "able", "ible", "u", "gu"];
  const finales = (
    "anza anzas ico ica icos icas ismo ismos able ables ible ibles ista istas oso osa osos osas amiento amientos " +
    "imiento imientos adora ador ación adoras adores aciones ante antes ancia ancias logía logías ución uciones " +
    "encia encias amente mente idad idades iva ivo ivas ivos ya ye yan yen yeron yendo yo yó yas yes yais yamos " +
    "en es éis emos arían arías arán arás aríais aría aréis aríamos aremos ará aré erían erías erán erás eríais " +
    "ería eréis eríamos eremos erá eré irían irías irán irás iríais iría iréis iríamos iremos irá iré aba ada ida " +
    "ía ara iera ad ed id ase iese aste iste an aban ían aran ieran asen iesen aron ieron ado ido ando iendo ió ar " +
    "er ir as abas adas idas ías aras ieras ases ieses ís áis abais íais arais ierais aseis ieseis asteis isteis " +
    "ados idos amos ábamos íamos imos áramos iéramos iésemos ásemos os a o á í ó e é ú"
  ).split(" ");
  const pronombres = "me se sela selo selas selos la le lo las les los nos".split(" ");
  const antes = "iéndo ándo ár ér ír ando iendo ar er ir yendo uyendo".split(" ");
  const salida: string[] = [];
  for (const r of raices) {
    for (const m of medios) for (const f of ["", ...finales]) salida.push(r + m + f);
    for (const a of antes) for (const p of pronombres) salida.push(r + a + p);
  }
  return salida;
}

/** What ts_lexize('spanish_stem', t) gives, by palabras.ts: nothing for a stop word, else the stem. */
const lexemas = (t: string) => (PALABRAS_VACIAS.has(t) ? [] : [raiz(t)]);

async function diferenciasDeRaiz(palabras: string[]) {
  const lista = [...new Set(palabras)];
  const filas = await query<{ t: string; l: string[] }>(
    db(),
    `SELECT t, ts_lexize('spanish_stem', t) AS l FROM unnest($1::text[]) t`,
    [lista],
  );
  expect(filas).toHaveLength(lista.length);
  return filas.filter((f) => JSON.stringify(f.l) !== JSON.stringify(lexemas(f.t)));
}

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

  it("stems every word of the demo and the agendas, and words built for every rule, as spanish_stem does", async () => {
    const sueltas = [...TEXTOS, ...VOCABULARIO_AGENDAS, ...DIFICILES, ...sinteticas()];
    const enTokens = sueltas.flatMap(tokens);
    // Every token of the stop list itself, too: "mas" and "esta" are as normalizar leaves "más" and "está".
    const vacias = [...PALABRAS_VACIAS].flatMap(tokens);
    // PostgreSQL stems a token of up to 1000 bytes and leaves a longer one as it is.
    const largas = ["a".repeat(991) + "canciones", "a".repeat(992) + "canciones"];
    expect(new Set(enTokens).size).toBeGreaterThan(10_000);
    expect(await diferenciasDeRaiz([...enTokens, ...vacias, ...largas])).toEqual([]);
  });

  it("stems words with their accents as spanish_stem does, byte for byte", async () => {
    // Not what search feeds it (tokens carry no accents), but the proof that the port is exact.
    const conTildes = [...VOCABULARIO_AGENDAS, ...DIFICILES, ...sinteticas(), ...PALABRAS_VACIAS].map((p) =>
      p.toLowerCase(),
    );
    expect(await diferenciasDeRaiz(conTildes)).toEqual([]);
  });

  it("measures edit distances as planazo_distancia_edicion does, stopping past the same tope", async () => {
    const azar = aleatorio(20261203);
    const elige = <T>(lista: readonly T[]) => lista[Math.floor(azar() * lista.length)];
    const palabras = [...new Set(TEXTOS.flatMap(tokens))].filter((p) => p.length > 0);
    const letras = "abcdeilmnorstuñ";
    const edita = (p: string): string => {
      const i = Math.floor(azar() * (p.length + 1));
      switch (Math.floor(azar() * 4)) {
        case 0: // a swap of two neighbours
          return i + 1 < p.length ? p.slice(0, i) + p[i + 1] + p[i] + p.slice(i + 2) : p;
        case 1:
          return p.slice(0, i) + elige([...letras]) + p.slice(i);
        case 2:
          return p.slice(0, i) + p.slice(i + 1);
        default:
          return p.slice(0, i) + elige([...letras]) + p.slice(i + 1);
      }
    };
    const a: string[] = [];
    const b: string[] = [];
    const topes: number[] = [];
    const par = (x: string, y: string, tope: number) => {
      a.push(x);
      b.push(y);
      topes.push(tope);
    };
    for (let k = 0; k < 3000; k++) {
      const p = elige(palabras);
      let q = p;
      const ediciones = Math.floor(azar() * 4);
      for (let e = 0; e < ediciones; e++) q = edita(q);
      par(p, k % 10 === 0 ? elige(palabras) : q, Math.floor(azar() * 4));
    }
    for (const tope of [0, 1, 2]) {
      par("", "", tope);
      par("", "ab", tope);
      par("abc", "", tope);
      par("consierto", "concierto", tope);
      par("cocnierto", "concierto", tope);
      par("ca", "abc", tope);
    }
    const filas = await query<{ d: number }>(
      db(),
      `SELECT planazo_distancia_edicion(a, b, t) AS d
       FROM unnest($1::text[], $2::text[], $3::int[]) WITH ORDINALITY AS x(a, b, t, i) ORDER BY i`,
      [a, b, topes],
    );
    const distintos = a.flatMap((x, i) => {
      const js = distanciaEdicion(x, b[i], topes[i]);
      return js === filas[i].d ? [] : [{ a: x, b: b[i], tope: topes[i], js, pg: filas[i].d }];
    });
    expect(new Set(filas.map((f) => f.d)).size).toBeGreaterThan(3);
    expect(distintos).toEqual([]);
  });
});

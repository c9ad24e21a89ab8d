import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { diaEnMadrid, sumarDias, type Dia } from "@/lib/dates";
import { municipioPorIne } from "@/lib/geo/municipios";
import { planPath } from "@/lib/plans/plan";
import type { Registro } from "@/lib/fuentes/adaptadores/comun";
import { FORMAS, muestraAgenda } from "@/lib/fuentes/agendas/muestras";
import { query } from "@/test-support/database";
import { insertUser } from "@/test-support/plans";
import { appUrl } from "@/test-support/worker";
import { sincronizarFuente } from "./sincronizar";

const db = () => process.env.DATABASE_URL!;
const hoy = diaEnMadrid();
const iso = (d: Dia) => `${d.year}-${String(d.month).padStart(2, "0")}-${String(d.day).padStart(2, "0")}`;
const compacto = (d: Dia) => iso(d).replace(/-/g, "");
const MESES = ["ene", "feb", "mar", "abr", "may", "jun", "jul", "ago", "sept", "oct", "nov", "dic"];
/** Whole days as the product writes them, for a span within one month: "8 y 9 dic", "Del 4 al 6 dic". */
const diasTexto = (a: Dia, b: Dia) =>
  b.day - a.day === 1 ? `${a.day} y ${b.day} ${MESES[b.month - 1]}` : `Del ${a.day} al ${b.day} ${MESES[b.month - 1]}`;

// Weeks ahead, so that no plan another file of this worker arranged is the same event (same town
// and day) and takes the item as its own; a span inside one month, so its text is known here.
const desde = (() => {
  let d = sumarDias(hoy, 40);
  while (sumarDias(d, 2).month !== d.month) d = sumarDias(d, 1);
  return d;
})();
const dias = (n: number) => sumarDias(desde, n);

/** The agendas' own records, as they write whole days. */
function registros(): Record<string, Registro[]> {
  // Castilla y León: the flower market, "Todos los días." over two days.
  const [mercado] = muestraAgenda("castilla-y-leon", "http://127.0.0.1:9").filter((r) => r.id_evento === 1285612000202);
  // Kulturklik: days at UTC midnight, and no opening hours.
  const [cine] = muestraAgenda("kulturklik", "http://127.0.0.1:9").filter((r) => r.id === "2024090116343697");
  const sinHora = {
    ...cine,
    openingHoursEs: null,
    openingHoursEu: null,
    descriptionEs: "<p>Proyección al aire libre.</p>",
    images: [],
  };
  return {
    "castilla-y-leon": [{ ...mercado, fecha_inicio: iso(dias(0)), fecha_fin: iso(dias(1)) }],
    kulturklik: [{ ...sinHora, startDate: `${iso(dias(0))}T00:00:00Z`, endDate: `${iso(dias(2))}T00:00:00Z` }],
  };
}

const ICS = [
  "BEGIN:VCALENDAR",
  "VERSION:2.0",
  "PRODID:-//Ayuntamiento de Riaza//Agenda//ES",
  "BEGIN:VEVENT",
  "UID:fiestas-riaza@riaza.es",
  "DTSTAMP:20261101T100000Z",
  `DTSTART;VALUE=DATE:${compacto(dias(0))}`,
  `DTEND;VALUE=DATE:${compacto(dias(2))}`,
  "SUMMARY:«Fiestas de la Virgen de Hontanares»",
  "LOCATION:Plaza Mayor, Riaza",
  "END:VEVENT",
  "END:VCALENDAR",
  "",
].join("\r\n");

let servidor: http.Server;
let base = "";
const planes: Record<string, { id: string; titulo: string; ine: string }> = {};
const fuenteIds: string[] = [];

beforeAll(async () => {
  const porTipo = registros();
  servidor = http.createServer((req, res) => {
    const url = new URL(req.url ?? "/", "http://127.0.0.1");
    if (url.pathname === "/agenda.ics") return void res.writeHead(200, { "Content-Type": "text/calendar" }).end(ICS);
    const tipo = Object.keys(porTipo).find((t) => FORMAS[t].ruta.test(url.pathname));
    if (!tipo) return void res.writeHead(404).end();
    res
      .writeHead(200, { "Content-Type": "application/json; charset=utf-8" })
      .end(JSON.stringify(FORMAS[tipo].pagina(url, porTipo[tipo], 100)));
  });
  await new Promise<void>((ok) => servidor.listen(0, "127.0.0.1", ok));
  base = `http://127.0.0.1:${(servidor.address() as AddressInfo).port}`;
  const usuarioId = await insertUser();
  const fuentes: [string, string, string | null][] = [
    ["ics", `${base}/agenda.ics`, "40170"],
    ["castilla-y-leon", base + FORMAS["castilla-y-leon"].ejemplo, null],
    ["kulturklik", base + FORMAS.kulturklik.ejemplo, null],
  ];
  await Promise.all(
    fuentes.map(async ([tipo, url, ine]) => {
      const [{ id }] = await query<{ id: string }>(
        db(),
        `INSERT INTO fuente (nombre, url, tipo, usuario_id, publicacion, municipio_ine)
         VALUES ($1, $2, $1, $3, 'directa', $4) RETURNING id`,
        [tipo, url, usuarioId, ine],
      );
      fuenteIds.push(id);
      const r = await sincronizarFuente(id, { descarga: { permitirLoopback: true }, carteles: false });
      expect(r, tipo).toMatchObject({ creados: expect.any(Number), descartados: [] });
      const filas = await query<{ id: string; titulo: string; municipio_ine: string }>(
        db(),
        "SELECT id, titulo, municipio_ine FROM plan WHERE fuente_id = $1",
        [id],
      );
      expect(filas, tipo).toHaveLength(1);
      planes[tipo] = { id: filas[0].id, titulo: filas[0].titulo, ine: filas[0].municipio_ine };
    }),
  );
}, 30_000);

afterAll(async () => {
  await new Promise((ok) => servidor.close(ok));
  // Their towns are real (Riaza, Boñar, …): gone, so no other file's empty town finds them around.
  await query(db(), "DELETE FROM plan WHERE id = ANY($1::uuid[])", [Object.values(planes).map((p) => p.id)]);
  await query(db(), "DELETE FROM fuente WHERE id = ANY($1::uuid[])", [fuenteIds]);
});

describe.each([
  ["an iCalendar VALUE=DATE event", "ics", "Fiestas de la Virgen de Hontanares", 1],
  ["a Castilla y León record of whole days", "castilla-y-leon", "XV Mercado de la Flor de Boñar", 1],
  ["a Kulturklik record without hours", "kulturklik", "Fuera de temporada", 2],
])("%s", (_, tipo, titulo, ultimo) => {
  const texto = () => diasTexto(dias(0), dias(ultimo));

  it("shows its days, never 00:00 and 23:59, on its page, its link preview and its card", async () => {
    const plan = planes[tipo];
    expect(plan.titulo).toBe(titulo);
    const html = await (await fetch(appUrl() + planPath(plan.titulo, plan.id))).text();
    const cuando = /id="plan-cuando"[\s\S]*?<\/section>/.exec(html)?.[0] ?? "";
    expect(cuando).toContain(texto());
    expect(cuando).not.toMatch(/00:00|23:59/);
    expect(html).toContain(`<meta name="description" content="${texto()} · `);
    const jsonLd = JSON.parse(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/.exec(html)![1]);
    expect(jsonLd).toMatchObject({ "@type": "Event", startDate: iso(dias(0)), endDate: iso(dias(ultimo)) });

    // Its card in the search around its town on its first day (the web's URL state).
    const pueblo = await municipioPorIne(plan.ine);
    const busqueda = new URLSearchParams({
      municipio: pueblo!.nombre,
      lat: String(pueblo!.lat),
      lng: String(pueblo!.lng),
      fecha: "rango",
      desde: iso(dias(0)),
      hasta: iso(dias(0)),
    });
    const lista = await (await fetch(`${appUrl()}/?${busqueda}`)).text();
    const tarjeta = new RegExp(`href="[^"]*/${plan.id}"[\\s\\S]*?class="[^"]*dates[^"]*">([^<]*)</p>`).exec(lista);
    expect(tarjeta?.[1]).toBe(texto());
  });

  it("is a calendar entry of whole days", async () => {
    const plan = planes[tipo];
    const ics = await (await fetch(`${appUrl()}${planPath(plan.titulo, plan.id)}/calendario.ics`)).text();
    expect(ics).toContain(`\r\nDTSTART;VALUE=DATE:${compacto(dias(0))}\r\n`);
    expect(ics).toContain(`\r\nDTEND;VALUE=DATE:${compacto(dias(ultimo + 1))}\r\n`);
  });
});

import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { query } from "@/test-support/database";
import { insertPlan, insertUser } from "@/test-support/plans";
import { appUrl } from "@/test-support/worker";
import { diaEnMadrid, instanteEnMadrid, sumarDias } from "@/lib/dates";
import { conDatos, mensajes } from "@/lib/messages";

const db = () => process.env.DATABASE_URL!;
// El Hierro and La Gomera: Frontera is 10 km from Valverde, Valle Gran Rey 65 km.
const VALVERDE = { municipio: "Valverde", lat: 27.80628, lng: -17.91578 };
const FRONTERA = { lat: 27.75404, lng: -18.00367 };
const VALLE_GRAN_REY = { lat: 28.08496, lng: -17.33388 };
const manana = () => instanteEnMadrid(sumarDias(diaEnMadrid(), 1), "18:00");

async function pagina(ruta: string, cookie?: string): Promise<string> {
  const res = await fetch(`${appUrl()}${ruta}`, { headers: cookie ? { Cookie: cookie } : {} });
  expect(res.status).toBe(200);
  return res.text();
}

const busqueda = (p: Record<string, string | number>) =>
  `/?${new URLSearchParams(Object.entries({ ...VALVERDE, ...p }).map(([k, v]) => [k, String(v)]))}`;

/** The towns an empty search suggests, with their distance in km. */
function pueblosSugeridos(html: string): { nombre: string; km: number }[] {
  const inicio = html.indexOf(`id="cercanos-con-planes"`);
  if (inicio === -1) return [];
  const seccion = html.slice(inicio, html.indexOf("</section>", inicio));
  return [...seccion.matchAll(/<a [^>]*>(?:<[^>]+>)*([^<]+)<[\s\S]*?a ([\d,]+) km/g)].map((m) => ({
    nombre: m[1],
    km: Number(m[2].replace(",", ".")),
  }));
}

describe("a search that finds nothing at a place with plans", () => {
  let usuarioId: string;

  beforeAll(async () => {
    usuarioId = await insertUser();
    for (const titulo of ["Mercadillo de Frontera", "Ruta de los sabinares", "Taller de queso herreño"]) {
      await insertPlan({
        usuarioId,
        origin: FRONTERA,
        distanciaM: 300,
        titulo,
        municipio: "Frontera",
        municipioIne: "38013",
        fechaInicio: manana(),
        fechaFin: new Date(manana().getTime() + 3_600_000),
      });
    }
    await insertPlan({
      usuarioId,
      origin: VALLE_GRAN_REY,
      distanciaM: 200,
      titulo: "Noche de rock en el valle",
      municipio: "Valle Gran Rey",
      municipioIne: "38049",
    });
  });
  afterAll(async () => {
    await query(db(), "DELETE FROM plan WHERE usuario_id = $1", [usuarioId]);
  });

  it("says what removing the words would show, lists the words' nearest plans beyond the radius, and never asks to publish the first plan", async () => {
    const html = await pagina(busqueda({ q: "rock" }));
    expect(html).toContain(conDatos(mensajes.sinPlanesDePalabras, { q: "rock", km: "50", municipio: "Valverde" }));
    expect(html).toContain(`Quitar «rock» (3 planes)`);
    expect(html).toContain(conDatos(mensajes.masAllaTitulo, { municipio: "Valle Gran Rey", km: "65" }));
    expect(html).toContain("Noche de rock en el valle");
    expect(html).not.toContain(conDatos(mensajes.publicarPrimero, { municipio: "Valverde" }));
  });

  it("suggests only towns beyond the radius searched", async () => {
    const sugeridos = pueblosSugeridos(await pagina(busqueda({ q: "xyzzy" })));
    expect(sugeridos.map((p) => p.nombre)).toContain("Valle Gran Rey");
    expect(sugeridos.map((p) => p.nombre)).not.toContain("Frontera");
    for (const p of sugeridos) expect(p.km, p.nombre).toBeGreaterThan(50);
  });

  it("gives the count without the date filter, and asks to publish only where the place has no plan at all", async () => {
    const hoy = await pagina(busqueda({ fecha: "hoy" }));
    expect(hoy).toContain("Cualquier fecha (3 planes)");
    expect(hoy).not.toContain(conDatos(mensajes.publicarPrimero, { municipio: "Valverde" }));
    const cerca = await pagina(busqueda({ radio: 5 }));
    expect(cerca).toContain(conDatos(mensajes.publicarPrimero, { municipio: "Valverde" }));
  });

  it("a town page emptied by its filters does not call the town empty", async () => {
    const html = await pagina("/planes/santa-cruz-de-tenerife/frontera?gratis=1");
    expect(html).toContain(mensajes.sinPlanes);
    expect(html).not.toContain(conDatos(mensajes.puebloVacio, { km: "50", municipio: "Frontera" }));
    expect(html).not.toContain(conDatos(mensajes.publicarPrimero, { municipio: "Frontera" }));
  });
});

import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { query } from "@/test-support/database";
import { freshOrigin, insertPlan, insertUser } from "@/test-support/plans";
import { appUrl } from "@/test-support/worker";
import { diaDeLaSemana, diaEnMadrid } from "@/lib/dates";

const db = () => process.env.DATABASE_URL!;

async function pagina(ruta: string): Promise<string> {
  const res = await fetch(`${appUrl()}${ruta}`);
  expect(res.status).toBe(200);
  return res.text();
}

describe("the list of a place", () => {
  let usuarioId: string;
  let origen: { lat: number; lng: number };
  const lista = (p: Record<string, string>) =>
    pagina(
      `/?${new URLSearchParams({ municipio: "Pueblo de Prueba", lat: String(origen.lat), lng: String(origen.lng), ...p })}`,
    );

  beforeAll(async () => {
    usuarioId = await insertUser();
    origen = await freshOrigin();
    await insertPlan({
      usuarioId,
      origin: origen,
      distanciaM: 9_000,
      titulo: "Feria lejana destacada",
      destacadoHasta: new Date(Date.now() + 3_600_000),
    });
    await insertPlan({ usuarioId, origin: origen, distanciaM: 3_000, titulo: "Concierto a tres kilómetros" });
    await insertPlan({ usuarioId, origin: origen, distanciaM: 800, titulo: "Mercado a un paso" });
    const hoy = diaDeLaSemana(diaEnMadrid());
    await insertPlan({
      usuarioId,
      origin: origen,
      distanciaM: 1_500,
      titulo: "Museo del pan",
      tipo: "experiencia",
      horarios: [
        { diaSemana: hoy, horaInicio: "00:00", horaFin: "23:59" },
        { diaSemana: (hoy + 3) % 7, horaInicio: "10:00", horaFin: "14:00" },
      ],
    });
  });
  afterAll(async () => {
    await query(db(), "DELETE FROM plan WHERE usuario_id = $1", [usuarioId]);
  });

  it("nearest first, keeps a featured plan in its own labelled group above the distance order", async () => {
    const html = await lista({ orden: "distancia" });
    const en = (s: string) => html.indexOf(`>${s}<`);
    const orden = [
      "Destacados",
      "Feria lejana destacada",
      "Por cercanía",
      "Mercado a un paso",
      "Museo del pan",
      "Concierto a tres kilómetros",
    ];
    for (const s of orden) expect(en(s), s).toBeGreaterThan(-1);
    expect([...orden].sort((a, b) => en(a) - en(b))).toEqual(orden);
    expect(html.match(/DESTACADO</g)).toHaveLength(1);
  });

  it("by date, a weekly plan under Hoy gives today's hours", async () => {
    const html = await lista({});
    // The card's own "when" line: the text of the paragraph after the title and place.
    const museo = html.slice(html.indexOf("Museo del pan</h4>"));
    expect(museo.slice(0, museo.indexOf("</article>"))).toContain(">Hoy de 00:00 a 23:59<");
  });
});

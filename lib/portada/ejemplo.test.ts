import { afterAll, describe, expect, it } from "vitest";
import { query } from "@/test-support/database";
import { insertPlan, insertUser } from "@/test-support/plans";
import { ventanaFechas } from "../busqueda/estado";
import { feedPortada, MIN_PLANES_EJEMPLO } from "./portada";

const db = () => process.env.DATABASE_URL!;
const GETAFE = { ine: "28065", nombre: "Getafe", lat: 40.30571, lng: -3.73295 };
const TOLEDO = { ine: "45168", nombre: "Toledo", lat: 39.8581, lng: -4.02263 };

describe("the home's example place", () => {
  let usuarioId = "";
  afterAll(async () => {
    if (usuarioId) await query(db(), "DELETE FROM plan WHERE usuario_id = $1", [usuarioId]);
  });

  it("is the town nearest the centre of Spain with five of the weekend's plans within 25 km, not one with a single plan", async () => {
    usuarioId = await insertUser();
    const ahora = Date.now();
    const finde = ventanaFechas("finDeSemana", 0, new Date(ahora))!;
    const dePueblo = (m: typeof GETAFE, titulo: string, distanciaM: number) =>
      insertPlan({
        usuarioId,
        origin: m,
        distanciaM,
        titulo,
        municipio: m.nombre,
        municipioIne: m.ine,
        fechaInicio: finde.desde,
        fechaFin: finde.hasta,
      });
    // Getafe, at the centre of Spain, has one plan; Toledo, 60 km away, has six around it.
    await dePueblo(GETAFE, "Mercadillo de Getafe", 500);
    for (let i = 0; i < 6; i++) await dePueblo(TOLEDO, `Plan de Toledo ${i + 1}`, 500 + i * 2_000);
    const feed = await feedPortada(ahora);
    expect(feed?.municipio.nombre).toBe("Toledo");
    expect(feed?.cuando).toBe("finde");
    expect(feed!.planes.length).toBeGreaterThanOrEqual(MIN_PLANES_EJEMPLO);
    expect(feed!.planes.map((p) => p.titulo)).not.toContain("Mercadillo de Getafe");
  });
});

import { describe, expect, it } from "vitest";
import { query } from "@/test-support/database";
import { freshOrigin, insertPlan, insertUser } from "@/test-support/plans";

const db = () => process.env.DATABASE_URL!;

describe("planazo_mascara_dias (weekdays of a range of Madrid dates)", () => {
  it("agrees with walking the days one by one, from every weekday and for every length", async () => {
    const casos: [string, string][] = [];
    // 2027-03-07 is a Sunday; start on each weekday, run 0 … 9 days, and one empty range.
    for (let inicio = 0; inicio < 7; inicio++)
      for (let dias = 0; dias < 10; dias++)
        casos.push([`2027-03-${String(7 + inicio).padStart(2, "0")}`, String(dias)]);
    const filas = await query<{ desde: string; dias: number; mascara: number; esperada: number }>(
      db(),
      `SELECT c.desde, c.dias::int AS dias, planazo_mascara_dias(c.desde::date, c.desde::date + c.dias::int) AS mascara,
              (SELECT coalesce(bit_or(1 << extract(dow FROM d)::int), 0)::int
                 FROM generate_series(c.desde::date, c.desde::date + c.dias::int, interval '1 day') d) AS esperada
       FROM unnest($1::text[], $2::text[]) AS c(desde, dias)`,
      [casos.map((c) => c[0]), casos.map((c) => c[1])],
    );
    expect(filas).toHaveLength(70);
    for (const f of filas) expect({ ...f, mascara: f.mascara }).toEqual({ ...f, mascara: f.esperada });
    const [{ vacia }] = await query<{ vacia: number }>(
      db(),
      `SELECT planazo_mascara_dias('2027-03-09', '2027-03-08') AS vacia`,
    );
    expect(vacia).toBe(0);
  });
});

describe("plan.dias_semana", () => {
  it("follows the plan's slots as they are added, changed and removed", async () => {
    const usuarioId = await insertUser();
    const id = await insertPlan({
      usuarioId,
      origin: await freshOrigin(),
      tipo: "experiencia",
      horarios: [
        { diaSemana: 0, horaInicio: "10:00", horaFin: "12:00" },
        { diaSemana: 3, horaInicio: "10:00", horaFin: "12:00" },
      ],
    });
    const mascara = async () =>
      (await query<{ m: number }>(db(), "SELECT dias_semana AS m FROM plan WHERE id = $1", [id]))[0].m;
    expect(await mascara()).toBe(0b0001001);
    await query(db(), "UPDATE horario_disponible SET dia_semana = 6 WHERE plan_id = $1 AND dia_semana = 3", [id]);
    expect(await mascara()).toBe(0b1000001);
    await query(db(), "DELETE FROM horario_disponible WHERE plan_id = $1", [id]);
    expect(await mascara()).toBe(0);
  });
});

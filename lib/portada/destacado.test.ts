import { describe, expect, it } from "vitest";
import { query, versionDeBusqueda } from "@/test-support/database";
import { freshOrigin, insertPlan, insertUser } from "@/test-support/plans";
import { destacarPlan } from "@/lib/admin/destacar";
import { prisma } from "@/lib/db";
import { planesDestacados } from "./portada";
import { busquedaSchema } from "../busqueda/schemas";
import { buscarPlanes, versionBusqueda } from "../busqueda/buscar";

const db = () => process.env.DATABASE_URL!;
const DIA = 86_400_000;

/** The search around `origin`: the ids in order, and each plan's `destacado`. */
async function buscar(origin: { lat: number; lng: number }) {
  const r = await buscarPlanes(busquedaSchema.parse({ lat: String(origin.lat), lng: String(origin.lng), radio: "20" }));
  const planes = r.planes.filter((p) => p.tipo !== "Patrocinado") as { _id: string; destacado: boolean }[];
  return { ids: planes.map((p) => p._id), destacado: Object.fromEntries(planes.map((p) => [p._id, p.destacado])) };
}

/** Whether the home's featured plans include the plan, and as featured. */
async function enPortada(id: string) {
  return (await planesDestacados(1000)).find((p) => p._id === id)?.destacado ?? null;
}

const versionCruda = () => versionDeBusqueda(db());

/** Until the database's clock is past `instante`. */
async function esperarHasta(instante: Date) {
  for (;;) {
    const [{ paso }] = await query<{ paso: boolean }>(db(), "SELECT now() > $1::timestamptz AS paso", [instante]);
    if (paso) return;
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** A featured plan far away and two plain ones nearer, at a fresh spot. */
async function escena(destacadoHasta: Date) {
  const usuarioId = await insertUser();
  const origin = await freshOrigin();
  // Started long ago and still on, so it is among the first of the home's featured plans too.
  const lejos = await insertPlan({
    usuarioId,
    origin,
    distanciaM: 15_000,
    destacadoHasta,
    fechaInicio: new Date(Date.now() - 900 * DIA),
    fechaFin: new Date(Date.now() + DIA),
  });
  const cerca = await insertPlan({ usuarioId, origin, distanciaM: 500 });
  const medio = await insertPlan({ usuarioId, origin, distanciaM: 5_000 });
  return { origin, lejos, cerca, medio };
}

describe("featuring until a date (destacado_hasta)", () => {
  it("lists a plan featured until a future instant first, as DESTACADO, and not once that instant is moved into the past", async () => {
    const { origin, lejos, cerca, medio } = await escena(new Date(Date.now() + DIA));
    const antes = await buscar(origin);
    expect(antes.ids).toEqual([lejos, cerca, medio]);
    expect(antes.destacado).toEqual({ [lejos]: true, [cerca]: false, [medio]: false });
    await expect(enPortada(lejos)).resolves.toBe(true);

    await query(db(), "UPDATE plan SET destacado_hasta = now() - interval '1 minute' WHERE id = $1", [lejos]);
    const despues = await buscar(origin);
    expect(despues.ids).toEqual([cerca, medio, lejos]);
    expect(despues.destacado[lejos]).toBe(false);
    await expect(enPortada(lejos)).resolves.toBeNull();
  });

  it("stops featuring at the instant by itself: no write, and the remembered answers are not served past it", async () => {
    const hasta = new Date(Date.now() + 3_000);
    const { origin, lejos, cerca, medio } = await escena(hasta);
    const version = await versionCruda();
    const antes = await buscar(origin);
    expect(antes.ids).toEqual([lejos, cerca, medio]);
    expect(antes.destacado[lejos]).toBe(true);
    await expect(enPortada(lejos)).resolves.toBe(true);
    // Remembered: the same search again is the same answer while the featuring lasts.
    await expect(buscar(origin)).resolves.toEqual(antes);

    await esperarHasta(hasta);
    const despues = await buscar(origin);
    expect(despues.ids).toEqual([cerca, medio, lejos]);
    expect(despues.destacado[lejos]).toBe(false);
    await expect(enPortada(lejos)).resolves.toBeNull();
    // Nothing was written meanwhile (test files run one at a time): the end alone changed the answers.
    await expect(versionCruda()).resolves.toBe(version);
  });

  it("keys the remembered answers on the next featuring to end, so the key changes at that instant", async () => {
    const usuarioId = await insertUser();
    const origin = await freshOrigin();
    const hasta = new Date(Date.now() + 1_500);
    await insertPlan({ usuarioId, origin, destacadoHasta: hasta });
    const [{ proximo }] = await query<{ proximo: Date }>(
      db(),
      "SELECT min(destacado_hasta) AS proximo FROM plan WHERE destacado_hasta > now() AND visible",
    );
    expect(proximo.getTime()).toBe(hasta.getTime());
    const antes = await versionBusqueda();
    expect(antes).toBe(`${await versionCruda()}@${hasta.getTime()}`);
    await esperarHasta(hasta);
    expect(await versionBusqueda()).not.toBe(antes);
  });

  it("destacarPlan sets or clears the end, once: a repeat or an unknown plan changes nothing", async () => {
    const usuarioId = await insertUser();
    const origin = await freshOrigin();
    const id = await insertPlan({ usuarioId, origin });
    const fin = (
      await query<{ destacado_hasta: Date | null }>(db(), "SELECT destacado_hasta FROM plan WHERE id = $1", [id])
    )[0];
    expect(fin.destacado_hasta).toBeNull();
    const hasta = new Date(Date.now() + 7 * DIA);
    const leer = async () =>
      (await query<{ destacado_hasta: Date | null }>(db(), "SELECT destacado_hasta FROM plan WHERE id = $1", [id]))[0]
        .destacado_hasta;

    await expect(prisma.$transaction((tx) => destacarPlan(tx, id, hasta))).resolves.toBe(true);
    await expect(leer()).resolves.toEqual(hasta);
    await expect(prisma.$transaction((tx) => destacarPlan(tx, id, hasta))).resolves.toBe(false);
    const otra = new Date(hasta.getTime() + DIA);
    await expect(prisma.$transaction((tx) => destacarPlan(tx, id, otra))).resolves.toBe(true);
    await expect(leer()).resolves.toEqual(otra);
    await expect(prisma.$transaction((tx) => destacarPlan(tx, id, null))).resolves.toBe(true);
    await expect(leer()).resolves.toBeNull();
    await expect(prisma.$transaction((tx) => destacarPlan(tx, id, null))).resolves.toBe(false);
    await expect(
      prisma.$transaction((tx) => destacarPlan(tx, "00000000-0000-4000-8000-000000000000", hasta)),
    ).resolves.toBe(false);
    // A rolled-back transaction leaves the row as it was.
    await expect(
      prisma.$transaction(async (tx) => {
        await destacarPlan(tx, id, hasta);
        throw new Error("deshacer");
      }),
    ).rejects.toThrow("deshacer");
    await expect(leer()).resolves.toBeNull();
  });
});

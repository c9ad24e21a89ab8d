import { describe, expect, it } from "vitest";
import { query } from "@/test-support/database";
import { camposEvento, enviarFormulario, formulario, png } from "@/test-support/forms";
import { freshOrigin, insertPlan } from "@/test-support/plans";
import { call, confirmedUser } from "@/test-support/users";
import { api } from "@/test-support/api";
import { conDatos, mensajes } from "@/lib/messages";
import { ACCESIBLE_TEXTO } from "@/lib/plans/constants";

const db = () => process.env.DATABASE_URL!;
type Plan = { _id: string; accesible: boolean; tipo: string };

/** `accesible` ("Accesible para personas con movilidad reducida") end to end through the API. */
describe("a plan's accesible field in the API", () => {
  const publicar = async (token: string, extra: Record<string, string> = {}) =>
    enviarFormulario(
      "POST",
      "/api/plan",
      formulario({ ...camposEvento(), ...extra, archivoCartel: { bytes: await png(), nombre: "c.png" } }),
      token,
    );

  it("is false unless said, is set on create and update, and travels in the detail, the owner's list and the search", async () => {
    const u = await confirmedUser();
    const sinDecir = await publicar(u.token);
    expect([sinDecir.status, (sinDecir.body.plan as Plan).accesible]).toEqual([201, false]);
    const si = await publicar(u.token, { accesible: "true" });
    const id = (si.body.plan as Plan)._id;
    expect([si.status, (si.body.plan as Plan).accesible]).toEqual([201, true]);
    await expect(query(db(), "SELECT accesible FROM plan WHERE id = $1", [id])).resolves.toEqual([{ accesible: true }]);
    expect(((await (await api(`/api/plan/detalle/${id}`)).json()) as Plan).accesible).toBe(true);
    const propios = (await call("GET", "/api/plan/planesUsuario", { token: u.token })).body as unknown as Plan[];
    expect(propios.find((p) => p._id === id)?.accesible).toBe(true);

    // A PATCH without it leaves it; with it, changes it (the clients' spellings of yes and no).
    const sinCambio = await enviarFormulario(
      "PATCH",
      `/api/plan/${id}`,
      formulario({ titulo: "Verbena accesible" }),
      u.token,
    );
    expect([sinCambio.status, (sinCambio.body.plan as Plan).accesible]).toEqual([200, true]);
    const no = await enviarFormulario("PATCH", `/api/plan/${id}`, formulario({ accesible: "0" }), u.token);
    expect([no.status, (no.body.plan as Plan).accesible]).toEqual([200, false]);
    const otraVez = await enviarFormulario("PATCH", `/api/plan/${id}`, formulario({ accesible: "sí" }), u.token);
    expect([otraVez.status, (otraVez.body.plan as Plan).accesible]).toEqual([200, true]);
    const mal = await enviarFormulario("PATCH", `/api/plan/${id}`, formulario({ accesible: "quizás" }), u.token);
    expect([mal.status, mal.body.mensaje]).toEqual([
      400,
      conDatos(mensajes.campoSiNoValido, { campo: `«${ACCESIBLE_TEXTO}»` }),
    ]);
    await expect(query(db(), "SELECT accesible, titulo FROM plan WHERE id = $1", [id])).resolves.toEqual([
      { accesible: true, titulo: "Verbena accesible" },
    ]);
  });

  it("filters the search with accesible=1, counts only those, and refuses a value that is not a yes or a no", async () => {
    const u = await confirmedUser();
    const origin = await freshOrigin();
    const ids = await Promise.all(
      [0, 1, 2].map((i) => insertPlan({ usuarioId: u.id, origin, distanciaM: 500 + i * 100, titulo: `Plan ${i}` })),
    );
    await query(db(), "UPDATE plan SET accesible = true WHERE id = ANY($1::uuid[])", [[ids[0], ids[2]]]);
    const buscar = async (extra: string) => {
      const r = await api(`/api/plan?lat=${origin.lat}&lng=${origin.lng}&radio=5${extra}`);
      return { status: r.status, body: (await r.json()) as { planes: Plan[]; total: number; mensaje?: string } };
    };
    const todos = await buscar("");
    expect(todos.body.planes.filter((p) => p.tipo !== "Patrocinado").map((p) => [p._id, p.accesible])).toEqual([
      [ids[0], true],
      [ids[1], false],
      [ids[2], true],
    ]);
    for (const si of ["1", "true", "sí"]) {
      const solo = await buscar(`&accesible=${encodeURIComponent(si)}`);
      expect([si, solo.body.total, solo.body.planes.filter((p) => p.tipo !== "Patrocinado").map((p) => p._id)]).toEqual(
        [si, 2, [ids[0], ids[2]]],
      );
    }
    expect((await buscar("&accesible=0")).body.total).toBe(3);
    const mal = await buscar("&accesible=quizas");
    expect([mal.status, mal.body.mensaje]).toEqual([400, mensajes.datosNoValidos]);
  });
});

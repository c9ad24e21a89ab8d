import { describe, expect, it } from "vitest";
import { query } from "@/test-support/database";
import { freshOrigin, insertPlan } from "@/test-support/plans";
import { call, confirmedUser, freshIp } from "@/test-support/users";
import { mensajes } from "@/lib/messages";
import { LIMITES } from "@/lib/rate-limit";
import { DETALLE_MAX } from "@/lib/reportes/motivos";

const db = () => process.env.DATABASE_URL!;

type Fila = { motivo: string | null; detalle: string | null; plan_id: string | null };

/** A plan of its own to report, and what the reports of it hold, oldest first. */
async function planParaReportar(titulo = "Verbena reportada") {
  const u = await confirmedUser();
  const id = await insertPlan({ usuarioId: u.id, origin: await freshOrigin(), titulo });
  const cuerpo = {
    titulo,
    urlArchivo: "http://localhost:3000/media/c.webp",
    urlPlan: `http://localhost:3000/plan/v/${id}`,
  };
  const reportes = () =>
    query<Fila>(db(), "SELECT motivo, detalle, plan_id FROM reporte WHERE plan_id = $1 ORDER BY created_at, id", [id]);
  return { id, cuerpo, reportes };
}

const reportar = (body: unknown, ip = freshIp()) => call("POST", "/api/plan/reportar-plan", { body, ip });

describe("POST /api/plan/reportar-plan with a reason", () => {
  it("stores the reason and the reporter's words, and tells the team", async () => {
    const { id, cuerpo, reportes } = await planParaReportar();
    const r = await reportar({
      ...cuerpo,
      motivo: "otro",
      detalle: "  Ya no se celebra:\r\nlo dice el ayuntamiento.  ",
    });
    expect([r.status, r.body]).toEqual([200, { mensaje: mensajes.reporteEnviado }]);
    expect(await reportes()).toEqual([
      { motivo: "otro", detalle: "Ya no se celebra:\nlo dice el ayuntamiento.", plan_id: id },
    ]);
    expect((await reportar({ ...cuerpo, motivo: "spam" })).status).toBe(200);
    expect((await reportes())[1]).toEqual({ motivo: "spam", detalle: null, plan_id: id });
    const [correo] = await query<{ text: string }>(
      db(),
      `SELECT text FROM email_outbox WHERE subject LIKE 'Plan reportado%' AND text LIKE '%' || $1 || '%' AND text LIKE '%Motivo: Spam o publicidad%'`,
      [id],
    );
    expect(correo.text).toContain("Detalle: —");
  });

  it("answers an app that sends no reason exactly as before, and stores the report without one", async () => {
    const { id, cuerpo, reportes } = await planParaReportar();
    const r = await reportar(cuerpo);
    expect([r.status, r.body]).toEqual([200, { mensaje: mensajes.reporteEnviado }]);
    // The fields as the oldest apps send them when empty.
    expect((await reportar({ ...cuerpo, urlArchivo: null, motivo: null, detalle: "" })).body).toEqual({
      mensaje: mensajes.reporteEnviado,
    });
    expect(await reportes()).toEqual([
      { motivo: null, detalle: null, plan_id: id },
      { motivo: null, detalle: null, plan_id: id },
    ]);
  });

  it("keeps a reason it does not know as «otro», with its text in the detail", async () => {
    const { cuerpo, reportes } = await planParaReportar();
    for (const [motivo, detalle] of [
      ["Fraude", "Piden dinero por adelantado"],
      [" SPAM ", undefined],
      [7, undefined],
      [{ $ne: null }, undefined],
    ])
      expect((await reportar({ ...cuerpo, motivo, detalle })).body).toEqual({ mensaje: mensajes.reporteEnviado });
    expect((await reportes()).map((f) => [f.motivo, f.detalle])).toEqual([
      ["otro", "Fraude: Piden dinero por adelantado"],
      ["spam", null],
      ["otro", "7"],
      ["otro", null],
    ]);
  });

  it("keeps the first 300 characters of a detail that is too long, and takes control characters out", async () => {
    const { cuerpo, reportes } = await planParaReportar();
    const largo = `Empieza\u202e aquí. ${"ñ".repeat(1000)}`;
    expect((await reportar({ ...cuerpo, motivo: "falsa", detalle: largo })).status).toBe(200);
    const [fila] = await reportes();
    expect(fila.motivo).toBe("falsa");
    expect(Array.from(fila.detalle!)).toHaveLength(DETALLE_MAX);
    expect(fila.detalle!.startsWith("Empieza aquí. ñññ")).toBe(true);
  });

  it("still refuses a report that does not say which plan, whatever its reason, and stores nothing", async () => {
    const { cuerpo, reportes } = await planParaReportar();
    for (const malo of [
      { ...cuerpo, titulo: "", motivo: "spam" },
      { ...cuerpo, urlPlan: "javascript:alert(1)", motivo: "falsa", detalle: "x" },
      { motivo: "otro", detalle: "Sin plan" },
    ])
      expect(await reportar(malo)).toMatchObject({ status: 400, body: { mensaje: mensajes.reporteNoValido } });
    expect(await reportes()).toEqual([]);
  });

  it("counts reports with a reason against the same limit per client address", async () => {
    const { cuerpo, reportes } = await planParaReportar();
    const ip = freshIp();
    const [limite] = LIMITES.reporte(ip);
    const motivos = ["falsa", "inapropiado", "spam", "caducado", "otro", undefined];
    for (let i = 0; i < limite.max; i++)
      expect((await reportar({ ...cuerpo, motivo: motivos[i % motivos.length] }, ip)).status).toBe(200);
    for (const motivo of ["spam", undefined])
      expect(await reportar({ ...cuerpo, motivo }, ip)).toMatchObject({
        status: 429,
        body: { mensaje: mensajes.demasiadasPeticiones },
      });
    expect(await reportes()).toHaveLength(limite.max);
    expect((await reportar({ ...cuerpo, motivo: "spam" })).status).toBe(200);
  });
});

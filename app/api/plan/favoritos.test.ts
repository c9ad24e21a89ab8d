import { describe, expect, it } from "vitest";
import { query } from "@/test-support/database";
import { freshOrigin, insertPlan } from "@/test-support/plans";
import { call, confirmedUser } from "@/test-support/users";
import { mensajes } from "@/lib/messages";
import { CABECERA_IDIOMA } from "@/lib/idiomas";
import gl from "@/mensajes/gl.json";

const db = () => process.env.DATABASE_URL!;

describe("favourites and the user's lists", () => {
  it("answers 204 with no body for empty lists, then the plans once there are some", async () => {
    const u = await confirmedUser();
    for (const ruta of ["/api/plan/planesUsuario", "/api/plan/planesFavoritos"]) {
      const r = await call("GET", ruta, { token: u.token });
      expect(r.status, ruta).toBe(204);
      expect(r.body).toEqual({});
    }
    const propio = await insertPlan({ usuarioId: u.id, origin: await freshOrigin(), titulo: "Mío" });
    const oculto = await insertPlan({
      usuarioId: u.id,
      origin: await freshOrigin(),
      titulo: "Mío oculto",
      visible: false,
    });
    const mios = await call("GET", "/api/plan/planesUsuario", { token: u.token });
    expect(mios.status).toBe(200);
    expect((mios.body as unknown as { _id: string }[]).map((p) => p._id).sort()).toEqual([propio, oculto].sort());
  });

  it("saves and removes a favourite idempotently, and needs a login", async () => {
    const u = await confirmedUser();
    const otra = await confirmedUser("Otra Persona");
    const plan = await insertPlan({ usuarioId: otra.id, origin: await freshOrigin() });
    for (let i = 0; i < 2; i++) {
      expect(await call("POST", `/api/plan/agregar-plan-favorito/${plan}`, { token: u.token })).toMatchObject({
        status: 200,
        body: { mensaje: mensajes.favoritoGuardado },
      });
    }
    // From one of the site's pages in Galician, the answer in Galician; the apps' stays Spanish.
    expect(
      await call("POST", `/api/plan/agregar-plan-favorito/${plan}`, {
        token: u.token,
        headers: { [CABECERA_IDIOMA]: "gl" },
      }),
    ).toMatchObject({ status: 200, body: { mensaje: gl.recordatorios.favoritoGuardado } });
    const [{ n }] = await query<{ n: number }>(db(), "SELECT count(*)::int AS n FROM favorito WHERE usuario_id = $1", [
      u.id,
    ]);
    expect(n).toBe(1);
    const favs = await call("GET", "/api/plan/planesFavoritos", { token: u.token });
    expect((favs.body as unknown as { _id: string }[]).map((p) => p._id)).toEqual([plan]);
    for (let i = 0; i < 2; i++) {
      expect(await call("PATCH", `/api/plan/eliminar-plan-favorito/${plan}`, { token: u.token })).toMatchObject({
        status: 200,
        body: { mensaje: mensajes.favoritoEliminado },
      });
    }
    expect((await call("GET", "/api/plan/planesFavoritos", { token: u.token })).status).toBe(204);
    expect(await call("POST", `/api/plan/agregar-plan-favorito/${plan}`)).toMatchObject({
      status: 401,
      body: { mensaje: mensajes.loginNecesario },
    });
    expect(
      await call("POST", "/api/plan/agregar-plan-favorito/00000000-0000-0000-0000-000000000000", { token: u.token }),
    ).toMatchObject({ status: 404 });
    expect(await call("POST", "/api/plan/agregar-plan-favorito/nada", { token: u.token })).toMatchObject({
      status: 404,
    });
  });
});

describe("reports, promotion requests and satellite leads", () => {
  it("stores a report without login, resolves the plan from its URL and e-mails the team", async () => {
    const u = await confirmedUser();
    const plan = await insertPlan({ usuarioId: u.id, origin: await freshOrigin(), titulo: "Sospechoso" });
    const urlPlan = `http://localhost:3000/plan/Sospechoso/${plan}`;
    const r = await call("POST", "/api/plan/reportar-plan", {
      body: { titulo: "Sospechoso", urlArchivo: "http://localhost:3000/media/x.webp", urlPlan },
    });
    expect(r).toMatchObject({ status: 200, body: { mensaje: mensajes.reporteEnviado } });
    const [row] = await query<{ plan_id: string; usuario_id: string | null }>(
      db(),
      "SELECT plan_id, usuario_id FROM reporte WHERE url_plan = $1",
      [urlPlan],
    );
    expect(row).toEqual({ plan_id: plan, usuario_id: null });
    const mails = await query<{ to: string; text: string }>(
      db(),
      `SELECT "to", text FROM email_outbox WHERE subject LIKE 'Plan reportado%' AND text LIKE '%' || $1 || '%'`,
      [plan],
    );
    expect(mails).toHaveLength(1);
    expect(mails[0].to).toBe("hola@planazo.es");
    expect(await call("POST", "/api/plan/reportar-plan", { body: { titulo: "", urlPlan } })).toMatchObject({
      status: 400,
      body: { mensaje: mensajes.reporteNoValido },
    });
  });

  it("takes a promotion request from a logged-in user, phone required", async () => {
    const u = await confirmedUser("Promotora");
    expect(await call("POST", "/api/emailDestacado", { body: { telefono: "600000000" } })).toMatchObject({
      status: 401,
    });
    expect(
      await call("POST", "/api/emailDestacado", { token: u.token, body: { telefono: " ", nombrePlan: "Fiesta" } }),
    ).toMatchObject({
      status: 400,
      body: { mensaje: mensajes.destacadoTelefono },
    });
    const ok = await call("POST", "/api/emailDestacado", {
      token: u.token,
      body: { telefono: "600 000 123", nombrePlan: "Fiesta mayor", origen: "Otra cosa" },
    });
    expect(ok).toMatchObject({ status: 200, body: { mensaje: mensajes.destacadoEnviado } });
    const [row] = await query(
      db(),
      "SELECT telefono, nombre, correo, nombre_plan, origen FROM solicitud_destacado WHERE id_user = $1",
      [u.id],
    );
    expect(row).toEqual({
      telefono: "600 000 123",
      nombre: "Promotora",
      correo: u.correo,
      nombre_plan: "Fiesta mayor",
      origen: "Web app",
    });
  });

  it("takes a satellite lead, phone required, at most 50 characters", async () => {
    const telefono = `6${Date.now()}`.slice(0, 12);
    expect(await call("POST", "/api/emailEurona", { body: { nombre: "ana@example.com" } })).toMatchObject({
      status: 400,
      body: { mensaje: mensajes.euronaTelefono },
    });
    expect(await call("POST", "/api/emailEurona", { body: { nombre: "x".repeat(51), telefono } })).toMatchObject({
      status: 400,
      body: { mensaje: mensajes.campoLargo },
    });
    // The documented path has a trailing slash; it is answered in place, not redirected.
    expect(await call("POST", "/api/emailEurona/", { body: { nombre: "ana@example.com", telefono } })).toMatchObject({
      status: 200,
      body: { mensaje: mensajes.euronaEnviado },
    });
    const rows = await query(db(), "SELECT nombre FROM solicitud_informacion WHERE telefono = $1", [telefono]);
    expect(rows).toEqual([{ nombre: "ana@example.com" }]);
  });
});

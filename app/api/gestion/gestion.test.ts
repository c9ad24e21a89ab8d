import { beforeAll, describe, expect, it } from "vitest";
import { query } from "@/test-support/database";
import { freshOrigin, insertPlan } from "@/test-support/plans";
import { type Persona, comprobarAccesoPaginas, paginaHtml as pagina, persona } from "@/test-support/gestion";
import { databaseFingerprint } from "@/test-support/snapshot";
import { call } from "@/test-support/users";
import { conDatos, mensajes } from "@/lib/messages";
import { appUrl } from "@/test-support/worker";
import { mensajesGestion } from "@/lib/mensajes-gestion";

const db = () => process.env.DATABASE_URL!;
const NO_EXISTE = "00000000-0000-4000-8000-000000000000";
const SITIO_AJENO = "https://sitio-malicioso.example";

const auditoria = (objetoId: string) =>
  query<{
    accion: string;
    actor_correo: string;
    motivo: string | null;
    datos: { cambio?: boolean; reportesCerrados?: number };
  }>(db(), "SELECT accion, actor_correo, motivo, datos FROM auditoria WHERE objeto_id = $1 ORDER BY creado_en, id", [
    objetoId,
  ]);

describe("the back-office (/gestion and /api/gestion)", () => {
  let duena: Persona;
  let usuaria: Persona;
  let moderadora: Persona;
  let admin: Persona;
  let planId: string;
  let origen: { lat: number; lng: number };

  beforeAll(async () => {
    [duena, usuaria, moderadora, admin] = await Promise.all([
      persona("Dueña Gestión", "usuario"),
      persona("Usuaria Gestión", "usuario"),
      persona("Moderadora Gestión", "moderador"),
      persona("Admin Gestión", "admin"),
    ]);
    origen = await freshOrigin();
    planId = await insertPlan({ usuarioId: duena.id, origin: origen, titulo: "Mercadillo reportado" });
    await query(
      db(),
      "INSERT INTO reporte (titulo, url_plan, plan_id) VALUES ('Mercadillo reportado', $1, $2), ('Mercadillo reportado', $1, $2)",
      [`https://planazo.es/plan/x/${planId}`, planId],
    );
  });

  describe("unauthorized access", () => {
    comprobarAccesoPaginas(
      [
        "/gestion",
        "/gestion/reportes",
        "/gestion/reportes?estado=cerrados",
        "/gestion/planes?q=mercadillo",
        "/gestion/usuarios?q=prueba",
        "/gestion/registro",
      ],
      () => ({ usuaria, moderadora }),
      /Gestión|Reportes|Registro/,
    );

    it("refuses every call to the wrong person with the right status and changes nothing", async () => {
      const CALLS = [
        { ruta: `/api/gestion/planes/${planId}/ocultar`, body: { motivo: "Spam" } },
        { ruta: `/api/gestion/planes/${planId}/mostrar`, body: {} },
        { ruta: "/api/gestion/reportes/descartar", body: { planId } },
        { ruta: `/api/gestion/planes/${planId}/destacar`, body: { periodo: "semana" } },
        { ruta: `/api/gestion/usuarios/${duena.id}/rol`, body: { rol: "admin", motivo: "Prueba" } },
        { ruta: `/api/gestion/usuarios/${duena.id}/suspender`, body: { motivo: "Prueba" } },
        { ruta: `/api/gestion/usuarios/${duena.id}/restaurar`, body: {} },
      ];
      const antes = await databaseFingerprint(db(), {
        ignorar: ["limite_peticiones", "spatial_ref_sys", "email_outbox", "sesion"],
      });
      for (const c of CALLS) {
        const anonima = await call("POST", c.ruta, { body: c.body });
        expect([c.ruta, anonima.status, anonima.body.mensaje]).toEqual([c.ruta, 401, mensajes.loginNecesario]);
        const comun = await call("POST", c.ruta, { body: c.body, token: usuaria.token });
        expect([c.ruta, comun.status, comun.body.mensaje]).toEqual([c.ruta, 404, mensajes.recursoNoEncontrado]);
        const ajena = await call("POST", c.ruta, { body: c.body, cookie: moderadora.cookie, origin: SITIO_AJENO });
        expect([c.ruta, ajena.status, ajena.body.mensaje]).toEqual([c.ruta, 403, mensajes.origenNoPermitido]);
      }
      // Roles are an admin's: a moderator is told so.
      const corta = await call("POST", `/api/gestion/usuarios/${duena.id}/rol`, {
        body: { rol: "admin", motivo: "Prueba" },
        token: moderadora.token,
      });
      expect([corta.status, corta.body.mensaje]).toEqual([403, mensajesGestion.soloAdmin]);
      expect(
        await databaseFingerprint(db(), {
          ignorar: ["limite_peticiones", "spatial_ref_sys", "email_outbox", "sesion"],
        }),
      ).toEqual(antes);
    });
  });

  it("hides a reported plan with a reason: gone for the public, reports closed, the owner told, the log written", async () => {
    const sinMotivo = await call("POST", `/api/gestion/planes/${planId}/ocultar`, {
      body: { motivo: "   " },
      token: moderadora.token,
    });
    expect([sinMotivo.status, sinMotivo.body.mensaje]).toEqual([400, mensajesGestion.motivoObligatorio]);
    const noExiste = await call("POST", `/api/gestion/planes/${NO_EXISTE}/ocultar`, {
      body: { motivo: "Spam" },
      token: moderadora.token,
    });
    expect([noExiste.status, noExiste.body.mensaje]).toEqual([404, mensajes.planNoEncontrado]);
    expect(await auditoria(planId)).toEqual([]);

    const publico = await call("GET", `/api/plan/detalle/${planId}`);
    expect(publico.status).toBe(200);
    const ocultar = await call("POST", `/api/gestion/planes/${planId}/ocultar`, {
      body: { motivo: "Es publicidad de una tienda, no un plan." },
      token: moderadora.token,
    });
    expect([ocultar.status, ocultar.body]).toEqual([200, { mensaje: mensajesGestion.planOcultado, cambio: true }]);

    expect((await call("GET", `/api/plan/detalle/${planId}`)).status).toBe(404);
    const reportes = await query<{ resolucion: string; cerrado_por: string }>(
      db(),
      "SELECT resolucion, cerrado_por FROM reporte WHERE plan_id = $1",
      [planId],
    );
    expect(reportes).toEqual([
      { resolucion: "ocultado", cerrado_por: moderadora.correo },
      { resolucion: "ocultado", cerrado_por: moderadora.correo },
    ]);
    const [correo] = await query<{ subject: string; text: string }>(
      db(),
      `SELECT subject, text FROM email_outbox WHERE "to" = $1 AND subject LIKE 'Hemos ocultado%'`,
      [duena.correo],
    );
    expect(correo.text).toContain("«Mercadillo reportado»");
    expect(correo.text).toContain("Motivo: Es publicidad de una tienda, no un plan.");
    const [plan] = await query<{ visible: boolean; oculto_motivo: string }>(
      db(),
      "SELECT visible, oculto_motivo FROM plan WHERE id = $1",
      [planId],
    );
    expect(plan).toEqual({ visible: false, oculto_motivo: "Es publicidad de una tienda, no un plan." });
    expect(await auditoria(planId)).toEqual([
      {
        accion: "ocultar_plan",
        actor_correo: moderadora.correo,
        motivo: "Es publicidad de una tienda, no un plan.",
        datos: { cambio: true, reportesCerrados: 2 },
      },
    ]);

    // The owner still sees it, marked, among their plans.
    const suyos = await call("GET", "/api/plan/planesUsuario", { token: duena.token });
    expect((suyos.body as unknown as { _id: string; visible: boolean }[]).find((p) => p._id === planId)?.visible).toBe(
      false,
    );
  });

  it("makes one change and two log rows when two moderators act at once, and publishes again", async () => {
    const otroPlan = await insertPlan({
      usuarioId: duena.id,
      origin: origen,
      distanciaM: 2000,
      titulo: "Plan de dos moderadores",
    });
    const [a, b] = await Promise.all([
      call("POST", `/api/gestion/planes/${otroPlan}/ocultar`, {
        body: { motivo: "Duplicado" },
        token: moderadora.token,
      }),
      call("POST", `/api/gestion/planes/${otroPlan}/ocultar`, { body: { motivo: "Duplicado" }, token: admin.token }),
    ]);
    expect([a.status, b.status]).toEqual([200, 200]);
    expect([a.body.cambio, b.body.cambio].sort()).toEqual([false, true]);
    expect((await auditoria(otroPlan)).map((f) => f.datos.cambio).sort()).toEqual([false, true]);
    const correos = await query(
      db(),
      `SELECT 1 FROM email_outbox WHERE "to" = $1 AND text LIKE '%Plan de dos moderadores%'`,
      [duena.correo],
    );
    expect(correos).toHaveLength(1);
    // Hidden, it cannot be featured: the weeks paid for would run out unseen.
    const destacarOculto = await call("POST", `/api/gestion/planes/${otroPlan}/destacar`, {
      body: { periodo: "semana" },
      token: moderadora.token,
    });
    expect([destacarOculto.status, destacarOculto.body.mensaje]).toEqual([409, mensajesGestion.destacarOculto]);
    await expect(query(db(), "SELECT destacado_hasta FROM plan WHERE id = $1", [otroPlan])).resolves.toEqual([
      { destacado_hasta: null },
    ]);

    const mostrar = await call("POST", `/api/gestion/planes/${otroPlan}/mostrar`, {
      body: {},
      token: moderadora.token,
    });
    expect([mostrar.status, mostrar.body]).toEqual([200, { mensaje: mensajesGestion.planMostrado, cambio: true }]);
    expect((await call("GET", `/api/plan/detalle/${otroPlan}`)).status).toBe(200);
    const [plan] = await query<{ oculto_motivo: string | null }>(db(), "SELECT oculto_motivo FROM plan WHERE id = $1", [
      otroPlan,
    ]);
    expect(plan.oculto_motivo).toBeNull();
    const otraVez = await call("POST", `/api/gestion/planes/${otroPlan}/mostrar`, {
      body: {},
      token: moderadora.token,
    });
    expect([otraVez.status, otraVez.body]).toEqual([200, { mensaje: mensajesGestion.planYaVisible, cambio: false }]);
  });

  it("dismisses a plan's open reports and leaves the plan as it is; closed reports stay listed with who closed them", async () => {
    const plan = await insertPlan({
      usuarioId: duena.id,
      origin: origen,
      distanciaM: 3000,
      titulo: "Plan mal reportado",
    });
    await query(
      db(),
      "INSERT INTO reporte (titulo, url_plan, plan_id) VALUES ('Plan mal reportado', 'https://planazo.es/x', $1)",
      [plan],
    );
    expect(await pagina("/gestion/reportes", moderadora.cookie)).toContain("Plan mal reportado");

    const r = await call("POST", "/api/gestion/reportes/descartar", {
      body: { planId: plan },
      token: moderadora.token,
    });
    expect([r.status, r.body]).toEqual([200, { mensaje: mensajesGestion.reportesDescartados, cambio: true }]);
    expect((await call("GET", `/api/plan/detalle/${plan}`)).status).toBe(200);
    const otraVez = await call("POST", "/api/gestion/reportes/descartar", {
      body: { planId: plan },
      token: moderadora.token,
    });
    expect(otraVez.body).toEqual({ mensaje: mensajesGestion.sinReportesAbiertos, cambio: false });

    const abiertos = await pagina("/gestion/reportes", moderadora.cookie);
    expect(abiertos).not.toContain("Plan mal reportado");
    const cerrados = await pagina("/gestion/reportes?estado=cerrados", moderadora.cookie);
    expect(cerrados).toContain("Plan mal reportado");
    expect(cerrados).toContain(`Descartado por ${moderadora.correo}`);
  });

  it("features a plan for a week, then a month more from its end, lists it first with DESTACADO, and stops by itself", async () => {
    const cerca = await insertPlan({ usuarioId: duena.id, origin: origen, distanciaM: 500, titulo: "Plan cercano" });
    const lejos = await insertPlan({
      usuarioId: duena.id,
      origin: origen,
      distanciaM: 9000,
      titulo: "Plan para destacar",
    });
    const buscar = async () => {
      const r = await call("GET", `/api/plan?lat=${origen.lat}&lng=${origen.lng}&radio=20`);
      return (r.body as unknown as { planes: { _id: string; destacado: boolean }[] }).planes.filter((p) =>
        [cerca, lejos].includes(p._id),
      );
    };
    expect((await buscar()).map((p) => p._id)).toEqual([cerca, lejos]);

    const antes = Date.now();
    const semana = await call("POST", `/api/gestion/planes/${lejos}/destacar`, {
      body: { periodo: "semana" },
      token: moderadora.token,
    });
    expect(semana.status).toBe(200);
    const hasta = new Date(semana.body.hasta as string).getTime();
    expect(hasta - antes).toBeGreaterThanOrEqual(7 * 86_400_000 - 1000);
    expect(hasta - antes).toBeLessThan(7 * 86_400_000 + 60_000);
    expect(await buscar()).toEqual([
      expect.objectContaining({ _id: lejos, destacado: true }),
      expect.objectContaining({ _id: cerca, destacado: false }),
    ]);

    // A month more counts from the current end, not from today.
    const mes = await call("POST", `/api/gestion/planes/${lejos}/destacar`, {
      body: { periodo: "mes" },
      token: moderadora.token,
    });
    const finMes = new Date(mes.body.hasta as string).getTime();
    expect(finMes - hasta).toBeGreaterThanOrEqual(28 * 86_400_000 - 3_600_000);
    expect(finMes - hasta).toBeLessThanOrEqual(31 * 86_400_000 + 3_600_000);

    // With its end in the past it is an ordinary plan again, without any job.
    await query(db(), "UPDATE plan SET destacado_hasta = now() - interval '1 minute' WHERE id = $1", [lejos]);
    expect((await buscar()).map((p) => [p._id, p.destacado])).toEqual([
      [cerca, false],
      [lejos, false],
    ]);
    const quitar = await call("POST", `/api/gestion/planes/${lejos}/destacar`, {
      body: { periodo: "quitar" },
      token: moderadora.token,
    });
    expect(quitar.body.mensaje).toBe(mensajesGestion.destacadoQuitado);
    const malo = await call("POST", `/api/gestion/planes/${lejos}/destacar`, {
      body: { periodo: "siempre" },
      token: moderadora.token,
    });
    expect(malo.status).toBe(400);
    expect((await auditoria(lejos)).map((f) => f.accion)).toEqual(["destacar_plan", "destacar_plan", "destacar_plan"]);
  });

  it("suspends an account: sessions gone, log-in refused, plans hidden; a restore brings back exactly what it hid", async () => {
    const autora = await persona("Autora suspendida", "usuario");
    const publico = await insertPlan({
      usuarioId: autora.id,
      origin: origen,
      distanciaM: 4000,
      titulo: "Plan de la autora",
    });
    const yaOculto = await insertPlan({
      usuarioId: autora.id,
      origin: origen,
      distanciaM: 5000,
      titulo: "Plan que el equipo ocultó",
    });
    await call("POST", `/api/gestion/planes/${yaOculto}/ocultar`, {
      body: { motivo: "Spam" },
      token: moderadora.token,
    });

    const sinMotivo = await call("POST", `/api/gestion/usuarios/${autora.id}/suspender`, {
      body: {},
      token: moderadora.token,
    });
    expect([sinMotivo.status, sinMotivo.body.mensaje]).toEqual([400, mensajesGestion.motivoObligatorio]);
    const r = await call("POST", `/api/gestion/usuarios/${autora.id}/suspender`, {
      body: { motivo: "Suplanta a un ayuntamiento." },
      token: moderadora.token,
    });
    expect([r.status, r.body]).toEqual([200, { mensaje: mensajesGestion.usuarioSuspendido, cambio: true }]);

    // Her token and cookie no longer work, and she cannot log in again, by password or otherwise.
    expect((await call("GET", "/api/plan/planesUsuario", { token: autora.token })).status).toBe(401);
    expect(
      (await fetch(`${appUrl()}/mis-planes`, { headers: { Cookie: autora.cookie }, redirect: "manual" })).status,
    ).toBe(307);
    const login = await call("POST", "/api/usuario/login", {
      body: { correo: autora.correo, password: autora.password },
    });
    expect([login.status, login.body.mensaje]).toEqual([403, mensajes.cuentaSuspendida]);
    expect((await call("GET", `/api/plan/detalle/${publico}`)).status).toBe(404);
    const [correo] = await query<{ text: string }>(
      db(),
      `SELECT text FROM email_outbox WHERE "to" = $1 AND subject LIKE 'Hemos suspendido tu cuenta%'`,
      [autora.correo],
    );
    expect(correo.text).toContain("Motivo: Suplanta a un ayuntamiento.");
    // Her plans cannot be published one by one behind the suspension's back.
    const mostrar = await call("POST", `/api/gestion/planes/${publico}/mostrar`, { body: {}, token: moderadora.token });
    expect([mostrar.status, mostrar.body.mensaje]).toEqual([409, mensajesGestion.planDeCuentaSuspendida]);

    const restaurar = await call("POST", `/api/gestion/usuarios/${autora.id}/restaurar`, {
      body: { motivo: "Era el ayuntamiento de verdad." },
      token: moderadora.token,
    });
    expect([restaurar.status, restaurar.body]).toEqual([
      200,
      { mensaje: mensajesGestion.usuarioRestaurado, cambio: true },
    ]);
    expect(
      (await call("POST", "/api/usuario/login", { body: { correo: autora.correo, password: autora.password } })).status,
    ).toBe(200);
    expect((await call("GET", `/api/plan/detalle/${publico}`)).status).toBe(200);
    expect((await call("GET", `/api/plan/detalle/${yaOculto}`)).status).toBe(404);
    expect((await auditoria(autora.id)).map((f) => [f.accion, f.datos.cambio])).toEqual([
      ["suspender_usuario", true],
      ["restaurar_usuario", true],
    ]);
    const usuarios = await pagina(`/gestion/usuarios?q=${encodeURIComponent(autora.correo)}`, moderadora.cookie);
    expect(usuarios).toContain("Autora suspendida");
  });

  it("lets an admin change a role, logged with its reason", async () => {
    const r = await call("POST", `/api/gestion/usuarios/${usuaria.id}/rol`, {
      body: { rol: "moderador", motivo: "Entra en el equipo" },
      token: admin.token,
    });
    expect([r.status, r.body.mensaje]).toEqual([200, conDatos(mensajesGestion.rolAsignado, { rol: "moderador" })]);
    const malo = await call("POST", `/api/gestion/usuarios/${usuaria.id}/rol`, {
      body: { rol: "jefa", motivo: "x" },
      token: admin.token,
    });
    expect([malo.status, malo.body.mensaje]).toEqual([400, mensajesGestion.rolNoValido]);
    expect(await auditoria(usuaria.id)).toEqual([
      {
        accion: "asignar_rol",
        actor_correo: admin.correo,
        motivo: "Entra en el equipo",
        datos: { antes: "usuario", despues: "moderador", cambio: true },
      },
    ]);
    // At once: the next request of that account is a moderator's.
    expect(
      (await fetch(`${appUrl()}/gestion`, { headers: { Cookie: usuaria.cookie }, redirect: "manual" })).status,
    ).toBe(200);
  });

  it("finds plans by title without accents, by owner e-mail and by id, newest first", async () => {
    const buscar = (q: string) => pagina(`/gestion/planes?q=${encodeURIComponent(q)}`, moderadora.cookie);
    expect(await buscar("MERCADÍLLO")).toContain("Mercadillo reportado");
    expect(await buscar(duena.correo.toUpperCase())).toContain("Plan de dos moderadores");
    const porId = await buscar(planId);
    expect(porId).toContain("Mercadillo reportado");
    expect(porId).not.toContain("Plan de dos moderadores");
  });

  it("keeps the audit log: its rows can be neither changed nor deleted", async () => {
    await expect(query(db(), "DELETE FROM auditoria WHERE objeto_id = $1", [planId])).rejects.toThrow(
      /no se cambian ni se borran/,
    );
    await expect(query(db(), "UPDATE auditoria SET motivo = 'x' WHERE objeto_id = $1", [planId])).rejects.toThrow(
      /no se cambian ni se borran/,
    );
    const registro = await pagina(`/gestion/registro?objetoId=${planId}`, moderadora.cookie);
    expect(registro).toContain("Ocultar plan");
    expect(registro).toContain("Es publicidad de una tienda, no un plan.");
  });
});

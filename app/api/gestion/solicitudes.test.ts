import { beforeAll, describe, expect, it } from "vitest";
import { query } from "@/test-support/database";
import { freshOrigin, insertPlan } from "@/test-support/plans";
import { databaseFingerprint } from "@/test-support/snapshot";
import { type Persona, comprobarAccesoPaginas, paginaHtml as pagina, persona } from "@/test-support/gestion";
import { call } from "@/test-support/users";
import { conDatos, mensajes } from "@/lib/messages";
import { mensajesGestion } from "@/lib/mensajes-gestion";

/**
 * The featuring requests in the back-office: who may see and handle them,
 * the steps a request may take, featuring its plan from it in one go, and two moderators at once.
 */

const db = () => process.env.DATABASE_URL!;
const NO_EXISTE = "00000000-0000-4000-8000-000000000000";
const SITIO_AJENO = "https://sitio-malicioso.example";
/** Tables that legitimately move while the refused calls run (rate limits, sessions, deliveries). */
const IGNORAR = ["limite_peticiones", "spatial_ref_sys", "email_outbox", "sesion"];
const DIA = 86_400_000;

const unico = () => Math.random().toString(36).slice(2, 8);

type Solicitud = {
  estado: string;
  notas: string;
  atendida_por: string | null;
  actualizada_en: Date | null;
  plan_id: string | null;
};
const solicitud = async (id: string) =>
  (
    await query<Solicitud>(
      db(),
      "SELECT estado::text, notas, atendida_por, actualizada_en, plan_id FROM solicitud_destacado WHERE id = $1",
      [id],
    )
  )[0];
const auditoria = (objetoId: string) =>
  query<{ accion: string; actor_correo: string; motivo: string | null; datos: Record<string, unknown> }>(
    db(),
    "SELECT accion, actor_correo, motivo, datos FROM auditoria WHERE objeto_id = $1 ORDER BY creado_en, id",
    [objetoId],
  );
const destacadoHasta = async (planId: string) =>
  (await query<{ hasta: Date | null }>(db(), "SELECT destacado_hasta AS hasta FROM plan WHERE id = $1", [planId]))[0]
    .hasta;

describe("featuring requests in the back-office", () => {
  let duena: Persona;
  let usuaria: Persona;
  let moderadora: Persona;
  let otraModeradora: Persona;
  let origen: { lat: number; lng: number };

  beforeAll(async () => {
    [duena, usuaria, moderadora, otraModeradora] = await Promise.all([
      persona("Dueña Solicitudes", "usuario"),
      persona("Usuaria Solicitudes", "usuario"),
      persona("Moderadora Solicitudes", "moderador"),
      persona("Otra Moderadora Solicitudes", "moderador"),
    ]);
    origen = await freshOrigin();
  });

  /** A plan of the owner's, and a featuring request for it sent as the app sends it (POST /api/emailDestacado). */
  async function pedir(
    titulo = `Plan ${unico()}`,
    distanciaM = 9000,
  ): Promise<{ planId: string; id: string; titulo: string }> {
    const planId = await insertPlan({ usuarioId: duena.id, origin: origen, distanciaM, titulo });
    const envio = await call("POST", "/api/emailDestacado", {
      body: { telefono: "+34 622 333 444", nombre: "Dueña Solicitudes", idPlan: planId },
      token: duena.token,
    });
    expect([envio.status, envio.body.mensaje]).toEqual([200, mensajes.destacadoEnviado]);
    const [{ id }] = await query<{ id: string }>(db(), "SELECT id FROM solicitud_destacado WHERE plan_id = $1", [
      planId,
    ]);
    return { planId, id, titulo };
  }

  /** A request stored directly (the API allows ten a user an hour; these tests need more). */
  async function solicitudDirecta(planId: string | null, estado = "nueva"): Promise<string> {
    const [{ id }] = await query<{ id: string }>(
      db(),
      "INSERT INTO solicitud_destacado (telefono, nombre, correo, nombre_plan, plan_id, id_user, estado) VALUES ('600 000 000', 'Directa', $1, 'Plan directo', $2, $3, $4::estado_solicitud) RETURNING id",
      [duena.correo, planId, duena.id, estado],
    );
    return id;
  }

  const accion = (p: Persona, id: string, que: "contactada" | "descartar" | "destacar" | "notas", body: object = {}) =>
    call("POST", `/api/gestion/solicitudes/${id}/${que}`, { body, token: p.token });

  describe("unauthorized access", () => {
    comprobarAccesoPaginas(
      ["/gestion/solicitudes", "/gestion/solicitudes?estado=todas"],
      () => ({ usuaria, moderadora }),
      /Gestión|Solicitudes|Destacar 1/,
    );

    it("refuses every call to the wrong person with the right status and changes nothing", async () => {
      const planId = await insertPlan({ usuarioId: duena.id, origin: origen, titulo: "Plan intocable" });
      const id = await solicitudDirecta(planId);
      const CALLS: [string, object][] = [
        [`/api/gestion/solicitudes/${id}/contactada`, {}],
        [`/api/gestion/solicitudes/${id}/descartar`, { motivo: "No" }],
        [`/api/gestion/solicitudes/${id}/destacar`, { periodo: "semana" }],
        [`/api/gestion/solicitudes/${id}/notas`, { notas: "Hola" }],
      ];
      const antes = await databaseFingerprint(db(), { ignorar: IGNORAR });
      for (const [ruta, body] of CALLS) {
        const anonima = await call("POST", ruta, { body });
        expect([ruta, anonima.status, anonima.body.mensaje]).toEqual([ruta, 401, mensajes.loginNecesario]);
        const comun = await call("POST", ruta, { body, token: usuaria.token });
        expect([ruta, comun.status, comun.body.mensaje]).toEqual([ruta, 404, mensajes.recursoNoEncontrado]);
        // Even the plan's owner, who sent a request, cannot handle it.
        const duenaLlama = await call("POST", ruta, { body, token: duena.token });
        expect([ruta, duenaLlama.status]).toEqual([ruta, 404]);
        const ajena = await call("POST", ruta, { body, cookie: moderadora.cookie, origin: SITIO_AJENO });
        expect([ruta, ajena.status, ajena.body.mensaje]).toEqual([ruta, 403, mensajes.origenNoPermitido]);
      }
      expect(await databaseFingerprint(db(), { ignorar: IGNORAR })).toEqual(antes);
      expect(await solicitud(id)).toMatchObject({ estado: "nueva", notas: "", atendida_por: null });
      expect(await destacadoHasta(planId)).toBeNull();
    });
  });

  it("lists a request from the app under 'Nuevas' with phone, e-mail and plan; marks it contacted once; discards it with a note; and refuses what may not follow", async () => {
    const { planId, id, titulo } = await pedir();
    const nuevas = await pagina("/gestion/solicitudes", moderadora.cookie);
    expect(nuevas).toContain('href="tel:+34622333444"');
    expect(nuevas).toContain(`href="mailto:${duena.correo}"`);
    expect(nuevas).toContain(`<a href="/gestion/planes?q=${planId}">${titulo}</a>`);
    expect(nuevas).toContain("Web app · recibida el ");
    expect(nuevas).toContain("Destacar 1 semana (2 €)");
    expect(nuevas).toContain("Destacar 1 mes (5 €)");

    const contactada = await accion(moderadora, id, "contactada");
    expect([contactada.status, contactada.body]).toEqual([
      200,
      { mensaje: mensajesGestion.solicitudContactada, cambio: true },
    ]);
    const otraVez = await accion(moderadora, id, "contactada");
    expect([otraVez.status, otraVez.body]).toEqual([
      200,
      { mensaje: mensajesGestion.solicitudYaContactada, cambio: false },
    ]);
    expect(await solicitud(id)).toMatchObject({ estado: "contactada", atendida_por: moderadora.correo });
    expect(await pagina("/gestion/solicitudes", moderadora.cookie)).not.toContain(`?q=${planId}"`);
    const contactadas = await pagina("/gestion/solicitudes?estado=contactada", moderadora.cookie);
    expect(contactadas).toContain(`?q=${planId}"`);
    expect(contactadas).toContain(`último cambio de ${moderadora.correo}`);
    expect(contactadas).not.toContain("Marcar contactada la solicitud");

    const descartada = await accion(otraModeradora, id, "descartar", { motivo: "Prefiere esperar al verano" });
    expect([descartada.status, descartada.body]).toEqual([
      200,
      { mensaje: mensajesGestion.solicitudDescartada, cambio: true },
    ]);
    const fila = await solicitud(id);
    expect(fila).toMatchObject({ estado: "descartada", atendida_por: otraModeradora.correo });
    expect(fila.notas).toMatch(
      new RegExp(`^\\d{2}/\\d{2}/\\d{4} \\d{2}:\\d{2} · ${otraModeradora.correo}: Prefiere esperar al verano$`),
    );
    const descartadaOtraVez = await accion(moderadora, id, "descartar", {});
    expect(descartadaOtraVez.body).toEqual({ mensaje: mensajesGestion.solicitudYaDescartada, cambio: false });

    // A discarded request is closed: not contacted again, not featured.
    const atras = await accion(moderadora, id, "contactada");
    expect([atras.status, atras.body.mensaje]).toEqual([
      409,
      conDatos(mensajesGestion.solicitudTransicion, { desde: "descartada", hacia: "contactada" }),
    ]);
    const destacar = await accion(moderadora, id, "destacar", { periodo: "semana" });
    expect([destacar.status, destacar.body.mensaje]).toEqual([
      409,
      conDatos(mensajesGestion.solicitudTransicion, { desde: "descartada", hacia: "destacada" }),
    ]);
    expect(await destacadoHasta(planId)).toBeNull();
    expect(await solicitud(id)).toMatchObject({ estado: "descartada", notas: fila.notas });

    // Notes can still be edited; the same text again changes nothing.
    const notas = await accion(moderadora, id, "notas", { notas: "Llamar en junio" });
    expect(notas.body).toEqual({ mensaje: mensajesGestion.solicitudNotasGuardadas, cambio: true });
    expect((await accion(moderadora, id, "notas", { notas: "Llamar en junio" })).body).toEqual({
      mensaje: mensajesGestion.solicitudNotasSinCambios,
      cambio: false,
    });
    expect((await solicitud(id)).notas).toBe("Llamar en junio");
    expect(await pagina("/gestion/solicitudes?estado=descartada", moderadora.cookie)).toContain("Llamar en junio");

    expect((await auditoria(id)).map((f) => [f.accion, f.datos.cambio])).toEqual([
      ["solicitud_contactada", true],
      ["solicitud_contactada", false],
      ["solicitud_descartada", true],
      ["solicitud_descartada", false],
      ["solicitud_notas", true],
      ["solicitud_notas", false],
    ]);
  });

  it("answers bad input in Spanish: an unknown request, a period not offered, notes too long", async () => {
    const id = await solicitudDirecta(null);
    const noExiste = await accion(moderadora, NO_EXISTE, "contactada");
    expect([noExiste.status, noExiste.body.mensaje]).toEqual([404, mensajesGestion.solicitudNoEncontrada]);
    const malId = await accion(moderadora, "no-es-un-id", "contactada");
    // A malformed id is bad input (400), in the same words.
    expect([malId.status, malId.body.mensaje]).toEqual([400, mensajesGestion.solicitudNoEncontrada]);
    expect((await accion(moderadora, id, "destacar", { periodo: "siempre" })).status).toBe(400);
    const largas = await accion(moderadora, id, "notas", { notas: "x".repeat(2001) });
    expect([largas.status, largas.body.mensaje]).toEqual([400, mensajesGestion.solicitudNotasLargas]);
    expect(await solicitud(id)).toMatchObject({ estado: "nueva", notas: "" });
  });

  it("'Destacar 1 semana' features the plan — first in the search with destacado:true — and marks the request destacada, in one go", async () => {
    const cerca = await insertPlan({ usuarioId: duena.id, origin: origen, distanciaM: 300, titulo: "Plan de al lado" });
    const { planId, id } = await pedir("Plan que pide destacar", 12_000);
    const buscar = async () => {
      const r = await call("GET", `/api/plan?lat=${origen.lat}&lng=${origen.lng}&radio=20`);
      return (r.body as unknown as { planes: { _id: string; destacado: boolean }[] }).planes
        .filter((p) => [cerca, planId].includes(p._id))
        .map((p) => [p._id, p.destacado]);
    };
    expect(await buscar()).toEqual([
      [cerca, false],
      [planId, false],
    ]);

    const antes = Date.now();
    const r = await accion(moderadora, id, "destacar", { periodo: "semana" });
    expect(r.status).toBe(200);
    expect(r.body.cambio).toBe(true);
    const hasta = new Date(r.body.hasta as string).getTime();
    expect(hasta - antes).toBeGreaterThanOrEqual(7 * DIA - 1000);
    expect(hasta - antes).toBeLessThan(7 * DIA + 60_000);
    expect(await buscar()).toEqual([
      [planId, true],
      [cerca, false],
    ]);

    const fila = await solicitud(id);
    expect(fila).toMatchObject({ estado: "destacada", atendida_por: moderadora.correo });
    expect(fila.notas).toContain(`${moderadora.correo}: Destacado 1 semana (2 €) hasta el `);
    // One audit row on the plan (its featuring) and one on the request, both by the moderator.
    expect((await auditoria(planId)).map((f) => [f.accion, f.motivo, f.datos.periodo])).toEqual([
      ["destacar_plan", `Solicitud ${id}: 1 semana (2 €)`, "semana"],
    ]);
    expect((await auditoria(id)).map((f) => [f.accion, f.datos.cambio, f.datos.planId])).toEqual([
      ["solicitud_destacada", true, planId],
    ]);

    // A repeat (a second click, a second tab) does not feature the plan a second week.
    const otraVez = await accion(moderadora, id, "destacar", { periodo: "mes" });
    expect([otraVez.status, otraVez.body]).toEqual([
      200,
      { mensaje: mensajesGestion.solicitudYaDestacada, cambio: false, hasta: null },
    ]);
    expect((await destacadoHasta(planId))!.getTime()).toBe(hasta);
    const despues = await accion(moderadora, id, "descartar", {});
    expect([despues.status, despues.body.mensaje]).toEqual([
      409,
      conDatos(mensajesGestion.solicitudTransicion, { desde: "destacada", hacia: "descartada" }),
    ]);

    const destacadas = await pagina("/gestion/solicitudes?estado=destacada", moderadora.cookie);
    expect(destacadas).toContain(`?q=${planId}"`);
    expect(destacadas).toContain("Destacado hasta el ");
  });

  it("'Destacar 1 mes' from a contacted request adds a month to a featuring still running", async () => {
    const { planId, id } = await pedir();
    const fin = new Date(Date.now() + 3 * DIA);
    await query(db(), "UPDATE plan SET destacado_hasta = $1 WHERE id = $2", [fin, planId]);
    await accion(moderadora, id, "contactada");
    const r = await accion(moderadora, id, "destacar", { periodo: "mes" });
    expect(r.status).toBe(200);
    const dias = (new Date(r.body.hasta as string).getTime() - fin.getTime()) / DIA;
    expect(dias).toBeGreaterThanOrEqual(28 - 1 / 24);
    expect(dias).toBeLessThanOrEqual(31 + 1 / 24);
    expect((await solicitud(id)).notas).toContain("Destacado 1 mes (5 €) hasta el ");
  });

  it("cannot feature a request whose plan no longer exists (409), and shows it without a link", async () => {
    const { planId, id } = await pedir("Plan que se borrará");
    await query(db(), "DELETE FROM plan WHERE id = $1", [planId]);
    expect(await solicitud(id)).toMatchObject({ plan_id: null, estado: "nueva" });
    const r = await accion(moderadora, id, "destacar", { periodo: "semana" });
    expect([r.status, r.body.mensaje]).toEqual([409, mensajesGestion.solicitudSinPlan]);
    expect(await solicitud(id)).toMatchObject({ estado: "nueva", notas: "" });
    expect(await auditoria(id)).toEqual([]);
    const html = await pagina("/gestion/solicitudes", moderadora.cookie);
    expect(html).toContain("Plan que se borrará <span");
    expect(html).toContain("(ya no existe)");
    // It can still be discarded.
    expect((await accion(moderadora, id, "descartar", {})).body.cambio).toBe(true);
  });

  it("two moderators at once: one change and two log rows, whatever they press", async () => {
    const planId = await insertPlan({ usuarioId: duena.id, origin: origen, titulo: "Plan disputado" });
    const id = await solicitudDirecta(planId);
    const [a, b] = await Promise.all([
      accion(moderadora, id, "destacar", { periodo: "semana" }),
      accion(otraModeradora, id, "destacar", { periodo: "semana" }),
    ]);
    expect([a.status, b.status]).toEqual([200, 200]);
    expect([a.body.cambio, b.body.cambio].sort()).toEqual([false, true]);
    // Featured one week, not two.
    const dias = ((await destacadoHasta(planId))!.getTime() - Date.now()) / DIA;
    expect(dias).toBeGreaterThan(6.9);
    expect(dias).toBeLessThanOrEqual(7);
    expect((await auditoria(planId)).map((f) => f.accion)).toEqual(["destacar_plan"]);
    expect((await auditoria(id)).map((f) => [f.accion, f.datos.cambio]).sort()).toEqual([
      ["solicitud_destacada", false],
      ["solicitud_destacada", true],
    ]);

    const otra = await solicitudDirecta(planId);
    const [c, d] = await Promise.all([
      accion(moderadora, otra, "contactada"),
      accion(otraModeradora, otra, "contactada"),
    ]);
    expect([c.body.cambio, d.body.cambio].sort()).toEqual([false, true]);
    expect((await auditoria(otra)).length).toBe(2);
  });

  it("counts the new requests on the summary and links them to their page", async () => {
    await solicitudDirecta(null);
    const [{ n }] = await query<{ n: number }>(
      db(),
      "SELECT count(*)::int AS n FROM solicitud_destacado WHERE estado = 'nueva'",
    );
    const resumen = await pagina("/gestion", moderadora.cookie);
    expect(resumen).toMatch(
      new RegExp(
        `<a href="/gestion/solicitudes"><strong[^>]*>${n.toLocaleString("es-ES")}</strong> solicitudes para destacar nuevas</a>`,
      ),
    );
  });

  it("pages the list by keyset: the next page starts after the last request shown", async () => {
    const marca = unico();
    const ids: string[] = [];
    for (let i = 0; i < 32; i++) {
      const [{ id }] = await query<{ id: string }>(
        db(),
        "INSERT INTO solicitud_destacado (telefono, nombre, correo, nombre_plan, estado, created_at) VALUES ('600', $1, 'k@example.com', 'Plan', 'descartada', now() + make_interval(days => 400 + $2)) RETURNING id",
        [`Página ${marca} ${String(i).padStart(2, "0")}`, i],
      );
      ids.push(id);
    }
    try {
      const primera = await pagina("/gestion/solicitudes?estado=descartada", moderadora.cookie);
      expect(primera).toContain(`Página ${marca} 31`);
      expect(primera).not.toContain(`Página ${marca} 01`);
      const siguiente = primera
        .match(/href="(\/gestion\/solicitudes\?estado=descartada&amp;despues=[^"]+)"/)![1]
        .replaceAll("&amp;", "&");
      const segunda = await pagina(siguiente, moderadora.cookie);
      expect(segunda).toContain(`Página ${marca} 01`);
      expect(segunda).toContain(`Página ${marca} 00`);
      expect(segunda).not.toContain(`Página ${marca} 02`);
    } finally {
      await query(db(), "DELETE FROM solicitud_destacado WHERE id = ANY($1::uuid[])", [ids]);
    }
  });
});

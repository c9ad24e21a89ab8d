import { existsSync, readdirSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { query } from "@/test-support/database";
import { enviarFormulario, formulario, png } from "@/test-support/forms";
import { type Persona, comprobarAccesoPaginas, paginaHtml, persona } from "@/test-support/gestion";
import { freshOrigin, insertPlan, insertUser } from "@/test-support/plans";
import { databaseFingerprint } from "@/test-support/snapshot";
import { call } from "@/test-support/users";
import { diaEnMadrid, instanteEnMadrid, sumarDias, type Dia } from "@/lib/dates";
import { conDatos, mensajes } from "@/lib/messages";
import { prisma } from "@/lib/db";
import { patrocinioDeLaPagina, PROXIMO_CAMBIO_PATROCINIOS } from "@/lib/patrocinios/vigentes";
import { appUrl, worker } from "@/test-support/worker";
import { mensajesGestion } from "@/lib/mensajes-gestion";

const db = () => process.env.DATABASE_URL!;
const NO_EXISTE = "00000000-0000-4000-8000-000000000000";
const SITIO_AJENO = "https://sitio-malicioso.example";
const IGNORAR = ["limite_peticiones", "spatial_ref_sys", "email_outbox", "sesion"];

const diaTexto = (d: Dia) => `${d.year}-${String(d.month).padStart(2, "0")}-${String(d.day).padStart(2, "0")}`;
const hoy = () => diaEnMadrid();
const dia = (n: number) => diaTexto(sumarDias(hoy(), n));

const ficheros = () => {
  const dir = path.join(worker().storageDir, "patrocinios");
  return existsSync(dir) ? readdirSync(dir).sort() : [];
};

const auditoria = (objetoId: string) =>
  query<{ accion: string; actor_correo: string; motivo: string | null; datos: Record<string, unknown> }>(
    db(),
    "SELECT accion, actor_correo, motivo, datos FROM auditoria WHERE objeto_id = $1 ORDER BY creado_en, id",
    [objetoId],
  );

interface Tarjeta {
  _id: string;
  tipo: string;
  empresa: string;
  enlaceCompany: string;
  enlaceEmpresa: string;
  titulo: string;
  descripcion: string;
  archivoCartel: { url: string } | null;
}

describe("sponsor cards in the back-office (/gestion/patrocinios, admin only)", () => {
  let usuaria: Persona;
  let moderadora: Persona;
  let admin: Persona;
  let origen: { lat: number; lng: number };
  const creados: string[] = [];

  const campos = (extra: Record<string, string> = {}) => ({
    empresa: "Quesos La Serrana",
    enlaceEmpresa: "https://quesoslaserrana.example/visitas",
    titulo: "Quesos artesanos de la sierra",
    descripcion: "Visita la quesería",
    ...extra,
  });

  async function crear(extra: Record<string, string> = {}) {
    const r = await enviarFormulario(
      "POST",
      "/api/gestion/patrocinios",
      formulario({ ...campos(extra), archivoCartel: { bytes: await png(300, 200), nombre: "cartel.png" } }),
      admin.token,
    );
    expect(r.status, JSON.stringify(r.body)).toBe(201);
    const tarjeta = r.body.patrocinio as Tarjeta;
    creados.push(tarjeta._id);
    return tarjeta;
  }

  /** The sponsor card on page 1 of a search around a place with one plan, or null. */
  async function enLaBusqueda(): Promise<Tarjeta | null> {
    const r = await fetch(`${appUrl()}/api/plan?lat=${origen.lat}&lng=${origen.lng}&radio=5`);
    const body = (await r.json()) as { planes: Tarjeta[] };
    return body.planes.find((p) => p.tipo === "Patrocinado") ?? null;
  }

  const aPrimero = (id: string) =>
    call("POST", `/api/gestion/patrocinios/${id}/orden`, { body: { posicion: 1 }, token: admin.token });

  beforeAll(async () => {
    [usuaria, moderadora, admin] = await Promise.all([
      persona("Usuaria Patrocinios", "usuario"),
      persona("Moderadora Patrocinios", "moderador"),
      persona("Admin Patrocinios", "admin"),
    ]);
    origen = await freshOrigin();
    await insertPlan({ usuarioId: await insertUser(), origin: origen, titulo: "Romería con patrocinio" });
  });

  afterAll(async () => {
    await query(db(), "DELETE FROM patrocinio WHERE id = ANY($1::uuid[])", [creados]);
  });

  describe("unauthorized access", () => {
    let id: string;
    beforeAll(async () => {
      id = (await crear({ titulo: "Tarjeta para probar accesos" }))._id;
    });

    comprobarAccesoPaginas(
      ["/gestion/patrocinios", "/gestion/patrocinios/nuevo", `/gestion/patrocinios/${NO_EXISTE}`],
      () => ({ usuaria, moderadora }),
      /Patrocinio|Gestión/,
    );

    it("tells a moderator the sponsor pages are an admin's, shows no form, and leaves them out of the menu", async () => {
      for (const ruta of ["/gestion/patrocinios", "/gestion/patrocinios/nuevo", `/gestion/patrocinios/${id}`]) {
        const html = await paginaHtml(ruta, moderadora.cookie);
        expect(html).toContain(mensajesGestion.soloAdmin);
        expect(html).not.toContain("Tarjeta para probar accesos");
        expect(html).not.toContain("Crear patrocinio");
      }
      expect(await paginaHtml("/gestion", moderadora.cookie)).not.toContain('href="/gestion/patrocinios"');
      expect(await paginaHtml("/gestion", admin.cookie)).toContain('href="/gestion/patrocinios"');
    });

    it("refuses every sponsor call to the wrong person with the right status, and changes nothing (rows or files)", async () => {
      const cartel = { bytes: await png(), nombre: "c.png" };
      const CALLS: { metodo: string; ruta: string; cuerpo: () => FormData | object }[] = [
        {
          metodo: "POST",
          ruta: "/api/gestion/patrocinios",
          cuerpo: () => formulario({ ...campos(), archivoCartel: cartel }),
        },
        {
          metodo: "PATCH",
          ruta: `/api/gestion/patrocinios/${id}`,
          cuerpo: () => formulario({ titulo: "Cambiado", archivoCartel: cartel }),
        },
        { metodo: "DELETE", ruta: `/api/gestion/patrocinios/${id}`, cuerpo: () => ({}) },
        { metodo: "POST", ruta: `/api/gestion/patrocinios/${id}/pausar`, cuerpo: () => ({ pausado: true }) },
        { metodo: "POST", ruta: `/api/gestion/patrocinios/${id}/orden`, cuerpo: () => ({ posicion: 1 }) },
      ];
      const enviar = (c: (typeof CALLS)[number], quien: { token?: string; cookie?: string; origin?: string }) => {
        const cuerpo = c.cuerpo();
        if (cuerpo instanceof FormData) {
          return fetch(`${appUrl()}${c.ruta}`, {
            method: c.metodo,
            body: cuerpo,
            headers: {
              ...(quien.token ? { Authorization: `Bearer ${quien.token}` } : {}),
              ...(quien.cookie ? { Cookie: quien.cookie } : {}),
              ...(quien.origin ? { Origin: quien.origin } : {}),
            },
          }).then(async (r) => ({ status: r.status, body: (await r.json()) as { mensaje?: string } }));
        }
        return call(c.metodo, c.ruta, { body: cuerpo, ...quien });
      };
      const antes = await databaseFingerprint(db(), { ignorar: IGNORAR });
      const archivos = ficheros();
      for (const c of CALLS) {
        const donde = `${c.metodo} ${c.ruta}`;
        const anonima = await enviar(c, {});
        expect([donde, anonima.status, anonima.body.mensaje]).toEqual([donde, 401, mensajes.loginNecesario]);
        const comun = await enviar(c, { token: usuaria.token });
        expect([donde, comun.status, comun.body.mensaje]).toEqual([donde, 404, mensajes.recursoNoEncontrado]);
        const corta = await enviar(c, { token: moderadora.token });
        expect([donde, corta.status, corta.body.mensaje]).toEqual([donde, 403, mensajesGestion.soloAdmin]);
        const ajena = await enviar(c, { cookie: admin.cookie, origin: SITIO_AJENO });
        expect([donde, ajena.status, ajena.body.mensaje]).toEqual([donde, 403, mensajes.origenNoPermitido]);
      }
      expect(await databaseFingerprint(db(), { ignorar: IGNORAR })).toEqual(antes);
      expect(ficheros()).toEqual(archivos);
    });
  });

  it("creates a card, last in the turn, logged; first in the turn it shows on page 1 of a search", async () => {
    const [{ max }] = await query<{ max: number }>(db(), "SELECT coalesce(max(orden), 0)::int AS max FROM patrocinio");
    const t = await crear({ enlaceEmpresa: "https://quesoslaserrana.example/visitas?origen=planazo" });
    expect(t).toMatchObject({
      tipo: "Patrocinado",
      empresa: "Quesos La Serrana",
      enlaceCompany: "https://quesoslaserrana.example/visitas?origen=planazo",
      enlaceEmpresa: "https://quesoslaserrana.example/visitas?origen=planazo",
      titulo: "Quesos artesanos de la sierra",
      descripcion: "Visita la quesería",
    });
    expect(t.archivoCartel?.url).toMatch(/\/patrocinios\/[0-9a-f-]+\/original\.webp$/);
    await expect(query(db(), "SELECT orden, activo FROM patrocinio WHERE id = $1", [t._id])).resolves.toEqual([
      { orden: max + 1, activo: true },
    ]);
    expect(await auditoria(t._id)).toEqual([
      {
        accion: "crear_patrocinio",
        actor_correo: admin.correo,
        motivo: null,
        datos: { empresa: "Quesos La Serrana", titulo: "Quesos artesanos de la sierra" },
      },
    ]);

    expect((await aPrimero(t._id)).status).toBe(200);
    await expect(enLaBusqueda()).resolves.toMatchObject({
      _id: t._id,
      titulo: t.titulo,
      enlaceCompany: t.enlaceEmpresa,
    });
    // The spec's other spelling of the link is read too.
    const r = await enviarFormulario(
      "PATCH",
      `/api/gestion/patrocinios/${t._id}`,
      formulario({ enlaceCompany: "https://quesoslaserrana.example" }),
      admin.token,
    );
    expect([r.status, r.body.mensaje, (r.body.patrocinio as Tarjeta).enlaceEmpresa]).toEqual([
      200,
      mensajesGestion.patrocinioGuardado,
      "https://quesoslaserrana.example",
    ]);
  });

  it("refuses a bad card in Spanish, in the rules' order, and writes nothing: no row, no file", async () => {
    const antes = await databaseFingerprint(db(), { ignorar: IGNORAR });
    const archivos = ficheros();
    const cartel = { bytes: await png(), nombre: "c.png" };
    const CASOS: [
      Record<string, string | { bytes: Buffer; nombre: string; tipo?: string } | undefined>,
      number,
      string,
    ][] = [
      [{ ...campos(), archivoCartel: undefined }, 400, mensajesGestion.patrocinioObligatorios],
      [{ ...campos({ empresa: "  " }), archivoCartel: cartel }, 400, mensajesGestion.patrocinioObligatorios],
      [
        { ...campos({ enlaceEmpresa: "javascript:alert(1)" }), archivoCartel: cartel },
        400,
        mensajesGestion.patrocinioEnlace,
      ],
      [
        { ...campos({ enlaceEmpresa: "quesos.example" }), archivoCartel: cartel },
        400,
        mensajesGestion.patrocinioEnlace,
      ],
      [{ ...campos({ titulo: "x".repeat(51) }), archivoCartel: cartel }, 400, mensajesGestion.patrocinioLargo],
      [{ ...campos({ descripcion: "x".repeat(301) }), archivoCartel: cartel }, 400, mensajesGestion.patrocinioLargo],
      [{ ...campos({ activoDesde: "2026-02-30" }), archivoCartel: cartel }, 400, mensajesGestion.patrocinioDia],
      [{ ...campos({ activoHasta: "mañana" }), archivoCartel: cartel }, 400, mensajesGestion.patrocinioDia],
      [
        { ...campos({ activoDesde: dia(5), activoHasta: dia(4) }), archivoCartel: cartel },
        400,
        mensajesGestion.patrocinioFechas,
      ],
      [{ ...campos({ titulo: "Con\u0000nulo" }), archivoCartel: cartel }, 400, mensajes.datosNoValidos],
      [
        { ...campos(), archivoCartel: { bytes: Buffer.from("<svg/>"), nombre: "c.svg", tipo: "image/svg+xml" } },
        415,
        mensajes.imagenTipo,
      ],
    ];
    for (const [c, status, mensaje] of CASOS) {
      const r = await enviarFormulario("POST", "/api/gestion/patrocinios", formulario(c), admin.token);
      expect([JSON.stringify(c).slice(0, 120), r.status, r.body.mensaje]).toEqual([
        JSON.stringify(c).slice(0, 120),
        status,
        mensaje,
      ]);
    }
    expect(await databaseFingerprint(db(), { ignorar: IGNORAR })).toEqual(antes);
    expect(ficheros()).toEqual(archivos);

    const otro = await crear({ titulo: "Tarjeta que no cambia" });
    const antesDeCambiar = await query(db(), "SELECT * FROM patrocinio WHERE id = $1", [otro._id]);
    const malo = await enviarFormulario(
      "PATCH",
      `/api/gestion/patrocinios/${otro._id}`,
      formulario({ titulo: "", archivoCartel: cartel }),
      admin.token,
    );
    expect([malo.status, malo.body.mensaje]).toEqual([400, mensajesGestion.patrocinioObligatoriosActualizar]);
    await expect(query(db(), "SELECT * FROM patrocinio WHERE id = $1", [otro._id])).resolves.toEqual(antesDeCambiar);
    const nadie = await enviarFormulario(
      "PATCH",
      `/api/gestion/patrocinios/${NO_EXISTE}`,
      formulario({ titulo: "Nada", archivoCartel: cartel }),
      admin.token,
    );
    expect([nadie.status, nadie.body.mensaje]).toEqual([404, mensajesGestion.patrocinioNoEncontrado]);
  });

  it("edits a card: the fields sent replace its own, a new poster replaces the old files, nothing sent changes nothing", async () => {
    const t = await crear({ titulo: "Antes de editar" });
    const [{ variantes: viejas }] = await query<{ variantes: Record<string, string> }>(
      db(),
      "SELECT a.variantes FROM patrocinio s JOIN archivo a ON a.id = s.archivo_cartel_id WHERE s.id = $1",
      [t._id],
    );
    for (const key of Object.values(viejas)) expect(existsSync(path.join(worker().storageDir, key))).toBe(true);
    const r = await enviarFormulario(
      "PATCH",
      `/api/gestion/patrocinios/${t._id}`,
      formulario({
        titulo: "Después de editar",
        activoHasta: dia(30),
        archivoCartel: { bytes: await png(400, 300), nombre: "nuevo.png" },
      }),
      admin.token,
    );
    expect([r.status, r.body.mensaje]).toEqual([200, mensajesGestion.patrocinioGuardado]);
    expect(r.body.patrocinio).toMatchObject({
      titulo: "Después de editar",
      empresa: "Quesos La Serrana",
      descripcion: "Visita la quesería",
    });
    expect((r.body.patrocinio as Tarjeta).archivoCartel?.url).not.toBe(t.archivoCartel?.url);
    for (const key of Object.values(viejas)) expect(existsSync(path.join(worker().storageDir, key))).toBe(false);
    await expect(
      query(db(), "SELECT to_char(activo_hasta, 'YYYY-MM-DD') AS hasta FROM patrocinio WHERE id = $1", [t._id]),
    ).resolves.toEqual([{ hasta: dia(30) }]);

    const igual = await enviarFormulario(
      "PATCH",
      `/api/gestion/patrocinios/${t._id}`,
      formulario({ titulo: "Después de editar" }),
      admin.token,
    );
    expect([igual.status, igual.body.mensaje]).toEqual([200, mensajesGestion.patrocinioSinCambios]);
    expect((await auditoria(t._id)).map((a) => [a.accion, a.datos.cambios])).toEqual([
      ["crear_patrocinio", undefined],
      ["editar_patrocinio", ["titulo", "activoHasta", "cartel"]],
      ["editar_patrocinio", []],
    ]);
  });

  it("pauses once when two admins pause at once (two log rows), takes it off the search, and resumes it", async () => {
    const t = await crear({ titulo: "Tarjeta en pausa" });
    await aPrimero(t._id);
    await expect(enLaBusqueda()).resolves.toMatchObject({ _id: t._id });
    const [a, b] = await Promise.all([
      call("POST", `/api/gestion/patrocinios/${t._id}/pausar`, { body: { pausado: true }, token: admin.token }),
      call("POST", `/api/gestion/patrocinios/${t._id}/pausar`, {
        body: { pausado: true, motivo: "Impago" },
        token: admin.token,
      }),
    ]);
    expect([a.status, b.status]).toEqual([200, 200]);
    expect([a.body.mensaje, b.body.mensaje].sort()).toEqual(
      [mensajesGestion.patrocinioPausado, mensajesGestion.patrocinioYaPausado].sort(),
    );
    expect(
      (await auditoria(t._id))
        .filter((f) => f.accion === "pausar_patrocinio")
        .map((f) => f.datos.cambio)
        .sort(),
    ).toEqual([false, true]);
    expect((await enLaBusqueda())?._id).not.toBe(t._id);
    const sigue = await call("POST", `/api/gestion/patrocinios/${t._id}/pausar`, {
      body: { pausado: false },
      token: admin.token,
    });
    expect([sigue.status, sigue.body.mensaje]).toEqual([200, mensajesGestion.patrocinioReanudado]);
    await expect(enLaBusqueda()).resolves.toMatchObject({ _id: t._id });
    const mal = await call("POST", `/api/gestion/patrocinios/${t._id}/pausar`, {
      body: { pausado: "sí" },
      token: admin.token,
    });
    expect([mal.status, mal.body.mensaje]).toEqual([400, mensajes.datosNoValidos]);
    const nadie = await call("POST", `/api/gestion/patrocinios/${NO_EXISTE}/pausar`, {
      body: { pausado: true },
      token: admin.token,
    });
    expect([nadie.status, nadie.body.mensaje]).toEqual([404, mensajesGestion.patrocinioNoEncontrado]);
  });

  it("shows a card only on its days (Madrid, both included), and keys remembered searches on the next day it changes", async () => {
    const t = await crear({ titulo: "Tarjeta con fechas", activoDesde: dia(1) });
    await aPrimero(t._id);
    expect((await enLaBusqueda())?._id).not.toBe(t._id);
    // Tomorrow at 00:00 in Madrid it starts by itself: the memo key of every search changes then.
    const manana = sumarDias(hoy(), 1);
    const [{ cambio }] = await prisma.$queryRaw<{ cambio: Date }[]>`SELECT ${PROXIMO_CAMBIO_PATROCINIOS} AS cambio`;
    expect(cambio).toEqual(instanteEnMadrid(manana, "00:00"));

    for (const [desde, hasta, sale] of [
      [dia(0), "", true],
      ["", dia(0), true],
      [dia(-3), dia(-1), false],
      [dia(-3), dia(3), true],
      [dia(1), dia(3), false],
    ] as const) {
      const r = await enviarFormulario(
        "PATCH",
        `/api/gestion/patrocinios/${t._id}`,
        formulario({ activoDesde: desde, activoHasta: hasta }),
        admin.token,
      );
      expect(r.status).toBe(200);
      expect([desde, hasta, (await enLaBusqueda())?._id === t._id]).toEqual([desde, hasta, sale]);
    }
  });

  it("moves a card to a turn, the others closing up; the pages of a search take the active cards in that order", async () => {
    const [a, b, c] = [
      await crear({ titulo: "Turno A" }),
      await crear({ titulo: "Turno B" }),
      await crear({ titulo: "Turno C" }),
    ];
    const orden = async () =>
      (await query<{ id: string }>(db(), "SELECT id FROM patrocinio ORDER BY orden, id"))
        .map((f) => f.id)
        .filter((id) => [a._id, b._id, c._id].includes(id));
    await expect(orden()).resolves.toEqual([a._id, b._id, c._id]);
    const r = await aPrimero(c._id);
    expect([r.status, r.body.mensaje, r.body.posicion]).toEqual([
      200,
      conDatos(mensajesGestion.patrocinioOrden, { n: "1" }),
      1,
    ]);
    await expect(orden()).resolves.toEqual([c._id, a._id, b._id]);
    const otraVez = await aPrimero(c._id);
    expect([otraVez.status, otraVez.body.mensaje, otraVez.body.cambio]).toEqual([
      200,
      conDatos(mensajesGestion.patrocinioYaEnOrden, { n: "1" }),
      false,
    ]);
    const alFinal = await call("POST", `/api/gestion/patrocinios/${c._id}/orden`, {
      body: { posicion: 9999 },
      token: admin.token,
    });
    const [{ total }] = await query<{ total: number }>(db(), "SELECT count(*)::int AS total FROM patrocinio");
    expect([alFinal.status, alFinal.body.posicion]).toEqual([200, total]);
    await expect(orden()).resolves.toEqual([a._id, b._id, c._id]);
    for (const malo of [{ posicion: 0 }, { posicion: "primero" }, {}]) {
      const m = await call("POST", `/api/gestion/patrocinios/${c._id}/orden`, { body: malo, token: admin.token });
      expect([m.status, m.body.mensaje]).toEqual([400, mensajes.datosNoValidos]);
    }
    // The active cards take turns by page, in order.
    await aPrimero(b._id);
    await aPrimero(a._id);
    const activas = await query<{ id: string }>(
      db(),
      "SELECT s.id FROM patrocinio s WHERE s.activo AND (s.activo_desde IS NULL OR s.activo_desde <= (now() AT TIME ZONE 'Europe/Madrid')::date) AND (s.activo_hasta IS NULL OR s.activo_hasta >= (now() AT TIME ZONE 'Europe/Madrid')::date) ORDER BY orden, id",
    );
    expect(activas.slice(0, 2).map((f) => f.id)).toEqual([a._id, b._id]);
    await expect(patrocinioDeLaPagina(1)).resolves.toMatchObject({ _id: a._id });
    await expect(patrocinioDeLaPagina(2)).resolves.toMatchObject({ _id: b._id });
    await expect(patrocinioDeLaPagina(activas.length + 1)).resolves.toMatchObject({ _id: a._id });
  });

  it("deletes a card with its poster's row and files; a second delete says so, an unknown id is 404", async () => {
    const t = await crear({ titulo: "Tarjeta que se borra" });
    const [{ archivo, variantes }] = await query<{ archivo: string; variantes: Record<string, string> }>(
      db(),
      "SELECT a.id AS archivo, a.variantes FROM patrocinio s JOIN archivo a ON a.id = s.archivo_cartel_id WHERE s.id = $1",
      [t._id],
    );
    const [uno, dos] = await Promise.all([
      call("DELETE", `/api/gestion/patrocinios/${t._id}`, { body: { motivo: "Fin del contrato" }, token: admin.token }),
      call("DELETE", `/api/gestion/patrocinios/${t._id}`, { token: admin.token }),
    ]);
    expect([uno.status, dos.status]).toEqual([200, 200]);
    expect([uno.body.mensaje, dos.body.mensaje].sort()).toEqual(
      [mensajesGestion.patrocinioBorrado, mensajesGestion.patrocinioYaBorrado].sort(),
    );
    await expect(
      query(db(), "SELECT 1 FROM patrocinio WHERE id = $1 UNION ALL SELECT 1 FROM archivo WHERE id = $2", [
        t._id,
        archivo,
      ]),
    ).resolves.toEqual([]);
    for (const key of Object.values(variantes)) expect(existsSync(path.join(worker().storageDir, key))).toBe(false);
    expect(
      (await auditoria(t._id))
        .filter((f) => f.accion === "borrar_patrocinio")
        .map((f) => f.datos.cambio)
        .sort(),
    ).toEqual([false, true]);
    const nadie = await call("DELETE", `/api/gestion/patrocinios/${NO_EXISTE}`, { token: admin.token });
    expect([nadie.status, nadie.body.mensaje]).toEqual([404, mensajesGestion.patrocinioNoEncontrado]);
    const raro = await call("DELETE", "/api/gestion/patrocinios/no-es-un-id", { token: admin.token });
    expect(raro.status).toBe(404);
  });
});

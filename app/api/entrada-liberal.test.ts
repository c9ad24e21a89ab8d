import { describe, expect, it } from "vitest";
import { api } from "@/test-support/api";
import { query } from "@/test-support/database";
import { camposEvento, camposOrganizacion, enviarFormulario, formulario, png } from "@/test-support/forms";
import { peticion } from "@/test-support/hostile";
import { freshOrigin, insertPlan, insertUser } from "@/test-support/plans";
import { confirmedUser } from "@/test-support/users";
import { mensajes } from "@/lib/messages";

const db = () => process.env.DATABASE_URL!;
const CATALOGO = new Set<string>(Object.values(mensajes));

/** What a FormData holds for an empty field in the original web client and in the apps. */
const VACIOS = ["undefined", "null", ""] as const;

const cartel = async () => ({ bytes: await png(), nombre: "cartel.png" });

describe("empty optional fields as the existing clients send them", () => {
  it("publishes a plan whose optional fields came as 'undefined', 'null' or '', storing no value for them", async () => {
    const u = await confirmedUser();
    for (const vacio of VACIOS) {
      const form = formulario({
        ...camposEvento(),
        organizacionId: vacio,
        precio: vacio,
        emailContacto: vacio,
        telefonoContacto: vacio,
        descripcion: vacio,
        archivoCartel: await cartel(),
      });
      const r = await enviarFormulario("POST", "/api/plan", form, u.token);
      expect(r.status, `${vacio}: ${JSON.stringify(r.body)}`).toBe(201);
      const plan = r.body.plan as { _id: string };
      expect(plan, vacio).toMatchObject({
        organizacionId: null,
        organizacion: null,
        precio: null,
        emailContacto: null,
        telefonoContacto: null,
        descripcion: "",
      });
      const [row] = await query(
        db(),
        "SELECT organizacion_id, precio, email_contacto, telefono_contacto, descripcion FROM plan WHERE id = $1",
        [plan._id],
      );
      expect(row, vacio).toEqual({
        organizacion_id: null,
        precio: null,
        email_contacto: null,
        telefono_contacto: null,
        descripcion: "",
      });
    }
  });

  it("publishes an experience whose fechaInicio and fechaFin came as 'undefined' or 'null'", async () => {
    const u = await confirmedUser();
    for (const vacio of VACIOS) {
      const form = formulario({
        ...camposEvento(),
        tipo: "experiencia",
        fechaInicio: vacio,
        fechaFin: vacio,
        horariosDisponibles: JSON.stringify([{ diaSemana: 6, horaInicio: "10:00", horaFin: "12:00" }]),
        archivoCartel: await cartel(),
      });
      const r = await enviarFormulario("POST", "/api/plan", form, u.token);
      expect(r.status, `${vacio}: ${JSON.stringify(r.body)}`).toBe(201);
      expect(r.body.plan, vacio).toMatchObject({ fechaInicio: null, fechaFin: null });
    }
  });

  it("updates a plan with 'undefined' and 'null' in its optional fields as if they were empty", async () => {
    const u = await confirmedUser();
    const creado = await enviarFormulario(
      "POST",
      "/api/plan",
      formulario({ ...camposEvento(), archivoCartel: await cartel() }),
      u.token,
    );
    const id = (creado.body.plan as { _id: string })._id;
    const r = await enviarFormulario(
      "PATCH",
      `/api/plan/${id}`,
      formulario({
        titulo: "Verbena sin precio",
        organizacionId: "undefined",
        precio: "undefined",
        emailContacto: "null",
        telefonoContacto: "undefined",
        descripcion: "null",
      }),
      u.token,
    );
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.plan).toMatchObject({
      titulo: "Verbena sin precio",
      organizacionId: null,
      precio: null,
      emailContacto: null,
      telefonoContacto: null,
      descripcion: "",
    });
    const [row] = await query(
      db(),
      "SELECT precio, email_contacto, telefono_contacto, descripcion FROM plan WHERE id = $1",
      [id],
    );
    expect(row).toEqual({ precio: null, email_contacto: null, telefono_contacto: null, descripcion: "" });
  });

  it("creates and updates an organization whose optional fields came as 'undefined' or 'null'", async () => {
    const u = await confirmedUser();
    const logo = { bytes: await png(100, 100), nombre: "logo.png" };
    const creada = await enviarFormulario(
      "POST",
      "/api/organizacion",
      formulario({
        ...camposOrganizacion(),
        direccion: "Calle Mayor 3",
        telefonoContacto: "undefined",
        descripcion: "null",
        archivoLogo: logo,
      }),
      u.token,
    );
    expect(creada.status, JSON.stringify(creada.body)).toBe(201);
    expect(creada.body.organizacion).toMatchObject({ telefonoContacto: null, descripcion: null });
    const id = (creada.body.organizacion as { _id: string })._id;

    await query(
      db(),
      "UPDATE organizacion SET descripcion = 'Peña de amigos', telefono_contacto = '600' WHERE id = $1",
      [id],
    );
    const act = await enviarFormulario(
      "PATCH",
      `/api/organizacion/${id}`,
      formulario({
        ...camposOrganizacion(),
        telefonoContacto: "undefined",
        descripcion: "undefined",
      }),
      u.token,
    );
    expect(act.status, JSON.stringify(act.body)).toBe(200);
    // The description, like an empty one, is left as it was (spec §7: sent only when not empty).
    expect(act.body.organizacion).toMatchObject({ telefonoContacto: null, descripcion: "Peña de amigos" });
    const [row] = await query(db(), "SELECT telefono_contacto, descripcion FROM organizacion WHERE id = $1", [id]);
    expect(row).toEqual({ telefono_contacto: null, descripcion: "Peña de amigos" });
  });
});

describe("GET /api/plan as the existing clients call it", () => {
  it("reads categorias=Todos as every category, like Otros", async () => {
    const usuarioId = await insertUser();
    const origin = await freshOrigin();
    await insertPlan({ usuarioId, origin, categorias: ["Deporte"] });
    await insertPlan({ usuarioId, origin, categorias: ["Cultura"] });
    for (const categorias of ["Todos", "Otros", "Todos,Deporte"]) {
      const res = await api(
        `/api/plan?${new URLSearchParams({ lat: String(origin.lat), lng: String(origin.lng), categorias })}`,
      );
      expect(res.status, categorias).toBe(200);
      expect((await res.json()).total, categorias).toBe(2);
    }
  });

  it("clamps a limit above 30 to 30 instead of refusing it", async () => {
    const usuarioId = await insertUser();
    const origin = await freshOrigin();
    for (let i = 0; i < 32; i++) await insertPlan({ usuarioId, origin, distanciaM: 1000 + i * 10 });
    for (const limit of ["31", "100", "1000000"]) {
      const res = await api(`/api/plan?lat=${origin.lat}&lng=${origin.lng}&limit=${limit}`);
      expect(res.status, limit).toBe(200);
      const body = await res.json();
      expect(body.total, limit).toBe(32);
      expect(body.planes, limit).toHaveLength(30);
    }
  });

  it("refuses coordinates written with a decimal comma with the Spanish message", async () => {
    for (const coords of [
      "lat=40,41&lng=-1,44",
      "lat=40,41&lng=-1.44",
      "lat=40.41&lng=-1,44",
      "lat=40,41",
      "lng=-1,44&municipio=Teruel",
    ]) {
      const r = await peticion("GET", `/api/plan?${coords}`);
      expect(r.status, coords).toBe(400);
      expect(r.body, coords).toEqual({ mensaje: mensajes.coordenadasNoValidas });
    }
  });
});

describe("answers to JSON of the wrong types", () => {
  it("answers every call with a message of the Spanish catalogue, never zod's English defaults", async () => {
    const u = await confirmedUser();
    const llamadas: [string, string, string | undefined][] = [
      ["POST", "/api/usuario/login-google", undefined],
      ["POST", "/api/usuario/register", undefined],
      ["POST", "/api/usuario/login", undefined],
      ["POST", "/api/usuario/restablecer-password", undefined],
      ["PATCH", "/api/usuario/restablecer-password/no-es-un-token", undefined],
      ["POST", "/api/usuario/reenviar-confirmacion", undefined],
      ["PATCH", "/api/usuario/cambiar-datos", u.token],
      ["PATCH", "/api/usuario/recordatorios", u.token],
      ["POST", "/api/plan/reportar-plan", undefined],
      ["POST", "/api/emailDestacado", u.token],
      ["POST", "/api/emailEurona", undefined],
    ];
    const cuerpos: unknown[] = [
      null,
      42,
      "texto",
      [],
      [null],
      {},
      { id_token: "x".repeat(20), platform: 42 },
      { correo: null, password: null, nombre: null },
      { correo: 42, passwordPerfilActual: null, passwordPerfilNueva: ["x"] },
      { passwordNueva: {}, passwordConfirm: 1 },
      { recordatorios: "sí" },
      { recordatorios: null },
      { titulo: null, urlPlan: 7, urlArchivo: {} },
      { telefono: "600 000 000", idUser: 5, origen: {}, nombre: null },
      { telefono: "600 000 000", idUser: [], origen: true },
      { nombre: 42, telefono: null },
    ];
    for (const [metodo, ruta, token] of llamadas) {
      // Log-in reads any wrong field as an empty address, which the limiter counts per address:
      // objects there would only use up the empty address's attempts that other tests need.
      const aqui =
        ruta === "/api/usuario/login"
          ? cuerpos.filter((c) => typeof c !== "object" || c === null || Array.isArray(c))
          : cuerpos;
      for (const json of aqui) {
        const r = await peticion(metodo, ruta, { token, cuerpo: { json } });
        const detalle = `${metodo} ${ruta} ${JSON.stringify(json)} → ${r.status} ${r.texto.slice(0, 160)}`;
        expect.soft(r.status, detalle).toBeLessThan(500);
        if (r.status >= 400)
          expect.soft(CATALOGO.has((r.body as { mensaje?: string } | null)?.mensaje ?? ""), detalle).toBe(true);
      }
    }
  }, 60_000);
});

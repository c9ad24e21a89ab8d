import { existsSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { query } from "@/test-support/database";
import { camposEvento, enviarFormulario, formulario, png } from "@/test-support/forms";
import { call, confirmedUser } from "@/test-support/users";
import { mensajes } from "@/lib/messages";
import { CABECERA_IDIOMA } from "@/lib/idiomas";
import { DESCRIPCION_MAX } from "@/lib/plans/input";
import { appUrl, worker } from "@/test-support/worker";

const db = () => process.env.DATABASE_URL!;
const DAY = 86_400_000;

async function evento(
  extra: Record<string, string | undefined> = {},
  cartel?: { bytes: Buffer; nombre: string; tipo?: string } | null,
) {
  return formulario({
    ...camposEvento(),
    ...extra,
    ...(cartel === null ? {} : { archivoCartel: cartel ?? { bytes: await png(), nombre: "cartel.png" } }),
  });
}

const storageFile = (key: string) => path.join(worker().storageDir, key);
const archivoCount = async () => (await query<{ n: number }>(db(), "SELECT count(*)::int AS n FROM archivo"))[0].n;

describe("POST /api/plan", () => {
  it("publishes an event with its poster re-encoded into variants, and answers the documented shape", async () => {
    const u = await confirmedUser();
    const r = await enviarFormulario("POST", "/api/plan", await evento(), u.token);
    expect(r.status).toBe(201);
    expect(r.body.mensaje).toBe(mensajes.planPublicado);
    const plan = r.body.plan as Record<string, unknown> & { archivoCartel: Record<string, unknown>; _id: string };
    expect(plan).toMatchObject({
      titulo: "Verbena de las fiestas",
      tipo: "evento",
      precio: 12.5,
      municipio: "Albarracín",
      usuario: u.id,
      categorias: ["Fiesta", "Fiestas de pueblo"],
      emailContacto: "fiestas@example.com",
      organizacion: null,
      ubicacion: { type: "Point", coordinates: [-1.4443, 40.4079] },
    });
    expect(plan.archivoCartel).toMatchObject({
      contentType: "image/webp",
      width: 64,
      height: 48,
      md5sum: expect.stringMatching(/^[0-9a-f]{32}$/),
    });
    const url = new URL(plan.archivoCartel.url as string);
    const img = await fetch(`${appUrl()}${url.pathname}`);
    expect(img.status).toBe(200);
    expect(img.headers.get("content-type")).toBe("image/webp");
    expect(img.headers.get("cache-control")).toContain("immutable");
    const [row] = await query<{ municipio_ine: string; variantes: Record<string, string> }>(
      db(),
      "SELECT p.municipio_ine, a.variantes FROM plan p JOIN archivo a ON a.id = p.archivo_cartel_id WHERE p.id = $1",
      [plan._id],
    );
    expect(row.municipio_ine).toBe("44009");
    for (const key of Object.values(row.variantes)) expect(existsSync(storageFile(key)), key).toBe(true);
  });

  it("publishes an experience with its weekly slots", async () => {
    const u = await confirmedUser();
    const form = await evento({
      tipo: "experiencia",
      fechaInicio: undefined,
      fechaFin: undefined,
      horariosDisponibles: JSON.stringify([
        { diaSemana: 6, horaInicio: "10:00", horaFin: "12:30" },
        { diaSemana: 0, horaInicio: "10:00", horaFin: "12:30" },
      ]),
    });
    const r = await enviarFormulario("POST", "/api/plan", form, u.token);
    expect(r.status).toBe(201);
    expect((r.body.plan as { horariosDisponibles: unknown[] }).horariosDisponibles).toEqual([
      { diaSemana: 6, horaInicio: "10:00", horaFin: "12:30" },
      { diaSemana: 0, horaInicio: "10:00", horaFin: "12:30" },
    ]);
  });

  it("checks the rules of spec §5 in order, with their messages", async () => {
    const u = await confirmedUser();
    const ahora = Date.now();
    const iso = (ms: number) => new Date(ms).toISOString();
    const cases: [Record<string, string | undefined>, string, boolean?][] = [
      [{ tipo: "" }, mensajes.tipoObligatorio],
      [{ ubicacion: "" }, mensajes.ubicacionFalta],
      [{ ubicacion: JSON.stringify({ type: "Point", coordinates: [40.4, 200] }) }, mensajes.ubicacionFalta],
      [{ ubicacion: "{roto" }, mensajes.ubicacionFalta],
      [{ titulo: "" }, mensajes.todosObligatorios],
      [{}, mensajes.todosObligatorios, true],
      [{ titulo: "x".repeat(51) }, mensajes.tituloLargo],
      [{ fechaFin: "" }, mensajes.fechaFinFalta],
      [{ fechaInicio: "" }, mensajes.fechaInicioFalta],
      [{ fechaInicio: iso(ahora + 3 * DAY), fechaFin: iso(ahora + 2 * DAY) }, mensajes.fechaInicioPosterior],
      [{ fechaInicio: iso(ahora - 5 * DAY), fechaFin: iso(ahora - 2 * DAY) }, mensajes.fechaFinPasadaEvento],
      [{ fechaInicio: iso(ahora + DAY), fechaFin: iso(ahora + 62 * DAY) }, mensajes.duracionMaxima],
      [{ tipo: "experiencia", horariosDisponibles: "[]" }, mensajes.horariosFaltan],
      [
        {
          tipo: "experiencia",
          horariosDisponibles: JSON.stringify([{ diaSemana: 1, horaInicio: "12:00", horaFin: "10:00" }]),
        },
        mensajes.horaFinAnterior,
      ],
      [
        {
          tipo: "experiencia",
          horariosDisponibles: JSON.stringify([{ diaSemana: 9, horaInicio: "10:00", horaFin: "12:00" }]),
        },
        mensajes.horariosFaltan,
      ],
      [{ precio: "-1" }, mensajes.precioNoValido],
      [{ precio: "3.456" }, mensajes.precioNoValido],
      [{ telefonoContacto: "6".repeat(51) }, mensajes.campoLargo],
      [{ categorias: "Fiesta,Botellón" }, mensajes.categoriaNoValida],
      [{ titulo: "Con\u0000nulo" }, "El título tiene caracteres que no se pueden guardar."],
      // A field the spec has no message for is named.
      [{ enlaceWebExterior: "javascript:alert(document.cookie)" }, "El enlace web no es válido."],
      [{ direccion: "x".repeat(201) }, "La dirección es demasiado larga."],
    ];
    const antes = await archivoCount();
    for (const [extra, mensaje, sinCartel] of cases) {
      const r = await enviarFormulario("POST", "/api/plan", await evento(extra, sinCartel ? null : undefined), u.token);
      expect(r, JSON.stringify(extra)).toEqual({ status: 400, body: { mensaje } });
    }
    expect(await archivoCount()).toBe(antes);
    expect(await call("GET", "/api/plan/planesUsuario", { token: u.token })).toMatchObject({ status: 204 });
  });

  it("refuses a poster that is not PNG or JPEG by content, or larger than 10 MB, leaving nothing behind", async () => {
    const u = await confirmedUser();
    const antes = await archivoCount();
    const texto = { bytes: Buffer.from("esto no es una imagen, aunque se llame .png"), nombre: "cartel.png" };
    const gif = {
      bytes: Buffer.from(
        "GIF89a\x01\x00\x01\x00\x80\x00\x00\xff\xff\xff\x00\x00\x00!\xf9\x04\x01\x00\x00\x00\x00,\x00\x00\x00\x00\x01\x00\x01\x00\x00\x02\x02D\x01\x00;",
        "latin1",
      ),
      nombre: "cartel.gif",
      tipo: "image/gif",
    };
    const grande = { bytes: Buffer.concat([await png(), Buffer.alloc(12 * 1024 * 1024)]), nombre: "enorme.png" };
    expect(await enviarFormulario("POST", "/api/plan", await evento({}, texto), u.token)).toEqual({
      status: 415,
      body: { mensaje: mensajes.imagenTipo },
    });
    expect(await enviarFormulario("POST", "/api/plan", await evento({}, gif), u.token)).toEqual({
      status: 415,
      body: { mensaje: mensajes.imagenTipo },
    });
    expect(await enviarFormulario("POST", "/api/plan", await evento({}, grande), u.token)).toEqual({
      status: 413,
      body: { mensaje: mensajes.imagenGrande },
    });
    expect(await archivoCount()).toBe(antes);
  });

  it("counts each line break of the description once, as the form's textarea does", async () => {
    const u = await confirmedUser();
    // Multipart sends each line break as CRLF; the textarea counted it as one character.
    const descripcion = "Una línea del programa.\n".repeat(DESCRIPCION_MAX).slice(0, DESCRIPCION_MAX - 1) + ".";
    expect(descripcion).toHaveLength(DESCRIPCION_MAX);
    const r = await enviarFormulario("POST", "/api/plan", await evento({ descripcion }), u.token);
    expect(r.status).toBe(201);
    expect((r.body.plan as { descripcion: string }).descripcion).toBe(descripcion);
    const largo = await enviarFormulario(
      "POST",
      "/api/plan",
      await evento({ descripcion: `${descripcion}x` }),
      u.token,
    );
    expect(largo).toMatchObject({ status: 400, body: { mensaje: "La descripción es demasiado larga." } });
  });

  it("keeps the language its text is written in and the publisher's translations, shown to each reader", async () => {
    const u = await confirmedUser();
    const textos = JSON.stringify({
      es: { titulo: "Concierto en la plaza", descripcion: "Con la banda del pueblo." },
      eu: { titulo: "" },
      fr: { titulo: "Concert sur la place" },
      ca: { titulo: "Repetido en su idioma" },
    });
    const { status, body } = await enviarFormulario(
      "POST",
      "/api/plan",
      await evento({ titulo: "Concert a la plaça", idioma: "ca", textos }),
      u.token,
    );
    expect(status).toBe(201);
    const plan = body.plan as { _id: string; titulo: string };
    // The API answers the plan as written; its other language is kept beside it.
    expect(plan.titulo).toBe("Concert a la plaça");
    const fila = async () =>
      (
        await query<{ idioma: string; textos: unknown }>(db(), "SELECT idioma, textos FROM plan WHERE id = $1", [
          plan._id,
        ])
      )[0];
    expect(await fila()).toEqual({
      idioma: "ca",
      textos: { es: { titulo: "Concierto en la plaza", descripcion: "Con la banda del pueblo." } },
    });
    const ruta = (await call("GET", `/api/plan/detalle/${plan._id}`)).body.urlPlan as string;
    const pagina = async (prefijo: string) => (await fetch(`${appUrl()}${prefijo}${new URL(ruta).pathname}`)).text();
    expect(await pagina("")).toContain("Concierto en la plaza");
    expect(await pagina("/ca")).toContain("Concert a la plaça");

    // A translation too long is refused, naming the field; an edit's translations replace them all.
    const larga = JSON.stringify({ eu: { titulo: "x".repeat(51) } });
    expect(await enviarFormulario("PATCH", `/api/plan/${plan._id}`, formulario({ textos: larga }), u.token)).toEqual({
      status: 400,
      body: { mensaje: "El título es demasiado largo." },
    });
    // From the site's edit form in Basque: the message and the field's name in Basque.
    expect(
      await enviarFormulario("PATCH", `/api/plan/${plan._id}`, formulario({ textos: larga }), u.token, appUrl(), {
        [CABECERA_IDIOMA]: "eu",
      }),
    ).toEqual({ status: 400, body: { mensaje: "Izenburua luzeegia da." } });
    const r = await enviarFormulario("PATCH", `/api/plan/${plan._id}`, formulario({ textos: "" }), u.token);
    expect(r.status).toBe(200);
    expect((await fila()).textos).toEqual({});
  });

  it("needs a login, and an organization of the user's own", async () => {
    const u = await confirmedUser();
    const otra = await confirmedUser();
    const [org] = await query<{ id: string }>(
      db(),
      "INSERT INTO organizacion (nombre, direccion, email_contacto, usuario_id) VALUES ('Ajena', 'Calle 1', 'a@example.com', $1) RETURNING id",
      [otra.id],
    );
    expect((await enviarFormulario("POST", "/api/plan", await evento())).status).toBe(401);
    expect(await enviarFormulario("POST", "/api/plan", await evento({ organizacionId: org.id }), u.token)).toEqual({
      status: 403,
      body: { mensaje: mensajes.organizacionAjena },
    });
  });
});

describe("PATCH and DELETE /api/plan/{id}", () => {
  it("lets only the owner change or delete a plan; others change nothing", async () => {
    const owner = await confirmedUser();
    const other = await confirmedUser();
    const { body } = await enviarFormulario("POST", "/api/plan", await evento(), owner.token);
    const plan = body.plan as { _id: string; titulo: string };
    const snapshot = async () =>
      (
        await query(db(), "SELECT titulo, fecha_actualizacion, archivo_cartel_id FROM plan WHERE id = $1", [plan._id])
      )[0];
    const before = await snapshot();

    const cambio = formulario({ titulo: "Hackeado" });
    expect(await enviarFormulario("PATCH", `/api/plan/${plan._id}`, cambio, other.token)).toEqual({
      status: 403,
      body: { mensaje: mensajes.planAjeno },
    });
    expect((await enviarFormulario("PATCH", `/api/plan/${plan._id}`, formulario({ titulo: "Hackeado" }))).status).toBe(
      401,
    );
    expect(await call("DELETE", `/api/plan/${plan._id}`, { token: other.token })).toMatchObject({
      status: 403,
      body: { mensaje: mensajes.planAjeno },
    });
    expect((await call("DELETE", `/api/plan/${plan._id}`)).status).toBe(401);
    expect(await snapshot()).toEqual(before);
    expect(
      (await call("DELETE", "/api/plan/00000000-0000-0000-0000-000000000000", { token: owner.token })).status,
    ).toBe(404);
  });

  it("updates fields, replaces the poster (old files removed after the commit) and deletes everything", async () => {
    const u = await confirmedUser();
    const { body } = await enviarFormulario("POST", "/api/plan", await evento(), u.token);
    const id = (body.plan as { _id: string })._id;
    const viejo = (
      await query<{ variantes: Record<string, string> }>(
        db(),
        "SELECT a.variantes FROM plan p JOIN archivo a ON a.id = p.archivo_cartel_id WHERE p.id = $1",
        [id],
      )
    )[0].variantes;

    // The web form omits the contact fields when its contact switch is off: they are cleared.
    const r = await enviarFormulario(
      "PATCH",
      `/api/plan/${id}`,
      formulario({ titulo: "Verbena renovada", archivoCartel: { bytes: await png(80, 60), nombre: "nuevo.png" } }),
      u.token,
    );
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({
      mensaje: mensajes.planActualizado,
      plan: {
        titulo: "Verbena renovada",
        emailContacto: null,
        telefonoContacto: null,
        archivoCartel: { width: 80, height: 60 },
      },
    });
    for (const key of Object.values(viejo)) expect(existsSync(storageFile(key)), key).toBe(false);
    expect(await enviarFormulario("PATCH", `/api/plan/${id}`, formulario({ titulo: "" }), u.token)).toEqual({
      status: 400,
      body: { mensaje: mensajes.tituloObligatorio },
    });
    const pasado = formulario({
      fechaInicio: new Date(Date.now() - 5 * DAY).toISOString(),
      fechaFin: new Date(Date.now() - 3 * DAY).toISOString(),
    });
    expect(await enviarFormulario("PATCH", `/api/plan/${id}`, pasado, u.token)).toEqual({
      status: 400,
      body: { mensaje: mensajes.fechaFinPasadaPlan },
    });

    const nuevo = (
      await query<{ variantes: Record<string, string> }>(
        db(),
        "SELECT a.variantes FROM plan p JOIN archivo a ON a.id = p.archivo_cartel_id WHERE p.id = $1",
        [id],
      )
    )[0].variantes;
    expect(await call("DELETE", `/api/plan/${id}`, { token: u.token })).toMatchObject({
      status: 200,
      body: { mensaje: mensajes.planEliminado },
    });
    expect((await call("GET", `/api/plan/detalle/${id}`)).status).toBe(404);
    for (const key of Object.values(nuevo)) expect(existsSync(storageFile(key)), key).toBe(false);
    expect((await query(db(), "SELECT 1 FROM archivo WHERE path = $1", [nuevo.original])).length).toBe(0);
  });
});

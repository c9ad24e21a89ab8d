import { createECDH, randomBytes } from "node:crypto";
import { existsSync } from "node:fs";
import { request } from "node:http";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { query } from "@/test-support/database";
import { camposEvento, camposOrganizacion, formulario, png } from "@/test-support/forms";
import { jpegBomba, pngBomba, peticion, type Cuerpo, type Respuesta } from "@/test-support/hostile";
import { persona, type Persona } from "@/test-support/gestion";
import { freshOrigin, insertPlan } from "@/test-support/plans";
import { archivosDeRuta } from "@/test-support/rutas";
import { databaseFingerprint, storageListing } from "@/test-support/snapshot";
import { call, confirmedUser, uniqueEmail } from "@/test-support/users";
import { cookieDe } from "@/test-support/cookies";
import { mensajesAvisos } from "@/lib/avisos/mensajes";
import { mensajesFuentes } from "@/lib/fuentes/mensajes";
import { mensajesGestion } from "@/lib/mensajes-gestion";
import { mensajes } from "@/lib/messages";
import { CABECERAS_DE_SEGURIDAD } from "@/lib/security";
import { worker } from "@/test-support/worker";

const db = () => process.env.DATABASE_URL!;
/** The Spanish catalogue: the home's messages and those of the domains these calls belong to. */
const CATALOGO = new Set<string>(
  [mensajes, mensajesAvisos, mensajesFuentes, mensajesGestion]
    .flatMap((m) => Object.values(m))
    .filter((m): m is string => typeof m === "string"),
);
/** The catalogue's messages with {placeholders} (conDatos), as patterns. */
const PLANTILLAS = [...CATALOGO]
  .filter((m) => /\{\w+\}/.test(m))
  .map((m) => new RegExp(`^${m.replace(/[.*+?^$()|[\]\\]/g, "\\$&").replace(/\{\w+\}/g, ".+")}$`));
const enCatalogo = (m: string) => CATALOGO.has(m) || PLANTILLAS.some((p) => p.test(m));
const DIEZ_MB = "x".repeat(10 * 1024 * 1024);
const SQL = "1' OR '1'='1'; DROP TABLE plan; --";
const NO_EXISTE = "00000000-0000-4000-8000-000000000000";
const NO_UUID = "no-es-un-id";
const SQL_ID = encodeURIComponent("' OR 1=1; DELETE FROM plan; --");
const SITIO_AJENO = "https://sitio-malicioso.example";
const CERCA = "lng=-1.4443&lat=40.4079";
const CONTROLES = { nulo: "\u0000", salto: "\r\n", bidi: "\u202e" } as const;
/** What no web address may carry either: those, and a C1 control (NEL). */
const CONTROLES_DE_ENLACE = { ...CONTROLES, c1: "\u0085" } as const;
/** A dynamic part of an address that is not percent-encoded UTF-8. */
const MAL_CODIFICADO = "%FF";
const enc = encodeURIComponent;

/**
 * What "the database is unchanged" leaves out, and why:
 * - limite_peticiones: rate-limit counters count attempts, the refused ones too, by design;
 * - spatial_ref_sys: PostGIS's own reference data;
 * - email_outbox is compared on what was queued only: the delivery columns (sent_at, attempts,
 *   last_error, next_attempt_at) of the test users' confirmation e-mails move on in the background.
 * busqueda_version_parte stays in: a trigger moves the search version on at any write a search could
 * see, so it must not move.
 */
const HUELLA = {
  ignorar: ["limite_peticiones", "spatial_ref_sys"],
  columnas: { email_outbox: ["id", "to", "subject", "text", "html", "created_at"] },
} as const;

type Quien = "dueña" | "otra" | "anónima" | "cookie de la dueña desde otro sitio" | "token inventado" | "admin";
type Archivo = { bytes: Buffer; nombre: string; tipo?: string };
type Campos = Record<string, string | Archivo | undefined>;

interface Caso {
  nombre: string;
  metodo: "GET" | "POST" | "PATCH" | "DELETE";
  ruta: string;
  /** Who sends it; the owner of the test data unless told. */
  quien?: Quien;
  cuerpo?: () => Cuerpo | Promise<Cuerpo>;
  status: number;
  /** The exact message, when the rule that refuses it is known. */
  mensaje?: string;
}

describe("hostile input to the API", () => {
  let duena: Awaited<ReturnType<typeof confirmedUser>>;
  let otra: Awaited<ReturnType<typeof confirmedUser>>;
  let admin: Persona;
  let cookieDuena: string;
  /** The owner's plan, hidden plan and organization, and the other user's organization. */
  let planId: string;
  let ocultoId: string;
  let orgId: string;
  let orgAjenaId: string;
  let PNG: Buffer;
  let antes: { base: Awaited<ReturnType<typeof databaseFingerprint>>; almacen: string[] };

  const cartel = (): Archivo => ({ bytes: PNG, nombre: "cartel.png" });
  const plan = (extra: Campos = {}): Cuerpo => ({
    form: formulario({ ...camposEvento(), archivoCartel: cartel(), ...extra }),
  });
  const org = (extra: Campos = {}): Cuerpo => ({
    form: formulario({ ...camposOrganizacion(), archivoLogo: { bytes: PNG, nombre: "logo.png" }, ...extra }),
  });
  const form = (campos: Campos): Cuerpo => ({ form: formulario(campos) });
  const json = (v: unknown): Cuerpo => ({ json: v });
  const crudo = (texto: string | Buffer, tipo = "application/json"): Cuerpo => ({ crudo: texto, tipo });
  const FRONTERA = "----planazo-hostil";
  const multipart = (texto: string): Cuerpo => crudo(texto, `multipart/form-data; boundary=${FRONTERA}`);
  const ubicacion = (v: unknown) => plan({ ubicacion: typeof v === "string" ? v : JSON.stringify(v) });
  /** A browser's push keys (RFC 8291): a P-256 point and a 16-byte secret. */
  const clavesPush = {
    p256dh: createECDH("prime256v1").generateKeys().toString("base64url"),
    auth: randomBytes(16).toString("base64url"),
  };
  const reporte = {
    titulo: "Verbena de las fiestas",
    urlArchivo: "https://planazo.es/media/c.webp",
    urlPlan: `https://planazo.es/plan/x/${NO_EXISTE}`,
  };

  function enviar(caso: Pick<Caso, "metodo" | "ruta" | "quien">, cuerpo?: Cuerpo): Promise<Respuesta> {
    const quien = caso.quien ?? "dueña";
    const auth =
      quien === "dueña"
        ? { token: duena.token }
        : quien === "otra"
          ? { token: otra.token }
          : quien === "admin"
            ? { token: admin.token }
            : quien === "cookie de la dueña desde otro sitio"
              ? { cookie: cookieDuena, origin: SITIO_AJENO }
              : quien === "token inventado"
                ? { token: "' OR 1=1 --" }
                : {};
    return peticion(caso.metodo, caso.ruta, { ...auth, cuerpo });
  }

  beforeAll(async () => {
    PNG = await png();
    [duena, otra, admin] = await Promise.all([
      confirmedUser("Dueña Prueba"),
      confirmedUser("Otra Prueba"),
      persona("Admin Prueba", "admin"),
    ]);
    const login = await call("POST", "/api/usuario/login", {
      body: { correo: duena.correo, password: duena.password },
    });
    cookieDuena = cookieDe(login.setCookie);

    const publicado = await enviar({ metodo: "POST", ruta: "/api/plan" }, plan());
    expect(publicado.status).toBe(201);
    planId = (publicado.body as { plan: { _id: string } }).plan._id;
    ocultoId = await insertPlan({
      usuarioId: duena.id,
      origin: await freshOrigin(),
      titulo: "Plan oculto",
      visible: false,
    });
    const creada = await enviar({ metodo: "POST", ruta: "/api/organizacion" }, org());
    expect(creada.status).toBe(201);
    orgId = (creada.body as { organizacion: { _id: string } }).organizacion._id;
    [{ id: orgAjenaId }] = await query<{ id: string }>(
      db(),
      "INSERT INTO organizacion (nombre, direccion, email_contacto, usuario_id) VALUES ('Ajena', 'Calle 1', 'a@example.com', $1) RETURNING id",
      [otra.id],
    );
    expect((await enviar({ metodo: "POST", ruta: `/api/plan/agregar-plan-favorito/${planId}` })).status).toBe(200);

    antes = { base: await databaseFingerprint(db(), HUELLA), almacen: await storageListing(worker().storageDir) };
    expect(antes.almacen.length).toBeGreaterThan(0);
  });

  /** Every input here must be refused with a 4xx and a Spanish `{ mensaje }`, and write nothing. */
  function rechazados(): Caso[] {
    const camposPlan = [
      "titulo",
      "descripcion",
      "tipo",
      "categorias",
      "direccion",
      "municipio",
      "ubicacion",
      "fechaInicio",
      "fechaFin",
      "horariosDisponibles",
      "precio",
      "organizacionId",
      "emailContacto",
      "telefonoContacto",
      "enlaceWebExterior",
    ] as const;
    const porCampoPlan: Record<(typeof camposPlan)[number], string> = {
      titulo: mensajes.tituloLargo,
      descripcion: "La descripción es demasiado larga.",
      tipo: mensajes.tipoObligatorio,
      categorias: mensajes.categoriaNoValida,
      direccion: "La dirección es demasiado larga.",
      municipio: "El municipio es demasiado largo.",
      ubicacion: mensajes.ubicacionFalta,
      fechaInicio: mensajes.fechaInicioFalta,
      fechaFin: mensajes.fechaFinFalta,
      horariosDisponibles: mensajes.horariosFaltan,
      precio: mensajes.precioNoValido,
      organizacionId: mensajes.organizacionAjena,
      emailContacto: mensajes.campoLargo,
      telefonoContacto: mensajes.campoLargo,
      enlaceWebExterior: mensajes.enlaceWebNoValido,
    };
    const porCampoOrg = {
      nombre: mensajes.campoLargo,
      direccion: mensajes.campoLargo,
      emailContacto: mensajes.correoFormato,
      telefonoContacto: mensajes.campoLargo,
      descripcion: mensajes.datosNoValidos,
    };
    const grande = (ruta: string, campos: Record<string, string>, quien?: Quien): Caso[] =>
      Object.keys(campos).map((k) => ({
        nombre: `10 MB in ${k} of ${ruta}`,
        metodo: "POST",
        ruta,
        quien,
        status: 413,
        mensaje: mensajes.datosDemasiadoGrandes,
        cuerpo: () => json({ ...campos, [k]: DIEZ_MB }),
      }));
    const experiencia = (horarios: string) =>
      plan({ tipo: "experiencia", fechaInicio: undefined, fechaFin: undefined, horariosDisponibles: horarios });
    const horario = { diaSemana: 6, horaInicio: "10:00", horaFin: "12:30" };
    const html = Buffer.from("<!doctype html><html><body><script>alert(document.cookie)</script></body></html>");
    const svg = Buffer.from(
      '<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><script>alert(document.cookie)</script></svg>',
    );
    const pngConHtml = Buffer.concat([PNG.subarray(0, 8), html]);
    const gif = Buffer.from(
      "GIF89a\x01\x00\x01\x00\x80\x00\x00\xff\xff\xff\x00\x00\x00!\xf9\x04\x01\x00\x00\x00\x00,\x00\x00\x00\x00\x01\x00\x01\x00\x00\x02\x02D\x01\x00;",
      "latin1",
    );
    const sinSesion = (
      nombre: string,
      metodo: Caso["metodo"],
      ruta: string,
      quien: Quien = "anónima",
      cuerpo?: () => Cuerpo,
    ): Caso => ({ nombre, metodo, ruta, quien, cuerpo, status: 401, mensaje: mensajes.loginNecesario });
    const sinLogin: Caso[] = [
      sinSesion("publish a plan without a session", "POST", "/api/plan", "anónima", () => plan()),
      sinSesion("store a draft's poster without a session", "POST", "/api/plan/cartel-temporal", "anónima", () =>
        form({ archivoCartel: cartel() }),
      ),
      sinSesion("create an organization without a session", "POST", "/api/organizacion", "anónima", () => org()),
      sinSesion("list my plans without a session", "GET", "/api/plan/planesUsuario"),
      sinSesion("list saved plans without a session", "GET", "/api/plan/planesFavoritos"),
      sinSesion("list my organizations without a session", "GET", "/api/organizacion/organizaciones-usuario"),
      sinSesion("delete the account without a session", "DELETE", "/api/usuario"),
      sinSesion("change the name without a session", "PATCH", "/api/usuario/cambiar-datos", "anónima", () =>
        json({ nombre: "Intrusa" }),
      ),
      sinSesion("delete the account with an invented token", "DELETE", "/api/usuario", "token inventado"),
    ];

    /** The owner / other user / anonymous matrix of every mutating call (the owner's own cells run after the snapshot). */
    const matriz: Caso[] = [];
    const celdas: [Quien, number, string][] = [
      ["otra", 403, ""],
      ["anónima", 401, mensajes.loginNecesario],
      ["token inventado", 401, mensajes.loginNecesario],
      ["cookie de la dueña desde otro sitio", 403, mensajes.origenNoPermitido],
    ];
    const llamadas: { nombre: string; metodo: Caso["metodo"]; ruta: string; ajeno: string; cuerpo?: () => Cuerpo }[] = [
      {
        nombre: "PATCH the owner's plan",
        metodo: "PATCH",
        ruta: `/api/plan/${planId}`,
        ajeno: mensajes.planAjeno,
        cuerpo: () => form({ titulo: "Hackeado" }),
      },
      { nombre: "DELETE the owner's plan", metodo: "DELETE", ruta: `/api/plan/${planId}`, ajeno: mensajes.planAjeno },
      {
        nombre: "PATCH the owner's organization",
        metodo: "PATCH",
        ruta: `/api/organizacion/${orgId}`,
        ajeno: mensajes.orgAjena,
        cuerpo: () => form({ nombre: "Hackeada" }),
      },
      {
        nombre: "DELETE the owner's organization",
        metodo: "DELETE",
        ruta: `/api/organizacion/${orgId}`,
        ajeno: mensajes.orgAjena,
      },
      {
        nombre: "ask to feature the owner's plan",
        metodo: "POST",
        ruta: "/api/emailDestacado",
        ajeno: mensajes.planAjeno,
        cuerpo: () => json({ telefono: "600 000 333", nombrePlan: "Verbena", idPlan: planId }),
      },
    ];
    for (const l of llamadas) {
      for (const [quien, status, mensaje] of celdas) {
        matriz.push({
          nombre: `${l.nombre} as ${quien}`,
          metodo: l.metodo,
          ruta: l.ruta,
          quien,
          status,
          mensaje: mensaje || l.ajeno,
          cuerpo: l.cuerpo,
        });
      }
    }
    matriz.push(
      {
        nombre: "PATCH the owner's hidden plan as the other user",
        metodo: "PATCH",
        ruta: `/api/plan/${ocultoId}`,
        quien: "otra",
        cuerpo: () => form({ titulo: "Hackeado" }),
        status: 403,
        mensaje: mensajes.planAjeno,
      },
      {
        nombre: "DELETE the owner's hidden plan as the other user",
        metodo: "DELETE",
        ruta: `/api/plan/${ocultoId}`,
        quien: "otra",
        status: 403,
        mensaje: mensajes.planAjeno,
      },
      {
        nombre: "save the owner's hidden plan as the other user",
        metodo: "POST",
        ruta: `/api/plan/agregar-plan-favorito/${ocultoId}`,
        quien: "otra",
        status: 404,
        mensaje: mensajes.planNoEncontrado,
      },
      {
        nombre: "save a plan without a session",
        metodo: "POST",
        ruta: `/api/plan/agregar-plan-favorito/${planId}`,
        quien: "anónima",
        status: 401,
        mensaje: mensajes.loginNecesario,
      },
      {
        nombre: "remove a saved plan without a session",
        metodo: "PATCH",
        ruta: `/api/plan/eliminar-plan-favorito/${planId}`,
        quien: "anónima",
        status: 401,
        mensaje: mensajes.loginNecesario,
      },
      {
        nombre: "remove a saved plan with a cookie from another site",
        metodo: "PATCH",
        ruta: `/api/plan/eliminar-plan-favorito/${planId}`,
        quien: "cookie de la dueña desde otro sitio",
        status: 403,
        mensaje: mensajes.origenNoPermitido,
      },
      {
        nombre: "publish with the other user's organization",
        metodo: "POST",
        ruta: "/api/plan",
        cuerpo: () => plan({ organizacionId: orgAjenaId }),
        status: 403,
        mensaje: mensajes.organizacionAjena,
      },
      {
        nombre: "move the owner's plan to the other user's organization",
        metodo: "PATCH",
        ruta: `/api/plan/${planId}`,
        cuerpo: () => form({ organizacionId: orgAjenaId }),
        status: 403,
        mensaje: mensajes.organizacionAjena,
      },
      {
        nombre: "publish with an organization that does not exist",
        metodo: "POST",
        ruta: "/api/plan",
        cuerpo: () => plan({ organizacionId: NO_EXISTE }),
        status: 403,
        mensaje: mensajes.organizacionAjena,
      },
      {
        nombre: "publish with an organization id that is not a UUID",
        metodo: "POST",
        ruta: "/api/plan",
        cuerpo: () => plan({ organizacionId: SQL }),
        status: 400,
        mensaje: mensajes.organizacionAjena,
      },
    );
    for (const [id, nombre] of [
      [NO_EXISTE, "an unknown id"],
      [NO_UUID, "a non-UUID id"],
      [SQL_ID, "an SQL-looking id"],
    ] as const) {
      matriz.push(
        {
          nombre: `PATCH a plan with ${nombre}`,
          metodo: "PATCH",
          ruta: `/api/plan/${id}`,
          cuerpo: () => form({ titulo: "Nuevo" }),
          status: 404,
          mensaje: mensajes.planNoEncontrado,
        },
        {
          nombre: `DELETE a plan with ${nombre}`,
          metodo: "DELETE",
          ruta: `/api/plan/${id}`,
          status: 404,
          mensaje: mensajes.planNoEncontrado,
        },
        {
          nombre: `PATCH an organization with ${nombre}`,
          metodo: "PATCH",
          ruta: `/api/organizacion/${id}`,
          cuerpo: () => form({ nombre: "Nueva" }),
          status: 404,
          mensaje: mensajes.orgNoEncontrada,
        },
        {
          nombre: `DELETE an organization with ${nombre}`,
          metodo: "DELETE",
          ruta: `/api/organizacion/${id}`,
          status: 404,
          mensaje: mensajes.orgNoEncontrada,
        },
        {
          nombre: `save a plan with ${nombre}`,
          metodo: "POST",
          ruta: `/api/plan/agregar-plan-favorito/${id}`,
          status: 404,
          mensaje: mensajes.planNoEncontrado,
        },
        {
          nombre: `read a plan with ${nombre}`,
          metodo: "GET",
          ruta: `/api/plan/detalle/${id}`,
          quien: "anónima",
          status: 404,
          mensaje: mensajes.planNoEncontrado,
        },
        {
          nombre: `read an organization with ${nombre}`,
          metodo: "GET",
          ruta: `/api/organizacion/detalle/${id}`,
          quien: "anónima",
          status: 404,
          mensaje: mensajes.orgNoEncontrada,
        },
        {
          nombre: `ask to feature a plan with ${nombre}`,
          metodo: "POST",
          ruta: "/api/emailDestacado",
          cuerpo: () => json({ telefono: "600 000 333", idPlan: decodeURIComponent(id) }),
          status: 404,
          mensaje: mensajes.planNoEncontrado,
        },
      );
    }
    matriz.push(
      {
        nombre: "remove a saved plan with a non-UUID id",
        metodo: "PATCH",
        ruta: `/api/plan/eliminar-plan-favorito/${NO_UUID}`,
        status: 404,
        mensaje: mensajes.planNoEncontrado,
      },
      {
        nombre: "read the owner's hidden plan",
        metodo: "GET",
        ruta: `/api/plan/detalle/${ocultoId}`,
        quien: "otra",
        status: 404,
        mensaje: mensajes.planNoEncontrado,
      },
    );

    return [
      // Malformed JSON
      {
        nombre: "report: JSON cut short",
        metodo: "POST",
        ruta: "/api/plan/reportar-plan",
        quien: "anónima",
        cuerpo: () => crudo('{"titulo":'),
        status: 400,
        mensaje: mensajes.datosNoValidos,
      },
      {
        nombre: "feature: JSON with a trailing comma",
        metodo: "POST",
        ruta: "/api/emailDestacado",
        cuerpo: () => crudo('{"telefono":"600",}'),
        status: 400,
        mensaje: mensajes.datosNoValidos,
      },
      {
        nombre: "satellite lead: not JSON at all",
        metodo: "POST",
        ruta: "/api/emailEurona",
        quien: "anónima",
        cuerpo: () => crudo("nombre=Ana&telefono=600"),
        status: 400,
        mensaje: mensajes.datosNoValidos,
      },
      {
        nombre: "register: single-quoted JSON",
        metodo: "POST",
        ruta: "/api/usuario/register",
        quien: "anónima",
        cuerpo: () => crudo("{'nombre':'Ana'}"),
        status: 400,
        mensaje: mensajes.datosNoValidos,
      },
      {
        nombre: "login: JSON with a comment",
        metodo: "POST",
        ruta: "/api/usuario/login",
        quien: "anónima",
        cuerpo: () => crudo('{"correo":"a@b.es" /* , "admin": true */}'),
        status: 400,
        mensaje: mensajes.datosNoValidos,
      },
      {
        nombre: "report: JSON null",
        metodo: "POST",
        ruta: "/api/plan/reportar-plan",
        quien: "anónima",
        cuerpo: () => crudo("null"),
        status: 400,
        mensaje: mensajes.reporteNoValido,
      },
      {
        nombre: "report: a JSON array",
        metodo: "POST",
        ruta: "/api/plan/reportar-plan",
        quien: "anónima",
        cuerpo: () => crudo("[]"),
        status: 400,
        mensaje: mensajes.reporteNoValido,
      },
      {
        nombre: "satellite lead: a JSON string",
        metodo: "POST",
        ruta: "/api/emailEurona",
        quien: "anónima",
        cuerpo: () => crudo('"600 000 000"'),
        status: 400,
        mensaje: mensajes.euronaTelefono,
      },
      {
        nombre: "feature: a JSON number",
        metodo: "POST",
        ruta: "/api/emailDestacado",
        cuerpo: () => crudo("42"),
        status: 400,
        mensaje: mensajes.destacadoTelefono,
      },
      {
        nombre: "report: fields of the wrong type",
        metodo: "POST",
        ruta: "/api/plan/reportar-plan",
        quien: "anónima",
        cuerpo: () => json({ titulo: "Plan", urlPlan: { $gt: "" }, urlArchivo: 5 }),
        status: 400,
        mensaje: mensajes.reporteNoValido,
      },
      {
        nombre: "feature: fields of the wrong type",
        metodo: "POST",
        ruta: "/api/emailDestacado",
        cuerpo: () => json({ telefono: "600", nombre: ["Ana"], nombrePlan: { x: 1 } }),
        status: 400,
        mensaje: mensajes.datosNoValidos,
      },
      {
        nombre: "satellite lead: a phone that is an array",
        metodo: "POST",
        ruta: "/api/emailEurona",
        quien: "anónima",
        cuerpo: () => json({ telefono: ["600"] }),
        status: 400,
        mensaje: mensajes.euronaTelefono,
      },
      {
        nombre: "satellite lead: JSON nested 10,000 deep",
        metodo: "POST",
        ruta: "/api/emailEurona",
        quien: "anónima",
        cuerpo: () => crudo(`${"[".repeat(10_000)}${"]".repeat(10_000)}`),
        status: 400,
        mensaje: mensajes.euronaTelefono,
      },

      // Malformed multipart
      {
        nombre: "plan: multipart without a boundary",
        metodo: "POST",
        ruta: "/api/plan",
        cuerpo: () => crudo("titulo=Hola", "multipart/form-data"),
        status: 400,
        mensaje: mensajes.datosNoValidos,
      },
      {
        nombre: "plan: multipart cut off before its closing boundary",
        metodo: "POST",
        ruta: "/api/plan",
        status: 400,
        mensaje: mensajes.datosNoValidos,
        cuerpo: () =>
          multipart(
            `--${FRONTERA}\r\nContent-Disposition: form-data; name="titulo"\r\n\r\nHola\r\n--${FRONTERA}\r\nContent-Disposition: form-data; name="archivoCartel"; filename="c.png"\r\nContent-Type: image/png\r\n\r\n\x89PNG`,
          ),
      },
      {
        nombre: "plan: multipart whose part has no headers",
        metodo: "POST",
        ruta: "/api/plan",
        cuerpo: () => multipart(`--${FRONTERA}\r\n\r\nsin cabeceras\r\n--${FRONTERA}--\r\n`),
        status: 400,
      },
      {
        nombre: "plan: JSON sent where multipart is expected",
        metodo: "POST",
        ruta: "/api/plan",
        cuerpo: () => json(camposEvento()),
        status: 400,
        mensaje: mensajes.datosNoValidos,
      },
      {
        nombre: "plan: an empty body",
        metodo: "POST",
        ruta: "/api/plan",
        status: 400,
        mensaje: mensajes.datosNoValidos,
      },
      {
        nombre: "plan: an url-encoded form without a poster",
        metodo: "POST",
        ruta: "/api/plan",
        cuerpo: () => crudo(new URLSearchParams(camposEvento()).toString(), "application/x-www-form-urlencoded"),
        status: 400,
        mensaje: mensajes.todosObligatorios,
      },
      {
        nombre: "plan PATCH: multipart garbage",
        metodo: "PATCH",
        ruta: `/api/plan/${planId}`,
        cuerpo: () => multipart("\u0000\u0001basura"),
        status: 400,
        mensaje: mensajes.datosNoValidos,
      },
      {
        nombre: "organization: text/plain body",
        metodo: "POST",
        ruta: "/api/organizacion",
        cuerpo: () => crudo("nombre=Peña", "text/plain"),
        status: 400,
        mensaje: mensajes.datosNoValidos,
      },
      {
        nombre: "organization PATCH: multipart cut off",
        metodo: "PATCH",
        ruta: `/api/organizacion/${orgId}`,
        cuerpo: () => multipart(`--${FRONTERA}\r\nContent-Disposition: form-data; name="nombre"\r\n\r\nPeña`),
        status: 400,
        mensaje: mensajes.datosNoValidos,
      },
      {
        nombre: "plan: an 11 MB multipart body",
        metodo: "POST",
        ruta: "/api/plan",
        cuerpo: () =>
          plan({
            archivoCartel: { bytes: Buffer.concat([PNG, Buffer.alloc(11 * 1024 * 1024)]), nombre: "enorme.png" },
          }),
        status: 413,
        mensaje: mensajes.imagenGrande,
      },

      // Missing and extra fields
      {
        nombre: "plan: no tipo, with an owner of its choice",
        metodo: "POST",
        ruta: "/api/plan",
        cuerpo: () => plan({ tipo: undefined, usuarioId: otra.id, usuario: otra.id }),
        status: 400,
        mensaje: mensajes.tipoObligatorio,
      },
      {
        nombre: "plan: no ubicacion",
        metodo: "POST",
        ruta: "/api/plan",
        cuerpo: () => plan({ ubicacion: undefined }),
        status: 400,
        mensaje: mensajes.ubicacionFalta,
      },
      {
        nombre: "plan: no titulo, featured by itself",
        metodo: "POST",
        ruta: "/api/plan",
        cuerpo: () => plan({ titulo: undefined, destacado: "true" }),
        status: 400,
        mensaje: mensajes.todosObligatorios,
      },
      {
        nombre: "plan: no municipio",
        metodo: "POST",
        ruta: "/api/plan",
        cuerpo: () => plan({ municipio: undefined }),
        status: 400,
        mensaje: mensajes.todosObligatorios,
      },
      {
        nombre: "plan: no poster",
        metodo: "POST",
        ruta: "/api/plan",
        cuerpo: () => plan({ archivoCartel: undefined }),
        status: 400,
        mensaje: mensajes.todosObligatorios,
      },
      {
        nombre: "plan: the poster sent as text",
        metodo: "POST",
        ruta: "/api/plan",
        cuerpo: () => plan({ archivoCartel: "https://example.com/cartel.png" }),
        status: 400,
        mensaje: mensajes.todosObligatorios,
      },
      {
        nombre: "plan: the title sent as a file",
        metodo: "POST",
        ruta: "/api/plan",
        cuerpo: () => plan({ titulo: { bytes: Buffer.from("Título"), nombre: "titulo.txt", tipo: "text/plain" } }),
        status: 400,
        mensaje: mensajes.todosObligatorios,
      },
      {
        nombre: "plan: an event without fechaFin",
        metodo: "POST",
        ruta: "/api/plan",
        cuerpo: () => plan({ fechaFin: undefined }),
        status: 400,
        mensaje: mensajes.fechaFinFalta,
      },
      {
        nombre: "plan: an experience without slots",
        metodo: "POST",
        ruta: "/api/plan",
        cuerpo: () => experiencia(""),
        status: 400,
        mensaje: mensajes.horariosFaltan,
      },
      {
        nombre: "organization: no e-mail",
        metodo: "POST",
        ruta: "/api/organizacion",
        cuerpo: () => org({ emailContacto: undefined, usuarioId: otra.id }),
        status: 400,
        mensaje: mensajes.orgObligatoriosCrear,
      },
      {
        nombre: "organization PATCH: an empty name",
        metodo: "PATCH",
        ruta: `/api/organizacion/${orgId}`,
        cuerpo: () => form({ nombre: "" }),
        status: 400,
        mensaje: mensajes.orgObligatoriosActualizar,
      },
      {
        nombre: "report: no urlPlan, with a plan and reporter of its choice",
        metodo: "POST",
        ruta: "/api/plan/reportar-plan",
        quien: "anónima",
        cuerpo: () => json({ titulo: "Plan", planId, usuarioId: otra.id }),
        status: 400,
        mensaje: mensajes.reporteNoValido,
      },
      {
        nombre: "report: a urlPlan that is not a web address",
        metodo: "POST",
        ruta: "/api/plan/reportar-plan",
        quien: "anónima",
        cuerpo: () => json({ ...reporte, urlPlan: "javascript:alert(1)" }),
        status: 400,
        mensaje: mensajes.reporteNoValido,
      },
      {
        nombre: "feature: no phone, for another user",
        metodo: "POST",
        ruta: "/api/emailDestacado",
        cuerpo: () => json({ nombrePlan: "Verbena", idUser: otra.id, correo: otra.correo }),
        status: 400,
        mensaje: mensajes.destacadoTelefono,
      },
      {
        nombre: "satellite lead: no phone",
        metodo: "POST",
        ruta: "/api/emailEurona",
        quien: "anónima",
        cuerpo: () => json({ nombre: "Ana", admin: true }),
        status: 400,
        mensaje: mensajes.euronaTelefono,
      },
      {
        nombre: "search: no place at all",
        metodo: "GET",
        ruta: "/api/plan?radio=10&usuarioId=x",
        quien: "anónima",
        status: 400,
        mensaje: mensajes.ubicacionObligatoria,
      },
      {
        nombre: "search: lat without lng",
        metodo: "GET",
        ruta: "/api/plan?lat=40.4",
        quien: "anónima",
        status: 400,
        mensaje: mensajes.coordenadasNoValidas,
      },
      {
        nombre: "search: a start date without an end",
        metodo: "GET",
        ruta: `/api/plan?${CERCA}&fechaInicioFiltro=2030-01-01T00:00:00.000Z`,
        quien: "anónima",
        status: 400,
        mensaje: mensajes.fechasFiltroNoValidas,
      },
      {
        nombre: "geocode: no q",
        metodo: "GET",
        ruta: "/api/geocode?limit=3",
        quien: "anónima",
        status: 400,
        mensaje: mensajes.geocodeTextoObligatorio,
      },
      {
        nombre: "geocode: a blank q",
        metodo: "GET",
        ruta: "/api/geocode?q=%20%20%20",
        quien: "anónima",
        status: 400,
        mensaje: mensajes.geocodeTextoObligatorio,
      },

      // 10 MB strings in every text field
      ...camposPlan.map((k): Caso => ({
        nombre: `plan: 10 MB in ${k}`,
        metodo: "POST",
        ruta: "/api/plan",
        cuerpo: () => plan({ [k]: DIEZ_MB }),
        status: 400,
        mensaje: porCampoPlan[k],
      })),
      {
        nombre: "plan PATCH: 10 MB in titulo",
        metodo: "PATCH",
        ruta: `/api/plan/${planId}`,
        cuerpo: () => form({ titulo: DIEZ_MB }),
        status: 400,
        mensaje: mensajes.tituloLargo,
      },
      {
        nombre: "plan PATCH: 10 MB in descripcion",
        metodo: "PATCH",
        ruta: `/api/plan/${planId}`,
        cuerpo: () => form({ descripcion: DIEZ_MB }),
        status: 400,
        mensaje: "La descripción es demasiado larga.",
      },
      ...Object.entries(porCampoOrg).map(([k, mensaje]): Caso => ({
        nombre: `organization: 10 MB in ${k}`,
        metodo: "POST",
        ruta: "/api/organizacion",
        cuerpo: () => org({ [k]: DIEZ_MB }),
        status: 400,
        mensaje,
      })),
      {
        nombre: "organization PATCH: 10 MB in nombre",
        metodo: "PATCH",
        ruta: `/api/organizacion/${orgId}`,
        cuerpo: () => form({ nombre: DIEZ_MB }),
        status: 400,
        mensaje: mensajes.campoLargo,
      },
      ...grande("/api/plan/reportar-plan", reporte, "anónima"),
      ...grande("/api/emailDestacado", {
        telefono: "600 000 333",
        nombre: "Ana",
        nombrePlan: "Verbena",
        idPlan: planId,
      }),
      ...grande("/api/emailEurona", { nombre: "Ana", telefono: "600 000 444" }, "anónima"),
      ...grande(
        "/api/usuario/register",
        { nombre: "Ana", correo: "ana@example.com", password: "contraseña-segura" },
        "anónima",
      ),
      ...grande("/api/usuario/login", { correo: "ana@example.com", password: "contraseña-segura" }, "anónima"),
      ...grande("/api/usuario/restablecer-password", { correo: "ana@example.com" }, "anónima"),
      {
        nombre: "account: 10 MB in nombre",
        metodo: "PATCH",
        ruta: "/api/usuario/cambiar-datos",
        cuerpo: () => json({ nombre: DIEZ_MB }),
        status: 413,
        mensaje: mensajes.datosDemasiadoGrandes,
      },
      {
        nombre: "search: a 5,000-character municipio",
        metodo: "GET",
        ruta: `/api/plan?municipio=${"m".repeat(5000)}`,
        quien: "anónima",
        status: 400,
        mensaje: mensajes.coordenadasNoValidas,
      },
      {
        nombre: "geocode: a 5,000-character q",
        metodo: "GET",
        ruta: `/api/geocode?q=${"m".repeat(5000)}`,
        quien: "anónima",
        status: 400,
        mensaje: mensajes.geocodeTextoLargo,
      },

      // 51-character titles and names
      {
        nombre: "plan: a 51-character title",
        metodo: "POST",
        ruta: "/api/plan",
        cuerpo: () => plan({ titulo: "t".repeat(51) }),
        status: 400,
        mensaje: mensajes.tituloLargo,
      },
      {
        nombre: "plan: a 51-character title of ñ",
        metodo: "POST",
        ruta: "/api/plan",
        cuerpo: () => plan({ titulo: "ñ".repeat(51) }),
        status: 400,
        mensaje: mensajes.tituloLargo,
      },
      {
        nombre: "plan PATCH: a 51-character title",
        metodo: "PATCH",
        ruta: `/api/plan/${planId}`,
        cuerpo: () => form({ titulo: "t".repeat(51) }),
        status: 400,
        mensaje: mensajes.tituloLargo,
      },
      {
        nombre: "organization: a 51-character name",
        metodo: "POST",
        ruta: "/api/organizacion",
        cuerpo: () => org({ nombre: "n".repeat(51) }),
        status: 400,
        mensaje: mensajes.campoLargo,
      },
      {
        nombre: "organization PATCH: a 51-character name",
        metodo: "PATCH",
        ruta: `/api/organizacion/${orgId}`,
        cuerpo: () => form({ nombre: "n".repeat(51) }),
        status: 400,
        mensaje: mensajes.campoLargo,
      },
      {
        nombre: "feature: a 51-character plan name",
        metodo: "POST",
        ruta: "/api/emailDestacado",
        cuerpo: () => json({ telefono: "600", nombrePlan: "t".repeat(51) }),
        status: 400,
        mensaje: mensajes.campoLargo,
      },
      {
        nombre: "satellite lead: a 51-character name",
        metodo: "POST",
        ruta: "/api/emailEurona",
        quien: "anónima",
        cuerpo: () => json({ telefono: "600", nombre: "n".repeat(51) }),
        status: 400,
        mensaje: mensajes.campoLargo,
      },

      // Invalid GeoJSON
      {
        nombre: "GeoJSON: [lat, lng] swapped, lat out of range",
        metodo: "POST",
        ruta: "/api/plan",
        cuerpo: () => ubicacion({ type: "Point", coordinates: [-18.1416, 178.4419] }),
        status: 400,
        mensaje: mensajes.ubicacionFalta,
      },
      {
        nombre: "GeoJSON: lat 91",
        metodo: "POST",
        ruta: "/api/plan",
        cuerpo: () => ubicacion({ type: "Point", coordinates: [-1.4443, 91] }),
        status: 400,
        mensaje: mensajes.ubicacionFalta,
      },
      {
        nombre: "GeoJSON: lng -180.5",
        metodo: "POST",
        ruta: "/api/plan",
        cuerpo: () => ubicacion({ type: "Point", coordinates: [-180.5, 40.4] }),
        status: 400,
        mensaje: mensajes.ubicacionFalta,
      },
      {
        nombre: "GeoJSON: coordinates as strings",
        metodo: "POST",
        ruta: "/api/plan",
        cuerpo: () => ubicacion({ type: "Point", coordinates: ["-1.4443", "40.4079"] }),
        status: 400,
        mensaje: mensajes.ubicacionFalta,
      },
      {
        nombre: "GeoJSON: NaN",
        metodo: "POST",
        ruta: "/api/plan",
        cuerpo: () => ubicacion('{"type":"Point","coordinates":[NaN,40.4]}'),
        status: 400,
        mensaje: mensajes.ubicacionFalta,
      },
      {
        nombre: "GeoJSON: 1e999 (Infinity)",
        metodo: "POST",
        ruta: "/api/plan",
        cuerpo: () => ubicacion('{"type":"Point","coordinates":[1e999,40.4]}'),
        status: 400,
        mensaje: mensajes.ubicacionFalta,
      },
      {
        nombre: "GeoJSON: null coordinates",
        metodo: "POST",
        ruta: "/api/plan",
        cuerpo: () => ubicacion({ type: "Point", coordinates: [null, null] }),
        status: 400,
        mensaje: mensajes.ubicacionFalta,
      },
      {
        nombre: "GeoJSON: a Polygon",
        metodo: "POST",
        ruta: "/api/plan",
        cuerpo: () =>
          ubicacion({
            type: "Polygon",
            coordinates: [
              [
                [-1, 40],
                [-1, 41],
                [0, 41],
                [-1, 40],
              ],
            ],
          }),
        status: 400,
        mensaje: mensajes.ubicacionFalta,
      },
      {
        nombre: "GeoJSON: three coordinates",
        metodo: "POST",
        ruta: "/api/plan",
        cuerpo: () => ubicacion({ type: "Point", coordinates: [-1.4443, 40.4079, 1000] }),
        status: 400,
        mensaje: mensajes.ubicacionFalta,
      },
      {
        nombre: "GeoJSON: a bare array",
        metodo: "POST",
        ruta: "/api/plan",
        cuerpo: () => ubicacion([-1.4443, 40.4079]),
        status: 400,
        mensaje: mensajes.ubicacionFalta,
      },
      {
        nombre: "GeoJSON: JSON null",
        metodo: "POST",
        ruta: "/api/plan",
        cuerpo: () => ubicacion("null"),
        status: 400,
        mensaje: mensajes.ubicacionFalta,
      },
      {
        nombre: "GeoJSON: SQL",
        metodo: "POST",
        ruta: "/api/plan",
        cuerpo: () => ubicacion(`POINT(0 0)'); ${SQL}`),
        status: 400,
        mensaje: mensajes.ubicacionFalta,
      },
      {
        nombre: "plan PATCH: GeoJSON with lat and lng swapped",
        metodo: "PATCH",
        ruta: `/api/plan/${planId}`,
        cuerpo: () => form({ ubicacion: JSON.stringify({ type: "Point", coordinates: [-18.1416, 178.4419] }) }),
        status: 400,
        mensaje: mensajes.ubicacionFalta,
      },

      // SQL-looking strings in every query parameter, and out-of-range numbers
      ...(["lng", "lat"] as const).map((k): Caso => ({
        nombre: `search: SQL in ${k}`,
        metodo: "GET",
        ruta: `/api/plan?lng=-1.44&lat=40.4&${k}=${enc(SQL)}`,
        quien: "anónima",
        status: 400,
        mensaje: mensajes.coordenadasNoValidas,
      })),
      {
        nombre: "search: SQL in radio",
        metodo: "GET",
        ruta: `/api/plan?${CERCA}&radio=${enc(`10${SQL}`)}`,
        quien: "anónima",
        status: 400,
        mensaje: mensajes.radioNoValido,
      },
      {
        nombre: "search: SQL in categorias",
        metodo: "GET",
        ruta: `/api/plan?${CERCA}&categorias=${enc(`Fiesta,${SQL}`)}`,
        quien: "anónima",
        status: 400,
        mensaje: mensajes.categoriaNoValida,
      },
      {
        nombre: "search: SQL in page",
        metodo: "GET",
        ruta: `/api/plan?${CERCA}&page=${enc(`1${SQL}`)}`,
        quien: "anónima",
        status: 400,
        mensaje: mensajes.paginaNoValida,
      },
      {
        nombre: "search: SQL in limit",
        metodo: "GET",
        ruta: `/api/plan?${CERCA}&limit=${enc(`30${SQL}`)}`,
        quien: "anónima",
        status: 400,
        mensaje: mensajes.limiteNoValido,
      },
      {
        nombre: "search: SQL in fechaInicioFiltro",
        metodo: "GET",
        ruta: `/api/plan?${CERCA}&fechaInicioFiltro=${enc(`2030-01-01${SQL}`)}&fechaFinFiltro=2030-01-02T00:00:00.000Z`,
        quien: "anónima",
        status: 400,
        mensaje: mensajes.fechasFiltroNoValidas,
      },
      {
        nombre: "search: SQL in fechaFinFiltro",
        metodo: "GET",
        ruta: `/api/plan?${CERCA}&fechaInicioFiltro=2030-01-01T00:00:00.000Z&fechaFinFiltro=${enc(`2030-01-02${SQL}`)}`,
        quien: "anónima",
        status: 400,
        mensaje: mensajes.fechasFiltroNoValidas,
      },
      {
        nombre: "search: SQL in municipio, without coordinates",
        metodo: "GET",
        ruta: `/api/plan?municipio=${enc(SQL)}`,
        quien: "anónima",
        status: 400,
        mensaje: mensajes.ubicacionesNoEncontradas,
      },
      {
        nombre: "geocode: a NUL in q",
        metodo: "GET",
        ruta: "/api/geocode?q=Ter%00uel",
        quien: "anónima",
        status: 400,
        mensaje: mensajes.datosNoValidos,
      },
      {
        nombre: "search: a NUL in municipio",
        metodo: "GET",
        ruta: "/api/plan?municipio=Ter%00uel",
        quien: "anónima",
        status: 400,
        mensaje: mensajes.datosNoValidos,
      },
      {
        nombre: "geocode: SQL in limit",
        metodo: "GET",
        ruta: `/api/geocode?q=Teruel&limit=${enc(`5${SQL}`)}`,
        quien: "anónima",
        status: 400,
        mensaje: mensajes.geocodeLimiteNoValido,
      },
      ...["0", "11", "-1", "1.5"].map((v): Caso => ({
        nombre: `geocode: limit ${v}`,
        metodo: "GET",
        ruta: `/api/geocode?q=Teruel&limit=${v}`,
        quien: "anónima",
        status: 400,
        mensaje: mensajes.geocodeLimiteNoValido,
      })),
      {
        nombre: "search: lng 181",
        metodo: "GET",
        ruta: "/api/plan?lng=181&lat=40",
        quien: "anónima",
        status: 400,
        mensaje: mensajes.coordenadasNoValidas,
      },
      {
        nombre: "search: lat and lng swapped, lat out of range",
        metodo: "GET",
        ruta: "/api/plan?lng=-18.1416&lat=178.4419",
        quien: "anónima",
        status: 400,
        mensaje: mensajes.coordenadasNoValidas,
      },
      {
        nombre: "search: lat NaN",
        metodo: "GET",
        ruta: "/api/plan?lng=-1.44&lat=NaN",
        quien: "anónima",
        status: 400,
        mensaje: mensajes.coordenadasNoValidas,
      },
      ...["-1", "0", "1.5", "1e308", "99999999999999999999", "NaN", "Infinity", "100001"].map((v): Caso => ({
        nombre: `search: page ${v}`,
        metodo: "GET",
        ruta: `/api/plan?${CERCA}&page=${v}`,
        quien: "anónima",
        status: 400,
        mensaje: mensajes.paginaNoValida,
      })),
      ...["0", "-1", "2.5"].map((v): Caso => ({
        nombre: `search: limit ${v}`,
        metodo: "GET",
        ruta: `/api/plan?${CERCA}&limit=${v}`,
        quien: "anónima",
        status: 400,
        mensaje: mensajes.limiteNoValido,
      })),
      ...["51", "-1", "NaN", "Infinity"].map((v): Caso => ({
        nombre: `search: radio ${v}`,
        metodo: "GET",
        ruta: `/api/plan?${CERCA}&radio=${v}`,
        quien: "anónima",
        status: 400,
        mensaje: mensajes.radioNoValido,
      })),
      ...["Botellón", "otros", "Gastronomia", "Fiesta,<script>"].map((v): Caso => ({
        nombre: `search: category ${v}`,
        metodo: "GET",
        ruta: `/api/plan?${CERCA}&categorias=${enc(v)}`,
        quien: "anónima",
        status: 400,
        mensaje: mensajes.categoriaNoValida,
      })),
      ...[
        ["mañana", "2030-01-02"],
        ["2030-13-45", "2030-12-31"],
        ["2030-02-30", "2030-03-05"],
        ["2030-01-01junk", "2030-12-01"],
        ["2030-01-10", "2030-01-01"],
        ["2030-01-01", "2031-06-01"],
      ].map(([a, b]): Caso => ({
        nombre: `search: dates ${a} to ${b}`,
        metodo: "GET",
        ruta: `/api/plan?${CERCA}&fechaInicioFiltro=${enc(a)}&fechaFinFiltro=${enc(b)}`,
        quien: "anónima",
        status: 400,
        mensaje: mensajes.fechasFiltroNoValidas,
      })),

      // Dates that are not dates, slots, prices, categories, types of a plan
      {
        nombre: "plan: fechaInicio 'mañana'",
        metodo: "POST",
        ruta: "/api/plan",
        cuerpo: () => plan({ fechaInicio: "mañana" }),
        status: 400,
        mensaje: mensajes.fechaInicioFalta,
      },
      {
        nombre: "plan: fechaFin 2030-13-45",
        metodo: "POST",
        ruta: "/api/plan",
        cuerpo: () => plan({ fechaFin: "2030-13-45" }),
        status: 400,
        mensaje: mensajes.fechaFinFalta,
      },
      {
        nombre: "plan: fechaFin 30 February",
        metodo: "POST",
        ruta: "/api/plan",
        cuerpo: () => plan({ fechaInicio: "2030-02-27T10:00:00.000Z", fechaFin: "2030-02-30T10:00:00.000Z" }),
        status: 400,
        mensaje: mensajes.fechaFinFalta,
      },
      {
        nombre: "plan: fechaInicio with trailing junk",
        metodo: "POST",
        ruta: "/api/plan",
        cuerpo: () => plan({ fechaInicio: "2030-01-01junk", fechaFin: "2030-01-02T10:00:00.000Z" }),
        status: 400,
        mensaje: mensajes.fechaInicioFalta,
      },
      {
        nombre: "plan: fechaInicio as a number",
        metodo: "POST",
        ruta: "/api/plan",
        cuerpo: () => plan({ fechaInicio: "1e10" }),
        status: 400,
        mensaje: mensajes.fechaInicioFalta,
      },
      {
        nombre: "plan: SQL in fechaFin",
        metodo: "POST",
        ruta: "/api/plan",
        cuerpo: () => plan({ fechaFin: SQL }),
        status: 400,
        mensaje: mensajes.fechaFinFalta,
      },
      {
        nombre: "plan PATCH: fechaFin 'pasado mañana'",
        metodo: "PATCH",
        ruta: `/api/plan/${planId}`,
        cuerpo: () => form({ fechaFin: "pasado mañana" }),
        status: 400,
        mensaje: mensajes.fechaFinFalta,
      },
      {
        nombre: "plan: slot on day 7",
        metodo: "POST",
        ruta: "/api/plan",
        cuerpo: () => experiencia(JSON.stringify([{ ...horario, diaSemana: 7 }])),
        status: 400,
        mensaje: mensajes.horariosFaltan,
      },
      {
        nombre: "plan: slot day as a string",
        metodo: "POST",
        ruta: "/api/plan",
        cuerpo: () => experiencia(JSON.stringify([{ ...horario, diaSemana: "1" }])),
        status: 400,
        mensaje: mensajes.horariosFaltan,
      },
      {
        nombre: "plan: slot at 25:00",
        metodo: "POST",
        ruta: "/api/plan",
        cuerpo: () => experiencia(JSON.stringify([{ ...horario, horaInicio: "25:00" }])),
        status: 400,
        mensaje: mensajes.horariosFaltan,
      },
      {
        nombre: "plan: slots as an object",
        metodo: "POST",
        ruta: "/api/plan",
        cuerpo: () => experiencia("{}"),
        status: 400,
        mensaje: mensajes.horariosFaltan,
      },
      {
        nombre: "plan: slots [null]",
        metodo: "POST",
        ruta: "/api/plan",
        cuerpo: () => experiencia("[null]"),
        status: 400,
        mensaje: mensajes.horariosFaltan,
      },
      {
        nombre: "plan: 51 slots",
        metodo: "POST",
        ruta: "/api/plan",
        cuerpo: () => experiencia(JSON.stringify(Array(51).fill(horario))),
        status: 400,
        mensaje: mensajes.horariosFaltan,
      },
      ...["1e5", "NaN", "Infinity", "0x10", "12,345", "-0.01"].map((v): Caso => ({
        nombre: `plan: price ${v}`,
        metodo: "POST",
        ruta: "/api/plan",
        cuerpo: () => plan({ precio: v }),
        status: 400,
        mensaje: mensajes.precioNoValido,
      })),
      ...["Botellón", "fiesta", `Fiesta,${SQL}`].map((v): Caso => ({
        nombre: `plan: category ${v}`,
        metodo: "POST",
        ruta: "/api/plan",
        cuerpo: () => plan({ categorias: v }),
        status: 400,
        mensaje: mensajes.categoriaNoValida,
      })),
      ...["concierto", `evento'::tipo_plan; ${SQL}`].map((v): Caso => ({
        nombre: `plan: tipo ${v}`,
        metodo: "POST",
        ruta: "/api/plan",
        cuerpo: () => plan({ tipo: v }),
        status: 400,
        mensaje: mensajes.tipoObligatorio,
      })),
      {
        nombre: "plan: an external link to javascript:",
        metodo: "POST",
        ruta: "/api/plan",
        cuerpo: () => plan({ enlaceWebExterior: "javascript:alert(1)" }),
        status: 400,
        mensaje: mensajes.enlaceWebNoValido,
      },

      // Files
      {
        nombre: "poster: a PNG header followed by HTML",
        metodo: "POST",
        ruta: "/api/plan",
        cuerpo: () => plan({ archivoCartel: { bytes: pngConHtml, nombre: "cartel.png" } }),
        status: 400,
        mensaje: mensajes.imagenDefectuosa,
      },
      {
        nombre: "poster: an SVG with a script",
        metodo: "POST",
        ruta: "/api/plan",
        cuerpo: () => plan({ archivoCartel: { bytes: svg, nombre: "cartel.svg", tipo: "image/svg+xml" } }),
        status: 415,
        mensaje: mensajes.imagenTipo,
      },
      {
        nombre: "poster: an SVG with a script named .png",
        metodo: "POST",
        ruta: "/api/plan",
        cuerpo: () => plan({ archivoCartel: { bytes: svg, nombre: "cartel.png" } }),
        status: 415,
        mensaje: mensajes.imagenTipo,
      },
      {
        nombre: "poster: a JPEG bomb of 65000 × 65000",
        metodo: "POST",
        ruta: "/api/plan",
        cuerpo: async () =>
          plan({ archivoCartel: { bytes: await jpegBomba(), nombre: "bomba.jpg", tipo: "image/jpeg" } }),
        status: 400,
        mensaje: mensajes.imagenDefectuosa,
      },
      {
        nombre: "poster: a PNG bomb of 100000 × 100000",
        metodo: "POST",
        ruta: "/api/plan",
        cuerpo: async () => plan({ archivoCartel: { bytes: await pngBomba(), nombre: "bomba.png" } }),
        status: 400,
        mensaje: mensajes.imagenDefectuosa,
      },
      {
        nombre: "poster: a JPEG cut after 200 bytes",
        metodo: "POST",
        ruta: "/api/plan",
        cuerpo: async () =>
          plan({
            archivoCartel: {
              bytes: (await jpegBomba(800, 600)).subarray(0, 200),
              nombre: "corta.jpg",
              tipo: "image/jpeg",
            },
          }),
        status: 400,
        mensaje: mensajes.imagenDefectuosa,
      },
      {
        nombre: "poster: a zero-byte file",
        metodo: "POST",
        ruta: "/api/plan",
        cuerpo: () => plan({ archivoCartel: { bytes: Buffer.alloc(0), nombre: "vacio.png" } }),
        status: 400,
        mensaje: mensajes.todosObligatorios,
      },
      {
        nombre: "poster: HTML named ../../etc/passwd.png",
        metodo: "POST",
        ruta: "/api/plan",
        cuerpo: () => plan({ archivoCartel: { bytes: html, nombre: "../../etc/passwd.png" } }),
        status: 415,
        mensaje: mensajes.imagenTipo,
      },
      {
        nombre: "poster: a GIF",
        metodo: "POST",
        ruta: "/api/plan",
        cuerpo: () => plan({ archivoCartel: { bytes: gif, nombre: "cartel.gif", tipo: "image/gif" } }),
        status: 415,
        mensaje: mensajes.imagenTipo,
      },
      {
        nombre: "poster: one byte over 10 MB",
        metodo: "POST",
        ruta: "/api/plan",
        cuerpo: () =>
          plan({
            archivoCartel: {
              bytes: Buffer.concat([PNG, Buffer.alloc(10 * 1024 * 1024 + 1 - PNG.length)]),
              nombre: "grande.png",
            },
          }),
        status: 413,
        mensaje: mensajes.imagenGrande,
      },
      {
        nombre: "plan PATCH: a JPEG bomb",
        metodo: "PATCH",
        ruta: `/api/plan/${planId}`,
        cuerpo: async () =>
          form({ archivoCartel: { bytes: await jpegBomba(), nombre: "bomba.jpg", tipo: "image/jpeg" } }),
        status: 400,
        mensaje: mensajes.imagenDefectuosa,
      },
      {
        nombre: "logo: a PNG header followed by HTML",
        metodo: "POST",
        ruta: "/api/organizacion",
        cuerpo: () => org({ archivoLogo: { bytes: pngConHtml, nombre: "logo.png" } }),
        status: 400,
        mensaje: mensajes.imagenDefectuosa,
      },
      {
        nombre: "logo: a JPEG bomb",
        metodo: "POST",
        ruta: "/api/organizacion",
        cuerpo: async () => org({ archivoLogo: { bytes: await jpegBomba(), nombre: "logo.jpg", tipo: "image/jpeg" } }),
        status: 400,
        mensaje: mensajes.imagenDefectuosa,
      },
      {
        nombre: "logo: an SVG with a script",
        metodo: "POST",
        ruta: "/api/organizacion",
        cuerpo: () => org({ archivoLogo: { bytes: svg, nombre: "logo.svg", tipo: "image/svg+xml" } }),
        status: 415,
        mensaje: mensajes.imagenTipo,
      },
      {
        nombre: "logo: a zero-byte file",
        metodo: "POST",
        ruta: "/api/organizacion",
        cuerpo: () => org({ archivoLogo: { bytes: Buffer.alloc(0), nombre: "logo.png" } }),
        status: 400,
        mensaje: mensajes.orgObligatoriosCrear,
      },
      {
        nombre: "logo: HTML named ..\\..\\windows\\win.ini.png",
        metodo: "POST",
        ruta: "/api/organizacion",
        cuerpo: () => org({ archivoLogo: { bytes: html, nombre: "..\\..\\windows\\win.ini.png" } }),
        status: 415,
        mensaje: mensajes.imagenTipo,
      },
      {
        nombre: "organization PATCH: an SVG logo",
        metodo: "PATCH",
        ruta: `/api/organizacion/${orgId}`,
        cuerpo: () => form({ archivoLogo: { bytes: svg, nombre: "logo.svg", tipo: "image/svg+xml" } }),
        status: 415,
        mensaje: mensajes.imagenTipo,
      },

      // E-mails, phones and titles with control characters
      ...Object.entries(CONTROLES).flatMap(([k, c]): Caso[] => [
        {
          nombre: `plan: e-mail with ${k}`,
          metodo: "POST",
          ruta: "/api/plan",
          cuerpo: () => plan({ emailContacto: `fiestas${c}@example.com${c}Bcc: todos@example.com` }),
          status: 400,
          mensaje: mensajes.correoFormato,
        },
        {
          nombre: `plan: phone with ${k}`,
          metodo: "POST",
          ruta: "/api/plan",
          cuerpo: () => plan({ telefonoContacto: `600${c}000 111` }),
          status: 400,
          mensaje: "El teléfono de contacto tiene caracteres que no se pueden guardar.",
        },
        {
          nombre: `organization: e-mail with ${k}`,
          metodo: "POST",
          ruta: "/api/organizacion",
          cuerpo: () => org({ emailContacto: `pena${c}@example.com` }),
          status: 400,
          mensaje: mensajes.correoFormato,
        },
        {
          nombre: `organization: phone with ${k}`,
          metodo: "POST",
          ruta: "/api/organizacion",
          cuerpo: () => org({ telefonoContacto: `600${c}000 222` }),
          status: 400,
          mensaje: mensajes.datosNoValidos,
        },
        {
          nombre: `feature: phone with ${k}`,
          metodo: "POST",
          ruta: "/api/emailDestacado",
          cuerpo: () => json({ telefono: `600${c}000 333` }),
          status: 400,
          mensaje: mensajes.datosNoValidos,
        },
        {
          nombre: `satellite lead: phone with ${k}`,
          metodo: "POST",
          ruta: "/api/emailEurona",
          quien: "anónima",
          cuerpo: () => json({ nombre: "Ana", telefono: `600${c}000 444` }),
          status: 400,
          mensaje: mensajes.datosNoValidos,
        },
        {
          nombre: `report: title with ${k}`,
          metodo: "POST",
          ruta: "/api/plan/reportar-plan",
          quien: "anónima",
          cuerpo: () => json({ ...reporte, titulo: `Verbena${c}fiestas` }),
          status: 400,
          mensaje: mensajes.datosNoValidos,
        },
        {
          nombre: `plan: title with ${k}`,
          metodo: "POST",
          ruta: "/api/plan",
          cuerpo: () => plan({ titulo: `Verbena${c}fiestas` }),
          status: 400,
          mensaje: "El título tiene caracteres que no se pueden guardar.",
        },
        {
          nombre: `register: e-mail with ${k}`,
          metodo: "POST",
          ruta: "/api/usuario/register",
          quien: "anónima",
          cuerpo: () => json({ nombre: "Ana", correo: `ana${c}@example.com`, password: "contraseña-segura" }),
          status: 400,
          mensaje: mensajes.correoFormato,
        },
        {
          nombre: `register: name with ${k}`,
          metodo: "POST",
          ruta: "/api/usuario/register",
          quien: "anónima",
          cuerpo: () => json({ nombre: `Ana${c}Bcc: todos`, correo: uniqueEmail(), password: "contraseña-segura" }),
          status: 400,
        },
        {
          nombre: `account: new name with ${k}`,
          metodo: "PATCH",
          ruta: "/api/usuario/cambiar-datos",
          cuerpo: () => json({ nombre: `Dueña${c}Prueba` }),
          status: 400,
        },
        {
          nombre: `login: e-mail with ${k}`,
          metodo: "POST",
          ruta: "/api/usuario/login",
          quien: "anónima",
          cuerpo: () => json({ correo: duena.correo.replace("@", `${c}@`), password: duena.password }),
          status: 401,
        },
        {
          nombre: `password reset: e-mail with ${k}`,
          metodo: "POST",
          ruta: "/api/usuario/restablecer-password",
          quien: "anónima",
          cuerpo: () => json({ correo: duena.correo.replace("@", `${c}@`) }),
          status: 400,
        },
      ]),

      // Web addresses with control characters, in every field that takes one
      ...Object.entries(CONTROLES_DE_ENLACE).flatMap(([k, c]): Caso[] => [
        {
          nombre: `push: endpoint with ${k}`,
          metodo: "POST",
          ruta: "/api/push/suscripciones",
          cuerpo: () => json({ endpoint: `https://1.1.1.1/push/a${c}b`, keys: clavesPush }),
          status: 400,
          mensaje: mensajesAvisos.pushEndpointNoValido,
        },
        {
          nombre: `push removal: endpoint with ${k}`,
          metodo: "DELETE",
          ruta: "/api/push/suscripciones",
          cuerpo: () => json({ endpoint: `https://1.1.1.1/push/a${c}b` }),
          status: 400,
          mensaje: mensajesAvisos.pushEndpointNoValido,
        },
        {
          nombre: `organization's calendar: url with ${k}`,
          metodo: "POST",
          ruta: `/api/organizaciones/${orgId}/fuentes`,
          cuerpo: () => json({ url: `https://1.1.1.1/agenda${c}.ics` }),
          status: 400,
          mensaje: mensajesFuentes.urlNoValida,
        },
        {
          nombre: `back-office source: url with ${k}`,
          metodo: "POST",
          ruta: "/api/gestion/fuentes",
          quien: "admin",
          cuerpo: () => json({ url: `https://1.1.1.1/agenda${c}.ics` }),
          status: 400,
          mensaje: mensajesFuentes.urlNoValida,
        },
        ...(["urlPlan", "urlArchivo"] as const).map((campo): Caso => ({
          nombre: `report: ${campo} with ${k}`,
          metodo: "POST",
          ruta: "/api/plan/reportar-plan",
          quien: "anónima",
          cuerpo: () => json({ ...reporte, [campo]: `${reporte[campo]}${c}x` }),
          status: 400,
          mensaje: mensajes.reporteNoValido,
        })),
        {
          nombre: `plan: external link with ${k}`,
          metodo: "POST",
          ruta: "/api/plan",
          cuerpo: () => plan({ enlaceWebExterior: `https://fiestas.example/a${c}b` }),
          status: 400,
          // What every text field refuses is refused as such; a C1 control only links refuse.
          mensaje: k === "c1" ? mensajes.enlaceWebNoValido : "El enlace web tiene caracteres que no se pueden guardar.",
        },
        {
          nombre: `sponsor: link with ${k}`,
          metodo: "POST",
          ruta: "/api/gestion/patrocinios",
          quien: "admin",
          cuerpo: () =>
            form({
              empresa: "Quesos La Serrana",
              enlaceEmpresa: `https://quesos.example/a${c}b`,
              titulo: "Visitas a la quesería",
              archivoCartel: cartel(),
            }),
          status: 400,
          mensaje: k === "c1" ? mensajesGestion.patrocinioEnlace : mensajes.datosNoValidos,
        },
      ]),

      // A dynamic part that is not percent-encoded UTF-8, in every route of the API that has one
      ...archivosDeRuta("route.ts")
        .filter((r) => r.url.startsWith("/api/"))
        .flatMap((r) =>
          Array.from({ length: r.dinamicos }, (_, i): Caso => ({
            nombre: `${MAL_CODIFICADO} in dynamic part ${i + 1} of ${r.metodos[0]} ${r.url}`,
            metodo: r.metodos[0] as Caso["metodo"],
            ruta: r.conValor(i, MAL_CODIFICADO),
            status: 400,
            mensaje: mensajes.datosNoValidos,
          })),
        ),

      ...sinLogin,
      ...matriz,
    ];
  }

  it("refuses every bad input with a 4xx and a Spanish { mensaje }, never a 500", async () => {
    const casos = rechazados();
    expect(casos.length).toBeGreaterThanOrEqual(200);
    expect(new Set(casos.map((c) => c.nombre)).size).toBe(casos.length);
    for (const caso of casos) {
      expect(caso.status, caso.nombre).toBeGreaterThanOrEqual(400);
      expect(caso.status, caso.nombre).toBeLessThan(500);
      const r = await enviar(caso, await caso.cuerpo?.());
      const detalle = `${caso.nombre} → ${r.status} ${r.texto.slice(0, 160)}`;
      expect.soft(r.status, detalle).toBe(caso.status);
      expect.soft(r.tipo, detalle).toContain("application/json");
      expect.soft(r.body, detalle).toEqual({ mensaje: caso.mensaje ?? expect.any(String) });
      const mensaje = (r.body as { mensaje?: unknown } | null)?.mensaje;
      expect
        .soft(typeof mensaje === "string" && enCatalogo(mensaje), `${detalle}: not a message of the Spanish catalogue`)
        .toBe(true);
    }
  }, 60_000);

  it("answers NUL and CR/LF in every dynamic part as any unknown value, and an undecodable part as not found", async () => {
    // What a page answers that is not found anyway: its headers, the nonce aside.
    const cabeceras = (r: Respuesta) =>
      Object.fromEntries(
        [...CABECERAS_DE_SEGURIDAD.map((c) => c.key), "content-security-policy", "cache-control", "content-type"].map(
          (k) => [k.toLowerCase(), r.cabeceras.get(k)?.replace(/'nonce-[^']+'/, "'nonce'")],
        ),
      );
    const noEncontrada = await peticion("GET", `/no-existe/${NO_UUID}`);
    expect(noEncontrada.status).toBe(404);
    const partes = [...archivosDeRuta("route.ts"), ...archivosDeRuta("page.tsx")].flatMap((r) =>
      Array.from({ length: r.dinamicos }, (_, i) => ({ r, i, metodo: (r.metodos[0] ?? "GET") as Caso["metodo"] })),
    );
    const mal: string[] = [];
    await Promise.all(
      partes.map(async ({ r, i, metodo }) => {
        const pedir = (valor: string) => enviar({ metodo, ruta: r.conValor(i, valor) });
        const donde = `part ${i + 1} of ${metodo} ${r.url}`;
        const [desconocido, nulo, salto, ilegible] = await Promise.all(
          [NO_UUID, enc(`${NO_UUID}${CONTROLES.nulo}`), enc(`${NO_UUID}${CONTROLES.salto}`), MAL_CODIFICADO].map(pedir),
        );
        for (const [k, x] of [
          ["NUL", nulo],
          ["CR/LF", salto],
        ] as const) {
          if (x.status !== desconocido.status || JSON.stringify(x.body) !== JSON.stringify(desconocido.body))
            mal.push(`${k} in ${donde}: ${x.status} ${x.texto.slice(0, 80)}; an unknown value: ${desconocido.status}`);
        }
        // The API's refusal is in the matrix above; a file is missing, a page not found.
        if (r.url.startsWith("/api/")) return;
        const esperado = r.url.startsWith("/media/")
          ? ilegible.status === 404 &&
            JSON.stringify(ilegible.body) === JSON.stringify({ mensaje: mensajes.archivoNoEncontrado })
          : ilegible.status === 404 &&
            ilegible.texto.includes(mensajes.paginaNoEncontrada) &&
            JSON.stringify(cabeceras(ilegible)) === JSON.stringify(cabeceras(noEncontrada));
        if (!esperado)
          mal.push(`${MAL_CODIFICADO} in ${donde}: ${ilegible.status} ${JSON.stringify(cabeceras(ilegible))}`);
      }),
    );
    expect(mal).toEqual([]);
  }, 60_000);

  it("answers free text that is valid but hostile-looking without error, and without writing", async () => {
    const aceptados: (Pick<Caso, "nombre" | "ruta" | "quien"> & { metodo: "GET" | "PATCH" })[] = [
      { nombre: "geocode: SQL in q", metodo: "GET", ruta: `/api/geocode?q=${enc(SQL)}` },
      { nombre: "geocode: LIKE wildcards in q", metodo: "GET", ruta: "/api/geocode?q=%25_%25" },
      { nombre: "geocode: HTML in q", metodo: "GET", ruta: `/api/geocode?q=${enc("<script>alert(1)</script>")}` },
      {
        nombre: "search: SQL in municipio next to coordinates (coordinates win)",
        metodo: "GET",
        ruta: `/api/plan?${CERCA}&municipio=${enc(SQL)}`,
      },
      {
        nombre: "search: unknown parameters",
        metodo: "GET",
        ruta: `/api/plan?${CERCA}&usuarioId=${otra.id}&visible=false&destacado=true&${enc("'; DROP TABLE plan; --")}=1`,
      },
      { nombre: "search: the last page allowed", metodo: "GET", ruta: `/api/plan?${CERCA}&page=100000` },
      {
        nombre: "search: a limit above a page (clamped to 30)",
        metodo: "GET",
        ruta: `/api/plan?${CERCA}&limit=${enc("1000000")}`,
      },
      {
        nombre: "search: every category, 'Otros' included",
        metodo: "GET",
        ruta: `/api/plan?${CERCA}&categorias=${enc("Otros,Fiesta,Fiesta,Gastronomía")}`,
      },
      {
        nombre: "remove a plan the other user never saved (the owner's favourite stays)",
        metodo: "PATCH",
        ruta: `/api/plan/eliminar-plan-favorito/${planId}`,
        quien: "otra",
      },
      {
        nombre: "remove an unknown plan from favourites",
        metodo: "PATCH",
        ruta: `/api/plan/eliminar-plan-favorito/${NO_EXISTE}`,
        quien: "otra",
      },
    ];
    for (const caso of aceptados) {
      const r = await enviar(caso);
      expect.soft([200, 204], `${caso.nombre} → ${r.status} ${r.texto.slice(0, 160)}`).toContain(r.status);
    }
  });

  it("refuses a body declared over the limit at once, before it has come", async () => {
    // 1 GB announced, 1 KB sent: the answer must not wait for (nor hold) the rest.
    const url = new URL("/api/usuario/login", worker().baseUrl);
    const r = await new Promise<{ status: number; body: unknown }>((resolve, reject) => {
      const req = request(url, {
        method: "POST",
        headers: { "content-type": "application/json", "content-length": String(1024 ** 3) },
        timeout: 10_000,
      });
      req.on("response", (res) => {
        let texto = "";
        res.setEncoding("utf8").on("data", (c: string) => (texto += c));
        res.on("end", () => {
          req.destroy();
          resolve({ status: res.statusCode!, body: JSON.parse(texto) });
        });
      });
      req.on("timeout", () => req.destroy(new Error("no answer before the body came")));
      req.on("error", reject);
      req.write(`{"correo":"${"x".repeat(1024)}`);
    });
    expect(r).toEqual({ status: 413, body: { mensaje: mensajes.datosDemasiadoGrandes } });
  });

  it("leaves the database and the storage folder exactly as they were", async () => {
    expect(await databaseFingerprint(db(), HUELLA)).toEqual(antes.base);
    expect(await storageListing(worker().storageDir)).toEqual(antes.almacen);
    const [{ n }] = await query<{ n: number }>(
      db(),
      "SELECT count(*)::int AS n FROM favorito WHERE usuario_id = $1 AND plan_id = $2",
      [duena.id, planId],
    );
    expect(n).toBe(1);
  });

  describe("the owner's column of the matrix, on throw-away data", () => {
    it("publishes with a path in the poster's name and foreign ids in extra fields, keeping only what is the owner's", async () => {
      const r = await enviar(
        { metodo: "POST", ruta: "/api/plan" },
        plan({
          titulo: "Plan de usar y tirar",
          usuario: otra.id,
          usuarioId: otra.id,
          destacado: "true",
          visible: "false",
          _id: planId,
          id: planId,
          archivoCartel: { bytes: await png(90, 60), nombre: "../../etc/passwd.png" },
        }),
      );
      expect(r.status).toBe(201);
      const creado = (
        r.body as { plan: { _id: string; usuario: string; destacado: boolean; archivoCartel: { nombre: string } } }
      ).plan;
      expect(creado).toMatchObject({ usuario: duena.id, destacado: false, archivoCartel: { nombre: "passwd.png" } });
      expect(creado._id).not.toBe(planId);
      expect((await peticion("GET", `/api/plan/detalle/${creado._id}`)).status).toBe(200);
      const [archivo] = await query<{ path: string; variantes: Record<string, string> }>(
        db(),
        "SELECT a.path, a.variantes FROM plan p JOIN archivo a ON a.id = p.archivo_cartel_id WHERE p.id = $1",
        [creado._id],
      );
      const raiz = worker().storageDir;
      for (const key of Object.values(archivo.variantes)) {
        expect(key).toMatch(/^carteles\/[0-9a-f-]{36}\/[a-z]+\.(webp|jpg)$/);
        expect(existsSync(path.join(raiz, key))).toBe(true);
      }
      expect(existsSync(path.resolve(raiz, "../../etc/passwd.png"))).toBe(false);

      // Other users may save it; only its owner may change or delete it.
      expect(
        (await enviar({ metodo: "POST", ruta: `/api/plan/agregar-plan-favorito/${creado._id}`, quien: "otra" })).status,
      ).toBe(200);
      expect(
        (await enviar({ metodo: "PATCH", ruta: `/api/plan/eliminar-plan-favorito/${creado._id}`, quien: "otra" }))
          .status,
      ).toBe(200);
      expect(
        (
          await enviar(
            { metodo: "PATCH", ruta: `/api/plan/${creado._id}`, quien: "otra" },
            form({ titulo: "Hackeado" }),
          )
        ).status,
      ).toBe(403);
      const cambio = await enviar(
        { metodo: "PATCH", ruta: `/api/plan/${creado._id}` },
        form({ titulo: "Plan renovado" }),
      );
      expect(cambio).toMatchObject({
        status: 200,
        body: { mensaje: mensajes.planActualizado, plan: { titulo: "Plan renovado" } },
      });

      // A request to feature it and reports about it are stored under the sender's own identity.
      const destacar = await enviar(
        { metodo: "POST", ruta: "/api/emailDestacado" },
        json({ telefono: "600 000 333", idPlan: creado._id, idUser: otra.id, correo: otra.correo, origen: "Hack" }),
      );
      expect(destacar).toMatchObject({ status: 200, body: { mensaje: mensajes.destacadoEnviado } });
      expect(
        await query(db(), "SELECT id_user, correo, origen, plan_id FROM solicitud_destacado WHERE plan_id = $1", [
          creado._id,
        ]),
      ).toEqual([{ id_user: duena.id, correo: duena.correo, origen: "Web app", plan_id: creado._id }]);
      const url = `https://planazo.es/plan/Plan-renovado/${creado._id}`;
      for (const quien of ["anónima", "otra", "dueña"] as const) {
        const rep = await enviar(
          { metodo: "POST", ruta: "/api/plan/reportar-plan", quien },
          json({ titulo: "Plan renovado", urlPlan: url, usuarioId: planId }),
        );
        expect(rep, quien).toMatchObject({ status: 200, body: { mensaje: mensajes.reporteEnviado } });
      }
      const reportes = await query<{ usuario_id: string | null }>(
        db(),
        "SELECT usuario_id FROM reporte WHERE plan_id = $1",
        [creado._id],
      );
      expect(reportes.map((x) => x.usuario_id ?? "anónima").sort()).toEqual(["anónima", otra.id, duena.id].sort());

      expect((await enviar({ metodo: "DELETE", ruta: `/api/plan/${creado._id}`, quien: "otra" })).status).toBe(403);
      expect(await enviar({ metodo: "DELETE", ruta: `/api/plan/${creado._id}` })).toMatchObject({
        status: 200,
        body: { mensaje: mensajes.planEliminado },
      });
      for (const key of Object.values(archivo.variantes)) expect(existsSync(path.join(raiz, key))).toBe(false);
    });

    it("lets the owner change and delete a throw-away organization, and nobody else", async () => {
      const r = await enviar(
        { metodo: "POST", ruta: "/api/organizacion" },
        org({
          nombre: "Peña de usar y tirar",
          usuarioId: otra.id,
          archivoLogo: { bytes: await png(80, 80), nombre: "..\\..\\logo.png" },
        }),
      );
      expect(r.status).toBe(201);
      const creada = (r.body as { organizacion: { _id: string; usuario: string; archivoLogo: { nombre: string } } })
        .organizacion;
      expect(creada).toMatchObject({ usuario: duena.id, archivoLogo: { nombre: "logo.png" } });
      const ruta = `/api/organizacion/${creada._id}`;
      expect((await enviar({ metodo: "PATCH", ruta, quien: "otra" }, form({ nombre: "Hackeada" }))).status).toBe(403);
      expect(await enviar({ metodo: "PATCH", ruta }, form({ nombre: "Peña renovada" }))).toMatchObject({
        status: 200,
        body: { organizacion: { nombre: "Peña renovada" } },
      });
      expect((await enviar({ metodo: "DELETE", ruta, quien: "otra" })).status).toBe(403);
      expect(await enviar({ metodo: "DELETE", ruta })).toMatchObject({
        status: 200,
        body: { mensaje: mensajes.orgEliminada },
      });
      expect((await peticion("GET", `/api/organizacion/detalle/${creada._id}`)).status).toBe(404);
    });
  });
});

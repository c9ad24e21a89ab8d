import { readFileSync } from "node:fs";
import sharp from "sharp";
import { beforeAll, describe, expect, it } from "vitest";
import { mensajes } from "@/lib/messages";
import { mensajesProgramas } from "@/lib/programas/mensajes";
import { docx, zip } from "@/test-support/docx";
import { cartelDePrograma } from "@/test-support/cartel-programa";
import { enDosColumnas, pdf, pdfDePrograma } from "@/test-support/pdf";
import { query } from "@/test-support/database";
import { databaseFingerprint } from "@/test-support/snapshot";
import { appUrl } from "@/test-support/worker";
import { call, confirmedUser, cookieDeSesionSql, freshIp, type TestUser } from "@/test-support/users";

const db = () => process.env.DATABASE_URL!;
const IGNORAR = ["limite_peticiones", "spatial_ref_sys", "email_outbox", "sesion"];
const corpus = (nombre: string) => readFileSync(`lib/programas/fixtures/corpus/${nombre}`, "utf8");
const VINUESA = corpus("01-vinuesa-san-roque.txt");

/** The call with a multipart body: `archivo` (bytes and a name) and other fields. */
async function conArchivo(
  campos: Record<string, string | { bytes: Buffer; nombre: string; tipo?: string }>,
  token?: string,
): Promise<{ status: number; body: Record<string, unknown> }> {
  const form = new FormData();
  for (const [k, v] of Object.entries(campos))
    if (typeof v === "string") form.append(k, v);
    else form.append(k, new Blob([new Uint8Array(v.bytes)], { type: v.tipo ?? "" }), v.nombre);
  const res = await fetch(`${appUrl()}/api/programas/leer`, {
    method: "POST",
    body: form,
    headers: {
      ...(token ? { Authorization: `Bearer ${token}` } : {}),
      "X-Forwarded-For": freshIp(),
    },
  });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

describe("POST /api/programas/leer", () => {
  let u: TestUser;
  beforeAll(async () => {
    u = await confirmedUser();
  });

  it("reads a programme's text into acts shaped as a plan's dates, with a bearer token or a session", async () => {
    const r = await call("POST", "/api/programas/leer", {
      token: u.token,
      body: { texto: VINUESA, referencia: "2026-06-15" },
    });
    expect(r.status).toBe(200);
    const { titulo, municipio, categorias, fechas, sinLeer } = r.body as {
      titulo: string;
      municipio: unknown;
      categorias: string[];
      fechas: Record<string, unknown>[];
      sinLeer: unknown[];
    };
    expect(Object.keys(r.body).sort()).toEqual(["categorias", "fechas", "municipio", "sinLeer", "titulo"]);
    expect(titulo).toBe("Fiestas de San Roque 2026");
    // "AYUNTAMIENTO DE VINUESA" on its first line: the town, with its centre for the map.
    expect(municipio).toEqual({ ine: "42215", nombre: "Vinuesa", provincia: "Soria", lat: 41.91032, lng: -2.76483 });
    expect(categorias).toContain("Fiestas de pueblo");
    expect(fechas).toHaveLength(27);
    expect(sinLeer).toEqual([]);
    // Each date as the API's dates are: ISO with Madrid's offset, the line it came from.
    expect(fechas[1]).toEqual({
      inicio: "2026-08-14T20:00:00+02:00",
      fin: null,
      titulo: "Pregón de fiestas a cargo de la Peña El Cencerro",
      direccion: "balcón del Ayuntamiento",
      aContinuacion: false,
      linea: 13,
    });
    // "01:30 h." under Friday 14 is the early hours of Saturday 15.
    expect(fechas.find((f) => String(f.titulo).startsWith("Disco móvil"))).toMatchObject({
      inicio: "2026-08-15T01:30:00+02:00",
    });
    // "A continuación, procesión." takes the start of the mass before it.
    const misa = fechas.findIndex((f) => String(f.titulo).startsWith("Misa en honor a la Virgen"));
    expect(fechas[misa + 1]).toMatchObject({ titulo: "Procesión", aContinuacion: true, inicio: fechas[misa].inicio });

    const cookie = await cookieDeSesionSql(u.id);
    const porSesion = await call("POST", "/api/programas/leer", {
      cookie: `${cookie.name}=${cookie.value}`,
      body: { texto: VINUESA, referencia: "2026-06-15" },
    });
    expect(porSesion.status).toBe(200);
    expect(porSesion.body).toEqual(r.body);
  });

  it("counts dates without a year from today in Madrid when no reference is given, and lists the lines it could not read", async () => {
    // A line of no act, apart from the acts (one right under an act is read as an act of its own, with no hour).
    const texto = "SÁBADO 15 DE AGOSTO\n12:00 h. Misa en la ermita.\n\nLa gran ballena azul del circo\n";
    const r = await call("POST", "/api/programas/leer", { token: u.token, body: { texto, referencia: " " } });
    expect(r.status).toBe(200);
    const fechas = r.body.fechas as { inicio: string }[];
    expect(fechas).toHaveLength(1);
    const hoy = new Date().toLocaleDateString("sv-SE", { timeZone: "Europe/Madrid" });
    expect(fechas[0].inicio.slice(0, 10) >= hoy).toBe(true);
    expect(fechas[0].inicio.slice(5, 16)).toBe("08-15T12:00");
    expect(r.body.sinLeer).toEqual([{ linea: 4, texto: "La gran ballena azul del circo" }]);
  });

  it("takes the town the caller gives, by INE code or name, over the one the text names, and says none when neither does", async () => {
    const dado = async (municipio: unknown, texto = VINUESA) =>
      (
        await call("POST", "/api/programas/leer", {
          token: u.token,
          body: { texto, referencia: "2026-06-15", municipio },
        })
      ).body.municipio as { ine: string } | null;
    expect((await dado("42023"))?.ine).toBe("42023");
    // Of the two towns called Sobrado, the larger unless the text names the province.
    expect((await dado("  sobrado "))?.ine).toBe("15080");
    expect((await dado("", "Ayuntamiento de Sobrado (León)\nSÁBADO 15 DE AGOSTO\n12:00 h. Misa."))?.ine).toBe("24165");
    // A saint's fiesta is not the town of that name (San Pedro, Albacete).
    expect(await dado(undefined, "FIESTAS DE SAN PEDRO 2026\nSÁBADO 27 DE JUNIO\n12:00 h. Misa.")).toBeNull();
  });

  it("answers bad input in Spanish with its status, and writes nothing, ever", async () => {
    const antes = await databaseFingerprint(db(), { ignorar: IGNORAR });
    const casos: [unknown, number, string][] = [
      [{ texto: "" }, 400, mensajesProgramas.sinTexto],
      [{ texto: "   \n " }, 400, mensajesProgramas.sinTexto],
      [{}, 400, mensajesProgramas.sinTexto],
      [{ texto: 42 }, 400, mensajesProgramas.sinTexto],
      [{ texto: VINUESA, referencia: "15/06/2026" }, 400, mensajesProgramas.referenciaNoValida],
      [{ texto: VINUESA, referencia: "2026-02-30" }, 400, mensajesProgramas.referenciaNoValida],
      [{ texto: VINUESA, municipio: "Villaninguna de Abajo" }, 400, mensajesProgramas.municipioDesconocido],
      [{ texto: VINUESA, municipio: "99999" }, 400, mensajesProgramas.municipioDesconocido],
      [{ texto: VINUESA, municipio: 42212 }, 400, mensajesProgramas.municipioDesconocido],
      [{ texto: "x".repeat(100_001) }, 413, mensajesProgramas.textoLargo],
      // Over the body's own limit: refused before it is read whole.
      [{ texto: "ñ".repeat(200_000) }, 413, mensajesProgramas.textoLargo],
      ["{no es json", 400, mensajes.datosNoValidos],
    ];
    for (const [body, status, mensaje] of casos) {
      const r = await call("POST", "/api/programas/leer", { token: u.token, body });
      expect({ body: JSON.stringify(body).slice(0, 40), status: r.status, mensaje: r.body.mensaje }).toEqual({
        body: JSON.stringify(body).slice(0, 40),
        status,
        mensaje,
      });
    }
    // Anonymous, or with a token that is no one's: 401, nothing read.
    for (const token of [undefined, "no-es-un-token"]) {
      const r = await call("POST", "/api/programas/leer", { token, body: { texto: VINUESA } });
      expect(r.status).toBe(401);
      expect(r.body).toEqual({ mensaje: mensajes.loginNecesario });
    }
    expect(await databaseFingerprint(db(), { ignorar: IGNORAR })).toEqual(antes);
  });

  it("reads a PDF laid out in two columns column by column, and a Word file's table row by row", async () => {
    // Vinuesa's programme as a printer lays it out: its days in two columns that the file stores
    // row by row across them, its long acts wrapped to a column's width.
    const columnas = enDosColumnas(VINUESA);
    const deTexto = await call("POST", "/api/programas/leer", {
      token: u.token,
      body: { texto: VINUESA, referencia: "2026-06-15" },
    });
    const dePdf = await conArchivo(
      {
        archivo: {
          bytes: pdfDePrograma(columnas.cabecera, columnas.izquierda, columnas.derecha),
          nombre: "programa.pdf",
        },
        referencia: "2026-06-15",
      },
      u.token,
    );
    expect(dePdf.status).toBe(200);
    const resumen = (b: Record<string, unknown>) =>
      (b.fechas as { inicio: string; titulo: string; direccion: string | null }[]).map((f) => [
        f.inicio,
        f.titulo,
        f.direccion,
      ]);
    expect(resumen(dePdf.body)).toEqual(resumen(deTexto.body as Record<string, unknown>));
    expect(dePdf.body.titulo).toBe("Fiestas de San Roque 2026");

    // A Word file named anything, declared as anything: read by what it is.
    const deWord = await conArchivo(
      {
        archivo: {
          bytes: docx([
            "FIESTAS DE SANTA ÁGUEDA 2027",
            "Sábado 6 de febrero",
            [
              ["12:00 h", "Misa en honor a Santa Águeda", "Iglesia parroquial"],
              ["18:00 h", "Chocolatada y baile de aguederas", "Plaza Mayor"],
            ],
            "Domingo 7 de febrero",
            "13:00 h. Vermú popular en el Bar Central.",
          ]),
          nombre: "programa",
          tipo: "application/octet-stream",
        },
        referencia: "2027-01-10",
      },
      u.token,
    );
    expect(deWord.status).toBe(200);
    expect(resumen(deWord.body)).toEqual([
      ["2027-02-06T12:00:00+01:00", "Misa en honor a Santa Águeda", "Iglesia parroquial"],
      ["2027-02-06T18:00:00+01:00", "Chocolatada y baile de aguederas", "Plaza Mayor"],
      ["2027-02-07T13:00:00+01:00", "Vermú popular", "Bar Central"],
    ]);
  });

  it("reads a scanned page by OCR: a poster's photo inside a PDF, rasterised and read as the text", async () => {
    // The shortest of the corpus's programmes, drawn as a poster (two columns over a photo, a
    // slight tilt, JPEG), and that JPEG as a PDF's only page, as a scanner makes one.
    const texto = corpus("15-collado-hermoso-san-anton.txt");
    const c = enDosColumnas(texto);
    const jpeg = await cartelDePrograma(c.cabecera, c.izquierda, c.derecha);
    const { width, height } = await sharp(jpeg).metadata();
    const escaneado = pdf([{ jpeg, ancho: width!, alto: height! }]);
    const r = await conArchivo(
      { archivo: { bytes: escaneado, nombre: "cartel.pdf" }, referencia: "2026-12-20" },
      u.token,
    );
    expect(r.status).toBe(200);
    const deTexto = await call("POST", "/api/programas/leer", {
      token: u.token,
      body: { texto, referencia: "2026-12-20" },
    });
    const cuando = (b: Record<string, unknown>) => (b.fechas as { inicio: string }[]).map((f) => f.inicio);
    expect(cuando(r.body)).toEqual(cuando(deTexto.body as Record<string, unknown>));
    expect((r.body.fechas as { titulo: string }[])[0].titulo).toBe("Encendido de la luminaria");
  });

  it("refuses files it cannot read with their status and a Spanish message, counts file readings an hour, and writes nothing", async () => {
    const v = await confirmedUser();
    const antes = await databaseFingerprint(db(), { ignorar: IGNORAR });
    const pagina = { texto: [{ x: 60, y: 700, texto: "Sábado 15 de agosto: 12:00 h. Misa mayor en la iglesia." }] };
    // A grey JPEG stands for a scanned page.
    const jpeg = await sharp({ create: { width: 8, height: 8, channels: 3, background: "#888" } })
      .jpeg()
      .toBuffer();
    const casos: [Record<string, string | { bytes: Buffer; nombre: string; tipo?: string }>, number, string][] = [
      [{ referencia: "2026-06-15" }, 400, mensajesProgramas.sinTexto],
      [
        { archivo: { bytes: Buffer.from("GIF89a\x01\x00"), nombre: "cartel.gif", tipo: "image/gif" } },
        415,
        mensajesProgramas.tipoNoAdmitido,
      ],
      [
        { archivo: { bytes: Buffer.from("<html>Programa</html>"), nombre: "programa.pdf", tipo: "application/pdf" } },
        415,
        mensajesProgramas.tipoNoAdmitido,
      ],
      // A zip that is no Word file, and a Word file cut in half.
      [
        { archivo: { bytes: zip({ "a.txt": "hola" }), nombre: "programa.docx" } },
        415,
        mensajesProgramas.tipoNoAdmitido,
      ],
      [
        { archivo: { bytes: Buffer.from("%PDF-1.4\n1 0 obj\n<< /Type /Catalog"), nombre: "roto.pdf" } },
        400,
        mensajesProgramas.archivoIlegible,
      ],
      [
        { archivo: { bytes: pdf(Array.from({ length: 31 }, () => pagina)), nombre: "libro.pdf" } },
        400,
        mensajesProgramas.demasiadasPaginas,
      ],
      [
        {
          archivo: {
            bytes: pdf(Array.from({ length: 7 }, () => ({ jpeg, ancho: 8, alto: 8 }))),
            nombre: "escaneado.pdf",
          },
        },
        400,
        mensajesProgramas.demasiadasEscaneadas,
      ],
      [
        { archivo: { bytes: pdf([pagina]), nombre: "p.pdf" }, referencia: "32/13/2026" },
        400,
        mensajesProgramas.referenciaNoValida,
      ],
      [
        { archivo: { bytes: Buffer.alloc(10 * 1024 * 1024 + 1, 32), nombre: "enorme.pdf" } },
        413,
        mensajesProgramas.archivoGrande,
      ],
    ];
    for (const [campos, status, mensaje] of casos) {
      const r = await conArchivo(campos, v.token);
      const nombre = Object.values(campos)
        .map((c) => (typeof c === "string" ? c : c.nombre))
        .join(" ");
      expect({ nombre, status: r.status, mensaje: r.body.mensaje }).toEqual({ nombre, status, mensaje });
    }
    // Anonymous: 401 before the file is looked at.
    expect((await conArchivo({ archivo: { bytes: pdf([pagina]), nombre: "p.pdf" } })).status).toBe(401);

    // Twenty file readings an hour, whatever they held (the refusals above counted four of them… then the 21st is refused).
    const [{ count }] = await query<{ count: number }>(db(), "SELECT count FROM limite_peticiones WHERE key = $1", [
      `programas:cuenta:${v.id}`,
    ]);
    for (let i = count; i < 20; i++) {
      const r = await conArchivo(
        { archivo: { bytes: pdf([pagina]), nombre: "p.pdf" }, referencia: "2026-06-15" },
        v.token,
      );
      expect(r.status).toBe(200);
    }
    const otra = await conArchivo({ archivo: { bytes: pdf([pagina]), nombre: "p.pdf" } }, v.token);
    expect(otra).toEqual({ status: 429, body: { mensaje: mensajes.demasiadasPeticiones } });
    // Text is still read: the limit is on files.
    expect((await call("POST", "/api/programas/leer", { token: v.token, body: { texto: VINUESA } })).status).toBe(200);
    expect(await databaseFingerprint(db(), { ignorar: IGNORAR })).toEqual(antes);
  });
});

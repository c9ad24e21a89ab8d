import { readFileSync } from "node:fs";
import { beforeAll, describe, expect, it } from "vitest";
import { mensajes } from "@/lib/messages";
import { mensajesProgramas } from "@/lib/programas/mensajes";
import { databaseFingerprint } from "@/test-support/snapshot";
import { call, confirmedUser, cookieDeSesionSql, type TestUser } from "@/test-support/users";

const db = () => process.env.DATABASE_URL!;
const IGNORAR = ["limite_peticiones", "spatial_ref_sys", "email_outbox", "sesion"];
const corpus = (nombre: string) => readFileSync(`lib/programas/fixtures/corpus/${nombre}`, "utf8");
const VINUESA = corpus("01-vinuesa-san-roque.txt");

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
    const { titulo, categorias, fechas, sinLeer } = r.body as {
      titulo: string;
      categorias: string[];
      fechas: Record<string, unknown>[];
      sinLeer: unknown[];
    };
    expect(Object.keys(r.body).sort()).toEqual(["categorias", "fechas", "sinLeer", "titulo"]);
    expect(titulo).toBe("Fiestas de San Roque 2026");
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

  it("answers bad input in Spanish with its status, and writes nothing, ever", async () => {
    const antes = await databaseFingerprint(db(), { ignorar: IGNORAR });
    const casos: [unknown, number, string][] = [
      [{ texto: "" }, 400, mensajesProgramas.sinTexto],
      [{ texto: "   \n " }, 400, mensajesProgramas.sinTexto],
      [{}, 400, mensajesProgramas.sinTexto],
      [{ texto: 42 }, 400, mensajesProgramas.sinTexto],
      [{ texto: VINUESA, referencia: "15/06/2026" }, 400, mensajesProgramas.referenciaNoValida],
      [{ texto: VINUESA, referencia: "2026-02-30" }, 400, mensajesProgramas.referenciaNoValida],
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
});

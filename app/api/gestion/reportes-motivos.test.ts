import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { query } from "@/test-support/database";
import { type Persona, comprobarAccesoPaginas, paginaHtml as pagina, persona } from "@/test-support/gestion";
import { freshOrigin, insertPlan } from "@/test-support/plans";
import { call } from "@/test-support/users";
import { appUrl } from "@/test-support/worker";

import { mensajesGestion } from "@/lib/mensajes-gestion";

const db = () => process.env.DATABASE_URL!;
const sufijo = Math.random().toString(36).slice(2, 7);
const TITULO_A = `Feria con muchos reportes ${sufijo}`;
const TITULO_B = `Concierto con un reporte ${sufijo}`;
const TITULO_SIN_PLAN = `Plan que ya no existe ${sufijo}`;
const TITULO_VIEJO = `Reporte antiguo ${sufijo}`;

/** The part of a queue page that shows one plan's row: from its heading to the next row's. */
function fila(html: string, titulo: string): string | null {
  const inicio = html.search(new RegExp(`>${titulo} ?<`));
  if (inicio < 0) return null;
  const siguiente = html.indexOf("<h2", inicio);
  return html.slice(inicio, siguiente < 0 ? undefined : siguiente);
}

describe("the reasons of reports in the back-office's queue", () => {
  let usuaria: Persona;
  let moderadora: Persona;
  let admin: Persona;
  let planB: string;

  beforeAll(async () => {
    [usuaria, moderadora, admin] = await Promise.all([
      persona("Usuaria Motivos", "usuario"),
      persona("Moderadora Motivos", "moderador"),
      persona("Admin Motivos", "admin"),
    ]);
    const origin = await freshOrigin();
    const planA = await insertPlan({ usuarioId: usuaria.id, origin, titulo: TITULO_A });
    planB = await insertPlan({ usuarioId: usuaria.id, origin, titulo: TITULO_B });
    await query(
      db(),
      `INSERT INTO reporte (titulo, url_plan, plan_id, motivo, detalle, usuario_id) VALUES
         ($1, 'https://planazo.es/a', $2, 'spam', NULL, $6),
         ($1, 'https://planazo.es/a', $2, 'spam', NULL, NULL),
         ($1, 'https://planazo.es/a', $2, 'otro', 'Lo anuncian igual en otra web', $7),
         ($1, 'https://planazo.es/a', $2, NULL, NULL, NULL),
         ($3, 'https://planazo.es/b', $4, 'falsa', NULL, $6),
         ($5, 'https://planazo.es/plan/nada', NULL, 'caducado', NULL, NULL)`,
      [TITULO_A, planA, TITULO_B, planB, TITULO_SIN_PLAN, admin.id, moderadora.id],
    );
    // More than a page of older reports of one reason, each naming no plan of ours (a group each).
    await query(
      db(),
      `INSERT INTO reporte (titulo, url_plan, motivo, created_at)
       SELECT $1 || ' ' || i, 'https://planazo.es/viejo/' || i, 'inapropiado', now() - interval '5 years' - i * interval '1 minute'
       FROM generate_series(1, 31) i`,
      [TITULO_VIEJO],
    );
  });

  afterAll(async () => {
    await query(db(), "DELETE FROM reporte WHERE titulo LIKE $1", [`${TITULO_VIEJO}%`]);
  });

  describe("unauthorized access", () => {
    comprobarAccesoPaginas(
      ["/gestion/reportes?motivo=spam", "/gestion/reportes?estado=cerrados&motivo=otro"],
      () => ({ usuaria, moderadora }),
      /Gestión|Reportes|Spam o publicidad/,
    );
  });

  it("shows each plan's reasons in Spanish, with how many reports give each, and the reporters' words", async () => {
    const html = await pagina("/gestion/reportes", moderadora.cookie);
    const a = fila(html, TITULO_A)!;
    expect(a).toContain("4 reportes");
    for (const chip of ["Spam o publicidad · 2", "Otro · 1", "Sin motivo · 1"]) expect(a).toContain(`>${chip}<`);
    expect(a).toContain("«Lo anuncian igual en otra web»");
    expect(a.indexOf("Spam o publicidad")).toBeLessThan(a.indexOf("Otro · 1"));
    const b = fila(html, TITULO_B)!;
    expect(b).toContain(">Información falsa o engañosa<");
    expect(b).not.toMatch(/engañosa · 1/);
    expect(fila(html, TITULO_SIN_PLAN)).toContain(">Plan cancelado o caducado<");
  });

  it("says who reported each plan, 'Anónimo' for reports without an account, and never the author as reporter", async () => {
    const html = (await pagina("/gestion/reportes", moderadora.cookie)).replaceAll("<!-- -->", "");
    const reportadoPor = (t: string) => fila(html, t)!.match(/Reportado por <span[^>]*>([^<]*)</)?.[1];
    expect(reportadoPor(TITULO_A)?.split(", ").sort()).toEqual([admin.correo, moderadora.correo, "Anónimo (2)"].sort());
    expect(reportadoPor(TITULO_B)).toBe(admin.correo);
    expect(reportadoPor(TITULO_SIN_PLAN)).toBe("Anónimo");
    expect(fila(html, TITULO_A)).toContain(`Publicado por ${usuaria.correo}`);
    expect(reportadoPor(TITULO_A)).not.toContain(usuaria.correo);
  });

  it("filters the queue by reason, from the URL, and keeps the filter on the next page", async () => {
    const titulos = async (ruta: string) => {
      const html = await pagina(ruta, moderadora.cookie);
      return [TITULO_A, TITULO_B, TITULO_SIN_PLAN].filter((t) => fila(html, t) !== null);
    };
    expect(await titulos("/gestion/reportes?motivo=spam")).toEqual([TITULO_A]);
    expect(await titulos("/gestion/reportes?motivo=otro")).toEqual([TITULO_A]);
    expect(await titulos("/gestion/reportes?motivo=ninguno")).toEqual([TITULO_A]);
    expect(await titulos("/gestion/reportes?motivo=falsa")).toEqual([TITULO_B]);
    expect(await titulos("/gestion/reportes?motivo=caducado")).toEqual([TITULO_SIN_PLAN]);

    // Every page of the filter keeps it, and together they hold each older report once (other
    // files' reports of that reason, newer, may come first).
    let ruta: string | undefined = "/gestion/reportes?motivo=inapropiado";
    const vistos: string[] = [];
    let paginas = 0;
    while (ruta) {
      const html = await pagina(ruta, moderadora.cookie);
      paginas++;
      expect(html).toMatch(/<option value="inapropiado" selected="">Contenido inapropiado<\/option>/);
      expect(fila(html, TITULO_A)).toBeNull();
      vistos.push(...(html.match(new RegExp(`(?<=>${TITULO_VIEJO} )\\d+(?= <)`, "g")) ?? []));
      ruta = html
        .match(/href="(\/gestion\/reportes\?motivo=inapropiado&amp;despues=[^"]+)"/)?.[1]
        .replaceAll("&amp;", "&");
    }
    expect(paginas).toBeGreaterThan(1);
    expect(vistos.map(Number).sort((x, y) => x - y)).toEqual(Array.from({ length: 31 }, (_, i) => i + 1));
  });

  it.each([
    ["in capitals", "SPAM"],
    ["with SQL", "spam'--"],
    ["an object's property", "toString"],
    ["of 8,000 characters", "spam".repeat(2000)],
    ["with an escape", "%00"],
  ])("ignores a filter that is not one of ours (%s) and shows every reason", async (_, valor) => {
    const res = await fetch(`${appUrl()}/gestion/reportes?motivo=${encodeURIComponent(valor)}`, {
      headers: { Cookie: moderadora.cookie },
    });
    expect(res.status).toBe(200);
    const html = (await res.text()).replaceAll("<!-- -->", "");
    expect(fila(html, TITULO_A)).not.toBeNull();
    expect(fila(html, TITULO_B)).not.toBeNull();
    expect(html).toMatch(/<option value="" selected="">Todos<\/option>/);
  });

  it("ignores a repeated filter too", async () => {
    const html = await pagina("/gestion/reportes?motivo=spam&motivo=falsa", moderadora.cookie);
    expect(fila(html, TITULO_A)).not.toBeNull();
    expect(fila(html, TITULO_B)).not.toBeNull();
  });

  it("shows the reason of a closed report, and filters the closed ones by it", async () => {
    const r = await call("POST", "/api/gestion/reportes/descartar", {
      body: { planId: planB },
      token: moderadora.token,
    });
    expect([r.status, r.body]).toEqual([200, { mensaje: mensajesGestion.reportesDescartados, cambio: true }]);
    const falsa = await pagina("/gestion/reportes?estado=cerrados&motivo=falsa", moderadora.cookie);
    expect(fila(falsa, TITULO_B)).toContain("Información falsa o engañosa");
    expect(fila(falsa.replaceAll("<!-- -->", ""), TITULO_B)).toContain(`Reportado por <span class=`);
    expect(fila(falsa, TITULO_B)).toContain(`>${admin.correo}<`);
    expect(falsa).toContain('<input type="hidden" name="estado" value="cerrados"/>');
    expect(fila(await pagina("/gestion/reportes?estado=cerrados&motivo=spam", moderadora.cookie), TITULO_B)).toBeNull();
    // Past the end of the list (a cursor before any report), the empty list names the filter.
    const antesDeTodo = `despues=${encodeURIComponent(`2000-01-01T00:00:00.000Z~${planB}`)}`;
    expect(await pagina(`/gestion/reportes?motivo=falsa&${antesDeTodo}`, moderadora.cookie)).toContain(
      "No hay reportes abiertos con el motivo «Información falsa o engañosa».",
    );
    expect(await pagina(`/gestion/reportes?motivo=ninguno&${antesDeTodo}`, moderadora.cookie)).toContain(
      "No hay reportes abiertos sin motivo.",
    );
  });

  it("links the back-office from the user menu of moderators and admins only", async () => {
    const enlace = 'href="/gestion"';
    expect(await pagina("/nosotros", moderadora.cookie)).toContain(enlace);
    expect(await pagina("/nosotros", admin.cookie)).toContain(enlace);
    expect(await pagina("/nosotros", usuaria.cookie)).not.toContain(enlace);
    expect(await pagina("/nosotros", "")).not.toContain(enlace);
    // A role taken away takes the link away at the next page.
    await query(db(), "UPDATE usuario SET rol = 'usuario' WHERE id = $1", [admin.id]);
    expect(await pagina("/nosotros", admin.cookie)).not.toContain(enlace);
  });
});

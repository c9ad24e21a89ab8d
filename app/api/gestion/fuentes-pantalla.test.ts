import { beforeAll, describe, expect, it } from "vitest";
import { etiquetaTipo } from "@/lib/fuentes/adaptadores";
import { mensajesFuentes as m } from "@/lib/fuentes/mensajes";
import { query } from "@/test-support/database";
import { insertFuente, importarPlan, insertOrganizacion } from "@/test-support/fuentes";
import { type Persona, comprobarAccesoPaginas, paginaHtml, persona } from "@/test-support/gestion";
import { freshOrigin, insertPlan } from "@/test-support/plans";

const sufijo = Math.random().toString(36).slice(2, 7);

/** The back-office's sources page: who may open it, and what it says of each source and of the review queue. */
const db = () => process.env.DATABASE_URL!;

describe("the sources page (/gestion/fuentes)", () => {
  let usuaria: Persona;
  let moderadora: Persona;
  let pendienteId: string;
  const agenda = `Agenda comarcal ${sufijo}`;
  const rota = `Turismo caído ${sufijo}`;
  const agendaRegional = `Agenda cultural regional ${sufijo}`;
  const deOrg = `Calendario de la peña ${sufijo}`;
  const organizacion = `Peña El Cierzo ${sufijo}`;
  const pendiente = `Fiestas de San Roque ${sufijo}`;

  beforeAll(async () => {
    [usuaria, moderadora] = await Promise.all([
      persona("Usuaria Fuentes", "usuario"),
      persona("Moderadora Fuentes", "moderador"),
    ]);
    await insertFuente({
      nombre: agenda,
      url: "https://agenda.example/eventos.ics",
      resultado: {
        creados: 3,
        actualizados: 1,
        retirados: 0,
        sinCambios: 7,
        descartados: [{ titulo: "Pleno municipal", motivo: "No tiene fecha." }],
        limite: 200,
      },
    });
    const revision = await insertFuente({
      nombre: rota,
      tipo: "jsonld",
      url: "https://turismo.example/fiestas/",
      publicacion: "revision",
      pausada: true,
      resultado: {
        creados: 0,
        actualizados: 0,
        retirados: 0,
        sinCambios: 0,
        descartados: [],
        error: "La página respondió 503.",
      },
    });
    // A regional agenda's sync: its items read, those linked, its discards of two reasons, and one of its plans in a town.
    const regional = await insertFuente({
      nombre: agendaRegional,
      tipo: "castilla-y-leon",
      url: "https://analisis.example/api/explore/v2.1/catalog/datasets/agenda/records?limit=100",
      resultado: {
        creados: 5,
        actualizados: 0,
        retirados: 0,
        sinCambios: 1,
        descartados: [
          { titulo: "Irati", motivo: "sin municipio" },
          { titulo: "Taller", motivo: "fecha no válida" },
          { titulo: "Irún", motivo: "sin municipio" },
        ],
        leidos: 9,
        vinculados: 1,
        items: { nuevos: 5, cambiados: 0, sinCambios: 0, pasados: 1, descartados: 3 },
      },
    });
    const regionalPlan = await insertPlan({
      usuarioId: "agenda-planazo",
      origin: await freshOrigin(),
      titulo: "Feria regional",
    });
    await query(db(), "UPDATE plan SET municipio_ine = '24056' WHERE id = $1", [regionalPlan]);
    await importarPlan(regional, regionalPlan);
    const orgId = await insertOrganizacion(usuaria.id, organizacion);
    await insertFuente({ nombre: deOrg, usuarioId: usuaria.id, organizacionId: orgId });
    pendienteId = await insertPlan({ usuarioId: "agenda-planazo", origin: await freshOrigin(), titulo: pendiente });
    await importarPlan(revision, pendienteId, { pendiente: true });
  });

  describe("unauthorized access", () => {
    comprobarAccesoPaginas(["/gestion/fuentes"], () => ({ usuaria, moderadora }), /Fuentes|Sincronizar|Gestión/);
  });

  it("is in the back-office's menu", async () => {
    expect(await paginaHtml("/gestion", moderadora.cookie)).toContain('href="/gestion/fuentes"');
  });

  it("shows each source's kind, owner, last sync and figures, its left-out items with their reasons, its limit and its error in red", async () => {
    const html = await paginaHtml("/gestion/fuentes", moderadora.cookie);
    // A source's row: from its name to the next row (the left-out items' own <li> have no class).
    const fila = (nombre: string) => {
      const i = html.indexOf(nombre);
      expect(i).toBeGreaterThan(-1);
      const fin = html.indexOf('<li class="', i);
      return html.slice(i, fin === -1 ? undefined : fin);
    };
    const a = fila(agenda);
    expect(a).toContain(etiquetaTipo("ics"));
    expect(a).toContain(`${m.duenaEquipo} · ${m.planesImportados(0)}`);
    expect(a).toMatch(/Última sincronización: \d{2}\/\d{2}\/\d{4} \d{2}:\d{2}/);
    expect(a).toContain(m.cifras({ creados: 3, actualizados: 1, retirados: 0, sinCambios: 7 }));
    expect(a).toContain(m.limiteAlcanzado(200));
    expect(a).toMatch(
      /<details[^>]*><summary>1 descartado<\/summary><ul><li><strong>Pleno municipal<\/strong>: No tiene fecha\.<\/li><\/ul><\/details>/,
    );
    expect(a).toContain('href="https://agenda.example/eventos.ics"');

    const regional = fila(agendaRegional);
    expect(regional).toContain(etiquetaTipo("castilla-y-leon"));
    expect(regional).toContain(m.pueblosCubiertos(1));
    // What became of the items it read adds up to what it read; the plan it linked, apart.
    expect(regional).toContain("Leídos: 9 = 5 nuevos + 0 con cambios + 0 sin cambios + 1 ya pasado + 3 descartados");
    expect(regional).toContain(">1 vinculado a un plan que ya estaba<");
    expect(regional).toContain(
      `${m.descartados(3)}: ${m.motivos([
        ["sin municipio", 2],
        ["fecha no válida", 1],
      ])}`,
    );
    expect(m.leidos(9, 1)).toBe("Leídos: 9 · 1 vinculado a un plan que ya estaba");
    expect(m.leidos(25000, 3)).toBe("Leídos: 25.000 · 3 vinculados a planes que ya estaban");

    const r = fila(rota);
    expect(r).toContain(etiquetaTipo("jsonld"));
    expect(r).toContain(m.pausada);
    expect(r).toContain(m.conRevision);
    expect(r).toContain(m.pendientesRevision(1));
    expect(r).toMatch(/<p class="[^"]*error[^"]*">La página respondió 503\.<\/p>/);
    expect(r).toContain('aria-label="Reanudar «');

    expect(fila(deOrg)).toContain(`${organizacion} · `);
  });

  it("lists the imported plans waiting for review, each linking to its page, with Publicar and Descartar", async () => {
    const html = await paginaHtml("/gestion/fuentes", moderadora.cookie);
    const cola = html.slice(html.indexOf('id="cola-revision"'));
    expect(cola).toMatch(new RegExp(`<a href="/plan/[^"]+/${pendienteId}"[^>]*>${pendiente}</a>`));
    expect(cola).toContain(`De ${rota}`);
    expect(cola).toContain(`aria-label="Publicar «${pendiente}»"`);
    expect(cola).toContain(`aria-label="Descartar «${pendiente}»"`);
  });
});

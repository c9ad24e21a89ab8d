import { conDatos } from "@/lib/con-datos";
import es from "@/mensajes/es.json";
import { htmlVisible } from "@/test-support/api";
import { beforeAll, describe, expect, it } from "vitest";
import { mensajes } from "@/lib/messages";
import { mensajesFuentes as m, textosDeFuente } from "@/lib/fuentes/mensajes";
import { NOMBRE_CARTEL_GENERADO } from "@/lib/plans/cartel";
import { CABECERA_CACHE } from "@/lib/paginas-publicas/cache";
import { query } from "@/test-support/database";
import { importarPlan, insertFuente, insertOrganizacion } from "@/test-support/fuentes";
import { type Persona, paginaHtml, persona } from "@/test-support/gestion";
import { freshOrigin, insertPlan } from "@/test-support/plans";
import { call } from "@/test-support/users";
import { appUrl } from "@/test-support/worker";

const db = () => process.env.DATABASE_URL!;
const sufijo = Math.random().toString(36).slice(2, 7);

/** A plan page as a browser without a session gets it (through the page cache). */
async function paginaPublica(ruta: string) {
  const res = await fetch(`${appUrl()}${ruta}`, { headers: { accept: "text/html" }, redirect: "manual" });
  return {
    status: res.status,
    cache: res.headers.get(CABECERA_CACHE),
    html: (await res.text()).replaceAll("<!-- -->", ""),
  };
}

const rutaPlan = async (id: string) => {
  const [{ titulo }] = await query<{ titulo: string }>(db(), "SELECT titulo FROM plan WHERE id = $1", [id]);
  const r = await fetch(`${appUrl()}/plan/x/${id}`, { redirect: "manual", headers: { accept: "text/html" } });
  expect(r.status, titulo).toBe(308);
  return new URL(r.headers.get("location")!, appUrl()).pathname;
};

/** What people see of imported plans: where they came from, their generated poster, the owner's list, form and calendars. */
describe("imported plans and connected calendars on screen", () => {
  let duena: Persona;
  let otra: Persona;
  let orgId: string;
  let fuenteId: string;
  let importadoId: string;
  let editadoId: string;
  let propioId: string;
  const fuente = `Calendario de la Peña ${sufijo}`;
  const organizacion = `Peña Los Almendros ${sufijo}`;
  const original = `https://calendar.google.com/calendar/event?eid=${sufijo}`;

  beforeAll(async () => {
    [duena, otra] = await Promise.all([persona("Dueña Fuentes", "usuario"), persona("Otra Fuentes", "usuario")]);
    orgId = await insertOrganizacion(duena.id, organizacion);
    await insertOrganizacion(otra.id, `Otra asociación ${sufijo}`);
    fuenteId = await insertFuente({
      nombre: fuente,
      url: `https://calendar.google.com/calendar/ical/${sufijo}/public/basic.ics`,
      usuarioId: duena.id,
      organizacionId: orgId,
      resultado: {
        creados: 2,
        actualizados: 0,
        retirados: 0,
        sinCambios: 5,
        descartados: [{ titulo: "Pleno municipal", motivo: m.sinMunicipio }],
      },
    });
    const origin = await freshOrigin();
    importadoId = await insertPlan({
      usuarioId: duena.id,
      origin,
      titulo: "Concierto en el lavadero",
      categorias: ["Cultura"],
    });
    editadoId = await insertPlan({ usuarioId: duena.id, origin, titulo: "Taller de cestería" });
    propioId = await insertPlan({ usuarioId: duena.id, origin, titulo: "Plan escrito a mano" });
    await importarPlan(fuenteId, importadoId, { url: original });
    await importarPlan(fuenteId, editadoId);
    await query(db(), "UPDATE plan SET editado_por_duena = true WHERE id = $1", [editadoId]);
  });

  it("says on an imported plan's page where it was published, linking to the original without passing on ranking", async () => {
    const { status, html } = await paginaPublica(await rutaPlan(importadoId));
    expect(status).toBe(200);
    expect(html).toContain(
      `<a href="${original.replaceAll("&", "&amp;")}" target="_blank" rel="nofollow noopener">${conDatos(es.plan.publicadoDesde, { fuente })}<span class="visually-hidden"> (se abre en una pestaña nueva)</span></a>`,
    );
    // Without the original's address: the words alone. A plan typed by hand: nothing.
    expect((await paginaPublica(await rutaPlan(editadoId))).html).toMatch(
      new RegExp(`<p class="[^"]*origen[^"]*">${conDatos(es.plan.publicadoDesde, { fuente })}</p>`),
    );
    expect(htmlVisible((await paginaPublica(await rutaPlan(propioId))).html)).not.toContain("Publicado desde");
  });

  it("shows a source's new name on its plans' cached pages at once", async () => {
    const ruta = await rutaPlan(importadoId);
    await paginaPublica(ruta);
    const antes = await paginaPublica(ruta);
    expect(antes.cache).toBe("hit");
    expect(antes.html).toContain(conDatos(es.plan.publicadoDesde, { fuente }));
    await query(db(), "UPDATE fuente SET nombre = $1 WHERE id = $2", [`${fuente} (nuevo)`, fuenteId]);
    try {
      const despues = await paginaPublica(ruta);
      expect(despues.cache).toBe("miss");
      expect(despues.html).toContain(conDatos(es.plan.publicadoDesde, { fuente: `${fuente} (nuevo)` }));
    } finally {
      await query(db(), "UPDATE fuente SET nombre = $1 WHERE id = $2", [fuente, fuenteId]);
    }
  });

  it("leaves the plan's API shape as it was: an imported plan has the same fields as one typed by hand", async () => {
    const [importado, propio] = await Promise.all(
      [importadoId, propioId].map((id) => call("GET", `/api/plan/detalle/${id}`).then((r) => r.body as object)),
    );
    expect(Object.keys(importado).sort()).toEqual(Object.keys(propio).sort());
    expect(JSON.stringify(importado)).not.toContain(original);
  });

  it("draws a generated poster, marked as such and hidden from screen readers, for a plan without one: on its page and its cards", async () => {
    const { html } = await paginaPublica(await rutaPlan(importadoId));
    const cartel = /<div class="[^"]*" data-cartel="generado" aria-hidden="true">(.*?)<\/div>/.exec(html);
    expect(cartel).not.toBeNull();
    // Its words are drawn from attributes: the page's text does not say them twice.
    for (const texto of [mensajes.cartelGenerado, "Concierto en el lavadero", "Cultura", "Pueblo de Prueba"])
      expect(cartel![1]).toContain(`data-texto="${texto}"`);
    expect(cartel![1]).not.toMatch(/>[^<]+</);
    // The cards around it ("Más planes cerca") are plans without posters too.
    const tarjetas = html.match(/<article class="[^"]*card[^"]*">.*?<\/article>/g) ?? [];
    expect(tarjetas.length).toBeGreaterThan(0);
    for (const t of tarjetas) expect(t).toContain('data-cartel="generado" aria-hidden="true"');
  });

  it("draws on the page, in its language, the poster the server drew in Spanish for the apps", async () => {
    const [archivo] = await query<{ id: string }>(
      db(),
      `INSERT INTO archivo (nombre, path, url, content_type, md5sum, hash, width, height, size, variantes)
       VALUES ($1, $2, $3, 'image/webp', 'x', 'x', 1200, 800, 1, '{}'::jsonb) RETURNING id`,
      [NOMBRE_CARTEL_GENERADO, `carteles/${sufijo}.webp`, `/media/carteles/${sufijo}.webp`],
    );
    await query(db(), "UPDATE plan SET archivo_cartel_id = $2 WHERE id = $1", [importadoId, archivo.id]);
    try {
      const ca = (await import("@/mensajes/ca.json")).default;
      const { html } = await paginaPublica(`/ca${await rutaPlan(importadoId)}`);
      const cartel = /<div class="[^"]*" data-cartel="generado" aria-hidden="true">(.*?)<\/div>/.exec(html);
      expect(cartel).not.toBeNull();
      expect(cartel![1]).toContain(`data-texto="${ca.tarjeta.cartelGenerado}"`);
      // No image of it on the page; link previews keep it (the og:image).
      expect(html).not.toMatch(new RegExp(`<img[^>]*carteles/${sufijo}`));
      expect(html).toMatch(new RegExp(`<meta property="og:image" content="[^"]*carteles/${sufijo}`));
    } finally {
      await query(db(), "UPDATE plan SET archivo_cartel_id = NULL WHERE id = $1", [importadoId]);
      await query(db(), "DELETE FROM archivo WHERE id = $1", [archivo.id]);
    }
  });

  it("marks the owner's imported plans 'Importado' in Planes Creados, and no other", async () => {
    const html = await paginaHtml("/mis-planes", duena.cookie);
    const fila = (titulo: string) => {
      const i = html.indexOf(`>${titulo}<`);
      expect(i).toBeGreaterThan(-1);
      return html.slice(html.lastIndexOf("<article", i), html.indexOf("</article>", i));
    };
    expect(fila("Concierto en el lavadero")).toContain(`>${mensajes.importado}</span>`);
    expect(fila("Taller de cestería")).toContain(`>${mensajes.importado}</span>`);
    expect(fila("Plan escrito a mano")).not.toContain(`>${mensajes.importado}</span>`);
  });

  it("warns above the edit form of an imported plan its owner has not edited yet, and only then", async () => {
    const aviso = conDatos(es.asistente.avisoImportado, { fuente });
    expect(await paginaHtml(`/editar-plan/${importadoId}`, duena.cookie)).toContain(aviso);
    expect(htmlVisible(await paginaHtml(`/editar-plan/${editadoId}`, duena.cookie))).not.toContain("Si lo editas aquí");
    expect(htmlVisible(await paginaHtml(`/editar-plan/${propioId}`, duena.cookie))).not.toContain("Si lo editas aquí");
  });

  it("shows an organization's connected calendars to its owner only, with their last sync, and no field at three", async () => {
    const suya = await paginaHtml("/tus-organizaciones", duena.cookie);
    expect(suya).toContain(m.calendariosConectados);
    expect(suya).toContain(m.ayudaCalendario);
    expect(suya).toContain(fuente);
    expect(suya).toContain(m.cifras({ creados: 2, actualizados: 0, retirados: 0, sinCambios: 5 }));
    expect(suya).toContain(m.direccionCalendario);

    // Another person's page has their own organization's block, never this one's calendars.
    const ajena = await paginaHtml("/tus-organizaciones", otra.cookie);
    expect(ajena).toContain(m.calendariosConectados);
    expect(ajena).not.toContain(fuente);
    expect(ajena).not.toContain(organizacion);

    const mas = await Promise.all(
      [2, 3].map((n) =>
        insertFuente({ nombre: `Calendario ${n} ${sufijo}`, usuarioId: duena.id, organizacionId: orgId }),
      ),
    );
    try {
      // The page's words travel in its data whether shown or not: what it shows is its HTML.
      const llena = htmlVisible(await paginaHtml("/tus-organizaciones", duena.cookie));
      expect(llena).toContain(`Calendario 3 ${sufijo}`);
      expect(llena).not.toContain(m.direccionCalendario);
      expect(llena).toContain(m.maxCalendarios);
    } finally {
      await query(db(), "DELETE FROM fuente WHERE id = ANY($1::uuid[])", [mas]);
    }
  });

  it("shows the calendars in the page's language, with the reasons the sync wrote down in Spanish translated", async () => {
    const ca = (await import("@/mensajes/ca.json")).default;
    const t = textosDeFuente(ca.fuentes, "ca");
    const html = htmlVisible(await paginaHtml("/ca/tus-organizaciones", duena.cookie)).replaceAll("<!-- -->", "");
    for (const texto of [ca.fuentes.calendariosConectados, ca.fuentes.direccionCalendario, ca.fuentes.conectar])
      expect(html).toContain(`>${texto}<`);
    expect(html).toContain(t.cifras({ creados: 2, actualizados: 0, retirados: 0, sinCambios: 5 }));
    expect(html).toContain(`${t.descartados(1)}</summary>`);
    expect(html).toContain(`<strong>Pleno municipal</strong>: ${ca.fuentes.sinMunicipio}`);
    for (const castellano of [m.calendariosConectados, m.ayudaCalendario, m.sinMunicipio, m.dondeEncuentroDireccion])
      expect(html).not.toContain(castellano);
  });
});

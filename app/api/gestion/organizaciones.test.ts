import { beforeAll, describe, expect, it } from "vitest";
import { query, versionDeBusqueda } from "@/test-support/database";
import { camposOrganizacion, enviarFormulario, formulario, png } from "@/test-support/forms";
import { freshOrigin, insertPlan } from "@/test-support/plans";
import { comprobarAccesoPaginas, persona, type Persona } from "@/test-support/gestion";
import { databaseFingerprint } from "@/test-support/snapshot";
import { call, confirmedUser } from "@/test-support/users";
import { mensajes } from "@/lib/messages";
import { organizacionPath } from "@/lib/organizaciones/paths";
import { planPath } from "@/lib/plans/plan";
import { appUrl } from "@/test-support/worker";
import { mensajesGestion } from "@/lib/mensajes-gestion";

/**
 * Verified organizations: who may verify one, that a second click changes
 * nothing but is logged, and that the public sees "Verificada" (page, plan page, cards, JSON-LD)
 * from the very next request, while the documented API shape stays as it was.
 */

const db = () => process.env.DATABASE_URL!;
const NO_EXISTE = "00000000-0000-4000-8000-000000000000";
const SITIO_AJENO = "https://sitio-malicioso.example";
const IGNORAR = ["limite_peticiones", "spatial_ref_sys", "email_outbox", "sesion"];
const AWARD = "Organización verificada por Planazo";
/** The badge as the HTML renders it: the check is hidden from screen readers, the word is not. */
const INSIGNIA =
  /<span class="[^"]*insignia[^"]*" title="Organización verificada por el equipo de Planazo"><svg[^>]*aria-hidden="true"[^>]*>.*?<\/svg>Verificada<\/span>/;

/** A page's status and HTML, anonymous or with a cookie (paginaHtml of test-support/gestion.ts gives the text only). */
const pagina = async (ruta: string, cookie?: string) => {
  const res = await fetch(`${appUrl()}${ruta}`, { headers: cookie ? { Cookie: cookie } : {} });
  return { status: res.status, html: (await res.text()).replaceAll("<!-- -->", "") };
};

/** The page's schema.org data, parsed. */
const jsonLd = (html: string) =>
  JSON.parse(html.match(/<script type="application\/ld\+json">(.*?)<\/script>/)![1]) as Record<string, unknown> & {
    organizer?: Record<string, unknown>;
  };

const unico = () => Math.random().toString(36).slice(2, 8);

/** An organization made through the API by its owner, with a logo, and one listed plan of it at a place of its own. */
async function organizacionConPlan(duena: Awaited<ReturnType<typeof confirmedUser>>, nombre: string) {
  const creada = await enviarFormulario(
    "POST",
    "/api/organizacion",
    formulario({ ...camposOrganizacion(), nombre, archivoLogo: { bytes: await png(90, 90), nombre: "l.png" } }),
    duena.token,
  );
  expect(creada.status).toBe(201);
  const orgId = (creada.body.organizacion as { _id: string })._id;
  const origin = await freshOrigin();
  const titulo = `Ronda ${unico()}`;
  const planId = await insertPlan({ usuarioId: duena.id, origin, titulo });
  await query(db(), "UPDATE plan SET organizacion_id = $1 WHERE id = $2", [orgId, planId]);
  return { orgId, planId, titulo, origin };
}

const auditoria = (objetoId: string) =>
  query<{ accion: string; actor_correo: string; motivo: string | null; datos: Record<string, unknown> }>(
    db(),
    "SELECT accion, actor_correo, motivo, datos FROM auditoria WHERE objeto_id = $1 ORDER BY creado_en, id",
    [objetoId],
  );

describe("verified organizations", () => {
  let usuaria: Persona;
  let moderadora: Persona;
  let otraModeradora: Persona;
  let duena: Awaited<ReturnType<typeof confirmedUser>>;

  beforeAll(async () => {
    [usuaria, moderadora, otraModeradora, duena] = await Promise.all([
      persona("Usuaria Org", "usuario"),
      persona("Moderadora Org", "moderador"),
      persona("Otra Moderadora Org", "moderador"),
      confirmedUser("Dueña de la peña"),
    ]);
  });

  describe("unauthorized access", () => {
    const RUTAS = ["/gestion/organizaciones", "/gestion/organizaciones?q=pe%C3%B1a"];

    comprobarAccesoPaginas(
      RUTAS,
      () => ({ usuaria, moderadora }),
      /Gestión|Organizaciones|Quitar verificación|Verificar /,
    );

    it("opens the page to a moderator, never indexed, with its place in the back-office's menu", async () => {
      const { status, html } = await pagina("/gestion/organizaciones", moderadora.cookie);
      expect(status).toBe(200);
      expect(html).toMatch(/<meta name="robots" content="noindex, ?nofollow"/);
      expect(html).toMatch(/<a aria-current="page" href="\/gestion\/organizaciones">Organizaciones<\/a>/);
    });

    it("refuses the call to the wrong person with the right status and changes nothing", async () => {
      const { orgId } = await organizacionConPlan(duena, `Peña intocable ${unico()}`);
      const ruta = `/api/gestion/organizaciones/${orgId}/verificar`;
      const antes = await databaseFingerprint(db(), { ignorar: IGNORAR });
      for (const body of [{ verificada: true }, { verificada: false }]) {
        const anonima = await call("POST", ruta, { body });
        expect([anonima.status, anonima.body.mensaje]).toEqual([401, mensajes.loginNecesario]);
        const comun = await call("POST", ruta, { body, token: usuaria.token });
        expect([comun.status, comun.body.mensaje]).toEqual([404, mensajes.recursoNoEncontrado]);
        const comunCookie = await call("POST", ruta, { body, cookie: usuaria.cookie });
        expect([comunCookie.status, comunCookie.body.mensaje]).toEqual([404, mensajes.recursoNoEncontrado]);
        const ajena = await call("POST", ruta, { body, cookie: moderadora.cookie, origin: SITIO_AJENO });
        expect([ajena.status, ajena.body.mensaje]).toEqual([403, mensajes.origenNoPermitido]);
        // The owner is no member of the team either.
        const duenaMisma = await call("POST", ruta, { body, token: duena.token });
        expect(duenaMisma.status).toBe(404);
      }
      expect(await databaseFingerprint(db(), { ignorar: IGNORAR })).toEqual(antes);
      await expect(
        query(db(), "SELECT verificada, verificada_en FROM organizacion WHERE id = $1", [orgId]),
      ).resolves.toEqual([{ verificada: false, verificada_en: null }]);
    });

    it("answers a moderator's bad requests in Spanish, changing nothing", async () => {
      const { orgId } = await organizacionConPlan(duena, `Peña de datos ${unico()}`);
      const noExiste = await call("POST", `/api/gestion/organizaciones/${NO_EXISTE}/verificar`, {
        body: { verificada: true },
        token: moderadora.token,
      });
      expect([noExiste.status, noExiste.body.mensaje]).toEqual([404, mensajes.orgNoEncontrada]);
      const idRaro = await call("POST", "/api/gestion/organizaciones/no-es-un-id/verificar", {
        body: { verificada: true },
        token: moderadora.token,
      });
      expect([idRaro.status, idRaro.body.mensaje]).toEqual([404, mensajes.orgNoEncontrada]);
      for (const body of [{}, { verificada: "sí" }, { verificada: true, motivo: "x".repeat(501) }]) {
        const r = await call("POST", `/api/gestion/organizaciones/${orgId}/verificar`, {
          body,
          token: moderadora.token,
        });
        expect(r.status).toBe(400);
        expect(typeof r.body.mensaje).toBe("string");
      }
      await expect(query(db(), "SELECT verificada FROM organizacion WHERE id = $1", [orgId])).resolves.toEqual([
        { verificada: false },
      ]);
      await expect(auditoria(orgId)).resolves.toEqual([]);
    });
  });

  it("finds an organization by its name or its owner's e-mail, with its plans counted", async () => {
    const nombre = `Peña Búsqueda ${unico()}`;
    const { orgId } = await organizacionConPlan(duena, nombre);
    const porNombre = await pagina(
      `/gestion/organizaciones?q=${encodeURIComponent(nombre.toUpperCase())}`,
      moderadora.cookie,
    );
    expect(porNombre.html).toContain(nombre);
    expect(porNombre.html).toContain(duena.correo);
    expect(porNombre.html).toContain("1 plan · creada el");
    expect(porNombre.html).toContain(`aria-label="Verificar ${nombre}"`);
    expect(porNombre.html).toContain(`href="${organizacionPath(nombre, orgId)}"`);
    const porCorreo = await pagina(`/gestion/organizaciones?q=${encodeURIComponent(duena.correo)}`, moderadora.cookie);
    expect(porCorreo.html).toContain(nombre);
    const nadie = await pagina(`/gestion/organizaciones?q=${encodeURIComponent(`%_${unico()}`)}`, moderadora.cookie);
    expect(nadie.html).toContain("Ninguna organización coincide con la búsqueda.");
  });

  it("pages newest first with a keyset cursor that neither repeats nor skips", async () => {
    const marca = `Serie ${unico()}`;
    const duenaSerie = await confirmedUser("Dueña de la serie");
    // 31 organizations (one more than a page) created a second apart, straight in the database.
    const ids: string[] = [];
    for (let i = 0; i < 31; i++) {
      const [{ id }] = await query<{ id: string }>(
        db(),
        "INSERT INTO organizacion (nombre, direccion, email_contacto, usuario_id, fecha_creacion) VALUES ($1, 'Calle 1', 'o@example.com', $2, now() - make_interval(secs => $3)) RETURNING id",
        [`${marca} ${String(i).padStart(2, "0")}`, duenaSerie.id, i],
      );
      ids.push(id);
    }
    const primera = await pagina(`/gestion/organizaciones?q=${encodeURIComponent(marca)}`, moderadora.cookie);
    const nombres = (html: string) =>
      [...html.matchAll(new RegExp(`${marca} (\\d\\d)`, "g"))].map((m) => m[1]).filter((n, i, a) => a.indexOf(n) === i);
    expect(nombres(primera.html)).toEqual(Array.from({ length: 30 }, (_, i) => String(i).padStart(2, "0")));
    const siguiente = primera.html
      .match(/href="(\/gestion\/organizaciones\?[^"]*despues=[^"]+)">Siguientes/)![1]
      .replaceAll("&amp;", "&");
    const segunda = await pagina(siguiente, moderadora.cookie);
    expect(nombres(segunda.html)).toEqual(["30"]);
    expect(segunda.html).toContain("« Más recientes");
  });

  it("verifies once (two moderators at once: one change, two log rows), shows the badge everywhere at once, and takes it away again", async () => {
    const nombre = `Peña Verificable ${unico()}`;
    const { orgId, planId, titulo, origin } = await organizacionConPlan(duena, nombre);
    const rutaOrg = organizacionPath(nombre, orgId);
    const rutaPlan = planPath(titulo, planId);
    const busqueda = `/?municipio=Prueba&lat=${origin.lat}&lng=${origin.lng}`;
    const ruta = `/api/gestion/organizaciones/${orgId}/verificar`;

    // Before: no badge anywhere, and the search answer is memoized.
    for (const r of [rutaOrg, rutaPlan, busqueda]) {
      const { status, html } = await pagina(r);
      expect([r, status]).toEqual([r, 200]);
      expect(html).not.toMatch(INSIGNIA);
    }
    expect(jsonLd((await pagina(rutaOrg)).html)).not.toHaveProperty("award");
    expect(jsonLd((await pagina(rutaPlan)).html).organizer).not.toHaveProperty("award");
    expect((await pagina(busqueda)).html).toContain(titulo);
    const version = () => versionDeBusqueda(db());
    const versionAntes = await version();

    const [a, b] = await Promise.all([
      call("POST", ruta, { body: { verificada: true, motivo: "Llamamos a su presidenta." }, token: moderadora.token }),
      call("POST", ruta, { body: { verificada: true }, cookie: otraModeradora.cookie }),
    ]);
    expect([a.status, b.status]).toEqual([200, 200]);
    expect([a.body.cambio, b.body.cambio].sort()).toEqual([false, true]);
    expect([a.body.mensaje, b.body.mensaje].sort()).toEqual(
      [mensajesGestion.orgVerificada, mensajesGestion.orgYaVerificada].sort(),
    );
    const [fila] = await query<{ verificada: boolean; verificada_en: Date | null }>(
      db(),
      "SELECT verificada, verificada_en FROM organizacion WHERE id = $1",
      [orgId],
    );
    expect(fila.verificada).toBe(true);
    expect(fila.verificada_en).toBeInstanceOf(Date);
    const log = await auditoria(orgId);
    expect(log.map((f) => [f.accion, f.datos.cambio]).sort()).toEqual([
      ["verificar_organizacion", false],
      ["verificar_organizacion", true],
    ]);
    expect(log.find((f) => f.actor_correo === moderadora.correo)?.motivo).toBe("Llamamos a su presidenta.");
    // The change moved the search caches' version (a trigger on organizacion).
    expect(BigInt(await version())).toBeGreaterThan(BigInt(versionAntes));

    // The organization's page: the badge under its name, on its plan's card, and in its schema.org data.
    const org = await pagina(rutaOrg);
    expect(org.html).toMatch(
      new RegExp(`<h1[^>]*>${nombre}</h1><p class="[^"]*verificada[^"]*">${INSIGNIA.source}</p>`),
    );
    expect(org.html).toMatch(new RegExp(`<span class="[^"]*organizaNombre[^"]*">${nombre}</span> ${INSIGNIA.source}`));
    expect(jsonLd(org.html)).toMatchObject({ "@type": "Organization", name: nombre, award: AWARD });
    // The plan's page: next to the organizer, and its Event's organizer says so.
    const plan = await pagina(rutaPlan);
    expect(plan.html).toMatch(
      new RegExp(`<a href="${rutaOrg.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}">${nombre}</a> ${INSIGNIA.source}`),
    );
    expect(jsonLd(plan.html)).toMatchObject({
      "@type": "Event",
      organizer: { "@type": "Organization", name: nombre, award: AWARD },
    });
    // The very next search: its card names the organization, verified.
    const resultados = await pagina(busqueda);
    expect(resultados.html).toMatch(
      new RegExp(`<span class="[^"]*organizaNombre[^"]*">${nombre}</span> ${INSIGNIA.source}`),
    );
    // The back-office list says so too, and offers the way back.
    const lista = await pagina(`/gestion/organizaciones?q=${encodeURIComponent(nombre)}`, moderadora.cookie);
    expect(lista.html).toContain(`aria-label="Quitar verificación de ${nombre}"`);
    expect(lista.html).toMatch(/verificada el \d\d\/\d\d\/\d{4}/);

    // The documented API shape is unchanged (spec §3: organizacion { _id, nombre }).
    const detalle = await call("GET", `/api/plan/detalle/${planId}`);
    expect(detalle.body.organizacion).toEqual({ _id: orgId, nombre });
    const orgApi = await call("GET", `/api/organizacion/detalle/${orgId}`);
    expect(orgApi.body).not.toHaveProperty("verificada");

    // Taking it away: gone everywhere on the next request; a second time changes nothing.
    const quitar = await call("POST", ruta, { body: { verificada: false }, token: moderadora.token });
    expect([quitar.status, quitar.body]).toEqual([
      200,
      { mensaje: mensajesGestion.orgVerificacionQuitada, cambio: true },
    ]);
    const otraVez = await call("POST", ruta, { body: { verificada: false }, token: moderadora.token });
    expect([otraVez.status, otraVez.body]).toEqual([200, { mensaje: mensajesGestion.orgNoVerificada, cambio: false }]);
    await expect(
      query(db(), "SELECT verificada, verificada_en FROM organizacion WHERE id = $1", [orgId]),
    ).resolves.toEqual([{ verificada: false, verificada_en: null }]);
    expect((await auditoria(orgId)).slice(-2).map((f) => [f.accion, f.datos.cambio])).toEqual([
      ["quitar_verificacion", true],
      ["quitar_verificacion", false],
    ]);
    for (const r of [rutaOrg, rutaPlan, busqueda]) expect((await pagina(r)).html).not.toMatch(INSIGNIA);
    expect(jsonLd((await pagina(rutaOrg)).html)).not.toHaveProperty("award");
    expect(jsonLd((await pagina(rutaPlan)).html).organizer).not.toHaveProperty("award");
    // The audit log page names both actions.
    const registro = await pagina(`/gestion/registro?objetoId=${orgId}`, moderadora.cookie);
    expect(registro.html).toContain("Verificar organización");
    expect(registro.html).toContain("Quitar verificación");
  });
});

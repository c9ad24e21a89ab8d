import { randomBytes } from "node:crypto";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ventanaFechas } from "@/lib/busqueda/estado";
import { MENSAJES_WIDGET } from "@/lib/difusion/widget";
import { conDatos, mensajes } from "@/lib/messages";
import { mensajesFuentes } from "@/lib/fuentes/mensajes";
import { organizacionPath } from "@/lib/organizaciones/paths";
import { planPath } from "@/lib/plans/plan";
import { elegirMunicipio, esperarPaso, ponerCartel } from "@/test-support/asistente";
import { AXE, sinViolaciones } from "@/test-support/axe";
import { launchBrowser } from "@/test-support/browser";
import { query } from "@/test-support/database";
import { importarPlan, insertFuente, SINCRONIZACION_CON_UN_DESCARTE } from "@/test-support/fuentes";
import { enviarFormulario, formulario, png } from "@/test-support/forms";
import { persona, type Persona } from "@/test-support/gestion";
import { insertPlan } from "@/test-support/plans";
import { tokenDelCorreo } from "@/test-support/seguimientos";
import { contextoConectado } from "@/test-support/session-context";
import { call, uniqueEmail } from "@/test-support/users";
import { appUrl } from "@/test-support/worker";

/**
 * Axe on every page template of the site, at a phone's width and at a laptop's (side by side,
 * each width in contexts of its own), each page with realistic content: the plans of one town,
 * an organization, a person's lists and the back-office's queues, all arranged here. The flow
 * tests keep axe only for what no address opens: a dialog, a form showing its errors, the date
 * picker, a screen right after an action.
 */

const db = () => process.env.DATABASE_URL!;
const HORA = 3_600_000;
const DIA = 24 * HORA;
const sufijo = randomBytes(3).toString("hex");

// Vinuesa (Soria): no other test puts plans within 50 km of it. Langa de Duero, 62 km away in
// the same province, has none of its own: its page and searches are the empty ones.
const VINUESA = { ine: "42215", nombre: "Vinuesa", lat: 41.91032, lng: -2.76483, ruta: "/planes/soria/vinuesa" };
const LANGA = { nombre: "Langa de Duero", lat: 41.60985, lng: -3.40061, ruta: "/planes/soria/langa-de-duero" };

const VISTAS = [
  { ancho: 390, alto: 844 },
  { ancho: 1280, alto: 800 },
] as const;

type Rol = "visitante" | "usuaria" | "admin";

interface Plantilla {
  nombre: string;
  rol: Rol;
  ruta: () => string;
  /** Waits until the page shows its content (and opens what it is checked with open). */
  listo: (page: Page) => Promise<unknown>;
  /** The HTTP status of the page, 200 unless said. */
  estado?: number;
  /** Checked on a phone only: what exists only there, or was only ever checked there. */
  soloMovil?: boolean;
  /** A page without the site's layout (the embed): no cookie bar on a first visit. */
  sinAvisoCookies?: boolean;
}

const titulos = {
  evento: `Fiesta de la Pinochada ${sufijo}`,
  experiencia: `Ruta por la Laguna Negra ${sufijo}`,
  terminado: `Concierto en la plaza ${sufijo}`,
  destacado: `Feria del hongo ${sufijo}`,
  junto: `Mercado de la feria del hongo ${sufijo}`,
  reportado: `Mercadillo de artesanía ${sufijo}`,
  oculto: `Taller de resina ${sufijo}`,
  pendiente: `San Roque ${sufijo}`,
};
const ORG = `Asociación Cultural Pinares ${sufijo}`;
const AGENDA = `Agenda comarcal de Pinares ${sufijo}`;
const CALENDARIO = `Calendario de la asociación ${sufijo}`;
const PATROCINIO = `Miel de Urbión ${sufijo}`;
const LEAD = `Rocío Satélite ${sufijo}`;
const LEAD_CONTACTADO = `Ramón Satélite ${sufijo}`;
const CORREO_FALLIDO = `Restablece tu contraseña ${sufijo}`;
const SOLICITANTE = `Olga Setas ${sufijo}`;

const FALLO_FEDERACION = "Failed to send activity (503 Service Unavailable): prueba de accesibilidad";

/** What beforeAll arranges, read by the templates' paths when the tests run. */
const d = {
  ids: {} as Record<keyof typeof titulos, string>,
  orgId: "",
  patrocinioId: "",
  correoId: "",
  fuentes: [] as string[],
  seguimientoPendiente: "",
  seguimientoGestion: "",
  correos: [] as string[],
};
let browser: Browser;
let usuaria: Persona;
let admin: Persona;

const busqueda = (lugar: { nombre: string; lat: number; lng: number }, extra = "") =>
  `/?${new URLSearchParams({ municipio: lugar.nombre, lat: String(lugar.lat), lng: String(lugar.lng) })}${extra}`;
const plan = (clave: keyof typeof titulos) => planPath(titulos[clave], d.ids[clave]);

const h1 = (page: Page, name?: string | RegExp) => page.getByRole("heading", { level: 1, name }).waitFor();
const resultados = (page: Page) => page.locator('#resultados[aria-busy="false"]').waitFor();

/** "Seguir esta búsqueda" opened: the calendar and the feed it offers are part of the page. */
async function abrirSeguir(page: Page) {
  const seguir = page.getByText(mensajes.seguirBusqueda, { exact: true });
  await seguir.scrollIntoViewIfNeeded();
  await seguir.click();
  await page.getByRole("link", { name: mensajes.suscribirCalendario }).waitFor();
}

/** A plan page with its map: the map loads as it nears the viewport, once the page has hydrated. */
async function paginaDePlan(page: Page, titulo: string) {
  await h1(page, titulo);
  const mapa = page.getByRole("region", { name: "Mapa", exact: true });
  const leaflet = mapa.locator(".leaflet-container");
  await expect
    .poll(
      async () => {
        await mapa.scrollIntoViewIfNeeded();
        return leaflet.count();
      },
      { timeout: 20_000 },
    )
    .toBe(1);
  await mapa.locator(".leaflet-marker-icon").waitFor();
}

const PLANTILLAS: Plantilla[] = [
  // The public site, for a first-time visitor: the cookie bar is on every page.
  {
    nombre: "home",
    rol: "visitante",
    ruta: () => "/",
    listo: async (p) => {
      // Featured plans (this file's among them) and the towns with most plans.
      await p.getByRole("region", { name: "Destacados" }).locator("article").first().waitFor();
      await p.getByRole("region", { name: "Pueblos con más planes" }).waitFor();
    },
  },
  {
    nombre: "search results by date, free only",
    rol: "visitante",
    ruta: () => busqueda(VINUESA, "&fecha=mes&gratis=1"),
    // The town's two free fairs (none in a month's last hours: then the page says so).
    listo: (p) => p.locator("#resultados article").or(p.getByText(mensajes.sinPlanes)).first().waitFor(),
  },
  {
    nombre: "search filters sheet",
    rol: "visitante",
    soloMovil: true,
    ruta: () => busqueda(VINUESA, "&gratis=1"),
    listo: async (p) => {
      await resultados(p);
      await p.getByRole("button", { name: /^Filtros/ }).click();
      await p.getByRole("dialog", { name: "Filtros" }).waitFor();
    },
  },
  {
    nombre: "search map view",
    rol: "visitante",
    ruta: () => busqueda(VINUESA, "&vista=mapa"),
    listo: async (p) => {
      const mapa = p.getByRole("region", { name: mensajes.mapaRegion });
      await mapa.locator("path.mapa-radio").waitFor();
      await mapa.locator(".leaflet-marker-icon").first().waitFor();
    },
  },
  {
    nombre: "search without results",
    rol: "visitante",
    ruta: () => busqueda(LANGA, "&radio=10&categorias=Cultura&fecha=hoy"),
    listo: (p) => p.locator("#resultados").getByText(mensajes.sinPlanes).waitFor(),
  },
  {
    nombre: "plan page of an event",
    rol: "visitante",
    ruta: () => plan("evento"),
    listo: async (p) => {
      await paginaDePlan(p, titulos.evento);
      const cuando = p.locator("main section", { has: p.getByRole("heading", { name: "¿CUÁNDO SERÁ?" }) });
      await cuando.getByText("Guardar en mi calendario").click();
      await p.getByRole("link", { name: /Google Calendar/ }).waitFor();
    },
  },
  {
    nombre: "plan page of an experience",
    rol: "visitante",
    ruta: () => plan("experiencia"),
    listo: (p) => paginaDePlan(p, titulos.experiencia),
  },
  {
    nombre: "plan page of an ended plan",
    rol: "visitante",
    ruta: () => plan("terminado"),
    listo: (p) => paginaDePlan(p, titulos.terminado),
  },
  {
    nombre: "organization page",
    rol: "visitante",
    ruta: () => organizacionPath(ORG, d.orgId),
    listo: async (p) => {
      await h1(p, ORG);
      await abrirSeguir(p);
    },
  },
  {
    nombre: "town page with plans",
    rol: "visitante",
    ruta: () => VINUESA.ruta,
    listo: async (p) => {
      await h1(p, conDatos(mensajes.puebloTitulo, { municipio: VINUESA.nombre }));
      await abrirSeguir(p);
      await p.getByText(mensajes.seguirDesplegar).click();
      await p.getByLabel(mensajes.seguirCorreoEtiqueta).waitFor();
    },
  },
  {
    nombre: "town page without plans",
    rol: "visitante",
    ruta: () => LANGA.ruta,
    listo: (p) =>
      p.getByRole("heading", { name: conDatos(mensajes.puebloVacio, { km: "50", municipio: LANGA.nombre }) }).waitFor(),
  },
  {
    nombre: "province page",
    rol: "visitante",
    ruta: () => "/planes/soria",
    listo: (p) => h1(p, conDatos(mensajes.provinciaTitulo, { provincia: "Soria" })),
  },
  { nombre: "login", rol: "visitante", ruta: () => "/iniciar-sesion", listo: (p) => h1(p, "Entrar") },
  { nombre: "registration", rol: "visitante", ruta: () => "/registro", listo: (p) => h1(p, "Crea tu cuenta") },
  {
    nombre: "password reset",
    rol: "visitante",
    ruta: () => `/restablecer-password/${randomBytes(24).toString("base64url")}`,
    listo: (p) => h1(p, "Nueva contraseña"),
  },
  {
    nombre: "account confirmation with a link that fails",
    rol: "visitante",
    ruta: () => `/confirmar-cuenta/enlace-que-no-vale-${sufijo}`,
    listo: (p) => h1(p, mensajes.enlaceNoValido),
  },
  ...["/aviso-legal", "/condiciones-generales", "/cookies", "/politica-privacidad", "/nosotros", "/eurona"].map(
    (ruta): Plantilla => ({ nombre: ruta, rol: "visitante", ruta: () => ruta, listo: (p) => h1(p) }),
  ),
  {
    nombre: "widget builder",
    rol: "visitante",
    ruta: () => `/widget?organizacion=${d.orgId}`,
    listo: (p) => p.frameLocator('iframe[title="Vista previa del widget"]').getByText(titulos.evento).first().waitFor(),
  },
  ...(["claro", "oscuro"] as const).map((tema): Plantilla => ({
    nombre: `embedded plans (${tema})`,
    rol: "visitante",
    sinAvisoCookies: true,
    ruta: () =>
      `/embed/planes?${new URLSearchParams({ municipio: VINUESA.nombre, lat: String(VINUESA.lat), lng: String(VINUESA.lng), radio: "10", tema })}`,
    listo: (p) => p.getByText(titulos.evento).first().waitFor(),
  })),
  {
    nombre: "embedded plans of an organization that does not exist",
    rol: "visitante",
    sinAvisoCookies: true,
    estado: 404,
    ruta: () => "/embed/planes?organizacion=00000000-0000-4000-8000-000000000000",
    listo: (p) => p.getByText(MENSAJES_WIDGET.organizacionNoEncontrada).waitFor(),
  },
  {
    nombre: "follow confirmation",
    rol: "visitante",
    ruta: () => `/seguimientos/confirmar/${d.seguimientoPendiente}`,
    listo: (p) => p.getByRole("button", { name: mensajes.seguimientoConfirmarBoton }).waitFor(),
  },
  {
    nombre: "follows managed from the e-mail's link",
    rol: "visitante",
    ruta: () => `/seguimientos/gestionar/${d.seguimientoGestion}`,
    listo: (p) => p.getByRole("heading", { name: VINUESA.nombre }).waitFor(),
  },
  {
    nombre: "follows with a link that does not exist",
    rol: "visitante",
    estado: 404,
    ruta: () => `/seguimientos/gestionar/${"z".repeat(43)}`,
    listo: (p) => p.getByText(mensajes.seguimientoEnlaceNoValido).waitFor(),
  },
  {
    nombre: "unsubscribe from the weekly e-mail",
    rol: "visitante",
    ruta: () => `/seguimientos/baja/${d.seguimientoGestion}`,
    listo: (p) => h1(p, mensajes.bajaTitulo),
  },
  {
    nombre: "404 page",
    rol: "visitante",
    estado: 404,
    ruta: () => `/esto-no-existe-${sufijo}`,
    listo: (p) => h1(p, mensajes.paginaNoEncontrada),
  },

  // A person with an account: her plans, her organization, what she saved and follows.
  {
    nombre: "search results",
    rol: "usuaria",
    ruta: () => busqueda(VINUESA),
    listo: async (p) => {
      await resultados(p);
      // The plan she saved, its heart pressed.
      await p
        .locator("main article", { has: p.getByRole("heading", { name: titulos.evento }) })
        .locator('button[aria-pressed="true"]')
        .waitFor();
      await abrirSeguir(p);
    },
  },
  {
    nombre: "edit page of a plan",
    rol: "usuaria",
    ruta: () => `/editar-plan/${d.ids.evento}`,
    listo: (p) => p.locator(".leaflet-marker-icon").waitFor(),
  },
  {
    // The profile's data (a <dl> whose rows hold their edit buttons in a <dd>) and the towns followed.
    nombre: "profile",
    rol: "usuaria",
    ruta: () => "/perfil",
    listo: (p) =>
      p
        .getByRole("region", { name: mensajes.seguimientosTitulo })
        .getByRole("heading", { name: VINUESA.nombre })
        .waitFor(),
  },
  {
    nombre: "created plans",
    rol: "usuaria",
    ruta: () => "/mis-planes",
    listo: (p) => p.locator("main article", { hasText: titulos.oculto }).waitFor(),
  },
  {
    nombre: "saved plans",
    rol: "usuaria",
    ruta: () => "/planes-favoritos",
    listo: (p) => p.locator("main article", { hasText: titulos.terminado }).waitFor(),
  },
  {
    nombre: "own organizations",
    rol: "usuaria",
    ruta: () => "/tus-organizaciones",
    listo: (p) =>
      p.getByRole("region", { name: mensajesFuentes.calendariosConectados }).getByText(CALENDARIO).waitFor(),
  },
  {
    nombre: "new organization",
    rol: "usuaria",
    ruta: () => "/crear-organizacion",
    listo: (p) => h1(p, "Crear organización"),
  },

  // The team's back-office, with something in every list, and an admin's own empty lists.
  {
    nombre: "back-office summary",
    rol: "admin",
    ruta: () => "/gestion",
    listo: (p) => p.getByRole("img", { name: /Últimos 30 días/ }).waitFor(),
  },
  {
    nombre: "back-office reports",
    rol: "admin",
    ruta: () => "/gestion/reportes",
    listo: (p) => p.getByRole("heading", { name: titulos.reportado }).waitFor(),
  },
  {
    nombre: "back-office plans",
    rol: "admin",
    ruta: () => `/gestion/planes?q=${VINUESA.nombre}`,
    listo: (p) =>
      p
        .locator("li", { has: p.getByRole("heading", { name: titulos.oculto }) })
        .getByText(/Motivo/)
        .waitFor(),
  },
  {
    nombre: "back-office users",
    rol: "admin",
    ruta: () => `/gestion/usuarios?q=${encodeURIComponent(`Vinuesa ${sufijo}`)}`,
    listo: (p) => p.getByRole("heading", { name: `Olga Vinuesa ${sufijo}` }).waitFor(),
  },
  {
    nombre: "back-office organizations",
    rol: "admin",
    ruta: () => `/gestion/organizaciones?q=${encodeURIComponent(ORG)}`,
    listo: (p) => p.getByRole("button", { name: `Quitar verificación de ${ORG}` }).waitFor(),
  },
  {
    nombre: "back-office featuring requests",
    rol: "admin",
    ruta: () => "/gestion/solicitudes?estado=todas",
    listo: (p) => p.getByRole("heading", { name: SOLICITANTE }).first().waitFor(),
  },
  {
    nombre: "back-office sponsor cards",
    rol: "admin",
    ruta: () => "/gestion/patrocinios",
    listo: (p) => p.getByRole("heading", { name: PATROCINIO }).waitFor(),
  },
  {
    nombre: "back-office new sponsor card",
    rol: "admin",
    ruta: () => "/gestion/patrocinios/nuevo",
    listo: (p) => h1(p, "Nuevo patrocinio"),
  },
  {
    nombre: "back-office sponsor card",
    rol: "admin",
    ruta: () => `/gestion/patrocinios/${d.patrocinioId}`,
    listo: (p) => p.getByRole("region", { name: "Vista previa" }).getByRole("heading", { name: PATROCINIO }).waitFor(),
  },
  {
    nombre: "back-office leads",
    rol: "admin",
    ruta: () => "/gestion/contactos?estado=todos",
    listo: (p) => p.getByRole("heading", { name: LEAD_CONTACTADO }).waitFor(),
  },
  {
    nombre: "back-office failed e-mails",
    rol: "admin",
    ruta: () => "/gestion/correos?estado=fallidos",
    listo: (p) => p.getByRole("heading", { name: CORREO_FALLIDO }).waitFor(),
  },
  {
    nombre: "back-office e-mail",
    rol: "admin",
    ruta: () => `/gestion/correos/${d.correoId}`,
    listo: (p) => p.getByRole("heading", { name: CORREO_FALLIDO }).waitFor(),
  },
  {
    nombre: "back-office fediverse",
    rol: "admin",
    ruta: () => "/gestion/federacion",
    listo: (p) => p.getByRole("cell", { name: FALLO_FEDERACION }).waitFor(),
  },
  {
    nombre: "back-office sources",
    rol: "admin",
    ruta: () => "/gestion/fuentes",
    listo: async (p) => {
      const fila = p.locator("li", { has: p.getByRole("heading", { name: AGENDA }) });
      await fila.getByText("1 descartado").click();
      await fila.getByText("Pleno municipal").waitFor();
    },
  },
  {
    nombre: "back-office log",
    rol: "admin",
    ruta: () => "/gestion/registro",
    listo: (p) => p.locator("tr", { hasText: d.ids.oculto }).first().waitFor(),
  },
  {
    nombre: "created plans, none",
    rol: "admin",
    soloMovil: true,
    ruta: () => "/mis-planes",
    listo: (p) => p.locator("main").getByText(mensajes.sinPlanesCreados, { exact: true }).waitFor(),
  },
  {
    nombre: "saved plans, none",
    rol: "admin",
    soloMovil: true,
    ruta: () => "/planes-favoritos",
    listo: (p) => p.locator("main").getByText(mensajes.sinPlanesGuardados, { exact: true }).waitFor(),
  },
  {
    nombre: "own organizations, none",
    rol: "admin",
    soloMovil: true,
    ruta: () => "/tus-organizaciones",
    listo: (p) => p.locator("main").getByText(mensajes.sinOrganizaciones).waitFor(),
  },
];

beforeAll(async () => {
  browser = await launchBrowser();
  [usuaria, admin] = await Promise.all([
    persona(`Olga Vinuesa ${sufijo}`, "usuario"),
    persona(`Adela Vinuesa ${sufijo}`, "admin"),
  ]);
  const como = (p: Persona) => ({ token: p.token });

  // Her organization, verified by the team, with its logo.
  const org = await enviarFormulario(
    "POST",
    "/api/organizacion",
    formulario({
      nombre: ORG,
      direccion: "Plaza Mayor, 1, Vinuesa",
      emailContacto: "pinares@example.com",
      telefonoContacto: "600 100 200",
      descripcion: "Fiestas y rutas de **Pinares**.",
      archivoLogo: { bytes: await png(120, 120), nombre: "logo.png" },
    }),
    usuaria.token,
  );
  expect(org.status, JSON.stringify(org.body)).toBe(201);
  d.orgId = (org.body.organizacion as { _id: string })._id;
  const verificar = await call("POST", `/api/gestion/organizaciones/${d.orgId}/verificar`, {
    ...como(admin),
    body: { verificada: true },
  });
  expect(verificar.status).toBe(200);

  // An event with everything: poster, description, price, contact, organizer, accessible.
  const inicio = new Date(Math.ceil((Date.now() + 3 * DIA) / HORA) * HORA);
  const evento = await enviarFormulario(
    "POST",
    "/api/plan",
    formulario({
      titulo: titulos.evento,
      descripcion: "Con **dulzaina** y tamboril.\n\n[Programa](https://example.com/programa)",
      tipo: "evento",
      categorias: "Fiesta,Cultura",
      direccion: "Plaza Mayor, 1",
      municipio: VINUESA.nombre,
      ubicacion: JSON.stringify({ type: "Point", coordinates: [VINUESA.lng + 0.002, VINUESA.lat] }),
      fechaInicio: inicio.toISOString(),
      fechaFin: new Date(inicio.getTime() + 5 * HORA).toISOString(),
      precio: "5",
      emailContacto: "fiestas@example.com",
      telefonoContacto: "600 100 300",
      organizacionId: d.orgId,
      archivoCartel: { bytes: await png(400, 600), nombre: "cartel.png" },
    }),
    usuaria.token,
  );
  expect(evento.status, JSON.stringify(evento.body)).toBe(201);
  d.ids.evento = (evento.body.plan as { _id: string })._id;
  await query(db(), "UPDATE plan SET accesible = true WHERE id = $1", [d.ids.evento]);

  // The town's other plans (posters drawn by the site): an experience, an ended concert, a free
  // fair this month with a second one at its very spot (a cluster on the map), one that is
  // reported and one the team hides.
  const origin = { lat: VINUESA.lat, lng: VINUESA.lng };
  const mes = ventanaFechas("mes", 0)!;
  const pronto = new Date(Math.min(Date.now() + HORA, mes.hasta.getTime() - 2 * HORA));
  const deLaUsuaria = { usuarioId: usuaria.id, origin };
  d.ids.experiencia = await insertPlan({
    ...deLaUsuaria,
    distanciaM: 2_000,
    rumbo: 200,
    tipo: "experiencia",
    titulo: titulos.experiencia,
    categorias: ["Turismo"],
    horarios: [
      { diaSemana: 6, horaInicio: "10:00", horaFin: "13:00" },
      { diaSemana: 0, horaInicio: "10:00", horaFin: "13:00" },
    ],
  });
  d.ids.terminado = await insertPlan({
    ...deLaUsuaria,
    distanciaM: 400,
    titulo: titulos.terminado,
    categorias: ["Cultura"],
    fechaInicio: new Date(Date.now() - 10 * DIA),
    fechaFin: new Date(Date.now() - 10 * DIA + 3 * HORA),
  });
  for (const clave of ["destacado", "junto"] as const) {
    d.ids[clave] = await insertPlan({
      ...deLaUsuaria,
      distanciaM: 6_000,
      rumbo: 45,
      titulo: titulos[clave],
      categorias: ["Gastronomía"],
      fechaInicio: pronto,
      fechaFin: new Date(pronto.getTime() + HORA),
    });
  }
  d.ids.reportado = await insertPlan({ ...deLaUsuaria, distanciaM: 9_000, rumbo: 300, titulo: titulos.reportado });
  d.ids.oculto = await insertPlan({ ...deLaUsuaria, distanciaM: 1_200, rumbo: 90, titulo: titulos.oculto });
  await query(
    db(),
    "UPDATE plan SET municipio = $1, municipio_ine = $2, precio = CASE WHEN id = ANY($4::uuid[]) THEN 0 ELSE 8 END WHERE id = ANY($3::uuid[])",
    [
      VINUESA.nombre,
      VINUESA.ine,
      [d.ids.experiencia, d.ids.terminado, d.ids.destacado, d.ids.junto, d.ids.reportado, d.ids.oculto],
      [d.ids.destacado, d.ids.junto],
    ],
  );

  // The experience comes from a source (its page says so), which also discarded an item; another
  // source waits for the team's review; her organization's calendar is connected.
  const agenda = await insertFuente({
    nombre: AGENDA,
    resultado: SINCRONIZACION_CON_UN_DESCARTE,
  });
  await importarPlan(agenda, d.ids.experiencia, { url: "https://agenda.example/laguna-negra" });
  const revision = await insertFuente({ nombre: `Fiestas con revisión ${sufijo}`, publicacion: "revision" });
  d.ids.pendiente = await insertPlan({
    usuarioId: "agenda-planazo",
    origin,
    distanciaM: 700,
    titulo: titulos.pendiente,
  });
  await importarPlan(revision, d.ids.pendiente, { pendiente: true });
  const calendario = await insertFuente({
    nombre: CALENDARIO,
    usuarioId: usuaria.id,
    organizacionId: d.orgId,
    resultado: { creados: 2, actualizados: 0, retirados: 0, sinCambios: 0, descartados: [] },
  });
  d.fuentes = [agenda, revision, calendario];

  // Saved plans, and the town followed from her account.
  for (const clave of ["evento", "terminado", "experiencia"] as const) {
    expect((await call("POST", `/api/plan/agregar-plan-favorito/${d.ids[clave]}`, como(usuaria))).status).toBe(200);
  }
  expect(
    (await call("POST", "/api/seguimientos", { ...como(usuaria), body: { ine: VINUESA.ine, radio: 20 } })).status,
  ).toBe(200);

  // Followed by e-mail without an account: one link still to confirm, one confirmed (its manage link).
  const [pendiente, confirmado] = [uniqueEmail("sigue-vinuesa"), uniqueEmail("sigue-vinuesa")];
  d.correos = [pendiente, confirmado];
  for (const email of d.correos) {
    const r = await call("POST", "/api/seguimientos", { body: { ine: VINUESA.ine, radio: 20, email } });
    expect(r.status).toBe(202);
  }
  d.seguimientoPendiente = await tokenDelCorreo(pendiente, "/seguimientos/confirmar/");
  const confirmar = await call("POST", "/api/seguimientos/confirmar", {
    body: { token: await tokenDelCorreo(confirmado, "/seguimientos/confirmar/") },
  });
  expect(confirmar.status).toBe(200);
  d.seguimientoGestion = (confirmar.body.gestion as string).split("/").pop()!;

  // The team's queues: reports with their reasons, a hidden plan, featuring requests (one
  // featured), a sponsor card, Eurona leads (one contacted), a failed e-mail.
  const urlPlan = `${appUrl()}${plan("reportado")}`;
  for (const extra of [
    { motivo: "otro", detalle: "Se suspendió por la lluvia, lo dice el bando." },
    { motivo: "spam" },
    { motivo: "spam" },
  ]) {
    const r = await call("POST", "/api/plan/reportar-plan", {
      body: { titulo: titulos.reportado, urlArchivo: null, urlPlan, ...extra },
    });
    expect(r.status).toBe(200);
  }
  const ocultar = await call("POST", `/api/gestion/planes/${d.ids.oculto}/ocultar`, {
    ...como(admin),
    body: { motivo: "Es la publicidad de una tienda, no un plan." },
  });
  expect(ocultar.status).toBe(200);
  for (const clave of ["evento", "destacado"] as const) {
    const r = await call("POST", "/api/emailDestacado", {
      ...como(usuaria),
      body: { telefono: "+34 677 888 999", nombre: SOLICITANTE, idPlan: d.ids[clave] },
    });
    expect(r.status).toBe(200);
  }
  const [{ id: solicitud }] = await query<{ id: string }>(
    db(),
    "SELECT id FROM solicitud_destacado WHERE plan_id = $1",
    [d.ids.destacado],
  );
  const destacar = await call("POST", `/api/gestion/solicitudes/${solicitud}/destacar`, {
    ...como(admin),
    body: { periodo: "semana" },
  });
  expect(destacar.status).toBe(200);
  const patrocinio = await enviarFormulario(
    "POST",
    "/api/gestion/patrocinios",
    formulario({
      empresa: "Mieles de Urbión",
      enlaceEmpresa: "https://mieles.example/tienda",
      titulo: PATROCINIO,
      descripcion: "Miel de brezo de colmenas del pueblo.",
      archivoCartel: { bytes: await png(600, 400), nombre: "miel.png" },
    }),
    admin.token,
  );
  expect(patrocinio.status, JSON.stringify(patrocinio.body)).toBe(201);
  d.patrocinioId = (patrocinio.body.patrocinio as { _id: string })._id;
  await query(
    db(),
    "INSERT INTO solicitud_informacion (nombre, telefono) VALUES ($1, '+34 699 111 222'), ('', '600 222 444')",
    [LEAD],
  );
  const [{ id: lead }] = await query<{ id: string }>(
    db(),
    "INSERT INTO solicitud_informacion (nombre, telefono) VALUES ($1, '+34 699 333 444') RETURNING id",
    [LEAD_CONTACTADO],
  );
  expect((await call("POST", `/api/gestion/contactos/${lead}/contactado`, { ...como(admin), body: {} })).status).toBe(
    200,
  );
  const [{ id: correoId }] = await query<{ id: string }>(
    db(),
    `INSERT INTO email_outbox ("to", subject, text, html, attempts, last_error, next_attempt_at)
     VALUES ('vecina@example.com', $1, 'Tu enlace para una contraseña nueva.', '<p>Tu enlace para una contraseña nueva.</p>', 4,
             'Resend 422: The "to" address is not valid (vecina@example.com)', now() + interval '3 hours')
     RETURNING id`,
    [CORREO_FALLIDO],
  );
  d.correoId = correoId;
  // A delivery that failed, so that the fediverse's page shows its table.
  await query(
    db(),
    `INSERT INTO federacion_fallo (dominio, bandeja, actividad, error)
     VALUES ('mastodon.example', 'https://mastodon.example/inbox', 'Create', $1)`,
    [FALLO_FEDERACION],
  );
}, 120_000);

afterAll(async () => {
  await browser?.close();
  // Nothing of this file stays in another file's searches, sponsor turns or back-office lists.
  await query(db(), "DELETE FROM patrocinio WHERE id = $1", [d.patrocinioId || null]);
  await query(db(), "DELETE FROM federacion_fallo WHERE error = $1", [FALLO_FEDERACION]);
  await query(db(), "DELETE FROM plan WHERE id = ANY($1::uuid[])", [Object.values(d.ids)]);
  await query(db(), "DELETE FROM fuente WHERE id = ANY($1::uuid[])", [d.fuentes]);
  await query(db(), "DELETE FROM seguimiento WHERE email = ANY($1::text[])", [d.correos]);
  await query(db(), "DELETE FROM solicitud_informacion WHERE nombre = ANY($1::text[]) OR telefono = '600 222 444'", [
    [LEAD, LEAD_CONTACTADO],
  ]);
  await query(db(), "DELETE FROM email_outbox WHERE subject = $1", [CORREO_FALLIDO]);
  await query(db(), "DELETE FROM usuario WHERE id = ANY($1::text[])", [[usuaria?.id, admin?.id].filter(Boolean)]);
});

/** A width's pages, one per role, each in its own browser context (its session, its cookie bar). */
interface Vista {
  ancho: number;
  alto: number;
  paginas: Record<Rol, Page>;
}

/**
 * Runs `revisar` at each width at once (two renderers: the two cores both work) and fails with
 * every width's failure, each named by its width.
 */
async function enCadaAncho(vistas: Vista[], revisar: (v: Vista) => Promise<void>): Promise<void> {
  const hechos = await Promise.allSettled(vistas.map(revisar));
  const fallos = hechos.flatMap((h, i) =>
    h.status === "rejected" ? [{ ancho: vistas[i].ancho, error: h.reason }] : [],
  );
  if (fallos.length === 0) return;
  for (const f of fallos) if (f.error instanceof Error) f.error.message = `[${f.ancho} px] ${f.error.message}`;
  if (fallos.length === 1) throw fallos[0].error;
  throw new AggregateError(
    fallos.map((f) => f.error),
    fallos.map((f) => String(f.error instanceof Error ? f.error.message : f.error)).join("\n\n"),
  );
}

describe("every page template at 390 and 1280 px, without axe violations", () => {
  const vistas: Vista[] = VISTAS.map((v) => ({ ...v, paginas: {} as Record<Rol, Page> }));
  const movil = () => vistas.filter((v) => v.ancho === 390);
  const contextos: BrowserContext[] = [];

  beforeAll(async () => {
    for (const v of vistas) {
      for (const [rol, quien] of [
        ["visitante", null],
        ["usuaria", usuaria],
        ["admin", admin],
      ] as const) {
        const ctx = await contextoConectado(browser, quien, {
          ancho: v.ancho,
          alto: v.alto,
          conAvisoCookies: quien === null,
        });
        // axe-core in every document as the page's own script: Chromium compiles the same
        // 550 KB once for the renderer, not again for each page checked.
        await ctx.addInitScript({ content: AXE });
        contextos.push(ctx);
        v.paginas[rol] = await ctx.newPage();
      }
    }
  });
  afterAll(async () => {
    await Promise.all(contextos.map((c) => c.close()));
  });

  it.each(PLANTILLAS.map((t) => [t.nombre, t] as const))(
    "%s",
    async (nombre, { rol, ruta, listo, estado = 200, soloMovil, sinAvisoCookies }) => {
      await enCadaAncho(soloMovil ? movil() : vistas, async ({ ancho, paginas }) => {
        const page = paginas[rol];
        const res = await page.goto(`${appUrl()}${ruta()}`);
        expect(res?.status(), nombre).toBe(estado);
        await listo(page);
        // A visitor's first visit: the cookie bar is checked with every page.
        if (rol === "visitante" && !sinAvisoCookies)
          await page.getByRole("region", { name: "Aviso de cookies" }).waitFor();
        await sinViolaciones(page, `${nombre} at ${ancho} px`);
      });
    },
    60_000,
  );

  it("the publishing wizard, steps 1 to 4 (an experience, its weekdays chosen)", async () => {
    await enCadaAncho(vistas, async ({ ancho, paginas }) => {
      const page = paginas.usuaria;
      await page.goto(`${appUrl()}/publicar`);
      await esperarPaso(page, "Tipo");
      await sinViolaciones(page, `wizard, step 1 at ${ancho} px`);
      await page.getByRole("radio", { name: /^Experiencia/ }).check();
      await page.getByRole("button", { name: "Continuar" }).click();

      await esperarPaso(page, "Categoría");
      await page.getByRole("button", { name: "Turismo", exact: true }).click();
      await page.getByRole("button", { name: "Cultura", exact: true }).click();
      await sinViolaciones(page, `wizard, step 2 at ${ancho} px`);
      await page.getByRole("button", { name: "Continuar" }).click();

      await esperarPaso(page, "Datos");
      await page.getByLabel("Título").fill(`Visita al pinar ${sufijo}`);
      await elegirMunicipio(page, VINUESA.nombre);
      await page.getByLabel("Dirección").fill("Plaza Mayor, 1");
      await ponerCartel(page);
      for (const dia of ["Lunes", "Martes"]) {
        await page.getByRole("button", { name: dia, exact: true }).click();
        // Mid-sentence, in lower case.
        const enFrase = dia.toLowerCase();
        await page.getByLabel(`Hora de inicio (${enFrase})`, { exact: true }).selectOption("10:00");
        await page.getByLabel(`Hora de fin (${enFrase})`, { exact: true }).selectOption("12:00");
      }
      await sinViolaciones(page, `wizard, step 3 at ${ancho} px`);
      await page.getByRole("button", { name: "Continuar" }).click();

      await esperarPaso(page, "Opcional");
      await page.getByLabel("Descripción", { exact: true }).fill("Paseo **guiado** por el pinar.");
      await page.getByLabel("Precio (€)").fill("6");
      await page.getByLabel("Correo electrónico de contacto").fill("pinar@example.com");
      await page.getByLabel("Teléfono de contacto").fill("600 100 400");
      await sinViolaciones(page, `wizard, step 4 at ${ancho} px`);
      // Nothing is published; the next visit starts afresh.
      await page.evaluate((k) => localStorage.removeItem(k), `borradorPlan:${usuaria.id}`);
    });
  }, 90_000);

  it("the publishing wizard with one of her plans to duplicate (an event's data step, on a phone)", async () => {
    await enCadaAncho(movil(), async ({ ancho, paginas }) => {
      const page = paginas.usuaria;
      await page.goto(`${appUrl()}/publicar?duplicar=${d.ids.evento}`);
      await esperarPaso(page, "Datos");
      await page.getByText(mensajes.duplicadoCartel).waitFor();
      await page.getByText("Guardando el cartel…").waitFor({ state: "hidden", timeout: 15_000 });
      await sinViolaciones(page, `wizard, a duplicate at ${ancho} px`);
      await page.evaluate((k) => localStorage.removeItem(k), `borradorPlan:${usuaria.id}`);
    });
  }, 60_000);
});

import "./navegador";
import { createFederation, type Context, type Federation } from "@fedify/fedify";
import {
  Accept,
  Announce,
  Application,
  Create,
  Delete,
  Endpoints,
  Event,
  Follow,
  Group,
  Image,
  Organization,
  Reject,
  Undo,
  Update,
  getTypeId,
  isActor,
  type Actor,
} from "@fedify/vocab";
import paquete from "../../package.json";
import { Memo } from "../cache";
import { prisma } from "../db";
import { env } from "../env";
import { nomenclatorMunicipios } from "../geo/municipios";
import { conDatos } from "../con-datos";
import { organizacionPath } from "../organizaciones/paths";
import { absoluteUrl } from "../plans/plan";
import { site } from "../site";
import { textoPlano } from "../text";
import {
  idMunicipio,
  idOrganizacion,
  ineDeId,
  nombresDeMunicipios,
  nombresDeOrganizaciones,
  NOMBRES_SITIO,
  organizacionDeId,
  SITIO,
  type NombresDeOrganizaciones,
} from "./actores";
import { AlmacenFederacion } from "./almacen";
import { clavesDe } from "./claves";
import { ColaFederacion } from "./cola";
import { cargadorDeDocumentos, loopbackFederado } from "./documentos";
import { iniciarDifusion } from "./difusion";
import { anotarFallo, pasoDeEntregas } from "./entregas";
import { eventoDePlan, RUTA_EVENTO } from "./eventos";
import { mensajesFederacion } from "./mensajes";
import { guardarRecibida, respuestaDeSeguido } from "./seguidos";
import { destinatariosDe, guardarSeguidor, quitarSeguidor } from "./seguidores";
import { dominioBloqueado, dominioDe } from "./servidores";
import { comprobarDestino } from "../net/descarga";

const GLOBAL = Symbol.for("planazo.federacion");

/** The path of every actor (/ap/municipios/{ine}, /ap/sitio) and of what hangs from it. */
export const RUTAS_FEDERACION = {
  actor: "/ap/{+identifier}",
  bandeja: "/ap/{+identifier}/bandeja",
  bandejaCompartida: "/ap/bandeja",
  seguidores: "/ap/{+identifier}/seguidores",
  nodeinfo: "/nodeinfo/2.1",
} as const;

/** The site's icon, for every actor (a town has no image of its own yet). */
const icono = () => new Image({ url: new URL("/icono/512.png", site().url), mediaType: "image/png" });

/** How long an organization's old handle still finds it after a rename. */
const NOMBRE_ANTIGUO_DIAS = 90;

/**
 * Organizations' handles, worked out again when one is created, renamed or deleted (their
 * count and last change). Each time they are written down (federacion_nombre): a handle no
 * longer anyone's is retired then, and keeps finding its organization for NOMBRE_ANTIGUO_DIAS.
 */
const organizaciones = new Memo<NombresDeOrganizaciones>(2, 3_600_000);
async function nombresOrganizaciones(): Promise<NombresDeOrganizaciones> {
  const [{ version }] = await prisma.$queryRaw<{ version: string }[]>`
    SELECT count(*) || '@' || coalesce(max(fecha_actualizacion)::text, '') AS version FROM organizacion`;
  return organizaciones.get(version, async () => {
    const nombres = nombresDeOrganizaciones(
      await prisma.$queryRaw<
        { id: string; nombre: string }[]
      >`SELECT id, nombre FROM organizacion ORDER BY fecha_creacion, id`,
      nombresDeMunicipios(await nomenclatorMunicipios()),
    );
    const actuales = [...nombres.porNombre.keys()];
    await prisma.$transaction([
      prisma.$executeRaw`
        UPDATE federacion_nombre SET retirado = now() WHERE retirado IS NULL AND NOT (nombre = ANY(${actuales}))`,
      prisma.$executeRaw`
        INSERT INTO federacion_nombre (nombre, actor)
        SELECT n, 'organizaciones/' || id FROM unnest(${actuales}::text[], ${[...nombres.porNombre.values()]}::text[]) AS t(n, id)
        ON CONFLICT (nombre) DO UPDATE SET actor = EXCLUDED.actor, retirado = NULL`,
    ]);
    return nombres;
  });
}

/** The organization an old handle of its still finds, or null. */
async function nombreAntiguo(nombre: string): Promise<string | null> {
  const [fila] = await prisma.$queryRaw<{ actor: string }[]>`
    SELECT actor FROM federacion_nombre
    WHERE nombre = ${nombre} AND retirado > now() - make_interval(days => ${NOMBRE_ANTIGUO_DIAS})`;
  return fila && (await paginaDeActor(fila.actor)) ? fila.actor : null;
}

/** An organization as its actor needs it, or null. */
async function organizacionDe(id: string) {
  const [o] = await prisma.$queryRaw<
    { nombre: string; descripcion: string | null; logo: string | null; tipo: string | null }[]
  >`
    SELECT o.nombre, o.descripcion, a.url AS logo, a.content_type AS tipo
    FROM organizacion o LEFT JOIN archivo a ON a.id = o.archivo_logo_id WHERE o.id = ${id}::uuid`;
  return o ?? null;
}

/** The actor of an identifier: a town (Group), an organization (Organization) or the site (Application); null for any other. */
async function actorDe(ctx: Context<void>, identificador: string): Promise<Actor | null> {
  const claves = await ctx.getActorKeyPairs(identificador);
  const comun = {
    id: ctx.getActorUri(identificador),
    inbox: ctx.getInboxUri(identificador),
    followers: ctx.getFollowersUri(identificador),
    endpoints: new Endpoints({ sharedInbox: ctx.getInboxUri() }),
    publicKey: claves[0]?.cryptographicKey,
    assertionMethods: claves.map((k) => k.multikey),
    icon: icono(),
    manuallyApprovesFollowers: false,
    discoverable: true,
  };
  if (identificador === SITIO) {
    const { nombre, url } = site();
    return new Application({
      ...comun,
      preferredUsername: NOMBRES_SITIO[0],
      name: nombre,
      summary: mensajesFederacion.resumenSitio,
      url: new URL(url),
    });
  }
  const org = organizacionDeId(identificador);
  if (org) {
    const o = await organizacionDe(org);
    if (!o) return null;
    return new Organization({
      ...comun,
      preferredUsername: (await nombresOrganizaciones()).porId.get(org),
      name: o.nombre,
      summary: o.descripcion ? textoPlano(o.descripcion) : null,
      url: new URL(organizacionPath(o.nombre, org), site().url),
      icon: o.logo ? new Image({ url: new URL(absoluteUrl(o.logo)), mediaType: o.tipo }) : icono(),
    });
  }
  const ine = ineDeId(identificador);
  if (!ine) return null;
  const nomenclator = await nomenclatorMunicipios();
  const m = nomenclator.porIne.get(ine);
  if (!m) return null;
  return new Group({
    ...comun,
    preferredUsername: nombresDeMunicipios(nomenclator).porIne.get(ine),
    name: m.nombre,
    summary: conDatos(mensajesFederacion.resumenMunicipio, { municipio: m.nombre, provincia: m.provincia }),
    url: new URL(m.ruta, site().url),
  });
}

/**
 * The page one of our actors stands for (a town's, an organization's, the home), or null when
 * there is no such actor: what a browser at its address is sent to (rutas.ts).
 */
export async function paginaDeActor(identificador: string): Promise<string | null> {
  if (identificador === SITIO) return "/";
  const org = organizacionDeId(identificador);
  if (org) {
    const o = await organizacionDe(org);
    return o ? organizacionPath(o.nombre, org) : null;
  }
  const ine = ineDeId(identificador);
  return (ine && (await nomenclatorMunicipios()).porIne.get(ine)?.ruta) || null;
}

/**
 * Whether a new follower could be delivered to: its server not blocked, and every address of its
 * inboxes' hosts global (checked without connecting, as deliveries will be).
 */
async function recibiriaEntregas(urls: URL[]): Promise<boolean> {
  for (const url of urls) {
    const dominio = dominioDe(url);
    if (!dominio || (await dominioBloqueado(dominio))) return false;
  }
  const comprobadas = await Promise.all(
    urls.slice(1).map((u) =>
      comprobarDestino(u.href, { permitirLoopback: loopbackFederado() }).then(
        () => true,
        () => false,
      ),
    ),
  );
  return comprobadas.every(Boolean);
}

/** The identifier of one of our actors from its URL, or null (another address, an actor that does not exist). */
async function identificadorDe(ctx: Context<void>, url: URL | null): Promise<string | null> {
  const r = url ? ctx.parseUri(url) : null;
  return r?.type === "actor" && (await paginaDeActor(r.identifier)) ? r.identifier : null;
}

function crear(): Federation<void> {
  // Documents and JSON-LD contexts come through the safe fetcher (documentos.ts), deliveries too
  // (entregas.ts). Fedify takes allowPrivateAddress only with its own loaders: so with
  // FEDERATION_ALLOW_LOOPBACK (tests of two instances on one machine) its loaders read
  // 127.0.0.0/8 as well; never otherwise.
  const cargador = cargadorDeDocumentos();
  const cargadores = loopbackFederado()
    ? { allowPrivateAddress: true }
    : {
        documentLoaderFactory: () => cargador,
        contextLoaderFactory: () => cargador,
        authenticatedDocumentLoaderFactory: () => cargador,
      };
  const federacion = createFederation<void>({
    kv: new AlmacenFederacion(),
    // Deliveries go through the safe fetcher, a server's per-minute cap and its block (entregas.ts).
    queue: new ColaFederacion({ paso: pasoDeEntregas() }),
    manuallyStartQueue: true,
    origin: env().SITE_URL,
    onOutboxError: (error, actividad) => anotarFallo(error, actividad),
    // A server whose deliveries fail 5 times within 10 minutes is left alone for 10; what is
    // held for it meanwhile waits up to 2 days (Fedify's breaker, its state in our store).
    circuitBreaker: {
      failureThreshold: 5,
      failureWindow: { minutes: 10 },
      recoveryDelay: { minutes: 10 },
      heldActivityTtl: { days: 2 },
    },
    ...cargadores,
  });

  federacion
    .setActorDispatcher(RUTAS_FEDERACION.actor, actorDe)
    .setKeyPairsDispatcher(async (_ctx, identificador) => clavesDe(identificador))
    .mapHandle(async (_ctx, nombre) => {
      const n = nombre.toLowerCase();
      if ((NOMBRES_SITIO as readonly string[]).includes(n)) return SITIO;
      const ine = nombresDeMunicipios(await nomenclatorMunicipios()).porNombre.get(n);
      if (ine) return idMunicipio(ine);
      const org = (await nombresOrganizaciones()).porNombre.get(n);
      return org ? idOrganizacion(org) : nombreAntiguo(n);
    });

  federacion.setFollowersDispatcher(RUTAS_FEDERACION.seguidores, async (_ctx, identificador) => ({
    items: await destinatariosDe([identificador]),
  }));

  federacion
    .setInboxListeners(RUTAS_FEDERACION.bandeja, RUTAS_FEDERACION.bandejaCompartida)
    .on(Follow, async (ctx, follow) => {
      const identificador = await identificadorDe(ctx, follow.objectId);
      if (!identificador || !follow.id || !follow.actorId) return;
      const seguidor = await follow.getActor(ctx);
      if (!seguidor || !isActor(seguidor) || !seguidor.id || !seguidor.inboxId) return;
      const bandejas = [seguidor.inboxId, seguidor.endpoints?.sharedInbox].filter((u): u is URL => !!u);
      if (!(await recibiriaEntregas([seguidor.id, ...bandejas]))) return;
      await guardarSeguidor(identificador, {
        seguidor: seguidor.id.href,
        bandeja: seguidor.inboxId.href,
        bandejaCompartida: seguidor.endpoints?.sharedInbox?.href ?? null,
        tipo: getTypeId(seguidor).hash.slice(1) || null,
      });
      await ctx.sendActivity(
        { identifier: identificador },
        seguidor,
        new Accept({
          id: new URL(`#aceptado/${encodeURIComponent(follow.id.href)}`, ctx.getActorUri(identificador)),
          actor: ctx.getActorUri(identificador),
          object: follow,
        }),
      );
    })
    .on(Undo, async (ctx, undo) => {
      const deshecho = await undo.getObject(ctx);
      if (!(deshecho instanceof Follow) || !undo.actorId) return;
      const identificador = await identificadorDe(ctx, deshecho.objectId);
      if (identificador) await quitarSeguidor(identificador, undo.actorId.href);
    })
    .on(Accept, async (_ctx, aceptado) => {
      if (aceptado.actorId) await respuestaDeSeguido(aceptado.actorId.href, true);
    })
    .on(Reject, async (_ctx, rechazado) => {
      if (rechazado.actorId) await respuestaDeSeguido(rechazado.actorId.href, false);
    })
    .on(Create, (ctx, creado) => guardarRecibida(ctx, creado, "Create"))
    .on(Announce, (ctx, anunciado) => guardarRecibida(ctx, anunciado, "Announce"))
    .on(Update, (ctx, cambiado) => guardarRecibida(ctx, cambiado, "Update"))
    .on(Delete, async (ctx, borrado) => {
      // An actor deleted on its server: its follows go.
      if (borrado.actorId && borrado.objectId?.href === borrado.actorId.href)
        await quitarSeguidor(null, borrado.actorId.href);
      else await guardarRecibida(ctx, borrado, "Delete");
    });

  // An inbox that answers 404 or 410 for good: the followers it stood for are gone.
  federacion.setOutboxPermanentFailureHandler(async (_ctx, { reason, actorIds }) => {
    if (reason === "http") for (const actor of actorIds) await quitarSeguidor(null, actor.href);
  });

  // A visible plan as an Event, attributed to its organization's actor or the site's.
  federacion.setObjectDispatcher(
    Event,
    RUTA_EVENTO,
    async (ctx, { id }) => (await eventoDePlan(ctx, id))?.evento ?? null,
  );

  federacion.setNodeInfoDispatcher(RUTAS_FEDERACION.nodeinfo, async () => ({
    software: { name: "planazo", version: paquete.version, homepage: new URL(site().url) },
    protocols: ["activitypub"],
    usage: { users: {}, localPosts: 0, localComments: 0 },
    openRegistrations: true,
    metadata: { nodeName: site().nombre },
  }));
  return federacion;
}

/**
 * This process's federation, one for every bundle of it (route handlers, instrumentation.ts),
 * made on first need with its queue's workers and the plans' sending (difusion.ts): Fedify
 * weighs tens of MB, which a server with nothing to federate need not carry (arranque.ts starts
 * it when there is work).
 */
export function federacion(): Federation<void> {
  const g = globalThis as { [GLOBAL]?: Federation<void> };
  if (!g[GLOBAL]) {
    g[GLOBAL] = crear();
    void g[GLOBAL].startQueue(undefined);
    iniciarDifusion(g[GLOBAL]);
  }
  return g[GLOBAL];
}

/** A context of this process's federation for the site's own work, not a request's (its origin SITE_URL's). */
export const contextoDelSitio = (): Context<void> => federacion().createContext(new URL(env().SITE_URL), undefined);

import { Temporal } from "@js-temporal/polyfill";
import type { Context } from "@fedify/fedify";
import { Event, Hashtag, Image, Place, PUBLIC_COLLECTION } from "@fedify/vocab";
import { lugarCalendario, ZONA_CALENDARIO } from "../difusion/ics";
import { prisma } from "../db";
import { municipioDeNombre } from "../geo/municipios";
import { leerPlan } from "../plans/queries";
import { serializePlan, type PlanApi } from "../plans/plan";
import type { Categoria } from "../plans/constants";
import { cuandoTexto, diaCorto, precioTexto, semanaAgrupada } from "../plans/texto";
import { horaTexto } from "../dates";
import { site } from "../site";
import { escaparHtml, textoPlano } from "../text";
import { idOrganizacion, SITIO } from "./actores";

/** A plan's object id on the fediverse: /ap/planes/{id}. */
export const RUTA_EVENTO = "/ap/planes/{id}";

/** A hashtag's name from a place's name: its words joined, each capitalised ("Vinuesa", "SanLeonardoDeYagüe"). */
export const etiqueta = (nombre: string) =>
  nombre
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean)
    .map((p) => p.charAt(0).toUpperCase() + p.slice(1))
    .join("");

/** A date's day and hour: "Mar 8 dic · 18:00". */
const diaYHora = (iso: string) => `${diaCorto(iso)} · ${horaTexto(iso)}`;

/** What Mastodon shows of an Event: when, where, the price, in one line. */
export function resumenEvento(plan: PlanApi, ahora = Date.now()): string {
  const proxima = proximaFecha(plan, ahora);
  const cuando = proxima ? diaYHora(proxima.inicio) : cuandoTexto(plan, { hoy: null });
  const precio = plan.precio === null ? null : precioTexto(plan.precio);
  return [cuando, lugarCalendario(plan), precio].filter(Boolean).join(" · ");
}

/** An event's next date of several (or its only one); null for an experience. */
function proximaFecha(plan: PlanApi, ahora: number): { inicio: string; fin: string | null } | null {
  if (plan.tipo !== "evento") return null;
  const fechas = plan.fechas?.length
    ? plan.fechas
    : plan.fechaInicio
      ? [{ inicio: plan.fechaInicio, fin: plan.fechaFin }]
      : [];
  return fechas.find((f) => Date.parse(f.fin ?? f.inicio) >= ahora) ?? fechas.at(-1) ?? null;
}

/** The description as HTML paragraphs, then the other dates of an event, or an experience's week. */
function contenido(plan: PlanApi, ahora: number): string {
  const parrafos = textoPlano(plan.descripcion)
    .split(/\n{2,}/)
    .map((p) => p.trim())
    .filter(Boolean)
    .map((p) => `<p>${escaparHtml(p).replace(/\n/g, "<br>")}</p>`);
  const otras = (plan.fechas ?? []).filter((f) => Date.parse(f.fin ?? f.inicio) >= ahora);
  if (otras.length > 1)
    parrafos.push(
      `<ul>${otras.map((f) => `<li>${escaparHtml([diaYHora(f.inicio), f.titulo].filter(Boolean).join(" · "))}</li>`).join("")}</ul>`,
    );
  if (plan.tipo === "experiencia" && plan.horariosDisponibles.length)
    parrafos.push(
      `<ul>${semanaAgrupada(plan.horariosDisponibles)
        .map(
          (g) =>
            `<li>${escaparHtml(`${g.dias}: ${g.franjas.map((h) => `${h.horaInicio}–${h.horaFin}`).join(", ")}`)}</li>`,
        )
        .join("")}</ul>`,
    );
  return parrafos.join("");
}

/**
 * A visible plan as an ActivityPub Event (FEP-8a8e, as Mobilizon reads it), with its author's
 * actor (its organization's, else the site's) as `attributedTo`: its title, a summary
 * with when, where and the price, its description, its next date (an event of several dates
 * lists the rest in its content; an experience its week), its place with coordinates, its
 * poster, the hashtags of its town and province, and its page. Null for a hidden or deleted plan.
 */
export async function eventoDePlan(
  ctx: Context<void>,
  id: string,
  { ahora = Date.now(), primario = false }: { ahora?: number; primario?: boolean } = {},
): Promise<{ evento: Event; autor: string } | null> {
  // Right after a write (difusion.ts), the primary: a read replica may not hold it yet.
  const fila = await leerPlan(id, primario ? { db: prisma } : {});
  if (!fila) return null;
  // Its organization's actor, or the site's.
  const autor = fila.organizacion_id ? idOrganizacion(fila.organizacion_id) : SITIO;
  const objeto = ctx.getObjectUri(Event, { id });
  const plan = serializePlan(fila);
  const municipio = await municipioDeNombre(plan.municipio, { lat: fila.lat, lng: fila.lng });
  const proxima = proximaFecha(plan, ahora);
  const instante = (iso: string | null | undefined) => (iso ? Temporal.Instant.from(iso) : null);
  const [lng, lat] = plan.ubicacion.coordinates;
  const { url } = site();
  const etiquetas: [string, string | null][] = municipio
    ? [
        [municipio.nombre, municipio.ruta],
        [municipio.provincia, `/planes/${municipio.provinciaSlug}`],
      ]
    : [[plan.municipio, null]];
  const evento = new Event({
    id: objeto,
    attribution: ctx.getActorUri(autor),
    to: PUBLIC_COLLECTION,
    name: plan.titulo,
    summary: resumenEvento(plan, ahora),
    content: contenido(plan, ahora),
    startTime: instante(proxima?.inicio ?? (plan.tipo === "evento" ? plan.fechaInicio : null)),
    endTime: instante(proxima ? proxima.fin : null),
    location: new Place({ name: lugarCalendario(plan), latitude: lat, longitude: lng }),
    attachments: plan.archivoCartel
      ? [new Image({ url: new URL(plan.archivoCartel.url), mediaType: plan.archivoCartel.contentType })]
      : [],
    tags: etiquetas.map(
      ([n, ruta]) => new Hashtag({ name: `#${etiqueta(n)}`, href: ruta ? new URL(ruta, url) : null }),
    ),
    url: new URL(plan.urlPlan),
    published: instante(plan.fechaCreacion),
  });
  return { evento, autor };
}

/** Each category's nearest of Mobilizon's (its `category`, which it files and filters events by). */
const CATEGORIA_MOBILIZON: Record<Categoria, string> = {
  Otros: "MEETING",
  Deporte: "SPORTS",
  "Fiestas de pueblo": "PARTY",
  Aventura: "OUTDOORS_ADVENTURE",
  Turismo: "LANGUAGE_CULTURE",
  Fiesta: "PARTY",
  Infantil: "FAMILY_EDUCATION",
  Cultura: "ARTS",
  Taller: "CRAFTS",
  Gastronomía: "FOOD_DRINK",
};

/** The terms of Mobilizon's and schema.org's that an Event's extras below use. */
const CONTEXTO_MOBILIZON = {
  mz: "https://joinmobilizon.org/ns#",
  sc: "http://schema.org#",
  joinMode: { "@id": "mz:joinMode", "@type": "mz:joinModeType" },
  externalParticipationUrl: { "@id": "mz:externalParticipationUrl", "@type": "sc:URL" },
  timezone: { "@id": "mz:timezone", "@type": "sc:Text" },
  category: "sc:category",
  address: { "@id": "sc:address", "@type": "sc:address" },
  PostalAddress: "sc:PostalAddress",
  streetAddress: "sc:streetAddress",
  addressLocality: "sc:addressLocality",
  addressRegion: "sc:addressRegion",
  addressCountry: "sc:addressCountry",
};

/**
 * What Mobilizon reads of an Event beyond ActivityStreams' terms, added to the Event a server
 * reads at its id (Fedify's vocabulary has no such terms, and the copy inside a Create is signed
 * as Fedify writes it): its category, that one takes part outside (`joinMode: external`, at the
 * tickets' link or the plan's page), its time zone and its place's postal address.
 */
export async function conExtrasDeEvento(json: Record<string, unknown>, id: string): Promise<Record<string, unknown>> {
  const fila = await leerPlan(id);
  if (!fila || json.type !== "Event") return json;
  const plan = serializePlan(fila);
  const municipio = await municipioDeNombre(plan.municipio, { lat: fila.lat, lng: fila.lng });
  const contexto = [json["@context"] ?? []].flat();
  const lugar = (json.location ?? {}) as Record<string, unknown>;
  return {
    ...json,
    "@context": [...contexto, CONTEXTO_MOBILIZON],
    category: CATEGORIA_MOBILIZON[plan.categorias[0] as Categoria] ?? "MEETING",
    joinMode: "external",
    externalParticipationUrl: plan.enlaceWebExterior || plan.urlPlan,
    timezone: ZONA_CALENDARIO,
    location: {
      ...lugar,
      address: {
        type: "PostalAddress",
        streetAddress: plan.direccion,
        addressLocality: plan.municipio,
        addressRegion: municipio?.provincia ?? null,
        addressCountry: "ES",
      },
    },
  };
}

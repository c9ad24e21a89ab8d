import type { Metadata } from "next";
import { diaIso, diasDelPlan, isoMadrid, todoElDia } from "../dates";
import { variantUrl } from "../media/variant-url";
import { organizacionPath } from "../organizaciones/paths";
import { site } from "../site";
import { ACCESIBLE_TEXTO } from "../plans/constants";
import { cuandoTexto, horariosOrdenados } from "../plans/texto";
import { absoluteUrl, type PlanApi } from "../plans/plan";
import { planTerminado } from "../plans/estado";
import { resumen, textoPlano } from "../text";

/** schema.org day names by diaSemana (0 Sunday … 6 Saturday). */
const DIAS_SCHEMA = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"] as const;

/** True when the URL segment is the canonical one (Next may hand it over encoded or decoded). */
export function segmentoCanonico(segmento: string, slug: string): boolean {
  if (segmento === slug || segmento === encodeURIComponent(slug)) return true;
  try {
    return decodeURIComponent(segmento) === slug;
  } catch {
    return false;
  }
}

/** "date · municipality · start of the description", at most 160 characters. */
export function descripcionPlan(plan: PlanApi): string {
  return resumen([cuandoTexto(plan), plan.municipio, textoPlano(plan.descripcion)].filter(Boolean).join(" · "));
}

/** The 1200×630 link-preview image of a stored poster or logo, absolute. */
export function imagenOg(archivo: { url: string } | null): string | null {
  return archivo && absoluteUrl(variantUrl(archivo.url, "og"));
}

/** OpenGraph and Twitter fields shared by the plan and organization pages. */
export function metadatosCompartidos({
  titulo,
  descripcion,
  url,
  imagen,
  alt,
}: {
  titulo: string;
  descripcion: string;
  url: string;
  imagen: string | null;
  alt: string;
}): Metadata {
  const images = imagen ? [{ url: imagen, width: 1200, height: 630, alt }] : undefined;
  return {
    title: titulo,
    description: descripcion,
    alternates: { canonical: url },
    openGraph: {
      type: "website",
      url,
      title: titulo,
      description: descripcion,
      siteName: site().nombre,
      locale: "es_ES",
      images,
    },
    twitter: {
      card: imagen ? "summary_large_image" : "summary",
      title: titulo,
      description: descripcion,
      images: imagen ? [imagen] : undefined,
    },
  };
}

/** The page metadata of a plan: title, description, canonical URL, link previews; finished plans are noindex. */
export function planMetadata(plan: PlanApi, ahora: Date = new Date()): Metadata {
  return {
    ...metadatosCompartidos({
      titulo: plan.titulo,
      descripcion: descripcionPlan(plan),
      url: plan.urlPlan,
      imagen: imagenOg(plan.archivoCartel),
      alt: plan.titulo,
    }),
    ...(planTerminado(plan, ahora) ? { robots: { index: false, follow: true } } : {}),
  };
}

function lugar(plan: PlanApi) {
  const [longitude, latitude] = plan.ubicacion.coordinates;
  return {
    address: {
      "@type": "PostalAddress",
      streetAddress: plan.direccion,
      addressLocality: plan.municipio,
      addressCountry: "ES",
    },
    geo: { "@type": "GeoCoordinates", latitude, longitude },
    // schema.org's way for a place to say it is accessible (isAccessibleForFree is about the price).
    ...(plan.accesible
      ? { amenityFeature: [{ "@type": "LocationFeatureSpecification", name: ACCESIBLE_TEXTO, value: true }] }
      : {}),
  };
}

/**
 * What a verified organization's schema.org Organization adds (its page, and a plan's
 * `organizer`). schema.org has no "verified" property and Google reads none for organizers;
 * `award` is a property of Organization that takes free text, so it states the plain fact,
 * "Organización verificada por Planazo", without posing as a third-party certification
 * (`hasCredential`) or inventing a property Google would flag. One place, so both agree.
 */
export const ORGANIZACION_VERIFICADA_JSON_LD = { award: "Organización verificada por Planazo" } as const;

/**
 * schema.org data of a plan: an Event, or a TouristAttraction with its weekly opening hours.
 * `organizacionVerificada` marks the event's organizer (a TouristAttraction has no organizer).
 */
export function planJsonLd(
  plan: PlanApi,
  { organizacionVerificada = false }: { organizacionVerificada?: boolean } = {},
): Record<string, unknown> {
  const comun = {
    "@context": "https://schema.org",
    name: plan.titulo,
    description: resumen(textoPlano(plan.descripcion), 500),
    url: plan.urlPlan,
    ...(plan.archivoCartel
      ? { image: [imagenOg(plan.archivoCartel), absoluteUrl(variantUrl(plan.archivoCartel.url, "detalle"))] }
      : {}),
  };
  if (plan.tipo === "experiencia") {
    return {
      ...comun,
      "@type": "TouristAttraction",
      ...lugar(plan),
      ...(plan.precio === 0 ? { isAccessibleForFree: true } : {}),
      openingHoursSpecification: horariosOrdenados(plan.horariosDisponibles).map((h) => ({
        "@type": "OpeningHoursSpecification",
        dayOfWeek: DIAS_SCHEMA[h.diaSemana],
        opens: h.horaInicio,
        closes: h.horaFin,
      })),
    };
  }
  const fechas = plan.fechas ?? [];
  if (fechas.length < 2) return { ...comun, ...evento(plan, organizacionVerificada) };
  // Several dates (Google's guidance for events that happen more than once): an Event per date
  // still to come, so each can be a result; a programme is the whole fiestas with its acts as
  // subEvents.
  const { "@context": contexto, ...datos } = comun;
  const ahora = Date.now();
  const vivas = fechas.filter((f) => new Date(f.fin ?? f.inicio).getTime() >= ahora);
  const porFecha = (vivas.length > 0 ? vivas : fechas).map((f) => {
    const delDia: PlanApi = {
      ...plan,
      titulo: f.titulo ?? plan.titulo,
      fechaInicio: f.inicio,
      fechaFin: f.fin ?? f.inicio,
      ...(f.direccion ? { direccion: f.direccion } : {}),
      ...(f.ubicacion ? { ubicacion: f.ubicacion } : {}),
    };
    return {
      ...datos,
      name: f.titulo ? `${f.titulo} · ${plan.titulo}` : plan.titulo,
      ...evento(delDia, organizacionVerificada),
    };
  });
  if (fechas.some((f) => f.titulo)) return { ...comun, ...evento(plan, organizacionVerificada), subEvent: porFecha };
  return { "@context": contexto, "@graph": porFecha };
}

/** An Event's own properties: its dates, place, price and organizer. */
function evento(plan: PlanApi, organizacionVerificada: boolean): Record<string, unknown> {
  return {
    "@type": "Event",
    ...fechasSchema(plan),
    eventStatus: "https://schema.org/EventScheduled",
    eventAttendanceMode: "https://schema.org/OfflineEventAttendanceMode",
    location: { "@type": "Place", name: plan.direccion, ...lugar(plan) },
    ...(plan.precio === null
      ? {}
      : {
          offers: {
            "@type": "Offer",
            price: plan.precio,
            priceCurrency: "EUR",
            availability: "https://schema.org/InStock",
            url: plan.urlPlan,
          },
        }),
    ...(plan.organizacion
      ? {
          organizer: {
            "@type": "Organization",
            name: plan.organizacion.nombre,
            url: `${site().url}${organizacionPath(plan.organizacion.nombre, plan.organizacion._id)}`,
            ...(organizacionVerificada ? ORGANIZACION_VERIFICADA_JSON_LD : {}),
          },
        }
      : {}),
  };
}

/** An event's startDate and endDate: dates without a time when it is all day (todoElDia), else Madrid's instants. */
function fechasSchema(plan: PlanApi): { startDate?: string; endDate?: string } {
  if (plan.fechaInicio && plan.fechaFin && todoElDia(plan)) {
    const { primero, ultimo } = diasDelPlan(plan.fechaInicio, plan.fechaFin);
    return { startDate: diaIso(primero), endDate: diaIso(ultimo) };
  }
  return {
    ...(plan.fechaInicio ? { startDate: isoMadrid(plan.fechaInicio) } : {}),
    ...(plan.fechaFin ? { endDate: isoMadrid(plan.fechaFin) } : {}),
  };
}

/** JSON for an inline <script type="application/ld+json">: `<` escaped so no text can close the tag. */
export function jsonLdScript(data: Record<string, unknown>): string {
  return JSON.stringify(data).replace(/</g, "\\u003c");
}

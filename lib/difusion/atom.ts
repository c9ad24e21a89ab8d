import { site } from "../site";
import { lugarCalendario } from "./ics";
import type { PlanApi } from "../plans/plan";
import { textoPlano } from "../text";
import { cuandoTexto } from "../plans/texto";

/** XML 1.0 text or attribute value: the five escapes, and no character XML cannot hold. */
export function escaparXml(texto: string): string {
  return texto
    .replace(/[^\u0009\u000A\u000D\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu, "")
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/"/g, "&quot;")
    .replace(/'/g, "&apos;");
}

/** An entry's plan and when it last changed (its row's fecha_actualizacion). */
export interface EntradaAtom {
  plan: PlanApi;
  actualizado: Date;
}

/** The summary of a plan in a feed: when, where, and the start of its description. */
export function resumenAtom(plan: PlanApi, max = 400): string {
  const texto = textoPlano(plan.descripcion);
  const descripcion = texto.length > max ? `${texto.slice(0, max - 1).trimEnd()}…` : texto;
  return [cuandoTexto(plan), lugarCalendario(plan), descripcion].filter(Boolean).join(" · ");
}

/**
 * An Atom feed (RFC 4287) of plans: one entry per plan, linked to its page, with its
 * `updated`, a text summary (when, where, what), its author (its organization, else the site)
 * and its categories. `id` and the links are absolute URLs.
 */
export function atomPlanes({
  titulo,
  id,
  self,
  alternate,
  actualizado,
  entradas,
}: {
  titulo: string;
  id: string;
  self: string;
  alternate: string;
  actualizado: Date;
  entradas: readonly EntradaAtom[];
}): string {
  const x = escaparXml;
  const lineas = [
    `<?xml version="1.0" encoding="utf-8"?>`,
    `<feed xmlns="http://www.w3.org/2005/Atom" xml:lang="es">`,
    `  <title>${x(titulo)}</title>`,
    `  <id>${x(id)}</id>`,
    `  <updated>${actualizado.toISOString()}</updated>`,
    `  <link rel="self" type="application/atom+xml" href="${x(self)}"/>`,
    `  <link rel="alternate" type="text/html" href="${x(alternate)}"/>`,
    `  <author><name>${x(site().nombre)}</name><uri>${x(site().url)}</uri></author>`,
    `  <generator uri="${x(site().url)}">${x(site().nombre)}</generator>`,
  ];
  for (const { plan, actualizado: cambio } of entradas) {
    lineas.push(
      "  <entry>",
      `    <id>${x(plan.urlPlan)}</id>`,
      `    <title>${x(plan.titulo)}</title>`,
      `    <link rel="alternate" type="text/html" href="${x(plan.urlPlan)}"/>`,
      `    <published>${new Date(plan.fechaCreacion).toISOString()}</published>`,
      `    <updated>${cambio.toISOString()}</updated>`,
      `    <author><name>${x(plan.organizacion?.nombre || site().nombre)}</name></author>`,
      ...plan.categorias.map((c) => `    <category term="${x(c)}"/>`),
      `    <summary type="text">${x(resumenAtom(plan))}</summary>`,
      "  </entry>",
    );
  }
  lineas.push("</feed>");
  return lineas.join("\n") + "\n";
}

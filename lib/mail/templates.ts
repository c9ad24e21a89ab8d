import { textoDe } from "../catalogo";
import { IDIOMA_POR_DEFECTO, type Idioma } from "../idiomas";
import { absoluta, site } from "../site";
import type { Email } from "./transport";

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** A part of a paragraph: our text, or a link to a page of the site named by its title. */
type Parte = string | { texto: string; url: string };

/**
 * One layout for every message: greeting, a paragraph, a button with its link, a closing line,
 * in the person's language (the frame's words from the catalogue's "correo").
 */
function mensaje(
  to: string,
  asunto: string,
  nombre: string,
  parrafo: string | Parte[],
  boton: string,
  url: string,
  pie: string,
  idioma: Idioma = IDIOMA_POR_DEFECTO,
): Email {
  const { nombre: producto } = site();
  const saludo = nombre ? textoDe(idioma, "correo.hola", { nombre }) : textoDe(idioma, "correo.holaSinNombre");
  const equipo = textoDe(idioma, "correo.equipo", { sitio: producto });
  const partes = typeof parrafo === "string" ? [parrafo] : parrafo;
  const parrafoTexto = partes.map((p) => (typeof p === "string" ? p : `${p.texto}: ${p.url}`)).join("");
  const parrafoHtml = partes
    .map((p) =>
      typeof p === "string"
        ? escapeHtml(p)
        : `<a href="${escapeHtml(p.url)}" style="color:#9a3412">${escapeHtml(p.texto)}</a>`,
    )
    .join("");
  const text = `${saludo}\n\n${parrafoTexto}\n\n${boton}: ${url}\n\n${pie}\n\n${equipo}`;
  const html = `<!doctype html><html lang="${idioma}"><body style="font-family:Arial,sans-serif;color:#1c1917;line-height:1.5">
<p>${escapeHtml(saludo)}</p>
<p style="white-space:pre-line">${parrafoHtml}</p>
<p><a href="${escapeHtml(url)}" style="display:inline-block;padding:12px 20px;background:#c2410c;color:#fff;border-radius:999px;text-decoration:none;font-weight:bold">${escapeHtml(boton)}</a></p>
<p style="font-size:14px;color:#57534e">${escapeHtml(textoDe(idioma, "correo.sinBoton"))}<br>${escapeHtml(url)}</p>
<p style="font-size:14px;color:#57534e">${escapeHtml(pie)}</p>
<p>${escapeHtml(equipo)}</p>
</body></html>`;
  return { to, subject: `${asunto} · ${producto}`, text, html };
}

/** A message of the catalogue's "correo.{clave}" (asunto, texto, boton, pie) with its link, in the person's language. */
function mensajeDeCatalogo(to: string, nombre: string, clave: string, ruta: string, idioma: Idioma): Email {
  const t = (parte: string) => textoDe(idioma, `correo.${clave}.${parte}`, { sitio: site().nombre });
  return mensaje(to, t("asunto"), nombre, t("texto"), t("boton"), absoluta(idioma, ruta), t("pie"), idioma);
}

export function correoConfirmarCuenta(to: string, nombre: string, token: string, idioma: Idioma): Email {
  return mensajeDeCatalogo(to, nombre, "confirmar", `/confirmar-cuenta/${token}`, idioma);
}

export function correoConfirmarCambioCorreo(to: string, nombre: string, token: string, idioma: Idioma): Email {
  return mensajeDeCatalogo(to, nombre, "nuevoCorreo", `/confirmar-cuenta/${token}`, idioma);
}

export function correoRestablecerPassword(to: string, nombre: string, token: string, idioma: Idioma): Email {
  return mensajeDeCatalogo(to, nombre, "restablecer", `/restablecer-password/${token}`, idioma);
}

/** A notice for the team (CONTACT_EMAIL): a subject and the facts, one per line. */
export function avisoInterno(asunto: string, datos: Record<string, string | null | undefined>): Email {
  const { nombre: producto, contacto } = site();
  const lineas = Object.entries(datos).map(([k, v]) => [k, v ?? "—"] as const);
  const text = lineas.map(([k, v]) => `${k}: ${v}`).join("\n");
  const html = `<!doctype html><html lang="es"><body style="font-family:Arial,sans-serif"><h1 style="font-size:18px">${escapeHtml(asunto)}</h1><table>${lineas
    .map(
      ([k, v]) => `<tr><th align="left" style="padding-right:12px">${escapeHtml(k)}</th><td>${escapeHtml(v)}</td></tr>`,
    )
    .join("")}</table></body></html>`;
  return { to: contacto, subject: `${asunto} · ${producto}`, text, html };
}

/** The evening-before reminder of saved plans (lib/recordatorios): one e-mail a user, every plan in it. */
export function correoRecordatorio(
  to: string,
  nombre: string,
  planes: { titulo: string; municipio: string; hora: string | null }[],
  idioma: Idioma = IDIOMA_POR_DEFECTO,
): Email {
  const t = (clave: string, datos: Record<string, string> = {}) =>
    textoDe(idioma, `correo.recordatorio.${clave}`, datos);
  const uno = planes.length === 1;
  // A plan of whole days has no hour to give ("todo el día").
  const lista = planes
    .map((p) => `• ${p.titulo} (${p.municipio}, ${p.hora ? t("aLas", { hora: p.hora }) : t("todoElDia")})`)
    .join("\n");
  return mensaje(
    to,
    t(uno ? "asuntoUno" : "asuntoVarios"),
    nombre,
    `${t(uno ? "textoUno" : "textoVarios")}:\n${lista}`,
    t("boton"),
    absoluta(idioma, "/planes-favoritos"),
    t("pie", { url: absoluta(idioma, "/perfil") }),
    idioma,
  );
}

/** To a plan's owner when the team hides it: which plan, and why (the reason typed in /gestion). */
export function correoPlanOculto(
  to: string,
  nombre: string,
  titulo: string,
  motivo: string,
  idioma: Idioma = IDIOMA_POR_DEFECTO,
): Email {
  const t = (clave: string) => textoDe(idioma, `correo.oculto.${clave}`, { sitio: site().nombre, titulo });
  return mensaje(
    to,
    t("asunto"),
    nombre,
    `${t("texto")}\n\n${textoDe(idioma, "correo.motivo", { motivo })}`,
    t("boton"),
    absoluta(idioma, "/mis-planes"),
    textoDe(idioma, "correo.esUnError"),
    idioma,
  );
}

/** To a person whose account the team suspends: why, and what it means. */
export function correoCuentaSuspendida(
  to: string,
  nombre: string,
  motivo: string,
  idioma: Idioma = IDIOMA_POR_DEFECTO,
): Email {
  const t = (clave: string) => textoDe(idioma, `correo.suspendida.${clave}`, { sitio: site().nombre });
  return mensaje(
    to,
    t("asunto"),
    nombre,
    `${t("texto")}\n\n${textoDe(idioma, "correo.motivo", { motivo })}`,
    t("boton"),
    absoluta(idioma, "/"),
    textoDe(idioma, "correo.esUnError"),
    idioma,
  );
}

/** What a confirmation e-mail is about: a town, or an organization with its page's absolute URL. */
export type SeguidoPorCorreo = { municipio: string } | { organizacion: { nombre: string; url: string } };

/**
 * To an address that asked to follow a town or an organization: the double opt-in link
 * (lib/seguimientos). Whoever renames an organization chooses its name, and the address may not be
 * the asker's: the subject is ours alone, and the body names the organization as what it is, a
 * link to its page here, apart from our sentences.
 */
export function correoConfirmarSeguimiento(
  to: string,
  objeto: SeguidoPorCorreo,
  token: string,
  idioma: Idioma = IDIOMA_POR_DEFECTO,
): Email {
  const t = (clave: string, datos: Record<string, string> = {}) =>
    textoDe(idioma, `correo.seguir.${clave}`, { sitio: site().nombre, ...datos });
  const parrafo: Parte[] =
    "organizacion" in objeto
      ? [
          `${t("textoOrganizacion")}\n`,
          { texto: objeto.organizacion.nombre, url: objeto.organizacion.url },
          `\n\n${t("confirmalo")}`,
        ]
      : [`${t("textoPueblo", { municipio: objeto.municipio })} ${t("confirmalo")}`];
  return mensaje(
    to,
    "organizacion" in objeto ? t("asuntoOrganizacion") : t("asuntoPueblo", { municipio: objeto.municipio }),
    "",
    parrafo,
    t("boton"),
    absoluta(idioma, `/seguimientos/confirmar/${token}`),
    t("pie"),
    idioma,
  );
}

/** A plan as the weekly e-mail lists it. */
export interface PlanDelResumen {
  titulo: string;
  url: string;
  cuando: string | null;
  donde: string;
  /** Absolute URL of the poster's card variant. */
  cartel: string | null;
}

/** One town's or one organization's part of the weekly e-mail. */
export interface SeccionResumen {
  /** The town's or the organization's name. */
  nombre: string;
  /** The town's radius; null for an organization. */
  radio: number | null;
  /** The search of the town on the web, or the organization's page. */
  url: string;
  finde: PlanDelResumen[];
  nuevos: PlanDelResumen[];
}

function planHtml(p: PlanDelResumen): string {
  const cartel = p.cartel
    ? `<td width="96" valign="top" style="padding:0 12px 12px 0"><a href="${escapeHtml(p.url)}"><img src="${escapeHtml(p.cartel)}" alt="" width="96" style="display:block;width:96px;border-radius:8px"></a></td>`
    : "";
  return `<tr>${cartel}<td valign="top" style="padding:0 0 12px 0"><a href="${escapeHtml(p.url)}" style="color:#9a3412;font-weight:bold;font-size:16px">${escapeHtml(p.titulo)}</a>${
    p.cuando ? `<br><span>${escapeHtml(p.cuando)}</span>` : ""
  }<br><span style="color:#57534e">${escapeHtml(p.donde)}</span></td></tr>`;
}

const planTexto = (p: PlanDelResumen) => `• ${p.titulo}${p.cuando ? ` (${p.cuando})` : ""}, ${p.donde}\n  ${p.url}`;

/**
 * The Thursday e-mail of the towns and organizations a person follows
 * (lib/seguimientos/resumen-semanal.ts): for each town, the weekend's plans and the week's new
 * ones; for each organization, its new ones; with their posters; the manage link and the one-click
 * unsubscribe (RFC 8058 headers, whose POST needs no login).
 */
export function correoResumenSemanal(
  to: string,
  asunto: string,
  secciones: SeccionResumen[],
  enlaces: { gestionar: string; baja: string },
  idioma: Idioma = IDIOMA_POR_DEFECTO,
): Email {
  const { nombre: producto } = site();
  const url = absoluta(idioma, "/");
  const t = (clave: string, datos: Record<string, string> = {}) =>
    textoDe(idioma, `correo.resumen.${clave}`, { sitio: producto, ...datos });
  const bloques = (s: SeccionResumen) => [[t("finde"), s.finde] as const, [t("nuevos"), s.nuevos] as const];
  const text = [
    textoDe(idioma, "correo.holaSinNombre"),
    "",
    t("entrada"),
    ...secciones.flatMap((s) => [
      "",
      s.radio === null
        ? `== ${s.nombre} ==`
        : `== ${t("cercaDeConRadio", { municipio: s.nombre, km: String(s.radio) })} ==`,
      ...bloques(s)
        .filter(([, planes]) => planes.length > 0)
        .flatMap(([titulo, planes]) => ["", `${titulo}:`, ...planes.map(planTexto)]),
      "",
      `${t("verTodos")}: ${s.url}`,
    ]),
    "",
    `${t("cambiar")}: ${enlaces.gestionar}`,
    `${t("baja")}: ${enlaces.baja}`,
    "",
    textoDe(idioma, "correo.equipo", { sitio: producto }),
  ].join("\n");
  const html = `<!doctype html><html lang="${idioma}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>${escapeHtml(asunto)}</title></head><body style="margin:0;padding:16px;font-family:Arial,sans-serif;color:#1c1917;line-height:1.5;background:#fafaf9">
<div style="max-width:600px;margin:0 auto;background:#fff;padding:20px;border-radius:12px">
<p style="margin-top:0"><a href="${escapeHtml(url)}" style="color:#c2410c;font-weight:bold;font-size:20px;text-decoration:none">${escapeHtml(producto)}</a></p>
<p>${escapeHtml(t("entradaHtml"))}</p>
${secciones
  .map(
    (
      s,
    ) => `<h1 style="font-size:22px;margin:24px 0 4px">${escapeHtml(s.radio === null ? s.nombre : t("cercaDe", { municipio: s.nombre }))}</h1>
${s.radio === null ? "" : `<p style="margin:0 0 12px;color:#57534e">${escapeHtml(t("aKm", { km: String(s.radio) }))}</p>`}
${bloques(s)
  .filter(([, planes]) => planes.length > 0)
  .map(
    ([titulo, planes]) =>
      `<h2 style="font-size:18px;margin:16px 0 8px">${escapeHtml(titulo)}</h2><table role="presentation" cellpadding="0" cellspacing="0" width="100%">${planes.map(planHtml).join("")}</table>`,
  )
  .join("\n")}
<p><a href="${escapeHtml(s.url)}" style="display:inline-block;padding:10px 18px;background:#c2410c;color:#fff;border-radius:999px;text-decoration:none;font-weight:bold">${escapeHtml(t(s.radio === null ? "verTodosDe" : "verTodosCercaDe", { nombre: s.nombre }))}</a></p>`,
  )
  .join("\n")}
<hr style="border:none;border-top:1px solid #e7e5e4;margin:24px 0">
<p style="font-size:14px;color:#57534e">${escapeHtml(t("porQue"))} <a href="${escapeHtml(enlaces.gestionar)}" style="color:#9a3412">${escapeHtml(t("cambiar"))}</a> · <a href="${escapeHtml(enlaces.baja)}" style="color:#9a3412">${escapeHtml(t("darmeDeBaja"))}</a></p>
</div></body></html>`;
  return {
    to,
    subject: asunto,
    text,
    html,
    headers: { "List-Unsubscribe": `<${enlaces.baja}>`, "List-Unsubscribe-Post": "List-Unsubscribe=One-Click" },
  };
}

/** The line under every notice e-mail: where to stop it. */
const pieAvisos = (idioma: Idioma) => textoDe(idioma, "correo.pieAvisos", { url: absoluta(idioma, "/perfil#avisos") });

/** A followed organization published one plan or several (lib/avisos/reparto.ts). */
export function correoPlanPublicado(
  to: string,
  nombre: string,
  organizacion: { nombre: string; url: string },
  planes: { titulo: string; cuando: string | null; municipio: string; url: string }[],
  idioma: Idioma = IDIOMA_POR_DEFECTO,
): Email {
  const t = (clave: string, datos: Record<string, string> = {}) =>
    textoDe(idioma, `correo.publicado.${clave}`, {
      organizacion: organizacion.nombre,
      sitio: site().nombre,
      n: String(planes.length),
      ...datos,
    });
  const linea = (p: (typeof planes)[number]) =>
    t("linea", { titulo: p.titulo, cuando: p.cuando ? `, ${p.cuando}` : "", municipio: p.municipio });
  const uno = planes.length === 1;
  return mensaje(
    to,
    t(uno ? "asuntoUno" : "asuntoVarios"),
    nombre,
    uno
      ? `${t("textoUno")}\n${linea(planes[0])}`
      : `${t("textoVarios")}\n${planes.map((p) => `• ${linea(p)}`).join("\n")}`,
    t(uno ? "botonUno" : "botonVarios"),
    uno ? planes[0].url : organizacion.url,
    pieAvisos(idioma),
    idioma,
  );
}

/** A saved plan was moved or cancelled (lib/avisos/reparto.ts). */
export function correoPlanCambiado(
  to: string,
  nombre: string,
  cambio: { asunto: string; texto: string; url: string; boton: string },
  idioma: Idioma = IDIOMA_POR_DEFECTO,
): Email {
  return mensaje(to, cambio.asunto, nombre, cambio.texto, cambio.boton, cambio.url, pieAvisos(idioma), idioma);
}

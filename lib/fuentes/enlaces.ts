/**
 * The links people have at hand for a calendar, turned into the address it is read from. A town
 * hall's clerk has the Google Calendar embedded in its website or a link to share it, an Outlook
 * calendar's web page, or a webcal:// subscription link; none of them is the calendar itself.
 */

const GOOGLE = new Set(["calendar.google.com", "www.google.com", "google.com"]);
const OUTLOOK = new Set(["outlook.office365.com", "outlook.office.com", "outlook.live.com"]);

/** Google's embedded calendar: /calendar/embed, /calendar/u/0/embed, the older /calendar/htmlembed. */
const RUTA_EMBED = /^\/calendar(\/u\/\d+)?\/(html)?embed\/?$/;
/** Google's share and subscribe links: /calendar/u/0?cid=, /calendar/r?cid=, /calendar/render?cid=. */
const RUTA_CID = /^\/calendar(\/u\/\d+)?(\/(r|render)(\/.*)?)?\/?$/;
/** A published Outlook calendar's page; its .ics has the same path. */
const RUTA_OUTLOOK = /^\/owa\/calendar\/.+calendar\.html$/i;
const ENLACE = /^(https?|webcals?):\/\//i;
const BASE64 = /^[A-Za-z0-9+/_-]+={0,2}$/;
/** A Google calendar's id is an e-mail-like name: ana@gmail.com, c_…@group.calendar.google.com, es.spain#holiday@group.v.calendar.google.com. */
const ID_CALENDARIO = /^[^\s@/]+@[a-z0-9-]+(\.[a-z0-9-]+)+$/i;

/**
 * The address of the source a link names: a Google Calendar's embed or share link becomes its
 * public iCalendar address, an Outlook calendar's web page its .ics, webcal:// and webcals://
 * become https://. Anything else comes back as it was given (the schema then says whether it is
 * an address at all).
 */
export function direccionDeFuente(enlace: string): string {
  const texto = enlace.trim();
  if (/^webcals?:\/\//i.test(texto)) return direccionDeFuente(texto.replace(/^webcals?:/i, "https:"));
  let url: URL;
  try {
    url = new URL(texto);
  } catch {
    return enlace;
  }
  if (url.protocol !== "https:" && url.protocol !== "http:") return enlace;
  const host = url.hostname.toLowerCase();

  if (GOOGLE.has(host)) {
    const valor = RUTA_EMBED.test(url.pathname)
      ? url.searchParams.get("src")
      : RUTA_CID.test(url.pathname)
        ? url.searchParams.get("cid")
        : null;
    if (!valor) return enlace;
    // A site's "add to Google Calendar" button carries the feed's own address.
    if (ENLACE.test(valor)) return direccionDeFuente(valor);
    const id = idDeCalendario(valor);
    return id ? `https://calendar.google.com/calendar/ical/${encodeURIComponent(id)}/public/basic.ics` : enlace;
  }

  if (OUTLOOK.has(host) && RUTA_OUTLOOK.test(url.pathname)) {
    url.pathname = url.pathname.replace(/\.html$/i, ".ics");
    url.hash = "";
    return url.href;
  }
  return enlace;
}

/**
 * A Google calendar's id from an embed's `src` or a share link's `cid`: as it is, once more
 * percent-decoded when an embed code encoded it twice, or in base64 (without its padding), which
 * is how Google's share links and newer embed codes write it.
 */
function idDeCalendario(valor: string): string | null {
  let v = valor.trim();
  if (/%[0-9a-f]{2}/i.test(v)) {
    try {
      v = decodeURIComponent(v);
    } catch {
      return null;
    }
  }
  if (ID_CALENDARIO.test(v)) return v;
  if (!BASE64.test(v)) return null;
  const decodificado = Buffer.from(v, "base64").toString("utf8");
  return ID_CALENDARIO.test(decodificado) ? decodificado : null;
}

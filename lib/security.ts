import { env } from "./env";
import { fuenteDeTeselas } from "./teselas";
import { ufsCspSource } from "./media/ufs-host";

/**
 * The one part of the site other sites may frame: the widget for town halls and associations
 * (/embed/planes). Everything else answers `X-Frame-Options: DENY` and
 * `frame-ancestors 'none'`; the exception is made here alone (cabecerasPorRuta, and
 * politicaDeContenido's `enmarcable`, which proxy.ts asks esRutaEnmarcable for).
 */
export const RUTA_ENMARCABLE = "/embed";

export const esRutaEnmarcable = (pathname: string): boolean =>
  pathname === RUTA_ENMARCABLE || pathname.startsWith(`${RUTA_ENMARCABLE}/`);

/**
 * The response headers that harden every answer (pages, API, media): no MIME sniffing, the
 * origin only in the Referer of cross-site requests, and the browser features the pages never
 * use switched off. Pages also get `politicaDeContenido`.
 */
const CABECERAS_COMUNES: ReadonlyArray<{ key: string; value: string }> = [
  { key: "X-Content-Type-Options", value: "nosniff" },
  { key: "Referrer-Policy", value: "strict-origin-when-cross-origin" },
  { key: "Cross-Origin-Opener-Policy", value: "same-origin-allow-popups" },
  // Geolocation stays allowed for our own pages (the spec asks for the position to search).
  { key: "Permissions-Policy", value: "camera=(), microphone=(), payment=(), usb=(), geolocation=(self)" },
  // Browsers only honour HSTS over HTTPS, so it is harmless on a local http:// server.
  { key: "Strict-Transport-Security", value: "max-age=63072000; includeSubDomains" },
];

/** No framing by other sites (older browsers; newer ones read the CSP's frame-ancestors). */
const NO_ENMARCAR = { key: "X-Frame-Options", value: "DENY" };

/** Every header of the above that an answer outside RUTA_ENMARCABLE carries. */
export const CABECERAS_DE_SEGURIDAD: ReadonlyArray<{ key: string; value: string }> = [
  ...CABECERAS_COMUNES,
  NO_ENMARCAR,
];

/** For answers that are data, never documents (API, media): nothing may run or embed them. */
export const CSP_DE_DATOS = "default-src 'none'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'";

/** The same for a page that stands in for the widget (the outage's 503): its frame may show it. */
export const CSP_DE_DATOS_ENMARCABLE = CSP_DE_DATOS.replace("frame-ancestors 'none'", "frame-ancestors *");

/**
 * next.config.ts's `headers()`: the common headers everywhere, X-Frame-Options DENY everywhere
 * but under RUTA_ENMARCABLE (a path-to-regexp negative lookahead: `/embed` and `/embed/…`, not
 * `/embedding`), and the data CSP on the API and media.
 */
export function cabecerasPorRuta(): { source: string; headers: { key: string; value: string }[] }[] {
  const enmarcable = RUTA_ENMARCABLE.slice(1);
  return [
    { source: "/:path*", headers: [...CABECERAS_COMUNES] },
    { source: `/:path((?!${enmarcable}(?:/|$)).*)`, headers: [NO_ENMARCAR] },
    { source: "/api/:path*", headers: [{ key: "Content-Security-Policy", value: CSP_DE_DATOS }] },
    { source: "/media/:path*", headers: [{ key: "Content-Security-Policy", value: CSP_DE_DATOS }] },
  ];
}

/** Google Identity Services, when Google sign-in is configured: its script, button frame and calls. */
const GOOGLE_GSI = "https://accounts.google.com/gsi/";

/**
 * The Content-Security-Policy of a page, allowing only what the pages use: our own files,
 * inline scripts carrying this request's nonce (Next.js adds it to its own), scripts those load
 * ('strict-dynamic': the Google button script), the maps' tiles (MAP_TILES_URL's host),
 * UploadThing images when that storage is on, and Google's sign-in frame and our own (the widget's preview). Inline styles stay allowed: React renders `style`
 * attributes and Leaflet positions its panes with them, and a style cannot run code.
 * `enmarcable` (RUTA_ENMARCABLE only): any site may frame the page.
 */
export function politicaDeContenido(
  nonce: string,
  { desarrollo = false, enmarcable = false }: { desarrollo?: boolean; enmarcable?: boolean } = {},
): string {
  const config = env();
  const google = config.GOOGLE_WEB_CLIENT_ID ? [GOOGLE_GSI] : [];
  const teselas = fuenteDeTeselas(config.MAP_TILES_URL);
  const imagenes = [
    "'self'",
    "data:",
    "blob:",
    ...(teselas ? [teselas] : []),
    ...(config.UPLOADTHING_TOKEN ? [ufsCspSource()] : []),
  ];
  const directivas: Record<string, string[]> = {
    "default-src": ["'self'"],
    // 'unsafe-eval' only in `next dev` (React's dev tools need it); the https: and 'unsafe-inline'
    // fallbacks are ignored by browsers that know 'strict-dynamic' and nonces.
    "script-src": [
      "'self'",
      `'nonce-${nonce}'`,
      "'strict-dynamic'",
      "https:",
      "'unsafe-inline'",
      ...(desarrollo ? ["'unsafe-eval'"] : []),
    ],
    "style-src": ["'self'", "'unsafe-inline'", ...google],
    "img-src": imagenes,
    "font-src": ["'self'"],
    "connect-src": ["'self'", ...google],
    // Our own frames: /widget's preview of the widget (/embed, the only page that may be framed).
    "frame-src": ["'self'", ...google],
    "worker-src": ["'self'", "blob:"],
    "manifest-src": ["'self'"],
    "object-src": ["'none'"],
    "base-uri": ["'self'"],
    "form-action": ["'self'"],
    "frame-ancestors": [enmarcable ? "*" : "'none'"],
  };
  const partes = Object.entries(directivas).map(([nombre, fuentes]) => `${nombre} ${fuentes.join(" ")}`);
  if (config.SITE_URL.startsWith("https://")) partes.push("upgrade-insecure-requests");
  return partes.join("; ");
}

/** A fresh nonce for one page request: 128 random bits, base64. */
export function nuevoNonce(): string {
  return Buffer.from(crypto.getRandomValues(new Uint8Array(16))).toString("base64");
}

/** The nonce of a Content-Security-Policy (the one proxy.ts gave the request), for the layout's own inline script. */
export function nonceDePolitica(csp: string | null): string | undefined {
  return /'nonce-([^']+)'/.exec(csp ?? "")?.[1];
}

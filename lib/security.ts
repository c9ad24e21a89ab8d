import { env } from "./env";
import { fuenteDeTeselas } from "./teselas";
import { ufsCspSource } from "./media/ufs-host";

/**
 * The response headers that harden every answer (pages, API, media): no MIME sniffing, no
 * framing by other sites, the origin only in the Referer of cross-site requests, and the
 * browser features the pages never use switched off. Pages also get `politicaDeContenido`.
 */
export const CABECERAS_DE_SEGURIDAD: ReadonlyArray<{ key: string; value: string }> = [
  { key: "X-Content-Type-Options", value: "nosniff" },
  { key: "Referrer-Policy", value: "strict-origin-when-cross-origin" },
  { key: "X-Frame-Options", value: "DENY" },
  { key: "Cross-Origin-Opener-Policy", value: "same-origin-allow-popups" },
  // Geolocation stays allowed for our own pages (the spec asks for the position to search).
  { key: "Permissions-Policy", value: "camera=(), microphone=(), payment=(), usb=(), geolocation=(self)" },
  // Browsers only honour HSTS over HTTPS, so it is harmless on a local http:// server.
  { key: "Strict-Transport-Security", value: "max-age=63072000; includeSubDomains" },
];

/** For answers that are data, never documents (API, media): nothing may run or embed them. */
export const CSP_DE_DATOS = "default-src 'none'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'";

/** Google Identity Services, when Google sign-in is configured: its script, button frame and calls. */
const GOOGLE_GSI = "https://accounts.google.com/gsi/";

/**
 * The Content-Security-Policy of a page, allowing only what the pages use: our own files,
 * inline scripts carrying this request's nonce (Next.js adds it to its own), scripts those load
 * ('strict-dynamic': the Google button script), the maps' tiles (MAP_TILES_URL's host),
 * UploadThing images when that storage is on, and Google's sign-in frame. Inline styles stay allowed: React renders `style`
 * attributes and Leaflet positions its panes with them, and a style cannot run code.
 */
export function politicaDeContenido(nonce: string, { desarrollo = false }: { desarrollo?: boolean } = {}): string {
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
    "frame-src": google.length ? google : ["'none'"],
    "worker-src": ["'self'", "blob:"],
    "manifest-src": ["'self'"],
    "object-src": ["'none'"],
    "base-uri": ["'self'"],
    "form-action": ["'self'"],
    "frame-ancestors": ["'none'"],
  };
  const partes = Object.entries(directivas).map(([nombre, fuentes]) => `${nombre} ${fuentes.join(" ")}`);
  if (config.SITE_URL.startsWith("https://")) partes.push("upgrade-insecure-requests");
  return partes.join("; ");
}

/** A fresh nonce for one page request: 128 random bits, base64. */
export function nuevoNonce(): string {
  return Buffer.from(crypto.getRandomValues(new Uint8Array(16))).toString("base64");
}

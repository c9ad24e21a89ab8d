/**
 * Where to send the browser after an action (login, Google sign-in): only a path of this same
 * site. Browsers read `\` as `/` and drop tabs and newlines inside URLs, so `/\evil.example`,
 * `/\tevil.example` and `//evil.example` all leave the site; encoded forms of those are refused
 * as well, whatever decodes them later. Anything else falls back to `porDefecto`.
 */
export function destinoSeguro(valor: unknown, porDefecto = "/"): string {
  if (typeof valor !== "string" || valor.length > 2048) return porDefecto;
  let decodificado: string;
  try {
    decodificado = decodeURIComponent(valor);
  } catch {
    return porDefecto;
  }
  for (const forma of [valor, decodificado]) {
    if (!forma.startsWith("/") || forma.startsWith("//") || /[\\\u0000-\u001f\u007f]/.test(forma)) return porDefecto;
  }
  // The same check a browser makes: resolved against our origin, it must stay on it.
  const origen = "http://planazo.invalid";
  const url = new URL(valor, origen);
  return url.origin === origen ? `${url.pathname}${url.search}${url.hash}` : porDefecto;
}

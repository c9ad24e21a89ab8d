/**
 * What the profile says of a device: its browser and system, read from the User-Agent it gave
 * when subscribing. Only the families people recognise; the order matters, since Edge, Opera
 * and Samsung Internet also say "Chrome", and every browser on an iPhone says "Safari".
 */
export interface Agente {
  navegador: string | null;
  sistema: string | null;
}

const NAVEGADORES: [RegExp, string][] = [
  [/\bEdg(e|A|iOS)?\//, "Edge"],
  [/\b(OPR|Opera|OPT)\//, "Opera"],
  [/\bSamsungBrowser\//, "Samsung Internet"],
  [/\b(Firefox|FxiOS)\//, "Firefox"],
  [/\b(CriOS|Chrome|HeadlessChrome|Chromium)\//, "Chrome"],
  [/\bVersion\/[\d.]+.*\bSafari\//, "Safari"],
  [/\b(iPhone|iPad)\b.*\bMobile\//, "Safari"],
];

const SISTEMAS: [RegExp, string][] = [
  [/\biPhone\b/, "iPhone"],
  [/\biPad\b/, "iPad"],
  [/\bAndroid\b/, "Android"],
  [/\bCrOS\b/, "ChromeOS"],
  [/\bWindows\b/, "Windows"],
  [/\bMac OS X\b|\bMacintosh\b/, "macOS"],
  [/\bLinux\b/, "Linux"],
];

const primero = (ua: string, reglas: [RegExp, string][]) => reglas.find(([re]) => re.test(ua))?.[1] ?? null;

export function describirAgente(ua: string | null | undefined): Agente {
  if (!ua) return { navegador: null, sistema: null };
  return { navegador: primero(ua, NAVEGADORES), sistema: primero(ua, SISTEMAS) };
}

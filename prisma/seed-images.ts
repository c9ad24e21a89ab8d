import sharp from "sharp";

/** Colours per category for the generated demo posters. */
const PALETAS: Record<string, [string, string]> = {
  Deporte: ["#0f766e", "#14b8a6"],
  "Fiestas de pueblo": ["#b91c1c", "#f59e0b"],
  Aventura: ["#166534", "#84cc16"],
  Turismo: ["#1d4ed8", "#38bdf8"],
  Fiesta: ["#7e22ce", "#ec4899"],
  Infantil: ["#ea580c", "#facc15"],
  Cultura: ["#312e81", "#a78bfa"],
  Taller: ["#92400e", "#d6a35c"],
  Gastronomía: ["#9f1239", "#fb7185"],
  Otros: ["#334155", "#94a3b8"],
};

function escapeXml(text: string): string {
  return text.replace(/[<>&"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** Splits a title into lines of at most `max` characters, on spaces. */
function lineas(texto: string, max: number): string[] {
  const out: string[] = [];
  for (const palabra of texto.split(/\s+/)) {
    const last = out[out.length - 1];
    if (last && `${last} ${palabra}`.length <= max) out[out.length - 1] = `${last} ${palabra}`;
    else out.push(palabra);
  }
  return out;
}

/**
 * A portrait demo poster (PNG) drawn from an SVG: gradient, circles, the plan's category (none
 * for a plan only in "Otros") over its own title, when it happens (its dates, or the days an
 * experience opens) and the town, as a real poster would. The category sits just above the
 * title, in the middle of the height: a card shows the poster whole and puts its type badge and
 * save heart over the top corners and its date and price over the bottom ones.
 */
export async function dibujarCartel(
  titulo: string,
  categoria: string | null,
  subtitulo: string,
  semilla: number,
  cuando?: string,
): Promise<Buffer> {
  const [a, b] = PALETAS[categoria ?? "Otros"] ?? PALETAS.Otros;
  const w = 900;
  const h = 1200;
  const circulos = Array.from({ length: 6 }, (_, i) => {
    const x = (semilla * (i + 3) * 97) % w;
    const y = (semilla * (i + 5) * 61) % h;
    const r = 60 + ((semilla * (i + 7)) % 220);
    return `<circle cx="${x}" cy="${y}" r="${r}" fill="#ffffff" fill-opacity="${0.05 + (i % 3) * 0.04}"/>`;
  }).join("");
  const texto = lineas(titulo, 16)
    .slice(0, 5)
    .map((l, i) => `<text x="70" y="${560 + i * 92}" font-size="78" font-weight="700">${escapeXml(l)}</text>`)
    .join("");
  // Short lines: on a narrow card the price pill sits over the poster's bottom right.
  const cuandoLineas = cuando ? lineas(cuando, 24).slice(0, 3) : [];
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${(w * 2) / 3}" height="${(h * 2) / 3}" viewBox="0 0 ${w} ${h}">
    <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${a}"/><stop offset="1" stop-color="${b}"/></linearGradient></defs>
    <rect width="${w}" height="${h}" fill="url(#g)"/>${circulos}
    <g font-family="DejaVu Sans, Liberation Sans, sans-serif" fill="#ffffff">
      ${categoria ? `<text x="70" y="460" font-size="40" font-weight="700" letter-spacing="6">${escapeXml(categoria.toUpperCase())}</text>` : ""}
      ${texto}
      ${cuandoLineas.map((l, i) => `<text x="70" y="${1040 - (cuandoLineas.length - 1 - i) * 52}" font-size="40" font-weight="700">${escapeXml(l)}</text>`).join("")}
      <text x="70" y="1110" font-size="44">${escapeXml(subtitulo)}</text>
    </g></svg>`;
  return sharp(Buffer.from(svg)).png({ compressionLevel: 3 }).toBuffer();
}

/** A square logo with the initials of a name. */
export async function dibujarLogo(nombre: string, semilla: number): Promise<Buffer> {
  const paletas = Object.values(PALETAS);
  const [a, b] = paletas[semilla % paletas.length];
  const iniciales = nombre
    .split(/\s+/)
    .filter((p) => p.length > 2 && p[0] === p[0].toUpperCase())
    .slice(0, 2)
    .map((p) => p[0])
    .join("");
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="400" height="400">
    <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${a}"/><stop offset="1" stop-color="${b}"/></linearGradient></defs>
    <rect width="400" height="400" rx="80" fill="url(#g)"/>
    <text x="200" y="250" text-anchor="middle" font-family="DejaVu Sans, sans-serif" font-size="150" font-weight="700" fill="#fff">${escapeXml(iniciales || nombre[0])}</text>
  </svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}

import localFont from "next/font/local";

/*
 * Bricolage Grotesque, the display face (headings and the brand), self-hosted from its npm
 * package: next/font copies the files into /_next/static/media, so no request leaves our origin
 * (CSP font-src 'self'). The latin file (Spanish, with ñ, á, ü, ¿, ¡, €) is used by every page;
 * latin-ext (Catalan ŀ, other names of towns) only when a page uses one of its letters.
 *
 * Optional, not swap: a face that misses its first ~100 ms is not used on that page, so headings
 * never re-wrap under the reader's eyes. The latin file is preloaded so a first visit can make
 * that window; no fallback metrics, as a missed face just leaves the system face.
 * (next/font wants every value written out as a literal. Measurements: docs/performance.md.)
 */
export const displayLatin = localFont({
  src: "../node_modules/@fontsource-variable/bricolage-grotesque/files/bricolage-grotesque-latin-wght-normal.woff2",
  weight: "200 800",
  display: "optional",
  preload: true,
  adjustFontFallback: false,
  variable: "--font-display-latin",
  declarations: [
    {
      prop: "unicode-range",
      value:
        "U+0000-00FF,U+0131,U+0152-0153,U+02BB-02BC,U+02C6,U+02DA,U+02DC,U+0304,U+0308,U+0329,U+2000-206F,U+20AC,U+2122,U+2191,U+2193,U+2212,U+2215,U+FEFF,U+FFFD",
    },
  ],
});

export const displayLatinExt = localFont({
  src: "../node_modules/@fontsource-variable/bricolage-grotesque/files/bricolage-grotesque-latin-ext-wght-normal.woff2",
  weight: "200 800",
  display: "optional",
  preload: false,
  adjustFontFallback: false,
  variable: "--font-display-latin-ext",
  declarations: [
    {
      prop: "unicode-range",
      value:
        "U+0100-02BA,U+02BD-02C5,U+02C7-02CC,U+02CE-02D7,U+02DD-02FF,U+1D00-1DBF,U+1E00-1E9F,U+1EF2-1EFF,U+2020,U+20A0-20AB,U+20AD-20C0,U+2113,U+2C60-2C7F,U+A720-A7FF",
    },
  ],
});

import "./globals.css";
import type { Metadata, Viewport } from "next";
import { headers } from "next/headers";
import { getTranslations } from "next-intl/server";
import { idiomaDePagina } from "@/lib/idioma-de-pagina";
import { SCRIPT_AVISO_ACEPTADO } from "@/lib/aviso-cookies";
import { CookieBar } from "@/components/layout/CookieBar";
import { ConPalabras } from "@/components/idioma/ConPalabras";
import type { Espacio } from "@/lib/catalogo";
import { Footer } from "@/components/layout/Footer";
import { Navbar } from "@/components/layout/Navbar";
import { AvisoAlLlegar } from "@/components/ui/AvisoAlLlegar";
import { ProveedorIdioma } from "@/components/idioma/ContextoIdioma";
import { OfertaIdioma, type TextosOferta } from "@/components/idioma/OfertaIdioma";
import { SCRIPT_REGISTRO_SERVICE_WORKER } from "@/lib/app-instalable/sin-conexion";
import { env } from "@/lib/env";
import { IDIOMAS, type Idioma } from "@/lib/idiomas";
import { textoDe } from "@/lib/catalogo";
import { nonceDePolitica } from "@/lib/security";
import { site } from "@/lib/site";
import { displayLatin, displayLatinExt } from "./fonts";
import { esDelEquipo } from "@/lib/admin/acceso";
import { tieneCookieDeSesion } from "@/lib/users/session";
import { CABECERA_VISTA, VISTA_EMBEBIDA } from "@/lib/vista";

export function generateMetadata(): Metadata {
  const { nombre, url } = site();
  return {
    metadataBase: new URL(url),
    title: { default: nombre, template: `%s | ${nombre}` },
    description: `${nombre}: descubre planes, eventos y actividades cerca de ti, en tu pueblo y en los de alrededor.`,
    applicationName: nombre,
    openGraph: { siteName: nombre, locale: "es_ES", type: "website" },
  };
}

export const viewport: Viewport = { themeColor: "#c2410c" /* --color-brand */, width: "device-width", initialScale: 1 };

/**
 * The offer of each language, in that language (components/idioma/OfertaIdioma.tsx): the same
 * for every page, so from the catalogues as read once per process, not five of next-intl's
 * configurations a render.
 */
const ESPACIOS_DEL_MARCO: readonly Espacio[] = ["general", "categorias", "tarjeta"];

const textosDeOferta = (): Record<Idioma, TextosOferta> =>
  Object.fromEntries(
    IDIOMAS.map((i) => [i, { disponible: textoDe(i, "oferta.disponible"), no: textoDe(i, "oferta.no") }]),
  ) as Record<Idioma, TextosOferta>;

export default async function RootLayout({ children }: { children: React.ReactNode }) {
  // The widget inside another site's page (/embed, see lib/vista.ts): the page alone, and
  // nothing read from the visitor's cookies.
  const cabeceras = await headers();
  if (cabeceras.get(CABECERA_VISTA) === VISTA_EMBEBIDA) {
    return (
      <html lang="es" className={`${displayLatin.variable} ${displayLatinExt.variable}`}>
        <body data-vista={VISTA_EMBEBIDA}>{children}</body>
      </html>
    );
  }
  const { nombre, contacto } = site();
  const conectado = await tieneCookieDeSesion();
  // Only with a session cookie: a visitor's page reads nothing and stays the same for everyone.
  const equipo = conectado && (await esDelEquipo());
  // Nothing here reads the visitor's cookies but the session: a visitor's page is one copy for all.
  const nonce = nonceDePolitica(cabeceras.get("content-security-policy"));
  const [idioma, t] = await Promise.all([idiomaDePagina(), getTranslations("nav")]);
  return (
    // The maps' tile template (MAP_TILES_URL), read by components/mapa/CapaTeselas in the browser.
    // suppressHydrationWarning: the head's script may mark <html> before React sees it.
    <html
      lang={idioma}
      className={`${displayLatin.variable} ${displayLatinExt.variable}`}
      data-teselas={env().MAP_TILES_URL}
      suppressHydrationWarning
    >
      <head>
        <script nonce={nonce} dangerouslySetInnerHTML={{ __html: SCRIPT_AVISO_ACEPTADO }} />
      </head>
      <body>
        <ProveedorIdioma idioma={idioma}>
          {/* The words of the layout's own browser components; each page adds its own. */}
          <ConPalabras espacios={ESPACIOS_DEL_MARCO}>
            <a className="skip-link" href="#contenido">
              {t("saltar")}
            </a>
            {/* Before the page, in its flow: see CookieBar.module.css. */}
            <CookieBar />
            <Navbar nombreSitio={nombre} conectado={conectado} equipo={equipo} />
            <main id="contenido">
              <OfertaIdioma textos={textosDeOferta()} />
              <AvisoAlLlegar />
              {children}
            </main>
            <Footer nombreSitio={nombre} contacto={contacto} />
          </ConPalabras>
        </ProveedorIdioma>
        <script nonce={nonce} dangerouslySetInnerHTML={{ __html: SCRIPT_REGISTRO_SERVICE_WORKER }} />
      </body>
    </html>
  );
}

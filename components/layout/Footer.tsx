import Link from "@/components/idioma/Enlace";
import { headers } from "next/headers";
import { getTranslations } from "next-intl/server";
import { idiomaDePagina } from "@/lib/idioma-de-pagina";
import { IDIOMAS, NOMBRE_PROPIO, rutaEnIdioma, soloEnCastellano } from "@/lib/idiomas";
import { ENLACES_EXTERNOS } from "@/lib/site";
import { CABECERA_RUTA } from "@/lib/vista";
import styles from "./Footer.module.css";

interface Enlace {
  href: string;
  texto: string;
  externo?: boolean;
}

type Textos = Awaited<ReturnType<typeof getTranslations<"pie">>>;

const apps = (t: Textos): Enlace[] => [
  { href: ENLACES_EXTERNOS.appStore, texto: t("appStore"), externo: true },
  { href: ENLACES_EXTERNOS.googlePlay, texto: t("googlePlay"), externo: true },
];

const paraTuWeb = (t: Textos): Enlace[] => [{ href: "/widget", texto: t("widget") }];

const REDES: Enlace[] = [
  { href: ENLACES_EXTERNOS.instagram, texto: "Instagram", externo: true },
  { href: ENLACES_EXTERNOS.facebook, texto: "Facebook", externo: true },
  { href: ENLACES_EXTERNOS.tiktok, texto: "TikTok", externo: true },
];

const legales = (t: Textos): Enlace[] => [
  { href: "/aviso-legal", texto: t("avisoLegal") },
  { href: "/condiciones-generales", texto: t("condiciones") },
  { href: "/cookies", texto: t("cookies") },
  { href: "/politica-privacidad", texto: t("privacidad") },
];

function Columna({ id, titulo, children }: { id: string; titulo: string; children: React.ReactNode }) {
  return (
    <section aria-labelledby={id}>
      <h2 id={id} className={styles.title}>
        {titulo}
      </h2>
      {children}
    </section>
  );
}

function Lista({ enlaces }: { enlaces: Enlace[] }) {
  return (
    <ul className={styles.list}>
      {enlaces.map((e) => (
        <li key={e.href}>
          {e.externo ? (
            <a href={e.href} rel="noopener noreferrer" target="_blank">
              {e.texto}
            </a>
          ) : (
            <Link href={e.href} prefetch={false}>
              {e.texto}
            </Link>
          )}
        </li>
      ))}
    </ul>
  );
}

/** A rich message's tag as a link out of the site. */
function externo(href: string) {
  return function EnlaceExterno(partes: React.ReactNode) {
    return (
      <a href={href} rel="noopener noreferrer" target="_blank">
        {partes}
      </a>
    );
  };
}

/**
 * The same page in each language, each named in its own (and marked so, for screen readers):
 * plain links, since another language is another document, header and footer included.
 */
async function Idiomas({ ruta }: { ruta: string }) {
  const actual = await idiomaDePagina();
  return (
    <ul className={styles.idiomas}>
      {IDIOMAS.map((i) => (
        <li key={i}>
          <a
            href={rutaEnIdioma(i, ruta)}
            lang={i}
            hrefLang={i}
            aria-current={i === actual ? "page" : undefined}
            data-idioma={i}
          >
            {NOMBRE_PROPIO[i]}
          </a>
        </li>
      ))}
    </ul>
  );
}

/** The site's footer, in the request's language (mensajes/, namespace "pie"). */
export async function Footer({ nombreSitio, contacto }: { nombreSitio: string; contacto: string }) {
  const [t, cabeceras] = await Promise.all([getTranslations("pie"), headers()]);
  const ruta = cabeceras.get(CABECERA_RUTA) ?? "/";
  const conIdiomas = !soloEnCastellano(ruta);
  return (
    <footer className={styles.footer}>
      <div className={styles.inner}>
        <Columna id="pie-app" titulo={nombreSitio}>
          <p className={styles.text}>{t("lema")}</p>
          <Lista enlaces={apps(t)} />
          <Lista enlaces={paraTuWeb(t)} />
        </Columna>
        <Columna id="pie-redes" titulo={t("siguenos")}>
          <Lista enlaces={REDES} />
        </Columna>
        <Columna id="pie-legal" titulo={t("legal")}>
          <Lista enlaces={legales(t)} />
        </Columna>
        <Columna id="pie-contacto" titulo={t("contacto")}>
          <p className={styles.text}>
            <a href={`mailto:${contacto}`}>{contacto}</a>
          </p>
        </Columna>
        {conIdiomas && (
          <Columna id="pie-idioma" titulo={t("idioma")}>
            <Idiomas ruta={ruta} />
          </Columna>
        )}
      </div>
      <p className={styles.copy}>
        © {new Date().getFullYear()} {nombreSitio}.{" "}
        {t.rich("fuentes", {
          geonames: externo("https://www.geonames.org/"),
          csc: externo("https://github.com/dr5hn/countries-states-cities-database"),
        })}
      </p>
    </footer>
  );
}

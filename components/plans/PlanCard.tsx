import { getLocale, getMessages, getTranslations } from "next-intl/server";
import Link from "@/components/idioma/Enlace";
import type { Catalogo } from "@/lib/catalogo";
import type { Favoritos } from "@/lib/favoritos/sesion";
import { esIdioma, IDIOMA_POR_DEFECTO } from "@/lib/idiomas";
import type { Patrocinado } from "@/lib/patrocinios/vigentes";
import { estadoDelPlan, type EstadoPlan } from "@/lib/plans/estado";
import { fechaInsignia } from "@/lib/dates";
import { cuandoTexto, distanciaVisible, horasDelDiaTexto, precioTexto, type Lengua } from "@/lib/plans/texto";
import type { PlanApi } from "@/lib/plans/plan";
import type { TituloDeTarjeta } from "@/lib/plans/idiomas";
import type { FechasDeResultado } from "@/lib/plans/fechas";
import { planPath } from "@/lib/plans/plan";
import { variantUrl } from "@/lib/media/variant-url";
import { InsigniaVerificada } from "@/components/organizaciones/InsigniaVerificada";
import { CartelGenerado, categoriaVisible } from "./CartelGenerado";
import { cartelPropio } from "@/lib/plans/cartel";
import { GuardarTarjeta } from "./GuardarTarjeta";
import { PosterImage } from "./PosterImage";
import { palabrasEnElTexto, trozos } from "@/lib/busqueda/resaltar";
import type { ConsultaPalabras } from "@/lib/busqueda/palabras-consulta";
import styles from "./PlanCard.module.css";

export type NivelTitulo = 2 | 3 | 4;
const ETIQUETA_TITULO = { 2: "h2", 3: "h3", 4: "h4" } as const;

/** A card's words in its page's language: its plan's texts' (lib/plans/texto.ts) and its categories' names. */
export interface TextosTarjeta extends Lengua {
  categorias: Catalogo["categorias"];
}

/**
 * The cards' words in the language of the page being rendered, for a server component. Read
 * through next-intl, not lib/catalogo.ts: this file also reaches the browser (the publish
 * wizard's preview, the sponsor form), where node:fs does not.
 */
export async function textosTarjetaDePagina(): Promise<TextosTarjeta> {
  const [locale, t, mensajes] = await Promise.all([getLocale(), getTranslations("tarjeta"), getMessages()]);
  return {
    idioma: esIdioma(locale) ? locale : IDIOMA_POR_DEFECTO,
    t,
    categorias: mensajes.categorias as Catalogo["categorias"],
  };
}

/** A state's name on a card or a row of 'Planes Creados', and why the public no longer finds the plan. */
export const PALABRAS_ESTADO: Record<
  EstadoPlan,
  { nombre: keyof Catalogo["tarjeta"]; detalle: keyof Catalogo["tarjeta"] | null }
> = {
  Publicado: { nombre: "estadoPublicado", detalle: null },
  Oculto: { nombre: "estadoOculto", detalle: "detalleOculto" },
  Cancelado: { nombre: "estadoCancelado", detalle: "detalleCancelado" },
  Finalizado: { nombre: "estadoFinalizado", detalle: "detalleFinalizado" },
};

type PropsPlanCard = {
  plan: PlanApi & Partial<FechasDeResultado> & { canceladoEnLaFuente?: boolean };
  /** Its title for the page's reader (PlanGrid's, lib/plans/idiomas.ts); its own without it. */
  titulo?: TituloDeTarjeta;
  href?: string;
  nivelTitulo?: NivelTitulo;
  conEstado?: boolean;
  /** On the first screen: its poster loads at once (it is the page's largest paint), not lazily. */
  prioridad?: boolean;
  favoritos?: Favoritos;
  /** The page's verified organizations (lib/organizaciones/verificadas.ts). */
  verificadas?: ReadonlySet<string>;
  /** The words searched: marked in the title. */
  palabras?: ConsultaPalabras | null;
  /** The day of a list by days it is under: a weekly plan gives that day's hours. */
  dia?: { nombre: string; diaSemana: number };
};

/**
 * A plan in a list (spec §2): poster (a generated one when it has none), title, municipality, dates, type or 'DESTACADO', and the
 * distance beyond 3 km. It opens the plan's page, or its external web in a new tab; `href` makes it
 * open another page of ours instead, and `conEstado` marks plans the public no longer finds
 * (hidden or finished) in a person's own lists, where they are mixed in. With `favoritos` it has a
 * save heart, a button beside the link (not inside it) over the poster's corner. A plan of a
 * verified organization (`verificadas`, read once for the page) names it with "Verificada".
 * Its words are its page's `textos`: a server component's (PlanGrid), or ConTextosTarjeta's in the browser.
 * Its title is the one in the reader's language when the plan has it, marked with its own
 * language when it is another (WCAG's language of parts: a screen reader then says it right).
 */
export function PlanCard({
  plan,
  titulo = { titulo: plan.titulo },
  href,
  nivelTitulo = 3,
  conEstado = false,
  prioridad = false,
  favoritos,
  verificadas,
  palabras,
  dia,
  textos,
}: PropsPlanCard & { textos: TextosTarjeta }) {
  const { t } = textos;
  const Titulo = ETIQUETA_TITULO[nivelTitulo];
  const verificada = plan.organizacion && verificadas?.has(plan.organizacion._id) ? plan.organizacion : null;
  const fechas =
    (dia && horasDelDiaTexto(plan, dia, textos)) ??
    cuandoTexto(plan, { buscado: palabras && ((texto) => palabrasEnElTexto(texto, palabras) > 0) }, textos);
  const distancia = distanciaVisible(plan.distancia);
  const etiqueta = conEstado ? estadoDelPlan(plan) : "Publicado";
  const { nombre, detalle } = PALABRAS_ESTADO[etiqueta];
  const estado = detalle ? { etiqueta: t(nombre), detalle: t(detalle) } : null;
  // The same category a poster drawn for the plan shows.
  const categoria = categoriaVisible(plan.categorias, textos);
  // A generated poster writes the date itself. An event of several dates shows the one the search found.
  const diaInsignia = plan.proximaFecha?.inicio ?? plan.fechaInicio;
  const propio = cartelPropio(plan);
  const insignia = propio && plan.tipo === "evento" && diaInsignia ? fechaInsignia(diaInsignia, textos.idioma) : null;
  const contenido = (
    <>
      <div className={estado ? `${styles.poster} ${styles.apagado}` : styles.poster}>
        {propio ? (
          <>
            {/* The whole poster over a blurred copy of itself, whatever its shape. */}
            <PosterImage
              src={variantUrl(propio.url, "tarjeta")}
              width={propio.width}
              height={propio.height}
              className={styles.fondo}
              priority={prioridad}
            />
            <PosterImage
              src={variantUrl(propio.url, "tarjeta")}
              width={propio.width}
              height={propio.height}
              className={styles.entero}
              priority={prioridad}
            />
          </>
        ) : (
          <CartelGenerado plan={{ ...plan, titulo: titulo.titulo }} variante="tarjeta" textos={textos} />
        )}
        <span
          className={`${styles.badge} ${plan.destacado ? styles.destacado : plan.tipo === "experiencia" ? styles.experiencia : ""}`}
        >
          {t(plan.destacado ? "destacado" : plan.tipo)}
        </span>
        {insignia && (
          <span className={styles.insignia} aria-hidden="true">
            <span>{insignia.semana}</span>
            <strong>{insignia.dia}</strong>
            <span>{insignia.mes}</span>
          </span>
        )}
        {plan.precio !== null && (
          <span className={plan.precio === 0 ? `${styles.precio} ${styles.gratis}` : styles.precio}>
            {precioTexto(plan.precio, textos)}
          </span>
        )}
        {estado && (
          <span
            className={
              favoritos
                ? `${styles.badge} ${styles.estado} ${styles.estadoJuntoAlCorazon}`
                : `${styles.badge} ${styles.estado}`
            }
          >
            {estado.etiqueta}
          </span>
        )}
      </div>
      <div className={styles.body}>
        <Titulo className={styles.title} lang={titulo.lang}>
          {trozos(titulo.titulo, palabras).map((t, i) => (t.marcado ? <mark key={i}>{t.texto}</mark> : t.texto))}
        </Titulo>
        {categoria && <p className={styles.categoria}>{categoria}</p>}
        <p className={styles.meta}>
          {plan.municipio}
          {distancia && <span className={styles.distance}>{` · ${t("aDistancia", { distancia })}`}</span>}
        </p>
        {fechas && <p className={styles.dates}>{fechas}</p>}
        {verificada && (
          <p className={styles.organiza}>
            <span className={styles.organizaNombre}>{verificada.nombre}</span> <InsigniaVerificada pequena />
          </p>
        )}
        {estado && <p className={styles.estadoDetalle}>{estado.detalle}</p>}
      </div>
    </>
  );
  return (
    <article className={styles.card}>
      {etiqueta === "Cancelado" ? (
        // Its page is gone with it: the card says why and leads nowhere.
        <div className={styles.link}>{contenido}</div>
      ) : plan.enlaceWebExterior && !href ? (
        <a className={styles.link} href={plan.enlaceWebExterior} target="_blank" rel="noopener noreferrer">
          {contenido}
          <span className="visually-hidden">{` ${t("pestanaNueva")}`}</span>
        </a>
      ) : (
        // No prefetch: a page of results would fetch 30 plan pages' data as the cards scroll by,
        // work on the phone's main thread while the page is still becoming interactive.
        <Link className={styles.link} href={href ?? planPath(plan.titulo, plan._id)} prefetch={false}>
          {contenido}
        </Link>
      )}
      {favoritos && (
        <GuardarTarjeta
          planId={plan._id}
          titulo={titulo.titulo}
          conectado={favoritos.conectado}
          guardado={favoritos.guardados.has(plan._id)}
        />
      )}
    </article>
  );
}

type PropsSponsorCard = { item: Patrocinado; nivelTitulo?: NivelTitulo };

/**
 * A sponsor item among the plans: 'Saber más' goes to /eurona for Eurona, else to the company's
 * site. Its words as PlanCard's; its own text is the team's, written in Spanish in the back-office,
 * and marked so on another language's page.
 */
export function SponsorCard({
  item,
  nivelTitulo = 3,
  textos: { t, idioma },
}: PropsSponsorCard & { textos: TextosTarjeta }) {
  const Titulo = ETIQUETA_TITULO[nivelTitulo];
  const interno = item.empresa.trim().toLowerCase() === "eurona";
  const lang = idioma === IDIOMA_POR_DEFECTO ? undefined : IDIOMA_POR_DEFECTO;
  return (
    <article className={`${styles.card} ${styles.sponsor}`}>
      <div className={styles.poster}>
        {item.archivoCartel && (
          <PosterImage src={variantUrl(item.archivoCartel.url, "tarjeta")} width={600} height={400} />
        )}
        <span className={styles.badge}>{t("patrocinado")}</span>
      </div>
      <div className={styles.body}>
        <Titulo className={styles.title} lang={lang}>
          {item.titulo}
        </Titulo>
        <p className={styles.meta} lang={lang}>
          {item.descripcion}
        </p>
        {interno ? (
          <Link className="button" href="/eurona" prefetch={false}>
            {t("saberMas")}
          </Link>
        ) : (
          <a className="button" href={item.enlaceCompany} target="_blank" rel="noopener noreferrer sponsored">
            {t("saberMas")}
          </a>
        )}
      </div>
    </article>
  );
}

import Link from "@/components/idioma/Enlace";
import type { Favoritos } from "@/lib/favoritos/sesion";
import type { Patrocinado } from "@/lib/patrocinios/vigentes";
import { DETALLE_ESTADO, estadoDelPlan } from "@/lib/plans/estado";
import { fechaInsignia } from "@/lib/dates";
import { categoriaCartel, cuandoTexto, distanciaVisible, horasDelDiaTexto, precioTexto } from "@/lib/plans/texto";
import type { PlanApi } from "@/lib/plans/plan";
import type { FechasDeResultado } from "@/lib/plans/fechas";
import { planPath } from "@/lib/plans/plan";
import { variantUrl } from "@/lib/media/variant-url";
import { InsigniaVerificada } from "@/components/organizaciones/InsigniaVerificada";
import { CartelGenerado } from "./CartelGenerado";
import { GuardarTarjeta } from "./GuardarTarjeta";
import { PosterImage } from "./PosterImage";
import { palabrasEnElTexto, trozos } from "@/lib/busqueda/resaltar";
import type { ConsultaPalabras } from "@/lib/busqueda/palabras-consulta";
import styles from "./PlanCard.module.css";

const ETIQUETA_TIPO = { evento: "Evento", experiencia: "Experiencia" } as const;
type NivelTitulo = 2 | 3 | 4;
const ETIQUETA_TITULO = { 2: "h2", 3: "h3", 4: "h4" } as const;

/**
 * A plan in a list (spec §2): poster (a generated one when it has none), title, municipality, dates, type or 'DESTACADO', and the
 * distance beyond 3 km. It opens the plan's page, or its external web in a new tab; `href` makes it
 * open another page of ours instead, and `conEstado` marks plans the public no longer finds
 * (hidden or finished) in a person's own lists, where they are mixed in. With `favoritos` it has a
 * save heart, a button beside the link (not inside it) over the poster's corner. A plan of a
 * verified organization (`verificadas`, read once for the page) names it with "Verificada".
 */
export function PlanCard({
  plan,
  href,
  nivelTitulo = 3,
  conEstado = false,
  prioridad = false,
  favoritos,
  verificadas,
  palabras,
  dia,
}: {
  plan: PlanApi & Partial<FechasDeResultado> & { canceladoEnLaFuente?: boolean };
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
}) {
  const Titulo = ETIQUETA_TITULO[nivelTitulo];
  const verificada = plan.organizacion && verificadas?.has(plan.organizacion._id) ? plan.organizacion : null;
  const fechas =
    (dia && horasDelDiaTexto(plan, dia)) ??
    cuandoTexto(plan, { buscado: palabras && ((t) => palabrasEnElTexto(t, palabras) > 0) });
  const distancia = distanciaVisible(plan.distancia);
  const etiqueta = conEstado ? estadoDelPlan(plan) : "Publicado";
  const estado = etiqueta === "Publicado" ? null : { etiqueta, detalle: DETALLE_ESTADO[etiqueta] };
  // The same category a poster drawn for the plan shows.
  const categoria = categoriaCartel(plan.categorias);
  // A generated poster writes the date itself. An event of several dates shows the one the search found.
  const diaInsignia = plan.proximaFecha?.inicio ?? plan.fechaInicio;
  const insignia = plan.archivoCartel && plan.tipo === "evento" && diaInsignia ? fechaInsignia(diaInsignia) : null;
  const contenido = (
    <>
      <div className={estado ? `${styles.poster} ${styles.apagado}` : styles.poster}>
        {plan.archivoCartel ? (
          <>
            {/* The whole poster over a blurred copy of itself, whatever its shape. */}
            <PosterImage
              src={variantUrl(plan.archivoCartel.url, "tarjeta")}
              width={plan.archivoCartel.width}
              height={plan.archivoCartel.height}
              className={styles.fondo}
              priority={prioridad}
            />
            <PosterImage
              src={variantUrl(plan.archivoCartel.url, "tarjeta")}
              width={plan.archivoCartel.width}
              height={plan.archivoCartel.height}
              className={styles.entero}
              priority={prioridad}
            />
          </>
        ) : (
          <CartelGenerado plan={plan} variante="tarjeta" />
        )}
        <span
          className={`${styles.badge} ${plan.destacado ? styles.destacado : plan.tipo === "experiencia" ? styles.experiencia : ""}`}
        >
          {plan.destacado ? "DESTACADO" : ETIQUETA_TIPO[plan.tipo]}
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
            {precioTexto(plan.precio)}
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
        <Titulo className={styles.title}>
          {trozos(plan.titulo, palabras).map((t, i) => (t.marcado ? <mark key={i}>{t.texto}</mark> : t.texto))}
        </Titulo>
        {categoria && <p className={styles.categoria}>{categoria}</p>}
        <p className={styles.meta}>
          {plan.municipio}
          {distancia && <span className={styles.distance}> · a {distancia}</span>}
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
          <span className="visually-hidden"> (se abre en una pestaña nueva)</span>
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
          titulo={plan.titulo}
          conectado={favoritos.conectado}
          guardado={favoritos.guardados.has(plan._id)}
        />
      )}
    </article>
  );
}

/** A sponsor item among the plans: 'Saber más' goes to /eurona for Eurona, else to the company's site. */
export function SponsorCard({ item, nivelTitulo = 3 }: { item: Patrocinado; nivelTitulo?: NivelTitulo }) {
  const Titulo = ETIQUETA_TITULO[nivelTitulo];
  const interno = item.empresa.trim().toLowerCase() === "eurona";
  return (
    <article className={`${styles.card} ${styles.sponsor}`}>
      <div className={styles.poster}>
        {item.archivoCartel && (
          <PosterImage src={variantUrl(item.archivoCartel.url, "tarjeta")} width={600} height={400} />
        )}
        <span className={styles.badge}>Patrocinado</span>
      </div>
      <div className={styles.body}>
        <Titulo className={styles.title}>{item.titulo}</Titulo>
        <p className={styles.meta}>{item.descripcion}</p>
        {interno ? (
          <Link className="button" href="/eurona" prefetch={false}>
            Saber más
          </Link>
        ) : (
          <a className="button" href={item.enlaceCompany} target="_blank" rel="noopener noreferrer sponsored">
            Saber más
          </a>
        )}
      </div>
    </article>
  );
}

/** A grid of plan (and sponsor) cards; `hrefDe`, `nivelTitulo`, `conEstado` and `favoritos` are passed on to each PlanCard. */
export function PlanGrid({
  planes,
  hrefDe,
  nivelTitulo,
  conEstado,
  prioritarios = 0,
  favoritos,
  verificadas,
  palabras,
  dia,
}: {
  planes: (PlanApi | Patrocinado)[];
  hrefDe?: (plan: PlanApi) => string;
  nivelTitulo?: NivelTitulo;
  conEstado?: boolean;
  /** How many cards from the top are on the first screen (their posters load at once). */
  prioritarios?: number;
  /** The page's saved plans (one read for the whole page): each plan's card gets a save heart. */
  favoritos?: Favoritos;
  /** The page's verified organizations: their plans' cards say "Verificada". */
  verificadas?: ReadonlySet<string>;
  /** The words searched, marked in the titles. */
  palabras?: ConsultaPalabras | null;
  /** The day of a list by days the grid is under (its weekly plans give that day's hours). */
  dia?: { nombre: string; diaSemana: number };
}) {
  return (
    <ul className={styles.grid}>
      {planes.map((p, i) => (
        <li key={p._id}>
          {p.tipo === "Patrocinado" ? (
            <SponsorCard item={p} nivelTitulo={nivelTitulo} />
          ) : (
            <PlanCard
              plan={p}
              href={hrefDe?.(p)}
              nivelTitulo={nivelTitulo}
              conEstado={conEstado}
              prioridad={i < prioritarios}
              favoritos={favoritos}
              verificadas={verificadas}
              palabras={palabras}
              dia={dia}
            />
          )}
        </li>
      ))}
    </ul>
  );
}

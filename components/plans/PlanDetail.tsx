import Link from "@/components/idioma/Enlace";
import { getTranslations } from "next-intl/server";
import type { Idioma } from "@/lib/idiomas";
import { variantUrl } from "@/lib/media/variant-url";
import { organizacionPath } from "@/lib/organizaciones/paths";
import { fechasTexto } from "@/lib/dates";
import { cuandoTexto, mayuscula, precioTexto, semanaAgrupada, type LenguaTexto } from "@/lib/plans/texto";
import { enlaceGoogleCalendar, lugarCalendario } from "@/lib/difusion/ics";
import { type Horario, type PlanApi } from "@/lib/plans/plan";
import type { Favoritos } from "@/lib/favoritos/sesion";
import { conDatos, enumeracion } from "@/lib/con-datos";
import { idiomaDePagina, palabrasDePagina } from "@/lib/idioma-de-pagina";
import { enlaceBuscarEnMapa, enlaceComoLlegar } from "./enlaces";
import { CartelGenerado } from "./CartelGenerado";
import { cartelPropio } from "@/lib/plans/cartel";
import { FavoriteToggle } from "./FavoriteToggle";
import { Markdown } from "./Markdown";
import { InsigniaVerificada } from "@/components/organizaciones/InsigniaVerificada";
import { SeguirOrganizacion } from "@/components/seguimientos/SeguirOrganizacion";
import type { SeguirEnSesion } from "@/lib/seguimientos/sesion";
import { textosTarjetaDePagina } from "./PlanCard";
import { PlanGrid, titulosDeLasTarjetas } from "./PlanGrid";
import { PlanMap } from "./PlanMap";
import type { LugarDelMapa } from "./PlanMapLeaflet";
import { PlanSummary } from "./PlanSummary";
import { FechasPlan } from "./FechasPlan";
import { PosterImage } from "./PosterImage";
import { ReportPlan } from "./ReportPlan";
import { SharePlan } from "./SharePlan";
import styles from "./PlanDetail.module.css";

function Seccion({
  id,
  titulo,
  children,
  hecho = false,
  ancho = false,
}: {
  id: string;
  titulo: string;
  children: React.ReactNode;
  hecho?: boolean;
  /** The whole width of the facts card (an event's several dates). */
  ancho?: boolean;
}) {
  const clase = `${hecho ? styles.hecho : styles.seccion}${ancho ? ` ${styles.hechoAncho}` : ""}`;
  return (
    <section className={clase} aria-labelledby={id}>
      <h2 id={id} className={hecho ? styles.hechoTitulo : styles.seccionTitulo}>
        {titulo}
      </h2>
      {children}
    </section>
  );
}

/** The places of a plan's dates other than its own point, each with the acts held there (the map's markers). */
function lugaresDeFechas(fechas: PlanApi["fechas"], lat: number, lng: number): LugarDelMapa[] {
  const lugares = new Map<string, LugarDelMapa>();
  for (const f of fechas ?? []) {
    if (!f.ubicacion || !f.direccion) continue;
    const [l, b] = f.ubicacion.coordinates;
    if (l === lng && b === lat) continue;
    const clave = `${b},${l}`;
    const lugar = lugares.get(clave) ?? { lat: b, lng: l, direccion: f.direccion, actos: [] };
    if (f.titulo && !lugar.actos.includes(f.titulo)) lugar.actos.push(f.titulo);
    lugares.set(clave, lugar);
  }
  return [...lugares.values()];
}

function Flecha() {
  return (
    <svg width="20" height="20" viewBox="0 0 24 24" aria-hidden="true">
      <path d="M3 11l18-8-8 18-2-8-8-2z" fill="none" stroke="currentColor" strokeWidth="2" strokeLinejoin="round" />
    </svg>
  );
}

/** The plan page's own words, in the page's language (mensajes/, namespace "plan"). */
type Palabras = Awaited<ReturnType<typeof getTranslations<"plan">>>;

/** An experience's week, Monday first, each day with its 'De {inicio} a {fin}' slots. */
function Semana({ horarios, lengua }: { horarios: Horario[]; lengua: LenguaTexto }) {
  return (
    <dl className={styles.semana}>
      {semanaAgrupada(horarios, lengua).map(({ dias, franjas }) => (
        <div key={dias} className={styles.dia}>
          <dt>{dias}</dt>
          {franjas.map((f) => (
            <dd key={f.horaInicio}>{mayuscula(lengua.t("franjaHoras", { inicio: f.horaInicio, fin: f.horaFin }))}</dd>
          ))}
        </div>
      ))}
    </dl>
  );
}

/** " (se abre en una pestaña nueva)", for screen readers after a link's text. */
function NuevaPestana({ t }: { t: Palabras }) {
  return <span className="visually-hidden">{` ${t("nuevaPestana")}`}</span>;
}

function Calendario({ plan, t }: { plan: PlanApi; t: Palabras }) {
  const google = enlaceGoogleCalendar(plan);
  if (!google) return null;
  return (
    <details className={styles.calendario}>
      <summary className={styles.accion}>{t("calendario")}</summary>
      <ul className={styles.calendarioOpciones}>
        <li>
          <a href={google} target="_blank" rel="noopener noreferrer">
            Google Calendar
            <NuevaPestana t={t} />
          </a>
        </li>
        <li>
          <a href={`${rutaCanonica(plan)}/calendario.ics`} download>
            {t("calendarioOtros")}
          </a>
        </li>
      </ul>
    </details>
  );
}

/**
 * The plan page of spec §2. Beside the poster (under it on a phone) the facts a person decides
 * on: the title, then when, price, where (with directions) and who organizes it, each under its
 * heading of the spec; then the description, the map and the contact. Guardar, Compartir and
 * Cómo llegar stay in a bar at the bottom of a phone's screen while it scrolls. An ended plan
 * says so by its title, offers no calendar and lists `parecidos`, upcoming plans around it,
 * right under its facts: what the person can still go to matters more than what they missed.
 */
/** The plan's own address (its title read in another language would make another slug). */
const rutaCanonica = (plan: PlanApi) => new URL(plan.urlPlan).pathname;

export async function PlanDetail({
  plan,
  favoritos,
  terminado,
  parecidos,
  finde = [],
  oculto = null,
  verificadas,
  pueblo = null,
  origen = null,
  seguirOrganizacion = null,
  texto,
}: {
  plan: PlanApi;
  favoritos: Favoritos;
  terminado: boolean;
  /** Plans near it (its own categories first): "Más planes cerca". */
  parecidos: PlanApi[];
  /** This weekend's plans around it: "Este finde en {municipio}". */
  finde?: PlanApi[];
  /** Hidden by the team: only its owner and the team see the page, with this notice. */
  oculto?: { motivo: string | null } | null;
  /** The verified organizations among this plan's and its `parecidos`' (lib/organizaciones/verificadas.ts). */
  verificadas?: ReadonlySet<string>;
  /** The town page of the plan's municipality ("Más planes cerca de …"). */
  pueblo?: { nombre: string; ruta: string } | null;
  /** An imported plan's source and the original's address: "Publicado desde …". */
  origen?: { fuente: string | null; url: string | null; tambienEn: string[] } | null;
  /** "Seguir" beside the organizer, for the current person. */
  seguirOrganizacion?: SeguirEnSesion | null;
  /**
   * The language of the plan's title and description as given (its reader's, lib/plans/idiomas.ts),
   * and, when that is not the page's, the line that says which it is ("Texto original en euskera").
   */
  texto?: { idioma: Idioma; original: string | null };
}) {
  const { titulo, descripcion } = plan;
  // Marked only where it differs from the page's: a screen reader reads it in its own voice.
  const lang = texto?.original ? texto.idioma : undefined;
  // `textos`: the cards' words, which also write the plan's dates and price (lib/plans/texto.ts).
  const [t, idioma, textos, planes, busqueda, general] = await Promise.all([
    getTranslations("plan"),
    idiomaDePagina(),
    textosTarjetaDePagina(),
    palabrasDePagina("planes"),
    palabrasDePagina("busqueda"),
    palabrasDePagina("general"),
  ]);
  // Both lists' titles in the reader's language, read at once.
  const titulos = await titulosDeLasTarjetas([...finde, ...parecidos], textos);
  const nuevaPestana = <NuevaPestana t={t} />;
  const [lng, lat] = plan.ubicacion.coordinates;
  const cartel = cartelPropio(plan);
  const fechas = fechasTexto(plan.fechaInicio, plan.fechaFin, idioma);
  const cuando = cuandoTexto(plan, {}, textos);
  const lugar = lugarCalendario(plan);
  const comoLlegar = enlaceComoLlegar(plan.ubicacion.coordinates);
  const donde = { municipio: plan.municipio };
  // Every plan page leads on to more plans: this weekend's around it, and more near it.
  const masPlanes = (
    <>
      {finde.length > 0 && (
        <section className={styles.parecidos} aria-labelledby="planes-finde-titulo">
          <h2 id="planes-finde-titulo" className={styles.seccionTitulo}>
            {conDatos(planes.planFindeEn, donde)}
          </h2>
          <PlanGrid planes={finde} favoritos={favoritos} verificadas={verificadas} textos={textos} titulos={titulos} />
        </section>
      )}
      {parecidos.length > 0 && (
        <section id="planes-parecidos" className={styles.parecidos} aria-labelledby="planes-parecidos-titulo">
          <h2 id="planes-parecidos-titulo" className={styles.seccionTitulo}>
            {conDatos(busqueda.masPlanesCerca, donde)}
          </h2>
          <PlanGrid
            planes={parecidos}
            favoritos={favoritos}
            verificadas={verificadas}
            textos={textos}
            titulos={titulos}
          />
          {pueblo && (
            <p className={styles.verTodos}>
              <Link href={pueblo.ruta} prefetch={false}>
                {conDatos(busqueda.verPaginaPueblo, { municipio: pueblo.nombre })}
              </Link>
            </p>
          )}
        </section>
      )}
    </>
  );
  return (
    <article className={styles.plan}>
      <header className={styles.cabecera}>
        <div className={styles.cartel}>
          {cartel ? (
            <PosterImage src={variantUrl(cartel.url, "detalle")} width={cartel.width} height={cartel.height} priority />
          ) : (
            <CartelGenerado plan={plan} variante="detalle" textos={textos} />
          )}
        </div>
        <div className={styles.intro}>
          <div className={styles.etiquetas}>
            <p
              className={
                !plan.destacado && plan.tipo === "experiencia"
                  ? `${styles.etiqueta} ${styles.experiencia}`
                  : styles.etiqueta
              }
            >
              {plan.destacado ? t("destacado") : plan.tipo === "evento" ? t("evento") : t("experiencia")}
            </p>
            {terminado && <p className={`${styles.etiqueta} ${styles.finalizado}`}>{planes.planFinalizado}</p>}
            {oculto && <p className={`${styles.etiqueta} ${styles.oculto}`}>{t("oculto")}</p>}
          </div>
          {oculto && (
            <p className={styles.avisoOculto} role="note">
              {general.planOcultoAviso}
              {oculto.motivo && (
                <>
                  {" "}
                  <strong>{t("motivo")}</strong> {oculto.motivo}
                </>
              )}
            </p>
          )}
          <h1 className={styles.titulo} lang={lang}>
            {titulo}
          </h1>
          {texto?.original && <p className={styles.idiomaOriginal}>{texto.original}</p>}
          {/* The town, a link to its page: its plans, its neighbours. */}
          <p className={styles.municipio}>
            {pueblo ? (
              <Link href={pueblo.ruta} prefetch={false}>
                {plan.municipio}
              </Link>
            ) : (
              plan.municipio
            )}
          </p>
          {terminado && (
            <p className={styles.terminado}>
              {planes.planTerminadoAviso}. {parecidos.length > 0 && <a href="#planes-parecidos">{t("otrosCerca")}</a>}
            </p>
          )}

          <div className={styles.hechos}>
            {/* An ended plan is told in the past: its dates are when it was. */}
            {terminado ? (
              <Seccion id="plan-cuando" titulo={t("cuandoFue")} hecho>
                {plan.tipo === "evento" ? (
                  cuando && <p className={styles.dato}>{cuando}</p>
                ) : (
                  <>
                    <Semana horarios={plan.horariosDisponibles} lengua={textos} />
                    {fechas && <p>{fechas}</p>}
                  </>
                )}
              </Seccion>
            ) : plan.tipo === "evento" ? (
              <Seccion id="plan-cuando" titulo={t("cuandoSera")} hecho ancho={(plan.fechas?.length ?? 0) > 1}>
                {cuando && <p className={styles.dato}>{cuando}</p>}
                <FechasPlan plan={plan} t={t} lengua={textos} />
                <Calendario plan={plan} t={t} />
              </Seccion>
            ) : (
              <Seccion id="plan-cuando" titulo={t("cuandoDisponible")} hecho>
                <Semana horarios={plan.horariosDisponibles} lengua={textos} />
                {fechas && <p>{fechas}</p>}
              </Seccion>
            )}
            {plan.precio !== null && (
              <Seccion id="plan-precio" titulo={t("cuantoCuesta")} hecho>
                <p className={styles.dato}>{precioTexto(plan.precio, textos)}</p>
              </Seccion>
            )}
            <Seccion id="plan-donde" titulo={t("donde")} hecho>
              <p>
                <a href={enlaceBuscarEnMapa(lugar)} target="_blank" rel="noopener noreferrer">
                  {lugar}
                  {nuevaPestana}
                </a>
              </p>
              <a className={styles.enlaceAccion} href={comoLlegar} target="_blank" rel="noopener noreferrer">
                <Flecha />
                {t("comoLlegar")}
                {nuevaPestana}
              </a>
              {plan.accesible && (
                <p className={styles.accesible}>
                  <span aria-hidden="true">♿</span> {textos.categorias.accesible}
                </p>
              )}
            </Seccion>
            {plan.organizacion && (
              <Seccion id="plan-organiza" titulo={t("organizadoPor")} hecho>
                <p className={styles.dato}>
                  <Link href={organizacionPath(plan.organizacion.nombre, plan.organizacion._id)}>
                    {plan.organizacion.nombre}
                  </Link>
                  {verificadas?.has(plan.organizacion._id) && (
                    <>
                      {" "}
                      <InsigniaVerificada />
                    </>
                  )}
                </p>
                {seguirOrganizacion && !oculto && (
                  <SeguirOrganizacion
                    organizacion={plan.organizacion}
                    conectado={seguirOrganizacion.conectado}
                    siguiendo={seguirOrganizacion.siguiendo}
                  />
                )}
              </Seccion>
            )}
          </div>

          <div className={styles.acciones}>
            <div className={styles.barra}>
              <FavoriteToggle
                planId={plan._id}
                conectado={favoritos.conectado}
                guardado={favoritos.guardados.has(plan._id)}
                sinConexion={{
                  url: rutaCanonica(plan),
                  titulo: plan.titulo,
                  cuando: cuando ?? "",
                  donde: lugar,
                }}
              />
              <SharePlan titulo={plan.titulo} lineas={[lugar, cuando ?? ""]} url={plan.urlPlan} />
              <a
                className={`${styles.accion} ${styles.soloEnBarra}`}
                href={comoLlegar}
                target="_blank"
                rel="noopener noreferrer"
              >
                <Flecha />
                {t("comoLlegar")}
                {nuevaPestana}
              </a>
            </div>
            <PlanSummary
              titulo={plan.titulo}
              imagen={cartel && { src: variantUrl(cartel.url, "tarjeta"), width: 600, height: 400 }}
              direccion={lugar}
              cuando={cuando}
              coordenadas={plan.ubicacion.coordinates}
            />
          </div>
        </div>
      </header>

      {/* What the person can still go to matters more than what they missed. */}
      {terminado && masPlanes}
      <div className={styles.cuerpo}>
        <div className={styles.principal}>
          {descripcion.trim() && (
            <Seccion id="plan-como" titulo={t("comoSera")}>
              <div lang={lang}>
                <Markdown texto={descripcion} nivelTitulos={3} nuevaPestana={t("nuevaPestana")} />
              </div>
            </Seccion>
          )}
          {origen?.fuente && (
            <p className={styles.origen}>
              {origen.url ? (
                <a href={origen.url} target="_blank" rel="nofollow noopener">
                  {t("publicadoDesde", { fuente: origen.fuente })}
                  {nuevaPestana}
                </a>
              ) : (
                t("publicadoDesde", { fuente: origen.fuente })
              )}
            </p>
          )}
          {origen && origen.tambienEn.length > 0 && (
            <p className={styles.origen}>{t("tambienEn", { fuentes: enumeracion(origen.tambienEn, idioma) })}</p>
          )}
        </div>

        <div className={styles.lateral}>
          <PlanMap lat={lat} lng={lng} direccion={lugar} lugares={lugaresDeFechas(plan.fechas, lat, lng)} />
          {(plan.emailContacto || plan.telefonoContacto) && (
            <Seccion id="plan-contacto" titulo={t("contacto")}>
              <ContactLinks email={plan.emailContacto} telefono={plan.telefonoContacto} />
            </Seccion>
          )}
        </div>
      </div>

      {!terminado && masPlanes}
      <footer className={styles.pie}>
        <ReportPlan titulo={plan.titulo} urlArchivo={cartel?.url ?? null} urlPlan={plan.urlPlan} />
      </footer>
    </article>
  );
}

/** mailto and tel links (plan and organization pages). */
export function ContactLinks({ email, telefono }: { email: string | null; telefono: string | null }) {
  return (
    <ul className={styles.contacto}>
      {email && (
        <li>
          <a href={`mailto:${email}`}>{email}</a>
        </li>
      )}
      {telefono && (
        <li>
          <a href={`tel:${telefono.replace(/[^\d+]/g, "")}`}>{telefono}</a>
        </li>
      )}
    </ul>
  );
}

import Link from "next/link";
import { varianteUrl } from "@/lib/media/variant-url";
import { organizacionPath } from "@/lib/orgs/paths";
import { cuandoTexto, DIAS_SEMANA, fechasTexto, horariosOrdenados, precioTexto, type Horario } from "@/lib/plans/format";
import { enlaceGoogleCalendar, lugarCalendario } from "@/lib/plans/ics";
import { planPath, type PlanApi } from "@/lib/plans/serialize";
import { enlaceBuscarEnMapa } from "./enlaces";
import { FavoriteToggle } from "./FavoriteToggle";
import { Markdown } from "./Markdown";
import { PlanMap } from "./PlanMap";
import { PlanSummary } from "./PlanSummary";
import { PosterImage } from "./PosterImage";
import { ReportPlan } from "./ReportPlan";
import { SharePlan } from "./SharePlan";
import styles from "./PlanDetail.module.css";

const NUEVA_PESTANA = <span className="visually-hidden"> (se abre en una pestaña nueva)</span>;

function Seccion({ id, titulo, children }: { id: string; titulo: string; children: React.ReactNode }) {
  return (
    <section className={styles.seccion} aria-labelledby={id}>
      <h2 id={id} className={styles.seccionTitulo}>
        {titulo}
      </h2>
      {children}
    </section>
  );
}

/** An experience's week, Monday first, each day with its 'De {inicio} a {fin}' slots. */
function Semana({ horarios }: { horarios: Horario[] }) {
  const dias = new Map<number, Horario[]>();
  for (const h of horariosOrdenados(horarios)) dias.set(h.diaSemana, [...(dias.get(h.diaSemana) ?? []), h]);
  return (
    <dl className={styles.semana}>
      {[...dias].map(([dia, franjas]) => (
        <div key={dia} className={styles.dia}>
          <dt>{DIAS_SEMANA[dia]}</dt>
          {franjas.map((f) => (
            <dd key={f.horaInicio}>
              De {f.horaInicio} a {f.horaFin}
            </dd>
          ))}
        </div>
      ))}
    </dl>
  );
}

function Calendario({ plan }: { plan: PlanApi }) {
  const google = enlaceGoogleCalendar(plan);
  if (!google) return null;
  return (
    <details className={styles.calendario}>
      <summary className={styles.accion}>Guardar en mi calendario</summary>
      <ul className={styles.calendarioOpciones}>
        <li>
          <a href={google} target="_blank" rel="noopener noreferrer">
            Google Calendar{NUEVA_PESTANA}
          </a>
        </li>
        <li>
          <a href={`${planPath(plan.titulo, plan._id)}/calendario.ics`} download>
            Apple, Outlook y otros (archivo .ics)
          </a>
        </li>
      </ul>
    </details>
  );
}

/** The plan page of spec §2: poster, title, actions, and the how / when / price / where sections. */
export function PlanDetail({ plan, conectado }: { plan: PlanApi; conectado: boolean }) {
  const [lng, lat] = plan.ubicacion.coordinates;
  const cartel = plan.archivoCartel;
  const fechas = fechasTexto(plan.fechaInicio, plan.fechaFin);
  const cuando = cuandoTexto(plan);
  const lugar = lugarCalendario(plan);
  return (
    <article className={styles.plan}>
      <header className={styles.cabecera}>
        <div className={styles.cartel}>
          {cartel && <PosterImage src={varianteUrl(cartel.url, "detalle")} width={cartel.width} height={cartel.height} priority />}
        </div>
        <div className={styles.intro}>
          <p className={styles.etiqueta}>{plan.destacado ? "DESTACADO" : plan.tipo === "evento" ? "Evento" : "Experiencia"}</p>
          <h1 className={styles.titulo}>{plan.titulo}</h1>
          <p className={styles.municipio}>{plan.municipio}</p>
          {cuando && <p className={styles.cuando}>{cuando}</p>}
          <div className={styles.acciones}>
            <FavoriteToggle planId={plan._id} conectado={conectado} />
            <SharePlan titulo={plan.titulo} lineas={[lugar, cuando ?? ""]} url={plan.urlPlan} />
            <PlanSummary
              titulo={plan.titulo}
              imagen={cartel && { src: varianteUrl(cartel.url, "tarjeta"), width: 600, height: 400 }}
              direccion={lugar}
              cuando={cuando}
              coordenadas={plan.ubicacion.coordinates}
            />
          </div>
        </div>
      </header>

      <div className={styles.cuerpo}>
        <div className={styles.principal}>
          <Seccion id="plan-como" titulo="¿CÓMO SERÁ?">
            <Markdown texto={plan.descripcion} nivelTitulos={3} />
          </Seccion>
          {plan.tipo === "evento" ? (
            <Seccion id="plan-cuando" titulo="¿CUÁNDO SERÁ?">
              {cuando && <p className={styles.dato}>{cuando}</p>}
              <Calendario plan={plan} />
            </Seccion>
          ) : (
            <Seccion id="plan-cuando" titulo="¿CUÁNDO ESTÁ DISPONIBLE?">
              <Semana horarios={plan.horariosDisponibles} />
              {fechas && <p>{fechas}</p>}
            </Seccion>
          )}
          {plan.precio !== null && (
            <Seccion id="plan-precio" titulo="¿CUÁNTO CUESTA?">
              <p className={styles.dato}>{precioTexto(plan.precio)}</p>
            </Seccion>
          )}
        </div>

        <div className={styles.lateral}>
          <Seccion id="plan-donde" titulo="¿DÓNDE?">
            <p>
              <a href={enlaceBuscarEnMapa(lugar)} target="_blank" rel="noopener noreferrer">
                {lugar}
                {NUEVA_PESTANA}
              </a>
            </p>
            <PlanMap lat={lat} lng={lng} direccion={lugar} />
          </Seccion>
          {plan.organizacion && (
            <Seccion id="plan-organiza" titulo="ORGANIZADO POR:">
              <p>
                <Link href={organizacionPath(plan.organizacion.nombre, plan.organizacion._id)}>{plan.organizacion.nombre}</Link>
              </p>
            </Seccion>
          )}
          {(plan.emailContacto || plan.telefonoContacto) && (
            <Seccion id="plan-contacto" titulo="CONTACTO DEL PLAN">
              <ContactLinks email={plan.emailContacto} telefono={plan.telefonoContacto} />
            </Seccion>
          )}
        </div>
      </div>

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

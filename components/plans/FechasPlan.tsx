import { format } from "date-fns";
import { es } from "date-fns/locale";
import { diaEnMadrid, diaIso, enMadrid, horaTexto, type Dia } from "@/lib/dates";
import { enlaceGoogleCalendar } from "@/lib/difusion/ics";
import { diasDeFiesta, type FechaApi } from "@/lib/plans/fechas";
import type { PlanApi } from "@/lib/plans/plan";
import { conDatos } from "@/lib/messages";
import { mensajesFechas } from "@/lib/plans/mensajes-fechas";
import { mensajesCuando } from "@/lib/plans/mensajes-cuando";
import { deMadrugada, diaCorto, mayuscula } from "@/lib/plans/texto";
import { AhoraEnElPrograma } from "./AhoraEnElPrograma";
import styles from "./PlanDetail.module.css";

/** "Sábado 15 de agosto": a programme's day. */
const diaLargo = (iso: string) => mayuscula(format(enMadrid(iso), "EEEE d 'de' MMMM", { locale: es }));
/** "20:00" or "20:00 – 22:30" (an end on another day is said with it). */
function horas(f: FechaApi): string {
  if (!f.fin || f.fin === f.inicio) return horaTexto(f.inicio);
  const otroDia = diaIso(diaEnMadrid(new Date(f.fin))) !== diaIso(diaEnMadrid(new Date(f.inicio)));
  return `${horaTexto(f.inicio)} – ${otroDia ? `${diaCorto(f.fin)} ` : ""}${horaTexto(f.fin)}`;
}

/** A date's own "Guardar en mi calendario": Google Calendar with its times and title. */
function GuardarFecha({ plan, fecha }: { plan: PlanApi; fecha: FechaApi }) {
  const enlace = enlaceGoogleCalendar({
    ...plan,
    titulo: fecha.titulo ? `${fecha.titulo} · ${plan.titulo}` : plan.titulo,
    direccion: fecha.direccion ?? plan.direccion,
    fechaInicio: fecha.inicio,
    fechaFin: fecha.fin ?? fecha.inicio,
  });
  if (!enlace) return null;
  const nombre = `${fecha.titulo ?? plan.titulo}, ${diaCorto(fecha.inicio)} ${horaTexto(fecha.inicio)}`;
  return (
    <a
      className={styles.guardarFecha}
      href={enlace}
      target="_blank"
      rel="noopener noreferrer"
      aria-label={conDatos(mensajesFechas.guardarFecha, { fecha: nombre })}
    >
      {mensajesFechas.guardarFechaCorto}
    </a>
  );
}

/**
 * The dates of an event that has several, under "¿CUÁNDO SERÁ?": upcoming ones first, the next
 * marked ("Hoy" or "Próxima"), past ones folded away; a programme (dates with their own titles) by day, today's open,
 * each act with its hour, title and place. Days are Madrid's: the page's copy lasts until
 * midnight at most, so what "today" and "past" say holds while it is shown.
 */
export function FechasPlan({ plan, hoy = diaEnMadrid() }: { plan: PlanApi; hoy?: Dia }) {
  const fechas = plan.fechas ?? [];
  if (fechas.length < 2) return null;
  const programa = fechas.some((f) => f.titulo);
  const hoyIso = diaIso(hoy);
  // A programme's acts after midnight belong to the night before, as its paper lists them.
  const fiesta = programa ? diasDeFiesta(fechas) : null;
  const diaDe = (f: FechaApi) => fiesta?.get(f.id)?.dia ?? diaIso(diaEnMadrid(new Date(f.inicio)));
  const pasadas = fechas.filter((f) => diaDe(f) < hoyIso);
  const proximas = fechas.filter((f) => diaDe(f) >= hoyIso);
  // The next date is marked by day (the page's copy lasts until midnight, not until the next act
  // starts): "Hoy" when it is today, "Próxima" when later; a programme's today says it by its day.
  const hoyEs = proximas.length > 0 && diaDe(proximas[0]) === hoyIso;
  const siguiente = programa && hoyEs ? undefined : proximas[0]?.id;
  const marca = hoyEs ? mensajesCuando.hoy : mensajesFechas.proxima;

  const fila = (f: FechaApi, conDia: boolean) => {
    const noche = fiesta?.get(f.id)?.madrugada ? deMadrugada(f.inicio, horas(f)) : null;
    return (
      <li key={f.id} className={f.id === siguiente ? styles.fechaSiguiente : undefined}>
        <span className={styles.fechaCuando}>
          {conDia && <>{noche?.dia ?? diaCorto(f.inicio)} · </>}
          <time dateTime={f.inicio}>{noche?.hora ?? horas(f)}</time>
        </span>
        {f.titulo && <strong className={styles.fechaTitulo}>{f.titulo}</strong>}
        {f.direccion && <span className={styles.fechaLugar}>{f.direccion}</span>}
        {f.id === siguiente && <span className={styles.fechaMarca}>{marca}</span>}
        {programa && (
          <>
            <span className={styles.fechaAhora} data-ahora={f.id} hidden>
              {mensajesFechas.ahora}
            </span>
            <span className={styles.fechaMarca} data-siguiente={f.id} hidden>
              {mensajesFechas.aContinuacion}
            </span>
          </>
        )}
        <GuardarFecha plan={plan} fecha={f} />
      </li>
    );
  };

  const porDias = (lista: FechaApi[]) => {
    const dias = new Map<string, FechaApi[]>();
    for (const f of lista) dias.set(diaDe(f), [...(dias.get(diaDe(f)) ?? []), f]);
    return [...dias.entries()];
  };

  const pasadasPlegadas = pasadas.length > 0 && (
    <details className={styles.fechasPasadas}>
      <summary>{conDatos(mensajesFechas.fechasPasadas, { n: String(pasadas.length) })}</summary>
      <ul className={styles.fechas}>{pasadas.map((f) => fila(f, true))}</ul>
    </details>
  );

  if (!programa)
    return (
      <div className={styles.fechasPlan}>
        <p className={styles.fechasResumen}>
          {conDatos(mensajesCuando.fechasCuantas, { n: String(fechas.length) })}
          {proximas.length > 0 && proximas.length < fechas.length
            ? ` · ${conDatos(mensajesFechas.fechasQuedan, { n: String(proximas.length) })}`
            : ""}
        </p>
        <ul className={styles.fechas}>{proximas.map((f) => fila(f, true))}</ul>
        {pasadasPlegadas}
      </div>
    );

  const dias = porDias(proximas);
  const abierto = dias.some(([d]) => d === hoyIso) ? hoyIso : dias[0]?.[0];
  return (
    <div className={styles.fechasPlan}>
      <AhoraEnElPrograma fechas={proximas.map(({ id, inicio, fin }) => ({ id, inicio, fin }))} />
      <h3 className={styles.programaTitulo}>{mensajesFechas.programa}</h3>
      {dias.map(([dia, actos]) => (
        <details key={dia} className={styles.programaDia} open={dia === abierto}>
          <summary>
            {dia === hoyIso ? `${mensajesCuando.hoy} · ` : ""}
            {diaLargo(actos[0].inicio)}
            <span className={styles.programaCuantos}>
              {conDatos(actos.length === 1 ? mensajesCuando.acto : mensajesCuando.actos, { n: String(actos.length) })}
            </span>
          </summary>
          <ol className={styles.fechas}>{actos.map((f) => fila(f, false))}</ol>
        </details>
      ))}
      {pasadasPlegadas}
    </div>
  );
}

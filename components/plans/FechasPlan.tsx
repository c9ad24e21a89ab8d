import { diaConSemana, diaEnMadrid, diaIso, horaTexto, type Dia } from "@/lib/dates";
import { enlaceGoogleCalendar } from "@/lib/difusion/ics";
import type { getTranslations } from "next-intl/server";
import type { Idioma } from "@/lib/idiomas";
import { diasDeFiesta, type FechaApi } from "@/lib/plans/fechas";
import type { PlanApi } from "@/lib/plans/plan";
import { deMadrugada, diaCorto, mayuscula, type LenguaTexto } from "@/lib/plans/texto";
import { AhoraEnElPrograma } from "./AhoraEnElPrograma";
import styles from "./PlanDetail.module.css";

/** The plan page's words, in the page's language (mensajes/, namespace "plan"). */
type Palabras = Awaited<ReturnType<typeof getTranslations<"plan">>>;

/** A programme's day: "Sábado 15 de agosto", "Larunbata, abuztuaren 15a", "Saturday 15 August". */
const diaLargo = (iso: string, idioma: Idioma) => mayuscula(diaConSemana(iso, idioma));

/** "20:00" or "20:00 – 22:30" (an end on another day is said with it). */
function horas(f: FechaApi, idioma: Idioma): string {
  if (!f.fin || f.fin === f.inicio) return horaTexto(f.inicio);
  const otroDia = diaIso(diaEnMadrid(new Date(f.fin))) !== diaIso(diaEnMadrid(new Date(f.inicio)));
  return `${horaTexto(f.inicio)} – ${otroDia ? `${diaCorto(f.fin, idioma)} ` : ""}${horaTexto(f.fin)}`;
}

/** A date's own "Guardar en mi calendario": Google Calendar with its times and title. */
function GuardarFecha({ plan, fecha, idioma, t }: { plan: PlanApi; fecha: FechaApi; idioma: Idioma; t: Palabras }) {
  const enlace = enlaceGoogleCalendar({
    ...plan,
    titulo: fecha.titulo ? `${fecha.titulo} · ${plan.titulo}` : plan.titulo,
    direccion: fecha.direccion ?? plan.direccion,
    fechaInicio: fecha.inicio,
    fechaFin: fecha.fin ?? fecha.inicio,
  });
  if (!enlace) return null;
  const nombre = `${fecha.titulo ?? plan.titulo}, ${diaCorto(fecha.inicio, idioma)} ${horaTexto(fecha.inicio)}`;
  return (
    <a
      className={styles.guardarFecha}
      href={enlace}
      target="_blank"
      rel="noopener noreferrer"
      aria-label={t("guardarFecha", { fecha: nombre })}
    >
      {t("guardarFechaCorto")}
    </a>
  );
}

/**
 * The dates of an event that has several, under "¿CUÁNDO SERÁ?": upcoming ones first, the next
 * marked ("Hoy" or "Próxima"), past ones folded away; a programme (dates with their own titles) by day, today's open,
 * each act with its hour, title and place. Days are Madrid's: the page's copy lasts until
 * midnight at most, so what "today" and "past" say holds while it is shown. In the page's
 * language: its words `t`, and `lengua` for the dates' (lib/plans/texto.ts).
 */
export function FechasPlan({
  plan,
  t,
  lengua,
  hoy = diaEnMadrid(),
}: {
  plan: PlanApi;
  t: Palabras;
  lengua: LenguaTexto;
  hoy?: Dia;
}) {
  const { idioma } = lengua;
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
  const marca = hoyEs ? lengua.t("hoy") : t("proxima");

  const fila = (f: FechaApi, conDia: boolean) => {
    const noche = fiesta?.get(f.id)?.madrugada ? deMadrugada(f.inicio, horas(f, idioma), lengua) : null;
    return (
      <li key={f.id} className={f.id === siguiente ? styles.fechaSiguiente : undefined}>
        <span className={styles.fechaCuando}>
          {conDia && <>{noche?.dia ?? diaCorto(f.inicio, idioma)} · </>}
          <time dateTime={f.inicio}>{noche?.hora ?? horas(f, idioma)}</time>
        </span>
        {f.titulo && <strong className={styles.fechaTitulo}>{f.titulo}</strong>}
        {f.direccion && <span className={styles.fechaLugar}>{f.direccion}</span>}
        {f.id === siguiente && <span className={styles.fechaMarca}>{marca}</span>}
        {programa && (
          <>
            <span className={styles.fechaAhora} data-ahora={f.id} hidden>
              {t("ahora")}
            </span>
            <span className={styles.fechaMarca} data-siguiente={f.id} hidden>
              {t("aContinuacion")}
            </span>
          </>
        )}
        <GuardarFecha plan={plan} fecha={f} idioma={idioma} t={t} />
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
      <summary>{t("fechasPasadas", { n: String(pasadas.length) })}</summary>
      <ul className={styles.fechas}>{pasadas.map((f) => fila(f, true))}</ul>
    </details>
  );

  if (!programa)
    return (
      <div className={styles.fechasPlan}>
        <p className={styles.fechasResumen}>
          {lengua.t("fechasCuantas", { n: String(fechas.length) })}
          {proximas.length > 0 && proximas.length < fechas.length
            ? ` · ${t("fechasQuedan", { n: String(proximas.length) })}`
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
      <h3 className={styles.programaTitulo}>{t("programa")}</h3>
      {dias.map(([dia, actos]) => (
        <details key={dia} className={styles.programaDia} open={dia === abierto}>
          <summary>
            {dia === hoyIso ? `${lengua.t("hoy")} · ` : ""}
            {diaLargo(actos[0].inicio, idioma)}
            <span className={styles.programaCuantos}>
              {actos.length === 1 ? lengua.t("acto") : lengua.t("actos", { n: String(actos.length) })}
            </span>
          </summary>
          <ol className={styles.fechas}>{actos.map((f) => fila(f, false))}</ol>
        </details>
      ))}
      {pasadasPlegadas}
    </div>
  );
}

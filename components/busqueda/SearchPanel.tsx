"use client";

import { useCallback, useEffect, useId, useRef, useState, useSyncExternalStore } from "react";
import { usePalabras } from "@/components/idioma/Palabras";
import { useIdioma } from "@/components/idioma/ContextoIdioma";
import { conDatos } from "@/lib/con-datos";
import { CATEGORIAS, RADIO_DEFAULT_KM, RADIO_MAX_KM } from "@/lib/plans/constants";
import { nombreCategoria } from "@/lib/plans/categorias";
import {
  alternarCategoria,
  chipActivo,
  CHIPS_FECHA,
  conFlechas,
  hayLugar,
  type EstadoBusqueda,
} from "@/lib/busqueda/estado-url";
import { cantidadTexto, palabrasPlanes, planesTexto } from "@/lib/plans/cantidades";
import { useBusqueda } from "./BusquedaProvider";
import { CLAVE_LUGAR, recordarLugar, recordarLugarElegido } from "@/lib/busqueda/lugar-recordado";
import { LocationSearch, type Lugar } from "./LocationSearch";
import styles from "./Search.module.css";
import { UsarMiUbicacion } from "./UsarMiUbicacion";
import { BuscarPalabras } from "./BuscarPalabras";

/** The 'Este finde' chip's search (its window is the server's to compute). */
const { fecha: FINDE, desplazamiento: FINDE_DESPLAZAMIENTO } = CHIPS_FECHA.find((c) => c.clave === "fechaFinde")!;
const ESTE_FINDE: Partial<EstadoBusqueda> = {
  fecha: FINDE,
  desplazamiento: FINDE_DESPLAZAMIENTO,
  desde: null,
  hasta: null,
};

export function lugarGuardado(): Lugar | null {
  try {
    const l = JSON.parse(localStorage.getItem(CLAVE_LUGAR) ?? "null") as Lugar | null;
    return l && typeof l.lat === "number" && typeof l.lng === "number" && typeof l.municipio === "string" ? l : null;
  } catch {
    return null;
  }
}

/**
 * Choosing a place: remembered in this browser (local storage and the cookie the server reads)
 * and searched at once, with optional other changes (the weekend for 'Usar mi ubicación').
 */
export function useElegirLugar() {
  const { ir } = useBusqueda();
  return (l: Lugar, cambios: Partial<EstadoBusqueda> = {}) => {
    recordarLugarElegido(l);
    ir({ ...l, ...cambios });
  };
}

/** 'Usar mi ubicación' for this weekend: what a first visit most often wants to know. */
export function UsarMiUbicacionFinde() {
  const elegirLugar = useElegirLugar();
  return <UsarMiUbicacion onLugar={(l) => elegirLugar(l, ESTE_FINDE)} />;
}

/**
 * The search bar: the place and the date chips, sticky at the top once a place is chosen. Every
 * change becomes a new URL (page back to 1), which the server renders: the URL is the state, so
 * searches can be shared and work without this script. Each change builds on the latest intended
 * search (BusquedaProvider), never on a URL still on its way. `ventana` is the chosen date window
 * as text ('Del 1 al 7 de junio de 2025'), written by the server so that no date library ships to
 * the browser. Before a place is chosen, 'Usar mi ubicación' sits here unless the page offers it
 * beside the example place (`conUbicacion` false), and 'Filtros' leads to the filters in the page.
 */
export function SearchPanel({
  ventana,
  conUbicacion = true,
  lugarPorDefecto,
}: {
  ventana: string | null;
  conUbicacion?: boolean;
  /** Where words typed before a place is chosen are searched: the first visit's example place. */
  lugarPorDefecto?: Lugar;
}) {
  const { estado, pendiente, ir, filtrosAbiertos, abrirFiltros } = useBusqueda();
  const p = usePalabras("buscador");
  const compacto = hayLugar(estado);
  const elegirLugar = useElegirLugar();

  // Spec §4: the search runs again on the next visit for the remembered place (the server
  // redirects there from its cookie; a place stored before the cookie existed goes here).
  useEffect(() => {
    if (hayLugar(estado)) return;
    const l = lugarGuardado();
    if (!l) return;
    recordarLugar(l);
    ir(l, { reemplazar: true });
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only on arrival
  }, []);

  const activos =
    (estado.categorias.includes("Otros") ? 0 : estado.categorias.length) +
    (estado.radio !== RADIO_DEFAULT_KM ? 1 : 0) +
    (estado.accesible ? 1 : 0) +
    (estado.gratis ? 1 : 0);
  const cuenta = activos > 0 && <span className={styles.cuenta}> · {activos}</span>;

  return (
    <section
      id="barra-busqueda"
      className={compacto ? `${styles.panel} ${styles.barra}` : styles.panel}
      aria-label={p.buscarPlanes}
      aria-busy={pendiente}
    >
      <LocationSearch
        inicial={estado.municipio ?? ""}
        onLugar={(l) => elegirLugar(l)}
        compacto={compacto}
        despues={<BuscarPalabras lugarPorDefecto={lugarPorDefecto} />}
      />
      {!compacto && conUbicacion && <UsarMiUbicacionFinde />}
      <div className={styles.filaFechas}>
        {compacto ? (
          <button
            type="button"
            className={`${styles.chip} ${styles.botonFiltros}`}
            aria-expanded={filtrosAbiertos}
            aria-controls="filtros"
            onClick={() => abrirFiltros(true)}
          >
            {p.filtros}
            {cuenta}
          </button>
        ) : (
          // The filters sit in the page, after the first plans: one tap away from the first screen.
          <a className={`${styles.chip} ${styles.botonFiltros}`} href="#filtros">
            {p.filtros}
            {cuenta}
          </a>
        )}
        <FiltroFechas ventana={ventana} />
      </div>
    </section>
  );
}

/** Time first: the date chips of the spec's options, their arrows, and 'Elegir fechas'. */
function FiltroFechas({ ventana }: { ventana: string | null }) {
  const { estado, ir } = useBusqueda();
  const p = usePalabras("buscador");
  const [eligiendo, setEligiendo] = useState(false);
  const hoy = useSyncExternalStore(sinCambios, hoyEnNavegador, () => "");
  const desdeId = useId();
  const hastaId = useId();
  const desborde = useDesborde();
  return (
    <div className={styles.fechasBloque}>
      <div role="group" aria-label={p.fecha} className={styles.chipsFecha} ref={desborde}>
        {CHIPS_FECHA.map((chip) => {
          const activo = chipActivo(estado, chip);
          return (
            <Chip
              key={chip.clave}
              activa={activo}
              onClick={() => {
                setEligiendo(false);
                // The active chip again: any date.
                ir(
                  activo
                    ? { fecha: null, desplazamiento: 0 }
                    : { fecha: chip.fecha, desplazamiento: chip.desplazamiento, desde: null, hasta: null },
                );
              }}
            >
              {p[chip.clave]}
            </Chip>
          );
        })}
        <button
          type="button"
          className={estado.fecha === "rango" ? `${styles.chip} ${styles.chipActiva}` : styles.chip}
          aria-pressed={estado.fecha === "rango"}
          aria-expanded={eligiendo}
          onClick={() => setEligiendo((e) => !e)}
        >
          {p.elegirFechas}
        </button>
      </div>
      {eligiendo && (
        <form
          className={styles.elegirFechas}
          onSubmit={(e) => {
            e.preventDefault();
            const datos = new FormData(e.currentTarget);
            const desde = String(datos.get("desde") ?? "");
            const hasta = String(datos.get("hasta") ?? "") || desde;
            if (!desde) return;
            setEligiendo(false);
            ir({ fecha: "rango", desplazamiento: 0, desde, hasta: hasta < desde ? desde : hasta });
          }}
        >
          <label htmlFor={desdeId}>{p.desde}</label>
          <input
            id={desdeId}
            name="desde"
            type="date"
            required
            min={hoy || undefined}
            defaultValue={estado.desde ?? hoy}
          />
          <label htmlFor={hastaId}>{p.hasta}</label>
          <input id={hastaId} name="hasta" type="date" min={hoy || undefined} defaultValue={estado.hasta ?? ""} />
          <button type="submit" className="button">
            {p.verPlanes}
          </button>
        </form>
      )}
      {ventana && (
        <p className={styles.ventana}>
          {conFlechas(estado.fecha) && estado.desplazamiento > 0 && (
            <button
              type="button"
              className={styles.flecha}
              aria-label={p.periodoAnterior}
              onClick={() => ir((b) => ({ desplazamiento: Math.max(0, b.desplazamiento - 1) }))}
            >
              ‹
            </button>
          )}
          <span aria-live="polite">{ventana}</span>
          {conFlechas(estado.fecha) && (
            <button
              type="button"
              className={styles.flecha}
              aria-label={p.periodoSiguiente}
              onClick={() => ir((b) => ({ desplazamiento: b.desplazamiento + 1 }))}
            >
              ›
            </button>
          )}
        </p>
      )}
    </div>
  );
}

/**
 * Marks a row that scrolls sideways with where more of it hides (data-mas="derecha", "izquierda"
 * or "ambos"), so its edge fades there: the cue that it scrolls.
 */
function useDesborde() {
  return useCallback((fila: HTMLElement | null) => {
    if (!fila) return;
    const marcar = () => {
      const izquierda = fila.scrollLeft > 1;
      const derecha = fila.scrollLeft + fila.clientWidth < fila.scrollWidth - 1;
      const mas = izquierda && derecha ? "ambos" : izquierda ? "izquierda" : derecha ? "derecha" : null;
      if (mas) fila.dataset.mas = mas;
      else delete fila.dataset.mas;
    };
    marcar();
    fila.addEventListener("scroll", marcar, { passive: true });
    const observador = new ResizeObserver(marcar);
    observador.observe(fila);
    return () => {
      fila.removeEventListener("scroll", marcar);
      observador.disconnect();
    };
  }, []);
}

const sinCambios = () => () => {};
/** Today in the browser as yyyy-MM-dd (the minimum of 'Elegir fechas'; the server clamps too). */
/** A chip that is on or off (aria-pressed), as every filter of the search draws them. */
function Chip({
  activa,
  onClick,
  title,
  children,
}: {
  activa: boolean;
  onClick: () => void;
  title?: string;
  children: React.ReactNode;
}) {
  return (
    <button
      type="button"
      className={activa ? `${styles.chip} ${styles.chipActiva}` : styles.chip}
      aria-pressed={activa}
      title={title}
      onClick={onClick}
    >
      {children}
    </button>
  );
}

/** A filter's chips under its name. */
function GrupoDeChips({ leyenda, children }: { leyenda: string; children: React.ReactNode }) {
  return (
    <fieldset className={styles.grupo}>
      <legend className={styles.etiqueta}>{leyenda}</legend>
      <div className={styles.chips}>{children}</div>
    </fieldset>
  );
}

const hoyEnNavegador = () => {
  const d = new Date();
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, "0")}-${String(d.getDate()).padStart(2, "0")}`;
};

/**
 * The categories, accessibility, price and distance: beside the results on a laptop, a sheet from the bottom on a phone
 * (opened by 'Filtros', closed by 'Ver N planes' with the count the last search found, or 'Ver más
 * de 3.000 planes' when it is not exact). Before a
 * place is chosen they sit in the page.
 */
export function FiltrosBusqueda({ total, totalExacto }: { total: number; totalExacto: boolean }) {
  const { estado, pendiente, ir, filtrosAbiertos, abrirFiltros } = useBusqueda();
  const p = usePalabras("buscador");
  const categorias = usePalabras("categorias");
  const busqueda = usePalabras("busqueda");
  const cuentas = palabrasPlanes(useIdioma(), p, busqueda);
  const comoHoja = hayLugar(estado);
  const [radio, setRadio] = useState(estado.radio);
  const radioId = useId();
  const tituloId = useId();
  const abierta = comoHoja && filtrosAbiertos;
  const titulo = useRef<HTMLParagraphElement>(null);
  useEffect(() => {
    if (abierta) titulo.current?.focus();
  }, [abierta]);

  const [radioPrevio, setRadioPrevio] = useState(estado.radio);
  if (estado.radio !== radioPrevio) {
    setRadioPrevio(estado.radio);
    setRadio(estado.radio);
  }

  // The slider searches once the hand stops moving.
  useEffect(() => {
    if (radio === estado.radio) return;
    const t = setTimeout(() => ir({ radio }), 350);
    return () => clearTimeout(t);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- radio is the trigger
  }, [radio]);

  const cerrar = () => {
    abrirFiltros(false);
    document.getElementById("barra-busqueda")?.querySelector<HTMLButtonElement>("[aria-controls=filtros]")?.focus();
  };

  return (
    <>
      {abierta && <div className={styles.fondoHoja} onClick={cerrar} aria-hidden="true" />}
      <div
        id="filtros"
        className={comoHoja ? styles.filtros : `${styles.filtros} ${styles.filtrosEnPagina}`}
        data-abierta={abierta || undefined}
        role={abierta ? "dialog" : undefined}
        aria-modal={abierta || undefined}
        aria-labelledby={abierta ? tituloId : undefined}
        onKeyDown={(e) => {
          if (abierta && e.key === "Escape") cerrar();
        }}
      >
        {comoHoja && (
          <p id={tituloId} className={styles.hojaTitulo} tabIndex={-1} ref={titulo}>
            {p.filtros}
          </p>
        )}
        <GrupoDeChips leyenda={p.categorias}>
          {CATEGORIAS.map((c) => (
            <Chip
              key={c}
              activa={estado.categorias.includes(c)}
              onClick={() => ir((b) => ({ categorias: alternarCategoria(b.categorias, c) }))}
            >
              {c === "Otros" ? categorias.todos : nombreCategoria(c, categorias)}
            </Chip>
          ))}
        </GrupoDeChips>

        <GrupoDeChips leyenda={p.accesibilidad}>
          <Chip
            activa={estado.accesible}
            title={categorias.accesible}
            onClick={() => ir((b) => ({ accesible: !b.accesible }))}
          >
            {p.accesible}
          </Chip>
        </GrupoDeChips>

        <GrupoDeChips leyenda={p.precio}>
          <Chip activa={estado.gratis} onClick={() => ir((b) => ({ gratis: !b.gratis }))}>
            {p.gratis}
          </Chip>
        </GrupoDeChips>

        <div className={styles.grupo}>
          <label htmlFor={radioId} className={styles.etiqueta}>
            {`${p.distancia} `}
            <output htmlFor={radioId}>{radio} km</output>
          </label>
          <input
            id={radioId}
            className={styles.rango}
            type="range"
            min={0}
            max={RADIO_MAX_KM}
            step={1}
            value={radio}
            onChange={(e) => setRadio(Number(e.target.value))}
          />
        </div>
        {comoHoja && (
          <button type="button" className={`button ${styles.verPlanes}`} onClick={cerrar}>
            {pendiente
              ? p.buscandoPlanes
              : totalExacto
                ? conDatos(p.verCuenta, { planes: planesTexto(total, cuentas) })
                : conDatos(busqueda.verMasDePlanes, { n: cantidadTexto(total, cuentas.idioma) })}
          </button>
        )}
      </div>
    </>
  );
}

/** The promo block shows only while no place is remembered (spec §2). */
export function SoloSinLugar({ children }: { children: React.ReactNode }) {
  const hay = useSyncExternalStore(
    (avisar) => {
      window.addEventListener("storage", avisar);
      return () => window.removeEventListener("storage", avisar);
    },
    () => lugarGuardado() !== null,
    () => false,
  );
  return hay ? null : <>{children}</>;
}

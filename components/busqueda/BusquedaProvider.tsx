"use client";

import { useRuta } from "@/components/idioma/ContextoIdioma";
import { usePalabras } from "@/components/idioma/Palabras";
import { useRouter } from "next/navigation";
import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, useTransition } from "react";
import { urlBusqueda, type EstadoBusqueda } from "@/lib/busqueda/estado-url";
import styles from "./Search.module.css";

interface Busqueda {
  /** What the controls show: the search the person last asked for, even before the server answers. */
  estado: EstadoBusqueda;
  /** A search is on its way. */
  pendiente: boolean;
  /**
   * The next search: the latest intended one with these changes (page back to 1 unless given).
   * A function receives that latest search, for changes that depend on it (toggling a category).
   */
  ir: (
    cambios: Partial<EstadoBusqueda> | ((ultima: EstadoBusqueda) => Partial<EstadoBusqueda>),
    opciones?: { reemplazar?: boolean },
  ) => void;
  /** The phone's filters sheet (categories and distance). */
  filtrosAbiertos: boolean;
  abrirFiltros: (abiertos: boolean) => void;
}

/**
 * Brings the first result to just below the sticky search bar: after a change the person sees
 * what it found (or the placeholders of what is on its way), not the controls they just used.
 */
function verResultados() {
  const resultados = document.getElementById("resultados");
  if (!resultados) return;
  const barra = document.getElementById("barra-busqueda");
  const estilo = barra && getComputedStyle(barra);
  // What covers the top of the page once it scrolls: the navbar, then the sticky search bar.
  const tapa =
    barra && estilo?.position === "sticky" ? parseFloat(estilo.top) + barra.getBoundingClientRect().height : 0;
  const y = resultados.getBoundingClientRect().top + window.scrollY - tapa - 8;
  window.scrollTo({ top: Math.max(0, y), behavior: "instant" });
}

const Contexto = createContext<Busqueda | null>(null);

export function useBusqueda(): Busqueda {
  const b = useContext(Contexto);
  if (!b) throw new Error("useBusqueda outside <BusquedaProvider>");
  return b;
}

/**
 * The one owner of the home search's state in the browser. The URL, rendered by the server, is
 * the state of record; but a navigation takes a while to commit, and a control that built its
 * search from the URL in the meantime would drop what the person just chose (a town picked and,
 * at once, a category tapped lost the town). So every control builds from the latest *intended*
 * search, kept here until every navigation has landed, and then the URL's state takes over again
 * (also for the back button).
 */
export function BusquedaProvider({ estado, children }: { estado: EstadoBusqueda; children: React.ReactNode }) {
  const router = useRouter();
  const enIdioma = useRuta();
  const [pendiente, startTransition] = useTransition();
  // The ref is what the next change builds on (two taps within one frame see each other); the
  // state mirrors it for rendering while the search is on its way.
  const objetivo = useRef<EstadoBusqueda | null>(null);
  const [vista, setVista] = useState<EstadoBusqueda | null>(null);

  const [filtrosAbiertos, abrirFiltros] = useState(false);
  const desplazar = useRef(false);

  // Every navigation has landed (or the back button moved): the URL's state rules again, and
  // the results that just arrived are brought into view (the first search has no results area
  // before it lands).
  useEffect(() => {
    if (pendiente) return;
    // Only when no tap came after this render: a tap between the commit that ended the last
    // search and this effect has already set the next target, and forgetting it would make the
    // tap after it build on the old URL (on, then off, ended on).
    if (objetivo.current !== vista) return;
    objetivo.current = null;
    if (desplazar.current) {
      desplazar.current = false;
      verResultados();
    }
  }, [pendiente, estado, vista]);

  const ir = useCallback<Busqueda["ir"]>(
    (cambios, { reemplazar = false } = {}) => {
      const base = objetivo.current ?? estado;
      const nuevo = { ...base, page: 1, ...(typeof cambios === "function" ? cambios(base) : cambios) };
      objetivo.current = nuevo;
      setVista(nuevo);
      if (!reemplazar) {
        desplazar.current = true;
        verResultados();
      }
      const url = enIdioma(urlBusqueda(nuevo));
      startTransition(() =>
        reemplazar ? router.replace(url, { scroll: false }) : router.push(url, { scroll: false }),
      );
    },
    [router, estado, enIdioma],
  );

  const mostrado = pendiente && vista ? vista : estado;
  const valor = useMemo(
    () => ({ estado: mostrado, pendiente, ir, filtrosAbiertos, abrirFiltros }),
    [mostrado, pendiente, ir, filtrosAbiertos],
  );
  return <Contexto.Provider value={valor}>{children}</Contexto.Provider>;
}

/**
 * A real link to a search with these changes (shareable, and it works without script); a plain
 * click goes through ir(), so it keeps what the person has just chosen and brings the results
 * into view like every other control.
 */
export function useEnlaceBusqueda() {
  const { estado, ir } = useBusqueda();
  return (cambios: Partial<EstadoBusqueda>) => ({
    href: urlBusqueda({ ...estado, page: 1, ...cambios }),
    onClick: (e: React.MouseEvent) => {
      if (e.metaKey || e.ctrlKey || e.shiftKey || e.altKey || e.button !== 0) return;
      e.preventDefault();
      ir(cambios);
    },
  });
}

/**
 * The results area: while a search is on its way it is marked busy, with a thin progress bar
 * and placeholder cards where the plans will be (the old ones stay in the page, hidden).
 */
export function ResultadosBusqueda({
  cabecera,
  mapa = false,
  children,
  ...props
}: React.ComponentProps<"section"> & {
  cabecera: React.ReactNode;
  /** The page shows the map view. */ mapa?: boolean;
}) {
  const { pendiente: buscando, estado } = useBusqueda();
  const b = usePalabras("buscador");
  // The map stays in place while the next search of the map view is on its way: its markers
  // change when the search lands, rather than the map being hidden and drawn again.
  const pendiente = buscando && !(mapa && estado.vista === "mapa");
  return (
    <section {...props} id="resultados" aria-busy={buscando} className={styles.resultados}>
      {buscando && <div className={styles.progreso} role="progressbar" aria-label={b.progresoBusqueda} />}
      {cabecera}
      {pendiente && (
        <ul className={styles.esqueletos} aria-hidden="true">
          {Array.from({ length: 6 }, (_, i) => (
            <li key={i} className={styles.esqueleto}>
              <span />
              <span />
              <span />
            </li>
          ))}
        </ul>
      )}
      <div hidden={pendiente}>{children}</div>
    </section>
  );
}

/** A link to the current search with some changes (see useEnlaceBusqueda). */
export function EnlaceBusqueda({
  cambios,
  className,
  children,
}: {
  cambios: Partial<EstadoBusqueda>;
  className?: string;
  children: React.ReactNode;
}) {
  const enlace = useEnlaceBusqueda();
  return (
    <a {...enlace(cambios)} className={className}>
      {children}
    </a>
  );
}

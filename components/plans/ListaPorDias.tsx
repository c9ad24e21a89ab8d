import type { GrupoDia } from "@/lib/busqueda/grupos";
import type { Favoritos } from "@/lib/favoritos/sesion";
import type { Patrocinado } from "@/lib/patrocinios/vigentes";
import type { PlanApi } from "@/lib/plans/plan";
import type { ConsultaPalabras } from "@/lib/busqueda/palabras-consulta";
import { textosTarjetaDePagina } from "./PlanCard";
import { PlanGrid, titulosDeLasTarjetas } from "./PlanGrid";
import styles from "./ListaPorDias.module.css";

/**
 * A list by date in its day groups (lib/busqueda/grupos.ts), under a list's h2: each day an h3
 * and its cards' titles h4. The first `prioritarios` cards load their posters at once. A day
 * is a group named by its heading, not a landmark (a named <section> is a region): a page may
 * hold two groups of one name, the home's first-visit feed a 'Destacados' beside the home's
 * own 'Destacados' section, a town page one in each of its lists, and landmarks must differ.
 */
export async function ListaPorDias({
  grupos,
  id,
  prioritarios = 0,
  favoritos,
  verificadas,
  trasElPrimero,
  palabras,
}: {
  grupos: GrupoDia<PlanApi | Patrocinado>[];
  /** What goes after the first group (the list's "Seguir esta búsqueda": after the first results, never above them). */
  trasElPrimero?: React.ReactNode;
  /** A prefix that makes the headings' ids unique on the page. */
  id: string;
  prioritarios?: number;
  favoritos?: Favoritos;
  verificadas?: ReadonlySet<string>;
  /** The words searched, marked in the titles. */
  palabras?: ConsultaPalabras | null;
}) {
  // Read once for all its grids.
  const textos = await textosTarjetaDePagina();
  const titulos = await titulosDeLasTarjetas(
    grupos.flatMap((g) => g.items),
    textos,
  );
  let quedan = prioritarios;
  return grupos.map((g, i) => {
    const prioridad = quedan;
    quedan = Math.max(0, quedan - g.items.length);
    const grid = (
      <PlanGrid
        planes={g.items}
        nivelTitulo={g.titulo ? 4 : 3}
        prioritarios={prioridad}
        favoritos={favoritos}
        verificadas={verificadas}
        palabras={palabras}
        // A day's heading without what follows its name: "Sábado 6 (sigue)" is still Saturday 6.
        dia={
          g.diaSemana === undefined
            ? undefined
            : { nombre: g.titulo.replace(/ \([^()]*\)$/, ""), diaSemana: g.diaSemana }
        }
        textos={textos}
        titulos={titulos}
      />
    );
    const despues = i === 0 && trasElPrimero;
    if (!g.titulo)
      return (
        <div key={g.clave}>
          {grid}
          {despues}
        </div>
      );
    const hid = `${id}-${g.clave}`;
    return (
      <section key={g.clave} className={styles.grupo} role="group" aria-labelledby={hid}>
        <h3 id={hid} className={styles.titulo}>
          {g.titulo}
        </h3>
        {grid}
        {despues}
      </section>
    );
  });
}

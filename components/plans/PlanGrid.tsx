import "server-only";
import { readDb } from "@/lib/db";
import type { Favoritos } from "@/lib/favoritos/sesion";
import type { Patrocinado } from "@/lib/patrocinios/vigentes";
import type { ConsultaPalabras } from "@/lib/busqueda/palabras-consulta";
import { titulosParaLeer, tituloDeTarjeta, type TituloDeTarjeta } from "@/lib/plans/idiomas";
import type { PlanApi } from "@/lib/plans/plan";
import { PlanCard, SponsorCard, textosTarjetaDePagina, type NivelTitulo, type TextosTarjeta } from "./PlanCard";
import styles from "./PlanCard.module.css";

/**
 * The titles the cards of a page's lists show its reader (lib/plans/idiomas.ts), read at once;
 * a list of several grids reads them once and hands them to each.
 */
export async function titulosDeLasTarjetas(
  planes: readonly (PlanApi | Patrocinado)[],
  textos: TextosTarjeta,
): Promise<ReadonlyMap<string, TituloDeTarjeta>> {
  const ids = planes.flatMap((p) => (p.tipo === "Patrocinado" ? [] : [p._id]));
  return titulosParaLeer(ids, textos.idioma, await readDb());
}

/**
 * A grid of plan (and sponsor) cards; `hrefDe`, `nivelTitulo`, `conEstado` and `favoritos` are
 * passed on to each PlanCard, with the page's words (`textos`) and each plan's title in the
 * reader's language (`titulos`), read here unless given.
 */
export async function PlanGrid({
  planes,
  hrefDe,
  nivelTitulo,
  conEstado,
  prioritarios = 0,
  favoritos,
  verificadas,
  palabras,
  dia,
  textos,
  titulos,
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
  /** The page's words, when the caller has them already (a list of several grids). */
  textos?: TextosTarjeta;
  /** The plans' titles for the reader (titulosDeLasTarjetas), when the caller has them already. */
  titulos?: ReadonlyMap<string, TituloDeTarjeta>;
}) {
  const suyos = textos ?? (await textosTarjetaDePagina());
  const paraLeer = titulos ?? (await titulosDeLasTarjetas(planes, suyos));
  return (
    <ul className={styles.grid}>
      {planes.map((p, i) => (
        <li key={p._id}>
          {p.tipo === "Patrocinado" ? (
            <SponsorCard item={p} nivelTitulo={nivelTitulo} textos={suyos} />
          ) : (
            <PlanCard
              plan={p}
              titulo={tituloDeTarjeta(p, paraLeer, suyos.idioma)}
              href={hrefDe?.(p)}
              nivelTitulo={nivelTitulo}
              conEstado={conEstado}
              prioridad={i < prioritarios}
              favoritos={favoritos}
              verificadas={verificadas}
              palabras={palabras}
              dia={dia}
              textos={suyos}
            />
          )}
        </li>
      ))}
    </ul>
  );
}

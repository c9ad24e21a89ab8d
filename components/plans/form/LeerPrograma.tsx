"use client";

import { type ReactNode, createContext, useContext, useId, useRef, useState } from "react";
import { useIdioma } from "@/components/idioma/ContextoIdioma";
import { usePalabras } from "@/components/idioma/Palabras";
import ui from "@/components/ui/ui.module.css";
import { conDatos, enumeracion } from "@/lib/con-datos";
import { nombreCategoria } from "@/lib/plans/categorias";
import type { Categoria } from "@/lib/plans/constants";
import { type ActoLeidoApi, type FechaCampo, filasDeActos } from "@/lib/plans/formulario-fechas";
import styles from "./form.module.css";

/** The town POST /api/programas/leer found for the programme. */
export interface MunicipioLeido {
  nombre: string;
  provincia: string;
  lat: number | null;
  lng: number | null;
}

/** What a reading proposes besides its acts. */
export interface PropuestaPrograma {
  titulo: string | null;
  municipio: MunicipioLeido | null;
  categorias: Categoria[];
}

/**
 * How the form takes a reading's proposals: `proponer` fills what the person has not written yet
 * (the title, the town, categories left as they came) and answers the categories it did not add
 * to the ones the person chose, which are then offered with one tap (`anadirCategorias`).
 */
export interface AlLeerPrograma {
  proponer: (p: PropuestaPrograma) => Categoria[];
  anadirCategorias: (c: Categoria[]) => void;
  /** The pasted text, held by the form so that the draft keeps it. */
  texto: string;
  ponerTexto: (texto: string) => void;
}

interface Lectura extends PropuestaPrograma {
  fechas: ActoLeidoApi[];
  sinLeer: { linea: number; texto: string }[];
}

/** Whether this server reads images and scanned pages (it has Tesseract): the pages that hold the form say. */
const LecturaDeImagenes = createContext(true);

export function ConLecturaDeImagenes({ disponible, children }: { disponible: boolean; children: ReactNode }) {
  return <LecturaDeImagenes value={disponible}>{children}</LecturaDeImagenes>;
}

/** The files the upload offers: what POST /api/programas/leer reads (it checks their bytes, not these). */
const ARCHIVOS = ".pdf,.docx,application/pdf,application/vnd.openxmlformats-officedocument.wordprocessingml.document";
const IMAGENES = ",image/png,image/jpeg,image/webp";

/**
 * "Pegar el texto del programa" or "Subir el programa (PDF, Word o imagen)": the programme as the
 * town hall has it, read by POST /api/programas/leer into the programme's rows (which replace
 * rows with nothing written yet, or follow those with a title), and the lines it could not place
 * listed, each to add as an act or drop. Nothing is published until the person presses "Publicar".
 */
export function LeerPrograma({
  fechas,
  onActos,
  onAnadirLinea,
  alLeer,
}: {
  fechas: FechaCampo[];
  onActos: (fechas: FechaCampo[]) => void;
  /** A line the reading could not place, added as an act by the person. */
  onAnadirLinea: (texto: string) => void;
  alLeer: AlLeerPrograma;
}) {
  const id = useId();
  const idioma = useIdioma();
  const m = usePalabras("formulario");
  const nombres = usePalabras("categorias");
  const { texto, ponerTexto } = alLeer;
  // A draft reopened with a pasted text and no act yet: the text is where it was left.
  const [abierto, setAbierto] = useState(() => Boolean(texto.trim()) && !fechas.some((f) => f.titulo.trim()));
  const [leyendo, setLeyendo] = useState(false);
  const [aviso, setAviso] = useState<{ texto: string; error: boolean } | null>(null);
  const [sinLeer, setSinLeer] = useState<Lectura["sinLeer"]>([]);
  const [categorias, setCategorias] = useState<Categoria[]>([]);
  const imagenes = useContext(LecturaDeImagenes);
  const selector = useRef<HTMLInputElement>(null);

  /** The programme's text (JSON) or its file (multipart) read, and its acts put in the table. */
  async function leer(entrada: { texto: string } | File) {
    if (leyendo) return;
    setLeyendo(true);
    setAviso(
      entrada instanceof File ? { texto: conDatos(m.leyendoArchivo, { nombre: entrada.name }), error: false } : null,
    );
    try {
      let peticion: RequestInit;
      if (entrada instanceof File) {
        const form = new FormData();
        form.append("archivo", entrada);
        peticion = { method: "POST", body: form };
      } else
        peticion = {
          method: "POST",
          headers: { "Content-Type": "application/json" },
          body: JSON.stringify(entrada),
        };
      const res = await fetch("/api/programas/leer", peticion);
      const cuerpo = (await res.json().catch(() => ({}))) as Partial<Lectura> & { mensaje?: string };
      if (!res.ok) return setAviso({ texto: cuerpo.mensaje ?? m.errorLeerPrograma, error: true });
      const actos = filasDeActos(cuerpo.fechas ?? []);
      setSinLeer(cuerpo.sinLeer ?? []);
      if (actos.length === 0) return setAviso({ texto: m.ningunActo, error: true });
      const escritas = fechas.filter((f) => f.titulo.trim());
      onActos([...escritas, ...actos]);
      setCategorias(
        alLeer.proponer({
          titulo: cuerpo.titulo ?? null,
          municipio: cuerpo.municipio ?? null,
          categorias: cuerpo.categorias ?? [],
        }),
      );
      setAviso({
        texto: actos.length === 1 ? m.actoLeido : conDatos(m.actosLeidos, { n: String(actos.length) }),
        error: false,
      });
      setAbierto(false);
    } catch {
      setAviso({ texto: m.errorLeerPrograma, error: true });
    } finally {
      setLeyendo(false);
    }
  }

  const quitarLinea = (linea: number) => setSinLeer((l) => l.filter((x) => x.linea !== linea));

  return (
    <div className={styles.leerPrograma}>
      {abierto ? (
        <div className={styles.pegarPrograma}>
          <label htmlFor={`${id}-texto`} className={styles.etiqueta}>
            {m.textoDelPrograma}
          </label>
          <p id={`${id}-ayuda`} className={styles.ayuda}>
            {m.pegarProgramaTexto}
          </p>
          <textarea
            id={`${id}-texto`}
            className={styles.textarea}
            aria-describedby={`${id}-ayuda`}
            rows={10}
            value={texto}
            onChange={(e) => ponerTexto(e.target.value)}
          />
          <button
            type="button"
            className="button"
            disabled={leyendo || !texto.trim()}
            onClick={() => void leer({ texto })}
          >
            {leyendo ? m.leyendoPrograma : m.leerPrograma}
          </button>
        </div>
      ) : (
        <div className={styles.leerProgramaOpciones}>
          <button type="button" className={ui.buttonGhost} disabled={leyendo} onClick={() => setAbierto(true)}>
            {m.pegarPrograma}
          </button>
          <button
            type="button"
            className={ui.buttonGhost}
            disabled={leyendo}
            aria-describedby={`${id}-archivos`}
            onClick={() => selector.current?.click()}
          >
            {m.subirPrograma}
          </button>
          <p id={`${id}-archivos`} className={styles.ayuda}>
            {imagenes ? m.subirProgramaAyuda : m.subirProgramaSinImagenes}
          </p>
          <input
            ref={selector}
            type="file"
            hidden
            aria-label={m.subirPrograma}
            accept={imagenes ? ARCHIVOS + IMAGENES : ARCHIVOS}
            onChange={(e) => {
              const archivo = e.target.files?.[0];
              e.target.value = "";
              if (archivo) void leer(archivo);
            }}
          />
        </div>
      )}
      <p role="status" className={aviso?.error ? styles.pista : styles.ayuda}>
        {aviso?.texto}
      </p>
      {categorias.length > 0 && (
        <p className={styles.categoriasPropuestas}>
          <span>
            {conDatos(m.categoriasPropuestas, {
              categorias: enumeracion(
                categorias.map((c) => nombreCategoria(c, nombres)),
                idioma,
              ),
            })}
          </span>
          <button
            type="button"
            className={ui.buttonGhost}
            onClick={() => {
              alLeer.anadirCategorias(categorias);
              setCategorias([]);
            }}
          >
            {m.anadirCategorias}
          </button>
        </p>
      )}
      {sinLeer.length > 0 && (
        <section className={styles.sinLeer} aria-labelledby={`${id}-sin-leer`}>
          <h3 id={`${id}-sin-leer`} className={styles.sinLeerTitulo}>
            {m.sinLeer}
          </h3>
          <p className={styles.ayuda}>{m.sinLeerAyuda}</p>
          <ul className={styles.sinLeerLista}>
            {sinLeer.map((l) => (
              <li key={l.linea} className={styles.sinLeerLinea}>
                <span className={styles.sinLeerTexto}>{l.texto}</span>
                <span className={styles.sinLeerBotones}>
                  <button
                    type="button"
                    className={ui.buttonGhost}
                    aria-label={`${m.anadirComoActo}: ${l.texto}`}
                    onClick={() => {
                      onAnadirLinea(l.texto);
                      quitarLinea(l.linea);
                    }}
                  >
                    {m.anadirComoActo}
                  </button>
                  <button
                    type="button"
                    className={ui.buttonGhost}
                    aria-label={`${m.descartar}: ${l.texto}`}
                    onClick={() => quitarLinea(l.linea)}
                  >
                    {m.descartar}
                  </button>
                </span>
              </li>
            ))}
          </ul>
        </section>
      )}
    </div>
  );
}

"use client";

import Link from "@/components/idioma/Enlace";
import { useState } from "react";
import { usePalabras } from "@/components/idioma/Palabras";
import { Aviso } from "@/components/ui/Field";
import styles from "@/components/ui/ui.module.css";
import { llamar, mensajeDe } from "@/lib/cliente/api";
import { conDatos } from "@/lib/con-datos";
import { organizacionPath } from "@/lib/organizaciones/paths";
import { nombreCategoria } from "@/lib/plans/categorias";
import { CATEGORIAS, RADIO_MAX_KM } from "@/lib/plans/constants";
import seguir from "./seguimientos.module.css";

export type SeguimientoVisible =
  | { _id: string; municipio: { ine: string; nombre: string; provincia: string }; radio: number; categorias: string[] }
  | { _id: string; organizacion: { _id: string; nombre: string }; categorias: string[] };
type SeguimientoDePueblo = Extract<SeguimientoVisible, { municipio: unknown }>;

const RADIOS = [5, 10, 20, 30, 40, RADIO_MAX_KM];
/** 'Otros' means all in a search: here, no box ticked means all. */
const ELEGIBLES = CATEGORIAS.filter((c) => c !== "Otros");

/** "Dejar de seguir" a town or an organization (`nombre`, for screen readers): the follow's DELETE. */
function BotonDejar({
  ruta,
  nombre,
  enviando,
  setEnviando,
  onQuitado,
  onError,
}: {
  ruta: string;
  nombre: string;
  enviando: boolean;
  setEnviando: (enviando: boolean) => void;
  onQuitado: (mensaje: string) => void;
  onError: (mensaje: string) => void;
}) {
  const { seguimientoDejar } = usePalabras("seguir");
  const { errorInesperado } = usePalabras("general");
  return (
    <button
      type="button"
      className={styles.buttonDanger}
      disabled={enviando}
      onClick={async () => {
        setEnviando(true);
        const r = await llamar("DELETE", ruta);
        setEnviando(false);
        if (r.ok) onQuitado(mensajeDe(r, errorInesperado));
        else onError(mensajeDe(r, errorInesperado));
      }}
    >
      {seguimientoDejar}
      <span className="visually-hidden"> {nombre}</span>
    </button>
  );
}

/** One follow: its radius and categories to change, and the button to stop following. */
function Seguimiento({
  s,
  sufijo,
  Titulo,
  onQuitado,
}: {
  s: SeguimientoDePueblo;
  sufijo: string;
  Titulo: "h2" | "h3";
  onQuitado: (mensaje: string) => void;
}) {
  const p = usePalabras("seguir");
  const perfil = usePalabras("perfil");
  const categoriasP = usePalabras("categorias");
  const { errorInesperado } = usePalabras("general");
  const [radio, setRadio] = useState(s.radio);
  const [categorias, setCategorias] = useState<string[]>(s.categorias);
  const [aviso, setAviso] = useState<{ error?: string; exito?: string }>({});
  const [enviando, setEnviando] = useState(false);
  const ruta = `/api/seguimientos/${s._id}${sufijo}`;
  const idRadio = `radio-${s._id}`;
  const radios = RADIOS.includes(radio) ? RADIOS : [...RADIOS, radio].sort((a, b) => a - b);
  return (
    <li className={seguir.item}>
      <Titulo className={seguir.itemTitulo}>
        {s.municipio.nombre} <small>({s.municipio.provincia})</small>
      </Titulo>
      <div className={styles.field}>
        <label className={styles.label} htmlFor={idRadio}>
          {p.seguimientoRadioEtiqueta}
        </label>
        <select id={idRadio} className={styles.input} value={radio} onChange={(e) => setRadio(Number(e.target.value))}>
          {radios.map((r) => (
            <option key={r} value={r}>
              {r === 0
                ? conDatos(perfil.soloMunicipio, { municipio: s.municipio.nombre })
                : conDatos(perfil.hastaKm, { km: String(r) })}
            </option>
          ))}
        </select>
      </div>
      <fieldset className={seguir.categorias}>
        <legend>{p.seguimientoCategoriasEtiqueta}</legend>
        {ELEGIBLES.map((c) => (
          <label key={c}>
            <input
              type="checkbox"
              checked={categorias.includes(c)}
              onChange={(e) => setCategorias(e.target.checked ? [...categorias, c] : categorias.filter((x) => x !== c))}
            />
            {nombreCategoria(c, categoriasP)}
          </label>
        ))}
      </fieldset>
      <div className={styles.actions}>
        <button
          type="button"
          className="button"
          disabled={enviando}
          onClick={async () => {
            setEnviando(true);
            const r = await llamar("PATCH", ruta, { radio, categorias });
            setEnviando(false);
            setAviso(r.ok ? { exito: mensajeDe(r, errorInesperado) } : { error: mensajeDe(r, errorInesperado) });
          }}
        >
          {p.seguimientoGuardar}
          <span className="visually-hidden"> {s.municipio.nombre}</span>
        </button>
        <BotonDejar
          ruta={ruta}
          nombre={s.municipio.nombre}
          enviando={enviando}
          setEnviando={setEnviando}
          onQuitado={onQuitado}
          onError={(error) => setAviso({ error })}
        />
      </div>
      <Aviso {...aviso} />
    </li>
  );
}

/** One followed organization: its page, and the button to stop following it. */
function SeguimientoDeOrganizacion({
  s,
  sufijo,
  onQuitado,
}: {
  s: Extract<SeguimientoVisible, { organizacion: unknown }>;
  sufijo: string;
  onQuitado: (mensaje: string) => void;
}) {
  const [error, setError] = useState<string | null>(null);
  const [enviando, setEnviando] = useState(false);
  return (
    <li className={seguir.itemOrganizacion}>
      <Link href={organizacionPath(s.organizacion.nombre, s.organizacion._id)}>{s.organizacion.nombre}</Link>
      <BotonDejar
        ruta={`/api/seguimientos/${s._id}${sufijo}`}
        nombre={s.organizacion.nombre}
        enviando={enviando}
        setEnviando={setEnviando}
        onQuitado={onQuitado}
        onError={setError}
      />
      <Aviso error={error} />
    </li>
  );
}

/**
 * The towns and organizations a person follows, to change or stop: from /perfil with the
 * session, or from an e-mail's manage link with its token (no login). Its pages provide "perfil"
 * and "seguir".
 */
export function GestionSeguimientos({
  inicial,
  token,
  nivelTitulo = 2,
}: {
  inicial: SeguimientoVisible[];
  token?: string;
  /** The heading level of each town. */
  nivelTitulo?: 2 | 3;
}) {
  const p = usePalabras("seguir");
  const { organizacionesSeguidasTitulo } = usePalabras("perfil");
  const [lista, setLista] = useState(inicial);
  const [aviso, setAviso] = useState<string | null>(null);
  const sufijo = token ? `?token=${encodeURIComponent(token)}` : "";
  const quitar = (id: string) => (m: string) => {
    setAviso(m);
    setLista((l) => l.filter((x) => x._id !== id));
  };
  const pueblos = lista.filter((s): s is SeguimientoDePueblo => "municipio" in s);
  const organizaciones = lista.filter((s) => "organizacion" in s);
  const Titulo = nivelTitulo === 2 ? "h2" : "h3";
  return (
    <>
      <Aviso exito={aviso} />
      {pueblos.length === 0 ? (
        <p>{p.seguimientosVacio}</p>
      ) : (
        <ul className={seguir.lista}>
          {pueblos.map((s) => (
            <Seguimiento key={s._id} s={s} sufijo={sufijo} Titulo={Titulo} onQuitado={quitar(s._id)} />
          ))}
        </ul>
      )}
      {organizaciones.length > 0 && (
        <>
          <Titulo className={seguir.subtitulo}>{organizacionesSeguidasTitulo}</Titulo>
          <ul className={seguir.listaOrganizaciones}>
            {organizaciones.map(
              (s) =>
                "organizacion" in s && (
                  <SeguimientoDeOrganizacion key={s._id} s={s} sufijo={sufijo} onQuitado={quitar(s._id)} />
                ),
            )}
          </ul>
        </>
      )}
    </>
  );
}

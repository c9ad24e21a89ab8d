"use client";

import { useCallback, useEffect, useId, useState, useSyncExternalStore } from "react";
import { useIdioma } from "@/components/idioma/ContextoIdioma";
import { IDIOMAS, NOMBRE_PROPIO, type Idioma } from "@/lib/idiomas";
import { usePalabras } from "@/components/idioma/Palabras";
import { Aviso } from "@/components/ui/Field";
import styles from "@/components/ui/ui.module.css";
import { llamar, mensajeDe } from "@/lib/cliente/api";
import { activarPush, desactivarPush, endpointActual, estadoPush, type EstadoPush } from "@/lib/cliente/push";
import type { DispositivoApi } from "@/lib/avisos/push";
import { diaTexto, localDeInstante } from "@/lib/dates";
import { conDatos } from "@/lib/con-datos";
import type { Catalogo } from "@/lib/catalogo";
import type { Preferencias, TipoAviso } from "@/lib/avisos/preferencias";
import { EVENTO_INSTALABLE } from "@/lib/app-instalable/sin-conexion";
import perfil from "./Profile.module.css";

type Palabras = Catalogo["perfil"];

/** Each kind of notice's key in the catalogue's "perfil". */
const ETIQUETAS: Record<TipoAviso, keyof Palabras> = {
  publicaciones: "avisoTipoPublicaciones",
  cambios: "avisoTipoCambios",
  recordatorios: "avisoTipoRecordatorios",
  resumen: "avisoTipoResumen",
};

/** The browser's offer to install the site as an app (Chromium's `beforeinstallprompt`). */
interface OfertaInstalacion extends Event {
  prompt(): Promise<void>;
  userChoice: Promise<{ outcome: "accepted" | "dismissed" }>;
}
type ConOferta = { __instalar?: OfertaInstalacion };

/**
 * "Instalar Planazo" when the browser offers it (kept by the page's registration line, which
 * hears the offer before this component exists); on an iPhone, which offers nothing, how to add
 * it to the home screen (where Safari allows notifications). Nothing once it is installed.
 */
const ofertaActual = () => (window as ConOferta).__instalar ?? null;
function suscribirOferta(aviso: () => void): () => void {
  const instalada = () => {
    (window as ConOferta).__instalar = undefined;
    aviso();
  };
  addEventListener(EVENTO_INSTALABLE, aviso);
  addEventListener("appinstalled", instalada);
  return () => {
    removeEventListener(EVENTO_INSTALABLE, aviso);
    removeEventListener("appinstalled", instalada);
  };
}
const enIphoneSinInstalar = () =>
  !matchMedia("(display-mode: standalone)").matches &&
  (navigator as Navigator & { standalone?: boolean }).standalone !== true &&
  /iPhone|iPad|iPod/.test(navigator.userAgent);
const nada = () => () => {};

function InstalarApp() {
  const p = usePalabras("perfil");
  const oferta = useSyncExternalStore(suscribirOferta, ofertaActual, () => null);
  const iphone = useSyncExternalStore(nada, enIphoneSinInstalar, () => false);
  if (oferta)
    return (
      <div className={perfil.dispositivo}>
        <p className={perfil.nota}>{p.instalarAyuda}</p>
        <button
          type="button"
          className={styles.buttonGhost}
          onClick={async () => {
            await oferta.prompt();
            await oferta.userChoice;
            // The offer is used up: the button goes.
            (window as ConOferta).__instalar = undefined;
            dispatchEvent(new Event(EVENTO_INSTALABLE));
          }}
        >
          {p.instalarBoton}
        </button>
      </div>
    );
  return iphone ? <p className={perfil.nota}>{p.instalarIos}</p> : null;
}

/** This device's notifications: "Activar avisos" asks the browser only when tapped. */
function EsteDispositivo({
  alPulsar,
  alCambiar,
}: {
  alPulsar: () => void;
  alCambiar: (endpoint: string | null) => void;
}) {
  const p = usePalabras("perfil");
  const { errorInesperado } = usePalabras("general");
  const [estado, setEstado] = useState<EstadoPush>("cargando");
  const [aviso, setAviso] = useState<{ error?: string; exito?: string }>({});
  const [enviando, setEnviando] = useState(false);
  useEffect(() => {
    let vivo = true;
    estadoPush().then(
      async (e) => {
        if (!vivo) return;
        setEstado(e);
        alCambiar(e === "activo" ? await endpointActual() : null);
      },
      () => vivo && setEstado("sinSoporte"),
    );
    return () => {
      vivo = false;
    };
  }, [alCambiar]);
  async function pulsar(accion: () => ReturnType<typeof activarPush>) {
    setEnviando(true);
    setAviso({});
    alPulsar();
    const r = await accion();
    setEnviando(false);
    setEstado(r.estado);
    setAviso({ error: r.error, exito: r.exito });
    alCambiar(r.estado === "activo" ? await endpointActual() : null);
  }
  return (
    <div className={perfil.dispositivo}>
      {estado === "inactivo" && (
        <>
          <p className={perfil.nota}>{p.avisosActivarAyuda}</p>
          <button
            type="button"
            className="button"
            disabled={enviando}
            onClick={() => void pulsar(() => activarPush(p.avisosError))}
          >
            {p.avisosActivar}
          </button>
        </>
      )}
      {estado === "activo" && (
        <>
          <p className={perfil.nota}>{p.avisosActivos}</p>
          <button
            type="button"
            className={styles.buttonGhost}
            disabled={enviando}
            onClick={() => void pulsar(() => desactivarPush({ hecho: p.avisosDesactivados, error: errorInesperado }))}
          >
            {p.avisosDesactivar}
          </button>
        </>
      )}
      {estado === "bloqueado" && <p className={perfil.nota}>{p.avisosBloqueados}</p>}
      {estado === "sinSoporte" && <p className={perfil.nota}>{p.avisosSinSoporte}</p>}
      <Aviso {...aviso} />
    </div>
  );
}

const dia = (iso: string, idioma: Idioma) => diaTexto(localDeInstante(iso).slice(0, 10), idioma);

function nombreDe(d: DispositivoApi, p: Palabras): string {
  if (d.navegador && d.sistema) return conDatos(p.dispositivoNombre, { navegador: d.navegador, sistema: d.sistema });
  return d.navegador ?? d.sistema ?? p.dispositivoDesconocido;
}

/**
 * Every device of the person's that takes notifications, from any of their sessions, each with
 * "Quitar"; this one is marked, and turned off with "Desactivar en este dispositivo" above (which
 * also unsubscribes the browser, or opening the profile again would give it back).
 */
function Dispositivos({
  lista,
  este,
  alQuitar,
}: {
  lista: DispositivoApi[];
  este: string | null;
  alQuitar: (d: DispositivoApi) => Promise<void>;
}) {
  const p = usePalabras("perfil");
  const idioma = useIdioma();
  const id = useId();
  if (lista.length === 0) return null;
  return (
    <div className={perfil.dispositivos}>
      <h3 id={`${id}-titulo`}>{p.dispositivosTitulo}</h3>
      <p className={perfil.nota}>{p.dispositivosAyuda}</p>
      <ul aria-labelledby={`${id}-titulo`}>
        {lista.map((d) => {
          const nombre = nombreDe(d, p);
          return (
            <li key={d.id}>
              <div>
                <strong>{nombre}</strong>
                {d.endpoint === este && <span className={perfil.este}> · {p.dispositivoEste}</span>}
                <br />
                <span className={perfil.nota}>
                  {conDatos(p.dispositivoAnadido, { dia: dia(d.creadoEn, idioma) })} ·{" "}
                  {d.ultimaEntregaEn
                    ? conDatos(p.dispositivoUltimo, { dia: dia(d.ultimaEntregaEn, idioma) })
                    : p.dispositivoSinAvisos}
                </span>
              </div>
              {d.endpoint !== este && (
                <button
                  type="button"
                  className={styles.buttonGhost}
                  aria-label={conDatos(p.dispositivoQuitarEtiqueta, { dispositivo: nombre })}
                  onClick={() => void alQuitar(d)}
                >
                  {p.dispositivoQuitar}
                </button>
              )}
            </li>
          );
        })}
      </ul>
    </div>
  );
}

/**
 * The profile's "Avisos": for each kind of notice, by e-mail and/or by notification (each box
 * saves at once), and this device's notifications on or off. Its page provides "perfil".
 */
export function AvisosPerfil({
  inicial,
  dispositivos,
  idioma: idiomaInicial,
}: {
  inicial: Preferencias;
  dispositivos: DispositivoApi[];
  /** The language of the person's e-mails and notifications (usuario.idioma). */
  idioma: Idioma;
}) {
  const p = usePalabras("perfil");
  const { errorInesperado } = usePalabras("general");
  const [prefs, setPrefs] = useState(inicial);
  const [idioma, setIdioma] = useState(idiomaInicial);
  const [aviso, setAviso] = useState<{ error?: string; exito?: string }>({});
  const [lista, setLista] = useState(dispositivos);
  const [este, setEste] = useState<string | null>(null);
  const [avisoLista, setAvisoLista] = useState<{ error?: string; exito?: string }>({});
  const id = useId();
  const recargar = useCallback(async (endpoint: string | null) => {
    setEste(endpoint);
    const r = await llamar<DispositivoApi[]>("GET", "/api/push/suscripciones");
    if (r.ok) setLista(r.status === 204 ? [] : r.data);
  }, []);
  async function quitar(d: DispositivoApi) {
    setAvisoLista({});
    const r = await llamar("DELETE", `/api/push/suscripciones/${d.id}`);
    if (r.ok || r.status === 404) {
      setLista((l) => l.filter((x) => x.id !== d.id));
      setAvisoLista({ exito: p.dispositivoQuitado });
    } else setAvisoLista({ error: mensajeDe(r, errorInesperado) });
  }
  async function cambiar(tipo: TipoAviso, canal: "correo" | "push", valor: boolean) {
    const antes = prefs;
    setPrefs((p) => ({ ...p, [tipo]: { ...p[tipo], [canal]: valor } }));
    const r = await llamar<{ avisos: Preferencias }>("PATCH", "/api/usuario/avisos", { [tipo]: { [canal]: valor } });
    if (r.ok) {
      setAviso({ exito: mensajeDe(r, errorInesperado) });
    } else {
      setPrefs(antes);
      setAviso({ error: mensajeDe(r, errorInesperado) });
    }
  }
  async function cambiarIdioma(nuevo: Idioma) {
    const antes = idioma;
    setIdioma(nuevo);
    const r = await llamar("PATCH", "/api/usuario/avisos", { idioma: nuevo });
    if (r.ok) setAviso({ exito: mensajeDe(r, errorInesperado) });
    else {
      setIdioma(antes);
      setAviso({ error: mensajeDe(r, errorInesperado) });
    }
  }
  return (
    <section id="avisos" aria-labelledby={`${id}-titulo`} className={perfil.avisos}>
      <h2 id={`${id}-titulo`}>{p.avisosTitulo}</h2>
      <p>{p.avisosExplicacion}</p>
      <p className={perfil.idiomaAvisos}>
        <label htmlFor={`${id}-idioma`}>{p.avisosIdioma}</label>{" "}
        <select id={`${id}-idioma`} value={idioma} onChange={(e) => void cambiarIdioma(e.target.value as Idioma)}>
          {IDIOMAS.map((i) => (
            <option key={i} value={i} lang={i}>
              {NOMBRE_PROPIO[i]}
            </option>
          ))}
        </select>
      </p>
      <div className={perfil.tiposAviso}>
        {(Object.keys(ETIQUETAS) as TipoAviso[]).map((t) => (
          <fieldset key={t} className={perfil.tipoAviso}>
            <legend>{p[ETIQUETAS[t]]}</legend>
            {(["correo", "push"] as const).map((canal) => (
              <label key={canal}>
                <input
                  type="checkbox"
                  checked={prefs[t][canal]}
                  onChange={(e) => void cambiar(t, canal, e.target.checked)}
                />
                {canal === "correo" ? p.avisosCorreo : p.avisosPush}
              </label>
            ))}
          </fieldset>
        ))}
      </div>
      <Aviso {...aviso} />
      <EsteDispositivo alPulsar={() => setAvisoLista({})} alCambiar={recargar} />
      <Dispositivos lista={lista} este={este} alQuitar={quitar} />
      <Aviso {...avisoLista} />
      <InstalarApp />
    </section>
  );
}

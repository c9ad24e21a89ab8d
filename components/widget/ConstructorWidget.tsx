"use client";

import { useEffect, useId, useRef, useState } from "react";
import { ComboCaja, ListaSugerencias, lugarDe, useMunicipioCombobox } from "@/components/busqueda/MunicipioCombobox";
import { CATEGORIAS, RADIO_DEFAULT_KM, RADIO_MAX_KM, type Categoria } from "@/lib/plans/constants";
import { alternarCategoria, todasLasCategorias } from "@/lib/busqueda/estado-url";
import {
  codigoWidget,
  estadoDeWidget,
  LIMITE_DEFECTO,
  MENSAJE_ALTURA,
  MENSAJES_WIDGET,
  TEMA_DEFECTO,
  urlEmbed,
  type FuenteWidget,
  type Tema,
} from "@/lib/difusion/widget";
import { conDatos } from "@/lib/con-datos";
import { UUID_PATTERN } from "@/lib/schemas";
import styles from "./Constructor.module.css";

export interface OrganizacionPropia {
  id: string;
  nombre: string;
}

const RADIOS = [5, 10, 25, RADIO_MAX_KM].filter((r, i, a) => a.indexOf(r) === i);
const LIMITES = [5, LIMITE_DEFECTO, 12, 20, 30];
const TEMAS: { valor: Tema; etiqueta: string }[] = [
  { valor: "claro", etiqueta: "Claro" },
  { valor: "oscuro", etiqueta: "Oscuro" },
  { valor: "auto", etiqueta: "Como el dispositivo del visitante" },
];

/** An organization's id, alone or inside its Planazo address (/org/nombre/id). */
function idDeOrganizacion(texto: string): string | null {
  const trozo = texto.trim().match(/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/i)?.[0];
  return trozo && UUID_PATTERN.test(trozo) ? trozo.toLowerCase() : null;
}

type Lugar = { municipio: string; lat: number; lng: number };

/**
 * /widget: a town hall or an association chooses what to show (a town with its radius and
 * categories, or an organization), the theme and how many plans, sees the widget itself, and
 * copies the code to paste in its page.
 */
export function ConstructorWidget({
  origen,
  sitio,
  organizaciones,
  organizacionInicial = null,
}: {
  origen: string;
  sitio: string;
  organizaciones: OrganizacionPropia[];
  /** An organization's id from the address (/widget?organizacion=…, its page's link). */
  organizacionInicial?: string | null;
}) {
  const propiaInicial = organizaciones.some((o) => o.id === organizacionInicial);
  const [tipo, setTipo] = useState<"municipio" | "organizacion">(organizacionInicial ? "organizacion" : "municipio");
  const [lugar, setLugar] = useState<Lugar | null>(null);
  const [radio, setRadio] = useState(Math.min(10, RADIO_DEFAULT_KM));
  const [categorias, setCategorias] = useState<Categoria[]>(["Otros"]);
  const [orgElegida, setOrgElegida] = useState(
    propiaInicial ? organizacionInicial! : organizacionInicial ? "otra" : (organizaciones[0]?.id ?? ""),
  );
  const [orgTexto, setOrgTexto] = useState(propiaInicial ? "" : (organizacionInicial ?? ""));
  const [tema, setTema] = useState<Tema>(TEMA_DEFECTO);
  const [limite, setLimite] = useState(LIMITE_DEFECTO);
  const [copia, setCopia] = useState<"copiado" | "fallo" | null>(null);
  const [alturaVista, setAlturaVista] = useState(320);
  const vista = useRef<HTMLIFrameElement>(null);
  const areaCodigo = useRef<HTMLTextAreaElement>(null);
  const id = useId();
  const combo = useMunicipioCombobox("", (r) => setLugar(lugarDe(r)));

  const orgId = organizaciones.length > 0 && orgElegida !== "otra" ? orgElegida : idDeOrganizacion(orgTexto);
  const fuente: FuenteWidget | null =
    tipo === "municipio"
      ? lugar && { tipo: "busqueda", estado: estadoDeWidget({ ...lugar, radio, categorias }) }
      : orgId
        ? { tipo: "organizacion", id: orgId }
        : null;
  const ruta = fuente ? urlEmbed({ fuente, tema, limite }) : null;
  const nombreOrg = organizaciones.find((o) => o.id === orgId)?.nombre;
  const titulo =
    fuente?.tipo === "busqueda"
      ? `${conDatos(MENSAJES_WIDGET.tituloMunicipio, { municipio: lugar?.municipio ?? "" })} (${sitio})`
      : `${nombreOrg ? conDatos(MENSAJES_WIDGET.tituloOrganizacion, { organizacion: nombreOrg }) : MENSAJES_WIDGET.tituloOrganizacionSinNombre} (${sitio})`;
  const codigo = ruta ? codigoWidget({ origen, ruta, titulo }) : "";

  // The preview listens to the widget's height as the pasted code does (lib/difusion/widget.ts).
  useEffect(() => {
    const oir = (e: MessageEvent) => {
      if (e.origin !== window.location.origin || e.source !== vista.current?.contentWindow) return;
      const d = e.data as { tipo?: unknown; altura?: unknown } | null;
      if (d?.tipo === MENSAJE_ALTURA && typeof d.altura === "number" && d.altura > 0)
        setAlturaVista(Math.ceil(d.altura));
    };
    window.addEventListener("message", oir);
    return () => window.removeEventListener("message", oir);
  }, []);

  // A new code has not been copied yet.
  const [codigoPrevio, setCodigoPrevio] = useState(codigo);
  if (codigo !== codigoPrevio) {
    setCodigoPrevio(codigo);
    setCopia(null);
  }

  const copiar = async () => {
    try {
      await navigator.clipboard.writeText(codigo);
      setCopia("copiado");
    } catch {
      areaCodigo.current?.focus();
      areaCodigo.current?.select();
      setCopia("fallo");
    }
  };

  return (
    <div className={styles.montaje}>
      <form className={styles.opciones} onSubmit={(e) => e.preventDefault()} aria-label="Qué mostrar en el widget">
        <fieldset className={styles.grupo}>
          <legend>1. ¿Qué planes quieres mostrar?</legend>
          <label className={styles.opcion}>
            <input type="radio" name="tipo" checked={tipo === "municipio"} onChange={() => setTipo("municipio")} />
            Los de un municipio y sus alrededores
          </label>
          <label className={styles.opcion}>
            <input
              type="radio"
              name="tipo"
              checked={tipo === "organizacion"}
              onChange={() => setTipo("organizacion")}
            />
            Los de una organización (ayuntamiento, asociación…)
          </label>
        </fieldset>

        {tipo === "municipio" ? (
          <fieldset className={styles.grupo}>
            <legend>2. Municipio</legend>
            <label htmlFor={combo.id} className={styles.etiqueta}>
              Escribe el municipio y elígelo de la lista
            </label>
            <ComboCaja>
              <input
                {...combo.inputProps}
                className={styles.campo}
                placeholder="Por ejemplo, Albarracín"
                aria-describedby={combo.error ? `${id}-error` : undefined}
              />
              <ListaSugerencias combo={combo} />
            </ComboCaja>
            {combo.error && (
              <p id={`${id}-error`} role="alert" className={styles.error}>
                {combo.error}
              </p>
            )}
            {lugar && (
              <p className={styles.elegido} role="status">
                Municipio elegido: <strong>{lugar.municipio}</strong>
              </p>
            )}
            <label htmlFor={`${id}-radio`} className={styles.etiqueta}>
              Distancia alrededor del municipio
            </label>
            <select
              id={`${id}-radio`}
              className={styles.campo}
              value={radio}
              onChange={(e) => setRadio(Number(e.target.value))}
            >
              {RADIOS.map((r) => (
                <option key={r} value={r}>
                  Hasta {r} km
                </option>
              ))}
            </select>
            <fieldset className={styles.categorias}>
              <legend className={styles.etiqueta}>Categorías</legend>
              <label className={styles.opcion}>
                <input
                  type="checkbox"
                  checked={todasLasCategorias(categorias)}
                  onChange={() => setCategorias(["Otros"])}
                />
                Todas
              </label>
              {CATEGORIAS.filter((c) => c !== "Otros").map((c) => (
                <label key={c} className={styles.opcion}>
                  <input
                    type="checkbox"
                    checked={categorias.includes(c)}
                    onChange={() => setCategorias((a) => alternarCategoria(a, c))}
                  />
                  {c}
                </label>
              ))}
            </fieldset>
          </fieldset>
        ) : (
          <fieldset className={styles.grupo}>
            <legend>2. Organización</legend>
            {organizaciones.length > 0 && (
              <>
                <label htmlFor={`${id}-org`} className={styles.etiqueta}>
                  Tus organizaciones
                </label>
                <select
                  id={`${id}-org`}
                  className={styles.campo}
                  value={orgElegida}
                  onChange={(e) => setOrgElegida(e.target.value)}
                >
                  {organizaciones.map((o) => (
                    <option key={o.id} value={o.id}>
                      {o.nombre}
                    </option>
                  ))}
                  <option value="otra">Otra organización…</option>
                </select>
              </>
            )}
            {(organizaciones.length === 0 || orgElegida === "otra") && (
              <>
                <label htmlFor={`${id}-orgtexto`} className={styles.etiqueta}>
                  Dirección de la organización en Planazo
                </label>
                <input
                  id={`${id}-orgtexto`}
                  className={styles.campo}
                  type="text"
                  value={orgTexto}
                  onChange={(e) => setOrgTexto(e.target.value)}
                  placeholder={`${origen}/org/…`}
                  aria-describedby={`${id}-orgpista`}
                />
                <p id={`${id}-orgpista`} className={styles.pista}>
                  Abre la página de la organización en Planazo y copia aquí su dirección.
                  {orgTexto.trim() && !orgId && " Esa dirección no es la de una organización."}
                </p>
              </>
            )}
          </fieldset>
        )}

        <fieldset className={styles.grupo}>
          <legend>3. Aspecto</legend>
          {TEMAS.map((t) => (
            <label key={t.valor} className={styles.opcion}>
              <input type="radio" name="tema" checked={tema === t.valor} onChange={() => setTema(t.valor)} />
              {t.etiqueta}
            </label>
          ))}
          <label htmlFor={`${id}-limite`} className={styles.etiqueta}>
            Número de planes
          </label>
          <select
            id={`${id}-limite`}
            className={styles.campo}
            value={limite}
            onChange={(e) => setLimite(Number(e.target.value))}
          >
            {LIMITES.map((n) => (
              <option key={n} value={n}>
                {n} planes
              </option>
            ))}
          </select>
        </fieldset>
      </form>

      <section className={styles.resultado} aria-labelledby={`${id}-vista`}>
        <h2 id={`${id}-vista`}>Vista previa</h2>
        {ruta ? (
          <iframe
            ref={vista}
            key={ruta}
            src={ruta}
            title="Vista previa del widget"
            className={styles.vista}
            style={{ height: alturaVista }}
          />
        ) : (
          <p className={styles.pista}>
            {tipo === "municipio"
              ? "Elige un municipio para ver el widget."
              : "Elige una organización para ver el widget."}
          </p>
        )}
        <h2 id={`${id}-codigo`}>Código para tu página web</h2>
        <p className={styles.pista}>
          Copia este código y pégalo en tu página donde quieras que salgan los planes (en el editor de tu web, en modo
          HTML). Los planes se actualizan solos.
        </p>
        <textarea
          ref={areaCodigo}
          className={styles.codigo}
          readOnly
          value={codigo}
          rows={8}
          aria-labelledby={`${id}-codigo`}
          onFocus={(e) => e.currentTarget.select()}
          placeholder="Aquí aparecerá el código cuando elijas qué mostrar."
        />
        <div className={styles.copiar}>
          <button type="button" className="button" onClick={copiar} disabled={!codigo}>
            Copiar código
          </button>
          <p role="status" className={copia === "fallo" ? styles.error : styles.exito}>
            {copia === "copiado" && MENSAJES_WIDGET.codigoCopiado}
            {copia === "fallo" && MENSAJES_WIDGET.codigoNoCopiado}
          </p>
        </div>
      </section>
    </div>
  );
}

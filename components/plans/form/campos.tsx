"use client";

import { useId, useState } from "react";
import { Controller, useController, useFormContext, useFormState, useWatch } from "react-hook-form";
import { CAMPOS_INICIALES, type CamposPlan } from "@/lib/plans/formulario";
import { CONTACTO_MAX, DESCRIPCION_MAX, TITULO_MAX } from "@/lib/plans/input";
import { IDIOMAS, NOMBRE_PROPIO, type Idioma } from "@/lib/idiomas";
import { conDatos } from "@/lib/con-datos";
import { CategoryPicker } from "./CategoryPicker";
import { DescriptionEditor } from "./DescriptionEditor";
import { type CambioFechas, FechasEvento } from "./FechasVarias";
import type { AlLeerPrograma } from "./LeerPrograma";
import { LocationPicker, type Ubicacion } from "./LocationPicker";
import { OrganizationSelect, type useOrganizaciones } from "./OrganizationSelect";
import { PlanDates } from "./PlanDates";
import { PosterPicker } from "./PosterPicker";
import { WeeklySchedule } from "./WeeklySchedule";
import { CasillaPrivacidad, marcado, Pista, type MensajeCampo } from "@/components/ui/Field";
import { CAMPOS_SI_NO, type CampoSiNo } from "@/lib/plans/plan";
import type { CampoPlan } from "@/lib/plans/input";
import { usePalabras } from "@/components/idioma/Palabras";
import { variantUrl } from "@/lib/media/variant-url";
import { CAUSA } from "./resolver";
import styles from "./form.module.css";

/**
 * The plan's fields bound to the surrounding react-hook-form (FormProvider), shared by the wizard's
 * steps and the edit page so that each field is written once.
 */
function useCampos() {
  const { control, setValue } = useFormContext<CamposPlan>();
  const poner = <K extends keyof CamposPlan>(k: K, v: CamposPlan[K]) => setValue(k, v as never, { shouldDirty: true });
  return { control, poner };
}

/**
 * Text inputs and checkboxes as controlled fields: their values are in the server's HTML too, so
 * the edit page never shows empty fields before hydration.
 */
function useTexto(
  name:
    | "titulo"
    | "precio"
    | "emailContacto"
    | "telefonoContacto"
    | "idioma"
    | `textos.${Idioma}.titulo`
    | `textos.${Idioma}.descripcion`,
) {
  const { field } = useController<CamposPlan, typeof name>({ name });
  return { name: field.name, ref: field.ref, onChange: field.onChange, onBlur: field.onBlur, value: field.value };
}

type Errores = Record<string, { message?: unknown; type?: unknown } | undefined>;

/** What a failing field says (resolver.ts): its hint, or the form's message when it is the first cause. */
function mensajeDe(errors: Errores, campo: string): MensajeCampo | undefined {
  const { message, type } = errors[campo] ?? {};
  if (typeof message !== "string") return undefined;
  return type === CAUSA ? { texto: message, alerta: true } : message;
}

/** The rules' message for a field of the plan while it fails (set on submit, cleared once fixed). */
export function usePista(campo: CampoPlan): MensajeCampo | undefined {
  return mensajeDe(useFormState<CamposPlan>().errors as Errores, campo);
}

/** The messages of the weekly schedule: choosing no day, and each day's hours. */
function usePistasHorario(horarios: { diaSemana: number }[]) {
  const { errors } = useFormState<CamposPlan>();
  const de = (campo: string) => mensajeDe(errors as Errores, campo);
  return {
    dias: de("horarios"),
    porDia: Object.fromEntries(horarios.map((h) => [h.diaSemana, de(`horario-${h.diaSemana}`)])),
  };
}

function useCasilla(name: "contacto" | "privacidad" | "gratis" | CampoSiNo) {
  const { field } = useController<CamposPlan, typeof name>({ name });
  return { name: field.name, ref: field.ref, onChange: field.onChange, onBlur: field.onBlur, checked: field.value };
}

export function CampoTitulo() {
  const entrada = useTexto("titulo");
  const titulo = entrada.value;
  const id = useId();
  const pista = usePista("titulo");
  const p = usePalabras("formulario");
  return (
    <div className={styles.campo} data-campo>
      <div className={styles.cabeceraCampo}>
        <label htmlFor={id} className={styles.etiqueta}>
          {p.titulo}
        </label>
        <span id={`${id}-contador`} className={styles.contador}>
          {`${titulo.length} - ${TITULO_MAX}`}
        </span>
      </div>
      <input
        id={id}
        className={styles.input}
        type="text"
        maxLength={TITULO_MAX}
        {...entrada}
        {...marcado(pista, `${id}-pista`, `${id}-contador`)}
      />
      <Pista id={`${id}-pista`} texto={pista} className={styles.pista} />
    </div>
  );
}

export function CampoCategorias({ leyenda }: { leyenda?: string }) {
  const { control } = useCampos();
  const p = usePalabras("formulario");
  return (
    <Controller
      control={control}
      name="categorias"
      render={({ field }) => (
        <CategoryPicker value={field.value} onChange={field.onChange} leyenda={leyenda ?? p.categorias} />
      )}
    />
  );
}

export function CampoUbicacion() {
  const { control, poner } = useCampos();
  const [municipio, direccion, ubicacion] = useWatch({ control, name: ["municipio", "direccion", "ubicacion"] });
  const onChange = (c: Partial<Ubicacion>) => {
    if (c.municipio !== undefined) poner("municipio", c.municipio);
    if (c.direccion !== undefined) poner("direccion", c.direccion);
    if (c.ubicacion !== undefined) poner("ubicacion", c.ubicacion);
  };
  const pistas = { municipio: usePista("municipio"), direccion: usePista("direccion") };
  return <LocationPicker value={{ municipio, direccion, ubicacion }} onChange={onChange} pistas={pistas} />;
}

/**
 * The poster. On the edit page a chosen file goes with the form; the wizard passes `alElegir`,
 * which stores it at once (archivoTemporal, kept by the draft and shown from its URL).
 */
export function CampoCartel({
  urlGuardada,
  alElegir,
  estado,
}: {
  urlGuardada?: string | null;
  alElegir?: (f: File) => void;
  estado?: React.ReactNode;
}) {
  const { control, poner } = useCampos();
  const { setError } = useFormContext<CamposPlan>();
  const { cartelTemporalCaducado } = usePalabras("publicar");
  const [cartel, temporal] = useWatch({ control, name: ["cartel", "archivoTemporal"] });
  return (
    <PosterPicker
      archivo={cartel}
      urlGuardada={temporal ? variantUrl(temporal.urlArchivoTemporal, "detalle") : urlGuardada}
      nombreGuardado={temporal?.nombre}
      onArchivo={(f) => (f && alElegir ? alElegir(f) : poner("cartel", f))}
      pista={usePista("cartel")}
      estado={estado}
      onVistaRota={
        temporal && !cartel
          ? () => {
              // Its week is over (or it was removed): the draft forgets it and says so.
              poner("archivoTemporal", null);
              setError("cartel", { type: "regla", message: cartelTemporalCaducado });
            }
          : undefined
      }
    />
  );
}

/**
 * Dates for an event (one, several, or a programme: FechasVarias.tsx); for an experience its week
 * and, optionally, its first and last day.
 */
export function CampoFechas() {
  const { control, poner } = useCampos();
  const { getValues } = useFormContext<CamposPlan>();
  const [tipo, fechaInicio, fechaFin, horarios, formaFechas, lista, textoPrograma] = useWatch({
    control,
    name: ["tipo", "fechaInicio", "fechaFin", "horarios", "formaFechas", "fechas", "textoPrograma"],
  });
  const pistas = { inicio: usePista("fechaInicio"), fin: usePista("fechaFin") };
  const pistasHorario = usePistasHorario(horarios);
  const { errors } = useFormState<CamposPlan>();
  // A programme's reading fills what the person has not written: the title, the town (its point the
  // town's centre until moved), the categories if still the default; other categories are offered.
  const alLeer: AlLeerPrograma = {
    proponer: ({ titulo, municipio, categorias }) => {
      if (titulo && !getValues("titulo").trim()) poner("titulo", titulo);
      if (municipio?.lat != null && municipio.lng != null && !getValues("municipio").trim()) {
        poner("municipio", municipio.nombre);
        poner("ubicacion", { lat: municipio.lat, lng: municipio.lng });
      }
      const elegidas = getValues("categorias");
      const porDefecto = elegidas.every((c) => c === CAMPOS_INICIALES.categorias[0]);
      if (porDefecto && categorias.length > 0) {
        poner("categorias", categorias);
        return [];
      }
      return categorias.filter((c) => !elegidas.includes(c));
    },
    anadirCategorias: (nuevas) => poner("categorias", [...new Set([...getValues("categorias"), ...nuevas])]),
    texto: textoPrograma,
    ponerTexto: (texto) => poner("textoPrograma", texto),
  };
  if (tipo === "evento") {
    const cambiar = (c: CambioFechas) => {
      if (c.formaFechas !== undefined) poner("formaFechas", c.formaFechas);
      if (c.fechas !== undefined) poner("fechas", c.fechas);
      if (c.fechaInicio !== undefined) poner("fechaInicio", c.fechaInicio);
      if (c.fechaFin !== undefined) poner("fechaFin", c.fechaFin);
    };
    return (
      <FechasEvento
        forma={formaFechas}
        fechas={lista}
        inicio={fechaInicio}
        fin={fechaFin}
        pistas={pistas}
        pistaDe={(campo) => mensajeDe(errors as Errores, campo)}
        onChange={cambiar}
        alLeer={alLeer}
      />
    );
  }
  const fechas = (opcionales: boolean) => (
    <PlanDates
      inicio={fechaInicio}
      fin={fechaFin}
      opcionales={opcionales}
      pistas={pistas}
      onChange={(c) => {
        if (c.fechaInicio !== undefined) poner("fechaInicio", c.fechaInicio);
        if (c.fechaFin !== undefined) poner("fechaFin", c.fechaFin);
      }}
    />
  );
  if (tipo !== "experiencia") return fechas(false);
  return (
    <>
      <WeeklySchedule horarios={horarios} onChange={(h) => poner("horarios", h)} pistas={pistasHorario} />
      {fechas(true)}
    </>
  );
}

export function CampoDescripcion() {
  const { control } = useCampos();
  return (
    <Controller
      control={control}
      name="descripcion"
      render={({ field }) => <DescriptionEditor value={field.value} onChange={field.onChange} />}
    />
  );
}

/** The language the title and description are written in, each language by its own name. */
export function CampoIdioma() {
  const entrada = useTexto("idioma");
  const id = useId();
  const p = usePalabras("formulario");
  return (
    <div className={`${styles.campo} ${styles.campoCorto}`}>
      <label htmlFor={id} className={styles.etiqueta}>
        {p.idiomaTexto}
      </label>
      <select id={id} className={styles.select} {...entrada}>
        {IDIOMAS.map((i) => (
          <option key={i} value={i} lang={i}>
            {NOMBRE_PROPIO[i]}
          </option>
        ))}
      </select>
    </div>
  );
}

/**
 * The edit page's translations of the title and description, closed until opened: one title and
 * description for each language but the text's own. A language with no title is not sent.
 */
export function CamposTraducciones() {
  const idioma = useWatch<CamposPlan, "idioma">({ name: "idioma" });
  const textos = useWatch<CamposPlan, "textos">({ name: "textos" });
  const id = useId();
  const p = usePalabras("formulario");
  // Open when the plan has a translation; its fields are drawn only while open (their values
  // stay in the form): eight more fields closed away would only lengthen the page's work.
  const [abierta, setAbierta] = useState(() => Object.values(textos ?? {}).some((t) => t?.titulo));
  return (
    <details className={styles.traducciones} open={abierta} onToggle={(e) => setAbierta(e.currentTarget.open)}>
      <summary aria-describedby={`${id}-ayuda`}>{p.traducciones}</summary>
      <p id={`${id}-ayuda`} className={styles.ayuda}>
        {p.traduccionesAyuda}
      </p>
      {abierta && IDIOMAS.filter((i) => i !== idioma).map((i) => <Traduccion key={i} idioma={i} />)}
    </details>
  );
}

/** One language's title and description, in that language (its spelling checker's, its voice's). */
function Traduccion({ idioma }: { idioma: Idioma }) {
  const titulo = useTexto(`textos.${idioma}.titulo`);
  const descripcion = useTexto(`textos.${idioma}.descripcion`);
  const id = useId();
  const p = usePalabras("formulario");
  const nombre = { idioma: NOMBRE_PROPIO[idioma] };
  return (
    <>
      <div className={styles.campo}>
        <div className={styles.cabeceraCampo}>
          <label htmlFor={`${id}-titulo`} className={styles.etiqueta}>
            {conDatos(p.tituloEn, nombre)}
          </label>
          <span id={`${id}-contador`} className={styles.contador}>
            {`${titulo.value.length} - ${TITULO_MAX}`}
          </span>
        </div>
        <input
          id={`${id}-titulo`}
          className={styles.input}
          type="text"
          lang={idioma}
          maxLength={TITULO_MAX}
          aria-describedby={`${id}-contador`}
          {...titulo}
        />
      </div>
      <div className={styles.campo}>
        <label htmlFor={`${id}-descripcion`} className={styles.etiqueta}>
          {conDatos(p.descripcionEn, nombre)}
        </label>
        <textarea
          id={`${id}-descripcion`}
          className={styles.textarea}
          lang={idioma}
          maxLength={DESCRIPCION_MAX}
          {...descripcion}
        />
      </div>
    </>
  );
}

/**
 * 'Es gratis' sends price 0, which every list shows as "Gratis"; with it off, an empty price means
 * the price is not given and no price is shown.
 */
export function CampoPrecio() {
  const gratis = useCasilla("gratis");
  const entrada = useTexto("precio");
  const id = useId();
  const pista = usePista("precio");
  const p = usePalabras("formulario");
  const { esGratis, precioAyuda } = usePalabras("publicar");
  return (
    <div className={styles.campo} data-campo>
      <label className={styles.checkbox}>
        <input type="checkbox" {...gratis} />
        <span>{esGratis}</span>
      </label>
      {!gratis.checked && (
        <>
          <label htmlFor={id} className={styles.etiqueta}>
            {p.precio}
          </label>
          <input
            id={id}
            className={styles.input}
            type="number"
            inputMode="decimal"
            min={0}
            step={0.01}
            {...entrada}
            {...marcado(pista, `${id}-pista`, `${id}-ayuda`)}
          />
          <p id={`${id}-ayuda`} className={styles.ayuda}>
            {precioAyuda}
          </p>
          <Pista id={`${id}-pista`} texto={pista} className={styles.pista} />
        </>
      )}
    </div>
  );
}

export function CampoOrganizacion({
  organizaciones,
  variante,
}: {
  organizaciones: ReturnType<typeof useOrganizaciones>;
  variante: "publicar" | "editar";
}) {
  const { control } = useCampos();
  return (
    <Controller
      control={control}
      name="organizacionId"
      render={({ field }) => (
        <OrganizationSelect
          value={field.value}
          onChange={field.onChange}
          organizaciones={organizaciones}
          variante={variante}
        />
      )}
    />
  );
}

/** One yes/no field of the plan (plan.ts's SI_NO_PLAN): a plain checkbox, off unless the publisher says so. */
function CasillaSiNo({ campo }: { campo: CampoSiNo }) {
  const casilla = useCasilla(campo);
  const c = usePalabras("categorias");
  // Each yes/no field's label in the page's language: a new field needs its words here.
  const etiquetas: Record<CampoSiNo, string> = { accesible: c.accesible };
  return (
    <label className={styles.checkbox}>
      <input type="checkbox" {...casilla} />
      <span>{etiquetas[campo]}</span>
    </label>
  );
}

/** The plan's yes/no fields (whether people with reduced mobility can attend…), one checkbox each. */
export function CamposSiNo() {
  return CAMPOS_SI_NO.map((k) => <CasillaSiNo key={k} campo={k} />);
}

/**
 * Contact e-mail and phone with the privacy acceptance. On the edit page a switch reveals them
 * (spec §2); the wizard always shows them.
 */
export function CamposContacto({ interruptor = false }: { interruptor?: boolean }) {
  const interruptorEntrada = useCasilla("contacto");
  const correo = useTexto("emailContacto");
  const telefono = useTexto("telefonoContacto");
  const privacidad = useCasilla("privacidad");
  const contacto = interruptorEntrada.checked;
  const id = useId();
  const pistaCorreo = usePista("emailContacto");
  const pistaTelefono = usePista("telefonoContacto");
  const pistaPrivacidad = usePista("privacidad");
  const p = usePalabras("formulario");
  return (
    <fieldset className={styles.grupo}>
      <legend className={interruptor ? "visually-hidden" : styles.leyenda}>{p.contacto}</legend>
      {interruptor && (
        <label className={styles.interruptor}>
          <input type="checkbox" role="switch" {...interruptorEntrada} />
          {p.mostrarContacto}
        </label>
      )}
      {(!interruptor || contacto) && (
        <>
          <div className={styles.fila}>
            <div className={styles.campo} data-campo>
              <label htmlFor={`${id}-correo`} className={styles.etiqueta}>
                {p.correoContacto}
              </label>
              <input
                id={`${id}-correo`}
                className={styles.input}
                type="email"
                autoComplete="email"
                maxLength={CONTACTO_MAX}
                {...correo}
                {...marcado(pistaCorreo, `${id}-correo-pista`)}
              />
              <Pista id={`${id}-correo-pista`} texto={pistaCorreo} className={styles.pista} />
            </div>
            <div className={styles.campo} data-campo>
              <label htmlFor={`${id}-telefono`} className={styles.etiqueta}>
                {p.telefonoContacto}
              </label>
              <input
                id={`${id}-telefono`}
                className={styles.input}
                type="tel"
                autoComplete="tel"
                inputMode="tel"
                maxLength={CONTACTO_MAX}
                {...telefono}
                {...marcado(pistaTelefono, `${id}-telefono-pista`)}
              />
              <Pista id={`${id}-telefono-pista`} texto={pistaTelefono} className={styles.pista} />
            </div>
          </div>
          <CasillaPrivacidad className={styles.checkbox} pista={pistaPrivacidad} {...privacidad} />
        </>
      )}
    </fieldset>
  );
}

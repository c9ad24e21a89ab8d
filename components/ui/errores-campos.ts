"use client";

import { createElement, useEffect, useMemo, useRef, type ReactNode, type RefObject } from "react";
import { usePalabrasDe } from "@/components/idioma/Palabras";
import { traductor } from "@/lib/traductor";
import es from "@/mensajes/es.json";
import { ProveedorTraduccion } from "./Field";
import {
  useForm,
  type DefaultValues,
  type FieldErrors,
  type FieldValues,
  type Resolver,
  type UseFormReturn,
} from "react-hook-form";

/** A failing field: aria-invalid, or data-invalido where ARIA has no such state (a group of toggles). */
const MARCADOS = '[aria-invalid="true"], [data-invalido]';

/**
 * After a submit with errors, focus goes to the first marked field in the page's order and the
 * field comes into view (its whole block, when the marked element is a hidden file input).
 */
export function enfocarPrimerError(raiz: HTMLElement | null): void {
  const el = raiz?.querySelector<HTMLElement>(MARCADOS);
  if (!el) return;
  // A marked group (the type's radios, the weekdays) gives the focus to its first control.
  const enfocable = "input, select, textarea, button, [tabindex]";
  (el.matches(enfocable) ? el : (el.querySelector<HTMLElement>(enfocable) ?? el)).focus({ preventScroll: true });
  (el.closest<HTMLElement>("[data-campo]") ?? el).scrollIntoView({ block: "center" });
}

/** Runs enfocarPrimerError after each submit of a react-hook-form form, once its errors are shown. */
export function useEnfocarPrimerError(raiz: RefObject<HTMLElement | null>, envios: number): void {
  useEffect(() => {
    if (envios > 0) enfocarPrimerError(raiz.current);
  }, [raiz, envios]);
}

/**
 * The react-hook-form options of every form with field hints: the focus is useEnfocarPrimerError's,
 * and after a submit only useLimpiarAlCorregir checks again. react-hook-form's own re-validation
 * on change would run the rules a second time per keystroke and mark fields while they are typed.
 */
export const OPCIONES_CON_PISTAS = { shouldFocusError: false, reValidateMode: "onSubmit" } as const;

/**
 * After the first submit (the form built with OPCIONES_CON_PISTAS), every change runs the form's own rules again: a field's hint goes as
 * soon as the field passes (or changes to its new hint), and the top message goes once its rule
 * passes. Nothing new is marked while the person types; the next submit does that.
 */
export function useLimpiarAlCorregir<T extends FieldValues, C>(
  form: UseFormReturn<T, C>,
  resolver: Resolver<T, C>,
  contexto: C,
): void {
  useEffect(() => {
    let ultima = 0;
    const sub = form.watch(async () => {
      if (!form.formState.isSubmitted) return;
      const vez = ++ultima;
      const { errors: ahora } = await resolver(form.getValues(), contexto, {
        fields: {},
        shouldUseNativeValidation: false,
        criteriaMode: undefined,
        names: undefined,
      });
      // A later change has already answered.
      if (vez !== ultima) return;
      const actuales = form.formState.errors as Record<string, { message?: unknown } | undefined>;
      const nuevos = ahora as Record<string, { message?: unknown } | undefined>;
      for (const campo of Object.keys(actuales)) {
        if (campo === "root") continue;
        const pista = nuevos[campo]?.message;
        if (typeof pista !== "string") form.clearErrors(campo as never);
        // A changed message is shown, not announced: the person is still typing.
        else if (pista !== actuales[campo]?.message) form.setError(campo as never, { type: "regla", message: pista });
      }
      const raiz = actuales.root?.message;
      if (raiz && raiz !== nuevos.root?.message) form.clearErrors("root" as never);
    });
    return () => sub.unsubscribe();
  }, [form, resolver, contexto]);
}

/**
 * The one message a form shows by its button: the root error (the first failed rule of spec §5),
 * or else the first field's own message (a field its schema refuses before the rules run).
 */
export function mensajeDelFormulario(errors: FieldErrors): string | undefined {
  if (typeof errors.root?.message === "string") return errors.root.message;
  // A hint left on a field once the top message went (its rule passed) is not a top message.
  const campo = Object.values(errors).find((e) => typeof e?.message === "string" && !PISTAS.has(e.message));
  return campo?.message as string | undefined;
}

// The forms' state keeps the rules' Spanish texts (lib), which the browser already carries with them.
const PISTAS = new Set<string>(Object.values(es.pistas));

/** The namespaces whose Spanish texts the rules (lib) and the API put in a form's messages. */
const ESPACIOS_DE_MENSAJES = [
  "general",
  "cuenta",
  "planes",
  "publicar",
  "pistas",
  "difusion",
  "formulario",
  "fechas",
] as const;

/**
 * The rules' and the API's Spanish messages in the page's language: each text of those namespaces
 * becomes the same key's text in the page's catalogue. A text that is not one (a message with its
 * data filled in, another namespace's) stays as it is.
 */
function useTraduccionDeMensajes(): (texto: string) => string {
  const propias = usePalabrasDe(ESPACIOS_DE_MENSAJES);
  return useMemo(() => traductor(Object.fromEntries(ESPACIOS_DE_MENSAJES.map((e) => [e, es[e]])), propias), [propias]);
}

/**
 * The form's messages (Field's Pista and Aviso) in the page's language; its page gives the
 * namespaces of ESPACIOS_DE_MENSAJES.
 */
export function MensajesEnIdioma({ children }: { children: ReactNode }) {
  return createElement(ProveedorTraduccion, { value: useTraduccionDeMensajes() }, children);
}

/**
 * The one form idiom of every form with field hints: react-hook-form with the rules' resolver
 * (and its context, when the rules depend on a step), OPCIONES_CON_PISTAS, the focus on the first
 * marked field after each submit (looked for in `raiz`: the form, or a dialog; one is made when
 * not given) and the hints cleared as they are corrected.
 */
export function useFormularioConPistas<T extends FieldValues, C = undefined, R extends HTMLElement = HTMLFormElement>(
  { resolver, defaultValues, context }: { resolver: Resolver<T, C>; defaultValues: DefaultValues<T>; context?: C },
  raizDada?: RefObject<R | null>,
): { form: UseFormReturn<T, C>; raiz: RefObject<R | null> } {
  const form = useForm<T, C>({ resolver, defaultValues, context, ...OPCIONES_CON_PISTAS });
  const propia = useRef<R>(null);
  const raiz = raizDada ?? propia;
  // After the server's refusal too: submitCount grows once the call has answered.
  useEnfocarPrimerError(raiz, form.formState.submitCount);
  useLimpiarAlCorregir(form, resolver, context as C);
  return { form, raiz };
}

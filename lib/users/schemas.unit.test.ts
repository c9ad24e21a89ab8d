import { describe, expect, it } from "vitest";
import { mensajes, pistas } from "../messages";
import { cambioDatoFormSchema, cambioPasswordFormSchema, registroSchema, restablecerFormSchema } from "./schemas";

/** What a form shows from a schema's answer: each path's message, in the schema's order. */
function errores(r: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) {
  return r.success ? [] : r.error!.issues.map((i) => [i.path.join("."), i.message]);
}

describe("the user forms' rules", () => {
  it("the password reset puts the spec's first message on top and marks both fields", () => {
    expect(errores(restablecerFormSchema.safeParse({ passwordNueva: "corta", passwordConfirm: "otra" }))).toEqual([
      ["root", mensajes.passwordsNoCoinciden],
      ["passwordConfirm", pistas.noCoinciden],
      ["passwordNueva", pistas.passwordCorta],
    ]);
    expect(
      errores(
        restablecerFormSchema.safeParse({ passwordNueva: "una-clave-larga", passwordConfirm: "una-clave-larga" }),
      ),
    ).toEqual([]);
  });

  it("the change of password on /perfil refuses a confirmation that differs, with its own message", () => {
    expect(
      errores(
        cambioPasswordFormSchema.safeParse({ actual: "x", nueva: "una-clave-larga", confirmar: "otra-clave-larga" }),
      ),
    ).toEqual([
      ["root", mensajes.passwordConfirmarDistinta],
      ["confirmar", pistas.noCoinciden],
    ]);
    // The rest (the current password, the new one's length) is the server's.
    expect(errores(cambioPasswordFormSchema.safeParse({ actual: "", nueva: "corta", confirmar: "corta" }))).toEqual([]);
  });

  it("the name or e-mail modal of /perfil refuses a blank value", () => {
    expect(errores(cambioDatoFormSchema.safeParse({ valor: "   " }))).toEqual([["valor", mensajes.campoVacio]]);
    expect(errores(cambioDatoFormSchema.safeParse({ valor: "Ana" }))).toEqual([]);
  });
});

describe("the language of a registration", () => {
  const datos = { nombre: "Ana", correo: "ana@example.com", password: "contraseña1" };

  it("takes one of the site's languages, and anything else, or nothing, as Spanish's undefined", () => {
    expect(registroSchema.parse({ ...datos, idioma: "eu" }).idioma).toBe("eu");
    for (const idioma of [undefined, "fr", "EU", 3, null])
      expect(registroSchema.parse({ ...datos, idioma }).idioma).toBeUndefined();
    expect(registroSchema.parse(datos).idioma).toBeUndefined();
  });
});

import { describe, expect, it } from "vitest";
import { z } from "zod";
import { mensajes, pistas } from "./messages";
import { mensajesGestion } from "./mensajes-gestion";
import { parseCambioDatos } from "./users/schemas";

/** The Spanish catalogue: the spec's messages and the forms' field hints (lib/messages.ts), and the back-office's texts. */
const CATALOGO = new Set<string>([
  ...Object.values(mensajes),
  ...Object.values(pistas),
  ...Object.values(mensajesGestion),
]);

/** Every request schema: each export of lib/**\/schemas.ts that is a zod schema (routes parse only these). */
const modulos = import.meta.glob<Record<string, unknown>>("./**/schemas.ts", { eager: true });
const esquemas = Object.entries(modulos).flatMap(([archivo, exportado]) =>
  Object.entries(exportado)
    .filter((e): e is [string, z.ZodType] => e[1] instanceof z.ZodType)
    .map(([nombre, schema]) => ({
      nombre: `${archivo.replace("./", "lib/")} ${nombre}`,
      parse: (v: unknown) => schema.safeParse(v),
      campos: camposDe(schema),
    })),
);
esquemas.push({
  nombre: "lib/users/schemas.ts parseCambioDatos",
  parse: (v) => {
    try {
      return { success: true, data: parseCambioDatos(v) } as const;
    } catch (error) {
      return { success: false, error: error as z.ZodError } as const;
    }
  },
  campos: ["nombre", "correo", "passwordPerfilActual", "passwordPerfilNueva"],
});

/** The field names of an object schema, through the wrappers that transforms and defaults add. */
function camposDe(schema: z.ZodType): string[] {
  let s: unknown = schema;
  for (let i = 0; i < 10; i++) {
    const def = (
      s as { _zod: { def: { type: string; in?: unknown; innerType?: unknown; shape?: Record<string, unknown> } } }
    )._zod.def;
    if (def.type === "object") return Object.keys(def.shape ?? {});
    s = def.type === "pipe" ? def.in : def.innerType;
    if (!s) break;
  }
  return [];
}

const RAROS: unknown[] = [
  null,
  0,
  -1,
  1.5,
  Number.MAX_SAFE_INTEGER,
  true,
  false,
  [],
  ["x"],
  [null],
  {},
  { a: 1 },
  "",
  " ",
  "x".repeat(20_000),
  "null",
  "undefined",
];

describe("request schemas", () => {
  it("finds the request schemas of every domain", () => {
    expect(esquemas.map((e) => e.nombre)).toEqual(
      expect.arrayContaining([
        "lib/busqueda/schemas.ts busquedaSchema",
        "lib/users/schemas.ts googleSchema",
        "lib/users/schemas.ts recordatoriosSchema",
        "lib/organizaciones/schemas.ts camposOrganizacionSchema",
        "lib/solicitudes/schemas.ts destacadoSchema",
        "lib/reportes/schemas.ts reporteSchema",
        "lib/geo/schemas.ts geocodeQuerySchema",
      ]),
    );
  });

  it("answer nulls, numbers, arrays, objects and wrong types in every field with messages of the Spanish catalogue", () => {
    const fuera: string[] = [];
    for (const { nombre, parse, campos } of esquemas) {
      const entradas: unknown[] = [...RAROS, ...campos.flatMap((c) => RAROS.map((v) => ({ [c]: v })))];
      for (const entrada of entradas) {
        const r = parse(entrada);
        if (r.success) continue;
        for (const issue of r.error.issues) {
          if (!CATALOGO.has(issue.message))
            fuera.push(`${nombre} ${JSON.stringify(entrada)?.slice(0, 60)}: ${issue.message}`);
        }
      }
    }
    expect(fuera).toEqual([]);
  });
});

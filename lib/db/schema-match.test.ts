import { readFileSync } from "node:fs";
import path from "node:path";
import internals from "@prisma/internals";
import { beforeAll, describe, expect, it } from "vitest";
import { query } from "@/test-support/database";

/**
 * The migrations are written by hand, so this test is what keeps them and schema.prisma in
 * step: every model and field must exist in the migrated database with the same type,
 * nullability and length.
 */
const SCALAR_TYPES: Record<string, string> = {
  String: "text",
  Boolean: "boolean",
  Int: "integer",
  BigInt: "bigint",
  Float: "double precision",
  Decimal: "numeric",
  DateTime: "timestamp(3) without time zone",
  Json: "jsonb",
};

const NATIVE_TYPES: Record<string, (args: string[]) => string> = {
  VarChar: ([n]) => `character varying(${n})`,
  Char: ([n]) => `character(${n})`,
  Uuid: () => "uuid",
  Timestamptz: ([p]) => `timestamp(${p ?? 6}) with time zone`,
  SmallInt: () => "smallint",
  Date: () => "date",
  Decimal: ([p, s]) => `numeric(${p},${s})`,
};

interface Column {
  table_name: string;
  column_name: string;
  type: string;
  is_nullable: "YES" | "NO";
}

describe("schema.prisma and the migrated database", () => {
  let datamodel: Awaited<ReturnType<typeof internals.getDMMF>>["datamodel"];
  let columns: Map<string, Column>;

  beforeAll(async () => {
    const schema = readFileSync(path.join(import.meta.dirname, "..", "..", "prisma", "schema.prisma"), "utf8");
    datamodel = (await internals.getDMMF({ datamodel: schema })).datamodel;
    const rows = await query<Column>(
      process.env.DATABASE_URL!,
      `SELECT c.table_name, c.column_name, format_type(a.atttypid, a.atttypmod) AS type, c.is_nullable
       FROM information_schema.columns c
       JOIN pg_attribute a ON a.attrelid = format('%I.%I', c.table_schema, c.table_name)::regclass AND a.attname = c.column_name
       WHERE c.table_schema = 'public'`,
    );
    columns = new Map(rows.map((r) => [`${r.table_name}.${r.column_name}`, r]));
  });

  it("has a table for every model and a column of the same type and nullability for every field", () => {
    const problems: string[] = [];
    const enumNames = new Map(datamodel.enums.map((e) => [e.name, e.dbName ?? e.name]));
    for (const model of datamodel.models) {
      const table = model.dbName ?? model.name;
      for (const field of model.fields) {
        if (field.kind === "object") continue;
        const name = `${table}.${field.dbName ?? field.name}`;
        const column = columns.get(name);
        if (!column) {
          problems.push(`${name}: missing`);
          continue;
        }
        let expected: string;
        if (field.kind === "enum") {
          expected = `${enumNames.get(field.type)}`;
        } else if (field.nativeType) {
          const [native, args] = field.nativeType as [string, string[]];
          expected = NATIVE_TYPES[native]?.(args) ?? `?${native}`;
        } else {
          expected = SCALAR_TYPES[field.type] ?? `?${field.type}`;
        }
        if (field.isList) expected += "[]";
        if (column.type !== expected) problems.push(`${name}: database ${column.type}, schema ${expected}`);
        const nullable = column.is_nullable === "YES";
        if (nullable !== !field.isRequired) {
          problems.push(
            `${name}: database ${nullable ? "NULL" : "NOT NULL"}, schema ${field.isRequired ? "required" : "optional"}`,
          );
        }
      }
    }
    expect(problems).toEqual([]);
  });

  it("has every enum with the same values", async () => {
    const rows = await query<{ typname: string; labels: string[] }>(
      process.env.DATABASE_URL!,
      `SELECT t.typname::text, array_agg(e.enumlabel::text ORDER BY e.enumsortorder) AS labels
       FROM pg_type t JOIN pg_enum e ON e.enumtypid = t.oid GROUP BY t.typname`,
    );
    const db = new Map(rows.map((r) => [r.typname, r.labels]));
    for (const e of datamodel.enums) {
      expect(db.get(e.dbName ?? e.name), e.name).toEqual(e.values.map((v) => v.dbName ?? v.name));
    }
  });

  it("stores plan locations as geography points with a GiST index", async () => {
    expect(columns.get("plan.ubicacion")?.type).toBe("geography(Point,4326)");
    expect(columns.get("plan.ubicacion")?.is_nullable).toBe("NO");
    const indexes = await query<{ indexdef: string }>(
      process.env.DATABASE_URL!,
      `SELECT indexdef FROM pg_indexes WHERE tablename = 'plan' AND indexdef ILIKE '%USING gist (ubicacion)%' ORDER BY length(indexdef)`,
    );
    // One over every plan, one over the plans ever featured only (search puts the featured first).
    expect(indexes.map((i) => i.indexdef.replace(/^.*USING gist \(ubicacion\)/, "").trim())).toEqual([
      "",
      "WHERE ((destacado_hasta IS NOT NULL) AND visible)",
    ]);
  });

  it("enforces the length limits of spec §9 in the database", async () => {
    const limited = [
      "plan.titulo",
      "plan.email_contacto",
      "plan.telefono_contacto",
      "organizacion.nombre",
      "organizacion.direccion",
      "organizacion.email_contacto",
      "organizacion.telefono_contacto",
      "solicitud_informacion.nombre",
      "solicitud_informacion.telefono",
    ];
    for (const name of limited) expect(columns.get(name)?.type, name).toBe("character varying(50)");
  });
});

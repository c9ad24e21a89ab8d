import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { MISSING_POSTGRES_MESSAGE, SetupError, assertPostgis, findPostgres } from "./local-postgres";

describe("finding the machine's PostgreSQL", () => {
  it("stops with one message naming the packages when PostgreSQL is not installed", () => {
    const empty = mkdtempSync(path.join(tmpdir(), "no-pg-"));
    const attempt = () => findPostgres({ debianRoot: empty, searchPath: empty });
    expect(attempt).toThrow(SetupError);
    expect(attempt).toThrow(MISSING_POSTGRES_MESSAGE);
    expect(MISSING_POSTGRES_MESSAGE).toContain("apt-get install postgresql postgis");
  });

  it("stops with the same message when PostGIS is missing", () => {
    const sharedir = mkdtempSync(path.join(tmpdir(), "pg-share-"));
    expect(() => assertPostgis({ bindir: "/nowhere", sharedir })).toThrow(MISSING_POSTGRES_MESSAGE);
    mkdirSync(path.join(sharedir, "extension"));
    writeFileSync(path.join(sharedir, "extension", "postgis.control"), "");
    expect(() => assertPostgis({ bindir: "/nowhere", sharedir })).not.toThrow();
  });

  it("picks the newest Debian install that has initdb and pg_ctl", () => {
    const root = mkdtempSync(path.join(tmpdir(), "pg-root-"));
    for (const v of ["13", "16"]) {
      mkdirSync(path.join(root, v, "bin"), { recursive: true });
      for (const bin of ["initdb", "pg_ctl"]) writeFileSync(path.join(root, v, "bin", bin), "");
    }
    mkdirSync(path.join(root, "17", "bin"), { recursive: true }); // a client-only install
    expect(findPostgres({ debianRoot: root, searchPath: root }).bindir).toBe(path.join(root, "16", "bin"));
  });
});

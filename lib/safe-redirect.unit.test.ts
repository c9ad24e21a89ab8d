import { describe, expect, it } from "vitest";
import { destinoSeguro } from "./safe-redirect";

describe("destinoSeguro", () => {
  it("follows paths of this site, with their query and fragment", () => {
    expect(destinoSeguro("/perfil")).toBe("/perfil");
    expect(destinoSeguro("/plan/Fiesta-mayor/123?x=1#donde")).toBe("/plan/Fiesta-mayor/123?x=1#donde");
    expect(destinoSeguro("/editar-plan/%C3%B1")).toBe("/editar-plan/%C3%B1");
  });

  it.each([
    ["protocol-relative", "//evil.example/x"],
    ["backslash", "/\\evil.example/x"],
    ["backslash first", "\\\\evil.example"],
    ["encoded backslash", "/%5Cevil.example/x"],
    ["encoded slash", "/%2Fevil.example"],
    ["doubly encoded slash", "%2F%2Fevil.example"],
    ["tab", "/\tevil.example"],
    ["encoded tab", "/%09/evil.example"],
    ["newline", "/\n/evil.example"],
    ["encoded newline", "/%0A/evil.example"],
    ["carriage return", "/\r/evil.example"],
    ["absolute http", "http://evil.example/x"],
    ["absolute https", "https://evil.example"],
    ["javascript", "javascript:alert(1)"],
    ["scheme-less host", "evil.example"],
    ["broken encoding", "/%E0%A4%A"],
    ["empty", ""],
    ["not a string", 42],
    ["nothing", undefined],
  ])("refuses %s", (_, valor) => {
    expect(destinoSeguro(valor)).toBe("/");
    expect(destinoSeguro(valor, "/mis-planes")).toBe("/mis-planes");
  });
});

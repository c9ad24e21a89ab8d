import { describe, expect, it } from "vitest";
import { conVuelta, leerVuelta, LOGIN_PATH, loginConVuelta, REGISTRO_PATH, vueltaSinPlan } from "./protected-pages";

const PLAN = "0b8f6a3e-2c1d-4e5f-8a9b-0c1d2e3f4a5b";

describe("the login page's way back and plan to save", () => {
  it("carries a search's address and the plan, and reads them back as they were", () => {
    const vuelta = "/?municipio=Pueblo+de+Prueba&lat=40.1&lng=-3.2&categorias=Cultura&pagina=2";
    const url = new URL(loginConVuelta(vuelta, PLAN), "http://planazo.invalid");
    expect(url.pathname).toBe(LOGIN_PATH);
    expect(leerVuelta(Object.fromEntries(url.searchParams))).toEqual({ destino: vuelta, guardar: PLAN });
  });

  it("leaves the spec's default way back ('/') and an absent plan out of the address", () => {
    expect(loginConVuelta("/")).toBe(LOGIN_PATH);
    expect(conVuelta(REGISTRO_PATH, { redirigir: "/" })).toBe(REGISTRO_PATH);
    expect(conVuelta(REGISTRO_PATH, { redirigir: "/", guardar: PLAN })).toBe(`${REGISTRO_PATH}?guardar=${PLAN}`);
    expect(loginConVuelta("/perfil")).toBe(`${LOGIN_PATH}?redirigir=%2Fperfil`);
    expect(leerVuelta({})).toEqual({ destino: "/", guardar: undefined });
  });

  it.each([
    "//evil.example/plan",
    "/\\evil.example",
    "/%5Cevil.example",
    "/%2F%2Fevil.example",
    "https://evil.example/plan/x",
    "http:/evil.example",
    "javascript:alert(1)",
    "/\t/evil.example",
    "evil.example",
  ])("goes home instead of to %s, and keeps the plan to save", (redirigir) => {
    expect(leerVuelta({ redirigir, guardar: PLAN })).toEqual({ destino: "/", guardar: PLAN });
  });

  it("counts a repeated or empty parameter as absent", () => {
    expect(leerVuelta({ redirigir: ["/perfil", "//evil.example"], guardar: [PLAN, PLAN] })).toEqual({
      destino: "/",
      guardar: undefined,
    });
    expect(leerVuelta({ redirigir: "/perfil", guardar: "" })).toEqual({ destino: "/perfil", guardar: undefined });
  });

  it("goes home instead of to the page of a plan that no longer exists, and anywhere else as asked", () => {
    expect(vueltaSinPlan(`/plan/Fiesta-mayor/${PLAN}`, PLAN)).toBe("/");
    expect(vueltaSinPlan(`/plan/Fiesta-mayor/${PLAN}?x=1#y`, PLAN)).toBe("/");
    expect(vueltaSinPlan("/?municipio=Pueblo", PLAN)).toBe("/?municipio=Pueblo");
    expect(vueltaSinPlan("/planes/madrid/pueblo", PLAN)).toBe("/planes/madrid/pueblo");
    expect(vueltaSinPlan(`/plan/Otro/0b8f6a3e-2c1d-4e5f-8a9b-0c1d2e3f4a5c`, PLAN)).toBe(
      "/plan/Otro/0b8f6a3e-2c1d-4e5f-8a9b-0c1d2e3f4a5c",
    );
  });
});

import { describe, expect, it } from "vitest";
import { COOKIE_LUGAR, urlDeLugar, valorCookieLugar } from "../busqueda/lugar-recordado";
import { portadaConLugar } from "./portada";
import { pedir } from "@/test-support/peticion-proxy";

const VINUESA = { municipio: "Vinuesa", lat: 41.91, lng: -2.76 };
const conLugar = { cookie: `${COOKIE_LUGAR}=${valorCookieLugar(VINUESA)}` };

describe("the generic home's redirect", () => {
  it("sends a visitor with a remembered place to its search, privately", async () => {
    const r = (await portadaConLugar(pedir("/", { headers: conLugar })))!;
    expect(r.status).toBe(307);
    const destino = new URL(r.headers.get("location")!);
    expect(`${destino.pathname}${destino.search}`).toBe(urlDeLugar(VINUESA));
    expect(r.headers.get("cache-control")).toBe("private, no-store");
  });

  it("leaves the home as it is without a place, and any other address or method", async () => {
    expect(await portadaConLugar(pedir("/"))).toBeUndefined();
    expect(await portadaConLugar(pedir("/", { headers: { cookie: `${COOKIE_LUGAR}=basura` } }))).toBeUndefined();
    expect(await portadaConLugar(pedir("/?categoria=Música", { headers: conLugar }))).toBeUndefined();
    expect(await portadaConLugar(pedir("/buscar", { headers: conLugar }))).toBeUndefined();
    expect(await portadaConLugar(pedir("/", { method: "HEAD", headers: conLugar }))).toBeUndefined();
  });
});

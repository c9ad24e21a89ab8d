import { describe, expect, it } from "vitest";
import { SESSION_COOKIE } from "../cookies";
import { copiaPublica } from "./copia-publica";
import { conPolitica } from "./pagina";
import type { Peticion } from "./paso";
import { pedir } from "@/test-support/peticion-proxy";

/**
 * Who is never served a shared copy: each request below is let through before any read (a copy
 * served, or one rendered, is e2e/proxy-cache.test.ts's).
 */
describe("the public pages' shared copies", () => {
  const sinCopia = async (p: Peticion) => expect(await copiaPublica(conPolitica(p))).toBeUndefined();

  it("are only for an anonymous visitor's document request of a public page", async () => {
    await sinCopia(pedir("/buscar", { headers: { cookie: `${SESSION_COOKIE}=x` } }));
    await sinCopia(pedir("/buscar", { headers: { authorization: "Bearer x" } }));
    await sinCopia(pedir("/buscar", { headers: { accept: "text/x-component" } }));
    await sinCopia(pedir("/buscar", { headers: { "sec-fetch-dest": "empty" } }));
    await sinCopia(pedir("/buscar", { method: "POST" }));
    await sinCopia(pedir("/publicar"));
    await sinCopia({ ...pedir("/buscar"), desarrollo: true });
  });
});

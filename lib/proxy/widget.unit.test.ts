import { describe, expect, it } from "vitest";
import { MENSAJES_WIDGET } from "../difusion/widget";
import { escaparHtml } from "../text";
import { conPolitica } from "./pagina";
import { pedir } from "@/test-support/peticion-proxy";
import { widgetNoValido } from "./widget";

describe("the widget's bad links", () => {
  it("answers a widget code with a bad parameter 400, saying which, inside the frame", async () => {
    const pagina = conPolitica(pedir("/embed/planes?municipio=Vinuesa&lat=41.91&lng=-2.76&tema=morado"));
    const r = (await widgetNoValido(pagina))!;
    expect(r.status).toBe(400);
    expect(r.headers.get("content-security-policy")).toBe(pagina.csp);
    const html = await r.text();
    expect(html).toContain(escaparHtml(MENSAJES_WIDGET.tituloError));
    expect(html).toContain("tema");
  });

  it("lets a good widget code and every other page through", async () => {
    expect(
      await widgetNoValido(conPolitica(pedir("/embed/planes?municipio=Vinuesa&lat=41.91&lng=-2.76"))),
    ).toBeUndefined();
    expect(await widgetNoValido(conPolitica(pedir("/buscar?tema=morado")))).toBeUndefined();
  });
});

import { getRequestConfig } from "next-intl/server";
import { esIdioma, IDIOMA_POR_DEFECTO } from "@/lib/idiomas";

/**
 * next-intl's configuration for each request: its language (what the request says, when it is
 * one of ours; else Spanish) and that language's catalogue, with Madrid's time zone.
 */
export default getRequestConfig(async ({ requestLocale }) => {
  const pedido = await requestLocale;
  const locale = esIdioma(pedido) ? pedido : IDIOMA_POR_DEFECTO;
  return {
    locale,
    messages: (await import(`../mensajes/${locale}.json`)).default,
    timeZone: "Europe/Madrid",
  };
});

/**
 * The request header by which proxy.ts tells the root layout that the page is the widget
 * (/embed, framed by other sites), which renders without the site's header, footer, cookie bar
 * or session. proxy.ts removes it from every visitor's request and sets it itself.
 */
export const CABECERA_VISTA = "x-planazo-vista";
export const VISTA_EMBEBIDA = "embed";

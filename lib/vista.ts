/**
 * The request header by which proxy.ts tells the root layout that the page is the widget
 * (/embed, framed by other sites), which renders without the site's header, footer, cookie bar
 * or session. proxy.ts removes it from every visitor's request and sets it itself.
 */
export const CABECERA_VISTA = "x-planazo-vista";
export const VISTA_EMBEBIDA = "embed";

/**
 * The request header by which proxy.ts tells the root layout the page's own address without its
 * language's prefix (with its query), for the footer's links to the same page in each language.
 * Set on every page's request by proxy.ts, never taken from a visitor's.
 */
export const CABECERA_RUTA = "x-planazo-ruta";

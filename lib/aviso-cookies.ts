/**
 * Name of the local storage key of spec §9 ('cookiesAccepted'), mirrored in a cookie of the same
 * name. The server never reads it: every visitor gets the same page, with the cookie bar in its
 * HTML (painted with the rest of the page, not after the scripts), so a CDN may keep one copy for
 * all. A line of script in the page's head (SCRIPT_AVISO_ACEPTADO) marks the document before
 * anything is painted when the cookie says it was accepted, and the stylesheet hides the bar
 * then: no flash and no layout shift on later visits.
 */
export const AVISO_COOKIES = "cookiesAccepted";

/** The attribute of <html> that hides the bar (CookieBar.module.css). */
export const ATRIBUTO_AVISO_ACEPTADO = "data-aviso-cookies";

export const SCRIPT_AVISO_ACEPTADO = `document.cookie.split("; ").includes("${AVISO_COOKIES}=true")&&document.documentElement.setAttribute("${ATRIBUTO_AVISO_ACEPTADO}","aceptado")`;

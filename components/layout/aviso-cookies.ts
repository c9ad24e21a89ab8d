/**
 * Name of the local storage key of spec §9 ('cookiesAccepted'), mirrored in a cookie of the same
 * name so that the server knows too: the layout renders the cookie bar in the page's HTML for a
 * first visit (painted with the rest of the page, not after the scripts) and leaves it out once
 * it has been accepted (no flash on later visits).
 */
export const AVISO_COOKIES = "cookiesAccepted";

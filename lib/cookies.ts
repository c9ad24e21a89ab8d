export const SESSION_COOKIE_PREFIX = "planazo";
/** Name of the session cookie (better-auth's name with our prefix; see DESIGN.md § Auth). */
export const SESSION_COOKIE = `${SESSION_COOKIE_PREFIX}.session_token`;
/** Over HTTPS browsers get the cookie with the __Secure- prefix. */
export const SECURE_SESSION_COOKIE = `__Secure-${SESSION_COOKIE}`;
/**
 * With a read replica, the primary's WAL position after the browser's last change, for a few
 * seconds: its reads wait for the replica to replay it (read-your-writes, lib/db/index.ts).
 */
export const READ_YOUR_WRITES_COOKIE = `${SESSION_COOKIE_PREFIX}.lsn`;

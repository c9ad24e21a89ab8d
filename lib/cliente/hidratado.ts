import { useSyncExternalStore } from "react";

const sinSuscripcion = () => () => {};

/**
 * Whether the page is hydrated: false in the server's render and in the hydration that matches
 * it, true from the render after. For what only a browser can show (a map) or do (a tap's call).
 */
export function useHidratado(): boolean {
  return useSyncExternalStore(
    sinSuscripcion,
    () => true,
    () => false,
  );
}

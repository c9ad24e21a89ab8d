import { appUrl } from "./worker";

/** GET/POST against the running app started by vitest.global-setup.ts. */
export function api(pathAndQuery: string, init?: RequestInit): Promise<Response> {
  return fetch(`${appUrl()}${pathAndQuery}`, { redirect: "manual", ...init });
}

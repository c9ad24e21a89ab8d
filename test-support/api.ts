import { inject } from "vitest";

/** GET/POST against the running app started by vitest.global-setup.ts. */
export function api(pathAndQuery: string, init?: RequestInit): Promise<Response> {
  return fetch(`${inject("baseUrl")}${pathAndQuery}`, { redirect: "manual", ...init });
}

import { appUrl } from "./worker";

/** GET/POST against the running app started by vitest.global-setup.ts. */
export function api(pathAndQuery: string, init?: RequestInit): Promise<Response> {
  return fetch(`${appUrl()}${pathAndQuery}`, { redirect: "manual", ...init });
}

/**
 * A page's HTML as a reader gets it, without its scripts: React's data carries the words the
 * page's browser components may show (a whole namespace of the catalogue), shown or not.
 */
export const htmlVisible = (html: string): string => html.replace(/<script\b[^>]*>[\s\S]*?<\/script>/g, "");

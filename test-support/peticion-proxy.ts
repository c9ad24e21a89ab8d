import { NextRequest } from "next/server";
import { peticion, type Peticion } from "@/lib/proxy/paso";

/** A browser's request for a page of this site, as proxy.ts receives it. */
export function pedir(ruta: string, init: { method?: string; headers?: Record<string, string> } = {}): Peticion {
  return peticion(
    new NextRequest(`http://localhost:3000${ruta}`, {
      method: init.method ?? "GET",
      headers: { accept: "text/html,application/xhtml+xml", ...init.headers },
    }),
  );
}

import { CABECERA_PERSONA, CACHE_GUARDADOS, CACHE_PERSONA, NINGUNA } from "@/lib/app-instalable/sin-conexion";
import { otrosMetodos } from "@/lib/http";

/**
 * GET /sw.js: the service worker of the installed app (registered by every page:
 * SCRIPT_REGISTRO_SERVICE_WORKER). It never answers a page from a cache while the
 * network answers: pages go to the network, and only when that fails does it answer "Sin
 * conexión", with the saved plans the person has opened (lib/app-instalable/sin-conexion.ts). It
 * shows pushed notifications ({titulo, cuerpo, url, icono}) and opens their page on a tap. The
 * worker itself is never cached, so a new one is picked up at the next visit.
 */
const SCRIPT = `"use strict";
const GUARDADOS = ${JSON.stringify(CACHE_GUARDADOS)};
const PERSONA = ${JSON.stringify(CACHE_PERSONA)};
const CABECERA_PERSONA = ${JSON.stringify(CABECERA_PERSONA)};
const NINGUNA = ${JSON.stringify(NINGUNA)};

self.addEventListener("install", (evento) => {
  // Only pages need the worker: everything else goes straight to the network, never waiting for
  // the worker to start (the static routing of Chromium 123 and later; elsewhere, the fetch
  // handler below lets them through).
  if (evento.addRoutes)
    evento.waitUntil(
      evento.addRoutes([{ condition: { not: { requestMode: "navigate" } }, source: "network" }]).catch(() => {}),
    );
  self.skipWaiting();
});
self.addEventListener("activate", (evento) =>
  evento.waitUntil(
    Promise.all([self.registration.navigationPreload && self.registration.navigationPreload.enable(), self.clients.claim()]),
  ),
);

// A page is the browser's own request (navigation preload: made as if there were no worker, with
// its cookies and redirects), or, where there is no preload, the worker's; only when it fails
// does the worker answer.
self.addEventListener("fetch", (evento) => {
  const peticion = evento.request;
  if (peticion.mode !== "navigate" || peticion.method !== "GET") return;
  evento.respondWith(
    Promise.resolve(evento.preloadResponse)
      .then((precargada) => precargada || fetch(peticion))
      .then((respuesta) => {
        // Never the offline page for a page that came: forgetting is a chore beside it.
        try {
          evento.waitUntil(vista(respuesta.headers.get(CABECERA_PERSONA)));
        } catch {}
        return respuesta;
      })
      .catch(() => sinConexion()),
  );
});

// A page says whose session it was answered for: saved plans kept for another session, or for
// one that ended (no session now), are forgotten before anyone can see them offline. The first
// page the worker sees adopts what the pages before it kept, unless it has no session.
async function vista(persona) {
  if (!persona) return;
  try {
    const marca = await caches.open(PERSONA);
    const antes = await marca.match("/");
    const era = antes ? await antes.text() : null;
    if (era === persona) return;
    if (era !== null || persona === NINGUNA) await caches.delete(GUARDADOS);
    await marca.put("/", new Response(persona));
  } catch {}
}

const escapar = (texto) =>
  String(texto).replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]);

async function guardados() {
  try {
    const cache = await caches.open(GUARDADOS);
    const planes = await Promise.all((await cache.keys()).map(async (clave) => (await cache.match(clave)).json()));
    return planes.filter((p) => p && typeof p.url === "string" && p.url.startsWith("/plan/"));
  } catch {
    return [];
  }
}

async function sinConexion() {
  const planes = await guardados();
  const lista = planes.length
    ? "<h2>Planes guardados</h2><ul>" +
      planes
        .map((p) => '<li><a href="' + escapar(p.url) + '"><strong>' + escapar(p.titulo) + "</strong></a><span>" +
          escapar(p.cuando) + "</span><span>" + escapar(p.donde) + "</span></li>")
        .join("") +
      "</ul>"
    : "<p>Los planes que guardes y abras aparecerán aquí para cuando no tengas conexión.</p>";
  const html = '<!doctype html><html lang="es"><head><meta charset="utf-8">' +
    '<meta name="viewport" content="width=device-width, initial-scale=1"><meta name="theme-color" content="#c2410c">' +
    "<title>Sin conexión</title><style>" +
    "body{margin:0;font-family:system-ui,sans-serif;color:#1c1917;background:#fff}" +
    "header{background:#c2410c;color:#fff;padding:16px 20px}header h1{margin:0;font-size:1.4rem}" +
    "main{padding:16px 20px;max-width:640px}ul{list-style:none;padding:0}" +
    "li{border:1px solid #e7e5e4;border-radius:12px;padding:12px 14px;margin:0 0 10px;display:grid;gap:4px}" +
    "a{color:#9a3412}span{color:#57534e}button{font:inherit;background:#c2410c;color:#fff;border:0;border-radius:999px;padding:10px 18px}" +
    "</style></head><body><header><h1>Sin conexión</h1></header><main>" +
    "<p>No hay conexión a internet. Cuando vuelva, la página se cargará de nuevo.</p>" +
    '<p><button type="button" onclick="location.reload()">Reintentar</button></p>' +
    lista + '</main><script>addEventListener("online", () => location.reload())</script></body></html>';
  return new Response(html, { status: 503, headers: { "Content-Type": "text/html; charset=utf-8", "Cache-Control": "no-store" } });
}

self.addEventListener("push", (evento) => {
  let aviso = {};
  try {
    aviso = evento.data ? evento.data.json() : {};
  } catch {
    aviso = { cuerpo: evento.data ? evento.data.text() : "" };
  }
  evento.waitUntil(
    self.registration.showNotification(aviso.titulo || "Planazo", {
      body: aviso.cuerpo || "",
      icon: aviso.icono || "/icono/192.png",
      lang: "es",
      data: { url: aviso.url || "/" },
      // Every notification says how to stop it: its text's last line, and this button.
      actions: [{ action: "ajustes", title: "Ajustes de avisos" }],
    }),
  );
});

self.addEventListener("notificationclick", (evento) => {
  evento.notification.close();
  // Only this site's pages: a payload cannot send the person elsewhere.
  let url = new URL("/", self.location.origin).href;
  try {
    const destino = evento.action === "ajustes" ? "/perfil#avisos" : evento.notification.data && evento.notification.data.url;
    const pedida = new URL(destino || "/", self.location.origin);
    if (pedida.origin === self.location.origin) url = pedida.href;
  } catch {}
  evento.waitUntil(
    self.clients.matchAll({ type: "window", includeUncontrolled: true }).then((ventanas) => {
      const abierta = ventanas.find((v) => v.url === url);
      return abierta ? abierta.focus() : self.clients.openWindow(url);
    }),
  );
});
`;

export function GET() {
  return new Response(SCRIPT, {
    headers: {
      "Content-Type": "text/javascript; charset=utf-8",
      "Cache-Control": "no-cache, no-store, must-revalidate",
      "Service-Worker-Allowed": "/",
    },
  });
}

export const { POST, PUT, PATCH, DELETE, OPTIONS } = otrosMetodos("GET");

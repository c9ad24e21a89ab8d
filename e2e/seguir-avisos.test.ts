import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { conDatos, mensajes } from "@/lib/messages";
import { organizacionPath } from "@/lib/organizaciones/paths";
import { planPath } from "@/lib/plans/plan";
import { captura, launchBrowser, launchChromiumCompleto } from "@/test-support/browser";
import { query } from "@/test-support/database";
import { freshOrigin, insertPlan, insertUser } from "@/test-support/plans";
import { iniciarServicioPush, type ServicioPush } from "@/test-support/servicio-push";
import { contextoConectado } from "@/test-support/session-context";
import { call, cookieDeSesionNueva, uniqueEmail } from "@/test-support/users";
import { appUrl } from "@/test-support/worker";
import { mensajesAvisos } from "@/lib/avisos/mensajes";
import es from "@/mensajes/es.json";

const db = () => process.env.DATABASE_URL!;
const ANDROID =
  "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36";

/**
 * The browser's offer to install the app, as Chromium fires it on a phone (a headless one never
 * does): the page's registration line keeps it, and the profile offers "Instalar Planazo".
 */
const ofrecerInstalacion = (page: Page) =>
  page.evaluate(() => {
    const oferta = Object.assign(new Event("beforeinstallprompt"), {
      prompt: async () => {
        (window as unknown as { __pedida: boolean }).__pedida = true;
      },
      userChoice: Promise.resolve({ outcome: "accepted" }),
    });
    dispatchEvent(oferta);
  });

const seguidores = async (org: string) =>
  (await query(db(), "SELECT 1 FROM seguimiento WHERE organizacion_id = $1 AND confirmado_en IS NOT NULL", [org]))
    .length;

/**
 * Following an organization from its page and from a plan's organizer, as a visitor and as a
 * user, tapping fast; the profile's choices; and "Activar avisos", which asks the browser only
 * when tapped and gives the device to the server.
 */
describe("following organizations and their notifications", () => {
  let browser: Browser;
  let duena: string;
  let ana: string;
  let org: { id: string; nombre: string; ruta: string };
  let plan: { id: string; ruta: string };

  beforeAll(async () => {
    browser = await launchBrowser();
    [duena, ana] = await Promise.all([insertUser(), insertUser()]);
    const sufijo = Math.random().toString(36).slice(2, 7);
    const nombre = `Asociación Cultural La Vega ${sufijo}`;
    const [{ id }] = await query<{ id: string }>(
      db(),
      `INSERT INTO organizacion (nombre, direccion, email_contacto, usuario_id, descripcion)
       VALUES ($1, 'Plaza de la Villa 1', 'vega@example.com', $2, 'Fiestas, teatro y rutas por la comarca.') RETURNING id`,
      [nombre, duena],
    );
    org = { id, nombre, ruta: organizacionPath(nombre, id) };
    const titulo = `Teatro en la plaza ${sufijo}`;
    const planId = await insertPlan({ usuarioId: duena, origin: await freshOrigin(), titulo });
    await query(db(), "UPDATE plan SET organizacion_id = $1 WHERE id = $2", [id, planId]);
    plan = { id: planId, ruta: planPath(titulo, planId) };
  });
  afterAll(async () => {
    await browser?.close();
  });

  it("lets a visitor follow by e-mail, a user follow and stop with one tap, and shows its owner the count", async () => {
    const visitante = await contextoConectado(browser, null);
    try {
      const page = await visitante.newPage();
      await page.goto(`${appUrl()}${org.ruta}`);
      const seguir = page.getByRole("button", { name: `${es.perfil.seguirOrganizacionBoton} ${org.nombre}` });
      await seguir.click();
      await page.getByLabel(mensajes.seguirCorreoEtiqueta).fill(uniqueEmail("vega"));
      await captura(page, "seguir-organizacion-correo-390");
      await page.getByRole("button", { name: mensajes.seguirEnviar }).click();
      await expect(page.getByRole("status").textContent()).resolves.toBe(mensajes.seguirConfirmaCorreo);
      // Not followed until the link is opened.
      expect(await seguidores(org.id)).toBe(0);
    } finally {
      await visitante.close();
    }

    const ctx = await contextoConectado(browser, { id: ana });
    try {
      const page = await ctx.newPage();
      await page.goto(`${appUrl()}${plan.ruta}`);
      const organiza = page.getByRole("region", { name: "ORGANIZADO POR:" });
      const boton = organiza.getByRole("button", { name: org.nombre });
      await expect(boton.getAttribute("aria-pressed")).resolves.toBe("false");
      // Three quick taps: the button waits for each answer, and ends where the server is.
      await boton.click();
      await boton.click();
      await boton.click();
      await expect.poll(() => boton.isEnabled()).toBe(true);
      const pulsado = (await boton.getAttribute("aria-pressed")) === "true";
      expect(await seguidores(org.id)).toBe(pulsado ? 1 : 0);
      if (!pulsado) await boton.click();
      await expect.poll(() => boton.getAttribute("aria-pressed")).toBe("true");
      await expect(
        page.getByRole("region", { name: "ORGANIZADO POR:" }).getByRole("status").textContent(),
      ).resolves.toBe(conDatos(mensajes.seguirOrganizacionCorreo, { organizacion: org.nombre }));
      // No device of hers gets notifications: it says e-mail, and where to choose otherwise.
      await expect(
        organiza.getByRole("link", { name: es.perfil.seguirOrganizacionElegir }).getAttribute("href"),
      ).resolves.toBe("/perfil#avisos");
      await captura(page.getByRole("region", { name: "ORGANIZADO POR:" }), "seguir-organizacion-plan-390");
      await page.reload();
      await expect(boton.getAttribute("aria-pressed")).resolves.toBe("true");
      expect(await seguidores(org.id)).toBe(1);
      // The profile lists it beside the towns.
      await page.goto(`${appUrl()}/perfil`);
      await expect(
        page.getByRole("heading", { name: es.perfil.organizacionesSeguidasTitulo }).isVisible(),
      ).resolves.toBe(true);
      await expect(page.getByRole("link", { name: org.nombre }).isVisible()).resolves.toBe(true);
      // Stopped from there, and followed again from the plan.
      await page.getByRole("button", { name: `${mensajes.seguimientoDejar} ${org.nombre}` }).click();
      await expect(page.getByRole("status").textContent()).resolves.toBe(
        conDatos(mensajes.seguimientoOrganizacionEliminado, { organizacion: org.nombre }),
      );
      expect(await seguidores(org.id)).toBe(0);
      await page.goto(`${appUrl()}${plan.ruta}`);
      await boton.click();
      await expect.poll(() => boton.getAttribute("aria-pressed")).toBe("true");
      expect(await seguidores(org.id)).toBe(1);
    } finally {
      await ctx.close();
    }

    for (const [ancho, alto] of [
      [390, 844],
      [1280, 800],
    ]) {
      const deDuena = await contextoConectado(browser, { id: duena }, { ancho, alto });
      try {
        const page = await deDuena.newPage();
        await page.goto(`${appUrl()}${org.ruta}`);
        await expect(page.getByText(es.perfil.seguidoresUno).isVisible()).resolves.toBe(true);
        await captura(page, `seguir-organizacion-duena-${ancho}`);
      } finally {
        await deDuena.close();
      }
    }
  });

  it("saves each choice of the profile at once, and asks for notifications only on a tap", async () => {
    const ctx = await contextoConectado(browser, { id: ana });
    try {
      const page = await ctx.newPage();
      await page.goto(`${appUrl()}/perfil`);
      const casilla = (canal: string, tipo: string) =>
        page.getByRole("group", { name: tipo }).getByRole("checkbox", { name: canal, exact: true });
      const publicacionesCorreo = casilla(es.perfil.avisosCorreo, es.perfil.avisoTipoPublicaciones);
      const cambiosPush = casilla(es.perfil.avisosPush, es.perfil.avisoTipoCambios);
      // Untouched, with no device subscribed: a new plan of a followed organization comes by e-mail.
      await expect(publicacionesCorreo.isChecked()).resolves.toBe(true);
      // Quick taps on two boxes: both kept.
      await publicacionesCorreo.uncheck();
      await cambiosPush.uncheck();
      await expect
        .poll(
          async () =>
            (
              await query<{ p: boolean; c: boolean }>(
                db(),
                "SELECT publicaciones_correo AS p, cambios_push AS c FROM usuario WHERE id = $1",
                [ana],
              )
            )[0],
        )
        .toEqual({ p: false, c: false });
      await page.reload();
      await expect(publicacionesCorreo.isChecked()).resolves.toBe(false);
      await expect(cambiosPush.isChecked()).resolves.toBe(false);
      // The headless shell has no notifications: the section says so instead of a button that cannot
      // work, once the browser has answered what it allows (nothing is shown while it is asked).
      await expect
        .poll(() => page.locator("#avisos").textContent())
        .toMatch(new RegExp(`${es.perfil.avisosBloqueados}|${es.perfil.avisosActivar}|${es.perfil.avisosSinSoporte}`));
      await captura(page.locator("#avisos"), "perfil-avisos-390");
      // The browser offers to install the app: one tap shows its own prompt, and the button goes.
      await ofrecerInstalacion(page);
      const instalar = page.getByRole("button", { name: es.perfil.instalarBoton });
      await instalar.waitFor();
      await captura(page, "perfil-instalar-390");
      await instalar.click();
      await expect.poll(() => instalar.count()).toBe(0);
      await expect(page.evaluate(() => (window as unknown as { __pedida?: boolean }).__pedida)).resolves.toBe(true);
    } finally {
      await ctx.close();
    }
  });

  it("subscribes this device when 'Activar avisos' is tapped, and a publication of a followed organization reaches it", async () => {
    // The full Chromium: the headless shell refuses notifications. Its own push service is
    // Google's, which the tests may not reach: the page's pushManager answers with a device of
    // the local stand-in instead, and everything from the tap to the server is the real code.
    const servicio: ServicioPush = await iniciarServicioPush();
    const completo = await launchChromiumCompleto();
    try {
      const dispositivo = servicio.nuevaSuscripcion();
      const ctx = await contextoConectado(completo, { id: ana }, { ancho: 1280, alto: 800 });
      await ctx.addInitScript((d) => {
        let suscrito: PushSubscription | null = null;
        const falsa = {
          endpoint: d.endpoint,
          toJSON: () => ({ endpoint: d.endpoint, keys: d.keys }),
          unsubscribe: async () => {
            suscrito = null;
            return true;
          },
        } as unknown as PushSubscription;
        PushManager.prototype.subscribe = async () => (suscrito = falsa);
        PushManager.prototype.getSubscription = async () => suscrito;
      }, dispositivo);
      const page: Page = await ctx.newPage();
      const pedidos: string[] = [];
      await page.exposeFunction("__permisoPedido", (p: string) => pedidos.push(p));
      await ctx.addInitScript(() => {
        const pedir = Notification.requestPermission.bind(Notification);
        Notification.requestPermission = async () => {
          const p = await pedir();
          (window as unknown as { __permisoPedido: (p: string) => void }).__permisoPedido(p);
          return p;
        };
      });
      await ctx.grantPermissions(["notifications"], { origin: appUrl() });
      // Her phone, signed in in another session, takes notifications already.
      const movil = servicio.nuevaSuscripcion();
      const { name, value } = await cookieDeSesionNueva(ana);
      const enMovil = await call("POST", "/api/push/suscripciones", {
        body: { endpoint: movil.endpoint, keys: movil.keys },
        cookie: `${name}=${value}`,
        headers: { "User-Agent": ANDROID },
      });
      expect(enMovil.status).toBe(201);
      await page.goto(`${appUrl()}/perfil`);
      const activar = page.getByRole("button", { name: es.perfil.avisosActivar });
      await activar.waitFor();
      expect(pedidos).toEqual([]);
      await ofrecerInstalacion(page);
      await page.getByRole("button", { name: es.perfil.instalarBoton }).waitFor();
      await captura(page.locator("#avisos"), "perfil-avisos-1280");
      await activar.click();
      await expect(page.locator("#avisos").getByRole("status").textContent()).resolves.toBe(
        mensajesAvisos.pushSuscrito,
      );
      expect(pedidos).toEqual(["granted"]);
      await expect(page.getByRole("button", { name: es.perfil.avisosDesactivar }).isVisible()).resolves.toBe(true);
      const filas = await query(db(), "SELECT 1 FROM push_suscripcion WHERE usuario_id = $1 AND endpoint = $2", [
        ana,
        dispositivo.endpoint,
      ]);
      expect(filas).toHaveLength(1);
      // Both devices are listed; this one is marked, and the phone goes with its "Quitar".
      const lista = page.getByRole("list", { name: es.perfil.dispositivosTitulo });
      await expect.poll(() => lista.getByRole("listitem").count()).toBe(2);
      await expect(lista.getByRole("listitem").first().textContent()).resolves.toContain(es.perfil.dispositivoEste);
      await captura(page.locator("#avisos"), "perfil-dispositivos-1280");
      await lista.getByRole("button", { name: "Quitar Chrome en Android" }).click();
      await expect
        .poll(() => page.locator("#avisos").getByRole("status").allTextContents())
        .toContain(es.perfil.dispositivoQuitado);
      await expect(lista.getByRole("listitem").count()).resolves.toBe(1);
      expect(await query(db(), "SELECT 1 FROM push_suscripcion WHERE endpoint = $1", [movil.endpoint])).toEqual([]);

      // The organization publishes (a plan straight in the database: the trigger notes it; the
      // next change through the app, or cron, sends it). Here, cron's call.
      const titulo = `Ruta de las bodegas ${Math.random().toString(36).slice(2, 7)}`;
      const nuevo = await insertPlan({ usuarioId: duena, origin: await freshOrigin(), titulo, visible: false });
      await query(db(), "UPDATE plan SET organizacion_id = $1, visible = true WHERE id = $2", [org.id, nuevo]);
      await fetch(`${appUrl()}/api/tareas/avisos`, {
        method: "POST",
        headers: { Authorization: `Bearer ${inject("cronSecret")}` },
      });
      await expect
        .poll(() => servicio.recibidos.map((r) => (r.carga as { cuerpo: string }).cuerpo.split(" · ")[0]), {
          timeout: 10_000,
        })
        .toEqual([titulo]);

      // Off again on this device: the server forgets it.
      await page.getByRole("button", { name: es.perfil.avisosDesactivar }).click();
      await expect(page.locator("#avisos").getByRole("status").textContent()).resolves.toBe(
        es.perfil.avisosDesactivados,
      );
      expect(
        await query(db(), "SELECT 1 FROM push_suscripcion WHERE endpoint = $1", [dispositivo.endpoint]),
      ).toHaveLength(0);

      // On again, then logging out: the next person on this phone does not get Ana's notices.
      await page.getByRole("button", { name: es.perfil.avisosActivar }).click();
      await page.getByRole("button", { name: es.perfil.avisosDesactivar }).waitFor();
      expect(
        await query(db(), "SELECT 1 FROM push_suscripcion WHERE endpoint = $1", [dispositivo.endpoint]),
      ).toHaveLength(1);
      await page.getByRole("button", { name: "Cerrar sesión" }).click();
      await page.waitForURL(`${appUrl()}/`);
      expect(
        await query(db(), "SELECT 1 FROM push_suscripcion WHERE endpoint = $1", [dispositivo.endpoint]),
      ).toHaveLength(0);
      await expect(
        page.evaluate(async () => (await (await navigator.serviceWorker.ready).pushManager.getSubscription()) === null),
      ).resolves.toBe(true);
    } finally {
      await completo.close();
      await servicio.cerrar();
    }
  });
});

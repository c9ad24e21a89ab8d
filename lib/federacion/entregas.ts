import { AsyncLocalStorage } from "node:async_hooks";
import { env } from "../env";
import { prisma } from "../db";
import { enviar, type OpcionesEnvio } from "../net/descarga";
import type { Paso } from "./cola";
import { loopbackFederado } from "./documentos";
import { dominioBloqueado, dominioDe } from "./servidores";

const GLOBAL = Symbol.for("planazo.federacion.entregas");
/** Time for one delivery, a redirect's included. */
const TIEMPO_MS = 15_000;
/** How long a failure stays in the back-office. */
const FALLOS_DIAS = 7;

/** Set while a worker runs one of Fedify's deliveries: its fetches go through the safe fetcher. */
const entregando = new AsyncLocalStorage<Pick<OpcionesEnvio, "resolver" | "conectar">>();

/**
 * A delivery (Fedify's POST of a signed activity to an inbox) sent by the safe fetcher
 * (lib/net/descarga.ts): only to a global address, checked before connecting and pinned, in a
 * total time; a redirect is handed back to Fedify, which signs and sends it again through here.
 * A refused address is an error, as a server that cannot be reached is.
 */
async function entregaSegura(
  peticion: Request,
  opciones: Pick<OpcionesEnvio, "resolver" | "conectar">,
): Promise<Response> {
  if (peticion.method !== "POST") throw new TypeError(`Una entrega es un POST, no un ${peticion.method}.`);
  const r = await enviar(peticion.url, {
    ...opciones,
    metodo: "POST",
    cabeceras: Object.fromEntries(peticion.headers),
    cuerpo: Buffer.from(await peticion.arrayBuffer()),
    permitirLoopback: loopbackFederado(),
    timeoutMs: TIEMPO_MS,
  });
  const cabeceras = new Headers();
  for (const [nombre, valor] of Object.entries(r.cabeceras))
    for (const v of [valor ?? []].flat()) cabeceras.append(nombre, v);
  const sinCuerpo = [204, 205, 304].includes(r.estado);
  return new Response(sinCuerpo ? null : new Uint8Array(r.cuerpo), { status: r.estado, headers: cabeceras });
}

/**
 * Fedify sends with the global fetch and checks no address: within a delivery (entregando),
 * this process's fetch is the safe one; everywhere else it is untouched. Installed once.
 */
function instalarEntregaSegura(): void {
  const g = globalThis as { [GLOBAL]?: boolean };
  if (g[GLOBAL]) return;
  g[GLOBAL] = true;
  const original = globalThis.fetch;
  globalThis.fetch = (entrada, init) => {
    const opciones = entregando.getStore();
    return opciones ? entregaSegura(new Request(entrada, init), opciones) : original(entrada, init);
  };
}

/**
 * Counts one delivery to a server in the current minute; when its cap is spent, the time to the
 * next minute instead (and nothing is counted). One statement, so instances share the count.
 */
export async function turnoDeEnvio(dominio: string, tope = env().FEDERATION_ENVIOS_POR_MINUTO): Promise<number> {
  const [fila] = await prisma.$queryRaw<{ enviados: number }[]>`
    INSERT INTO federacion_ritmo AS r (dominio, minuto, enviados)
    VALUES (${dominio}, date_trunc('minute', now()), 1)
    ON CONFLICT (dominio) DO UPDATE
      SET enviados = CASE WHEN r.minuto = EXCLUDED.minuto THEN r.enviados + 1 ELSE 1 END, minuto = EXCLUDED.minuto
      WHERE r.minuto <> EXCLUDED.minuto OR r.enviados < ${tope}
    RETURNING enviados`;
  if (fila) return 0;
  return 60_000 - (Date.now() % 60_000) + Math.floor(Math.random() * 1_000);
}

interface MensajeDeSalida {
  type: "outbox";
  inbox: string;
}
const esEntrega = (m: unknown): m is MensajeDeSalida =>
  typeof m === "object" && m !== null && (m as { type?: unknown }).type === "outbox";

/**
 * The queue's step for Fedify's deliveries: to a blocked server, dropped; past its server's cap
 * for the minute, put off to the next; otherwise sent through the safe fetcher. Other messages
 * (received activities, fan-outs) run as they are.
 */
export function pasoDeEntregas(opciones: Pick<OpcionesEnvio, "resolver" | "conectar"> = {}): Paso {
  instalarEntregaSegura();
  return async (mensaje, manejar) => {
    if (!esEntrega(mensaje)) return manejar();
    const dominio = dominioDe(mensaje.inbox);
    if (!dominio || (await dominioBloqueado(dominio))) return "descartar";
    const espera = await turnoDeEnvio(dominio);
    if (espera > 0) return { aplazarMs: espera };
    await entregando.run(opciones, manejar);
  };
}

/** Notes a delivery's failure (each attempt) for the back-office; a week's are kept. */
export async function anotarFallo(error: Error, actividad: object | null) {
  const bandeja = (error as { inbox?: URL }).inbox?.href ?? (error as { url?: URL | string }).url?.toString() ?? "";
  const dominio = dominioDe(bandeja);
  if (!dominio) return;
  // Fedify's classes say their type as a URL: https://www.w3.org/ns/activitystreams#Create.
  const tipo = (actividad?.constructor as { typeId?: URL } | undefined)?.typeId?.hash.slice(1) || null;
  await prisma.$executeRaw`
    WITH viejos AS (DELETE FROM federacion_fallo WHERE creado < now() - make_interval(days => ${FALLOS_DIAS}))
    INSERT INTO federacion_fallo (dominio, bandeja, actividad, error)
    VALUES (${dominio}, ${bandeja}, ${tipo}, ${error.message.slice(0, 500)})`.catch(() => {});
}

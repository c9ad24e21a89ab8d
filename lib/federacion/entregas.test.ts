import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { releerEnv } from "@/lib/env";
import { DescargaRechazada, mensajesDescarga, type Resolver } from "@/lib/net/descarga";
import { query } from "@/test-support/database";
import { espiaDeConexiones, servidorLocal } from "@/test-support/servidor-local";
import { pasoDeEntregas, turnoDeEnvio } from "./entregas";

const db = () => process.env.DATABASE_URL!;
const remoto = servidorLocal();

/** privado.example is on a private network; every other name is this machine. */
const resolver: Resolver = async (host) =>
  host === "privado.example" ? [{ address: "10.1.2.3", family: 4 }] : [{ address: "127.0.0.1", family: 4 }];

/** A delivery of Fedify's as the queue's step runs it: a POST from inside the handler; its answer or its error. */
async function entregar(paso: ReturnType<typeof pasoDeEntregas>, bandeja: string) {
  let resultado: Response | Error | null = null;
  const decision = await paso({ type: "outbox", inbox: bandeja }, async () => {
    resultado = await fetch(bandeja, {
      method: "POST",
      headers: { "content-type": "application/activity+json", signature: 'keyId="https://aqui.example/ap/sitio#k"' },
      body: '{"type":"Create"}',
    }).catch((error: Error) => error);
  });
  return { decision, resultado: resultado as Response | Error | null };
}

describe("deliveries to the fediverse", () => {
  beforeAll(async () => {
    await query(db(), "INSERT INTO federacion_bloqueo (dominio) VALUES ('bloqueado.example') ON CONFLICT DO NOTHING");
  });
  afterEach(() => {
    delete process.env.FEDERATION_ALLOW_LOOPBACK;
    releerEnv();
  });

  it("go through the safe fetcher: a private address, or this machine unless allowed, is refused without connecting", async () => {
    const conectar = espiaDeConexiones();
    const paso = pasoDeEntregas({ resolver, conectar });
    const privado = await entregar(paso, "http://privado.example/inbox");
    expect(privado.resultado).toBeInstanceOf(DescargaRechazada);
    expect((privado.resultado as Error).message).toBe(mensajesDescarga.redPrivada);

    remoto.rutas.set("/inbox", (req, res) => req.resume().on("end", () => res.writeHead(202).end()));
    const local = await entregar(paso, `${remoto.base}/inbox`);
    expect((local.resultado as Error).message).toBe(mensajesDescarga.redPrivada);
    expect(conectar).not.toHaveBeenCalled();
    expect(remoto.pedidas).toEqual([]);

    // Allowed (tests of two servers on one machine): the signed POST arrives as Fedify made it.
    process.env.FEDERATION_ALLOW_LOOPBACK = "1";
    releerEnv();
    const permitida = await entregar(paso, `${remoto.base}/inbox`);
    expect((permitida.resultado as Response).status).toBe(202);
    expect(conectar).toHaveBeenCalledTimes(1);
    expect(remoto.pedidas[0]?.headers.signature).toContain("aqui.example");

    // Outside a delivery, the process's fetch is untouched.
    remoto.rutas.set("/doc", (_req, res) => res.writeHead(200).end("hola"));
    expect(await (await fetch(`${remoto.base}/doc`)).text()).toBe("hola");
    expect(conectar).toHaveBeenCalledTimes(1);
  });

  it("drops what goes to a blocked server or under it, and runs other messages as they are", async () => {
    const paso = pasoDeEntregas({ resolver, conectar: espiaDeConexiones() });
    for (const bandeja of ["https://bloqueado.example/inbox", "https://social.bloqueado.example/inbox"]) {
      const { decision, resultado } = await entregar(paso, bandeja);
      expect([bandeja, decision, resultado]).toEqual([bandeja, "descartar", null]);
    }
    let recibida = false;
    expect(await paso({ type: "inbox" }, async () => void (recibida = true))).toBeUndefined();
    expect(recibida).toBe(true);
  });

  it("counts each server's deliveries per minute: past the cap, the next minute", async () => {
    // Three in one minute of the clock (tried again, on a new server, when a minute turned between them).
    const minuto = () => Math.floor(Date.now() / 60_000);
    let dominio: string;
    let turnos: number[];
    let antes: number;
    do {
      antes = minuto();
      dominio = `cupo-${Date.now()}.example`;
      turnos = [await turnoDeEnvio(dominio, 2), await turnoDeEnvio(dominio, 2), await turnoDeEnvio(dominio, 2)];
    } while (minuto() !== antes);
    const espera = turnos[2]!;
    expect(turnos.slice(0, 2)).toEqual([0, 0]);
    expect(espera).toBeGreaterThan(0);
    expect(espera).toBeLessThanOrEqual(61_000);
    // Another server has its own count.
    expect(await turnoDeEnvio(`otro-${dominio}`, 2)).toBe(0);
    // A new minute starts the count again.
    await query(db(), "UPDATE federacion_ritmo SET minuto = minuto - interval '1 minute' WHERE dominio = $1", [
      dominio,
    ]);
    expect(await turnoDeEnvio(dominio, 2)).toBe(0);
  });
});

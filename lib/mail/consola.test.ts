import { describe, expect, it } from "vitest";
import { startAppServer } from "@/test-support/app-server";
import { call, uniqueEmail } from "@/test-support/users";
import { worker } from "@/test-support/worker";
import { mensajes } from "@/lib/messages";
import { parseEnv } from "@/lib/env";
import { consoleTransport, logTransport, mailTransport } from "./transport";

/**
 * Without a mail provider, the demo (CORREO_EN_CONSOLA=1) prints each e-mail whole, so a new
 * account can be confirmed from the terminal; production prints one line and never a link.
 */
describe("e-mail in the server's output", () => {
  it("lets a demo's new account be confirmed from the link the console shows", async () => {
    const demo = await startAppServer({ ...worker().appEnv, CORREO_EN_CONSOLA: "1", RESEND_API_KEY: "" });
    try {
      const correo = uniqueEmail("consola");
      const reg = await call("POST", "/api/usuario/register", {
        base: demo.url,
        body: { nombre: "Rosa Consola", correo, password: "clave-de-demo" },
      });
      expect(reg.status).toBe(201);
      const enlace = new RegExp(`${demo.url.replace(/[.:/]/g, "\\$&")}/confirmar-cuenta/([A-Za-z0-9_-]{40,})`);
      await expect.poll(() => enlace.test(demo.salida())).toBe(true);
      expect(demo.salida()).toContain(`[correo] para ${correo}: Confirma tu cuenta · Planazo`);
      const [, token] = demo.salida().match(enlace)!;

      const antes = await call("POST", "/api/usuario/login", {
        base: demo.url,
        body: { correo, password: "clave-de-demo" },
      });
      expect(antes.status).toBe(403);
      const confirmar = await call("GET", `/api/usuario/confirmar-cuenta/${token}`, { base: demo.url });
      expect(confirmar).toMatchObject({ status: 200, body: { mensaje: mensajes.cuentaConfirmada } });
      const login = await call("POST", "/api/usuario/login", {
        base: demo.url,
        body: { correo, password: "clave-de-demo" },
      });
      expect(login.status).toBe(200);
    } finally {
      await demo.stop();
    }
  }, 120_000);

  it("prints one line without the text in production, and the whole text with the console on", async () => {
    const email = {
      to: "ana@example.com",
      subject: "Confirma tu cuenta · Planazo",
      text: "Hola, Ana:\nhttps://planazo.es/confirmar-cuenta/Zk3qP9aXw2LmN7vB4tR8yC1dE6fG0hJ5sK2uV9wXyQ",
      html: "<p>Hola</p>",
    };
    const lineas: string[] = [];
    const original = console.info;
    console.info = (...args: unknown[]) => void lineas.push(args.join(" "));
    try {
      await logTransport.send(email);
      await consoleTransport.send(email);
    } finally {
      console.info = original;
    }
    expect(lineas[0]).toBe("[correo] para ana@example.com: Confirma tu cuenta · Planazo");
    expect(lineas[1]).toContain("[correo] para ana@example.com: Confirma tu cuenta · Planazo\n");
    expect(lineas[1]).toContain(email.text);
    expect(mailTransport(parseEnv({}))).toBe(logTransport);
    expect(mailTransport(parseEnv({ CORREO_EN_CONSOLA: "1" }))).toBe(consoleTransport);
    expect(mailTransport(parseEnv({ CORREO_EN_CONSOLA: "1", RESEND_API_KEY: "re_123" }))).not.toBe(consoleTransport);
  });
});

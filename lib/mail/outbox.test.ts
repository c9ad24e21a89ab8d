import { createServer } from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createPrismaClient, type PrismaClient } from "@/lib/db/client";
import { deliverPending, enqueueEmail, retryDelayMs } from "./outbox";
import { resendTransport, type Email, type MailTransport } from "./transport";

describe("e-mail outbox", () => {
  let prisma: PrismaClient;
  beforeAll(() => {
    prisma = createPrismaClient(process.env.DATABASE_URL!, 2);
  });
  afterAll(async () => {
    await prisma.$disconnect();
  });

  const email = (to: string): Email => ({ to, subject: "Asunto", text: "Texto", html: "<p>Texto</p>" });

  it("keeps a message whose delivery failed, with the error, and retries it later", async () => {
    const to = `fallo.${Date.now()}@example.com`;
    await enqueueEmail(prisma, email(to));
    const sent: string[] = [];
    // Only our row fails; other tests' rows may be delivered by the same call.
    const flaky: MailTransport = {
      async send(e) {
        if (e.to === to) throw new Error("proveedor caído");
        sent.push(e.to);
      },
    };
    await deliverPending(prisma, flaky, 200);
    const row = await prisma.emailOutbox.findFirstOrThrow({ where: { to } });
    expect(row.sentAt).toBeNull();
    expect(row.attempts).toBe(1);
    expect(row.lastError).toContain("proveedor caído");
    expect(row.nextAttemptAt.getTime()).toBeGreaterThan(Date.now() + 50_000);

    // Not due yet: a working provider does not see it…
    await deliverPending(prisma, { send: async (e) => void sent.push(e.to) }, 200);
    expect(sent).not.toContain(to);
    // …and once due, it goes.
    await prisma.emailOutbox.update({ where: { id: row.id }, data: { nextAttemptAt: new Date(Date.now() - 1000) } });
    await deliverPending(prisma, { send: async (e) => void sent.push(e.to) }, 200);
    expect(sent).toContain(to);
    const done = await prisma.emailOutbox.findFirstOrThrow({ where: { to } });
    expect(done.sentAt).not.toBeNull();
    expect(done.attempts).toBe(2);
  });

  it("backs off exponentially up to six hours", () => {
    expect([1, 2, 3, 4].map(retryDelayMs)).toEqual([60_000, 120_000, 240_000, 480_000]);
    expect(retryDelayMs(50)).toBe(6 * 3_600_000);
  });

  it("sends through Resend's HTTP API and reports its errors", async () => {
    const received: { auth?: string; body: Record<string, unknown> }[] = [];
    const server = createServer((req, res) => {
      let data = "";
      req.on("data", (c) => (data += c));
      req.on("end", () => {
        received.push({ auth: req.headers.authorization, body: JSON.parse(data) });
        const fail = received.length > 1;
        res.writeHead(fail ? 422 : 200, { "Content-Type": "application/json" });
        res.end(fail ? '{"message":"invalid"}' : '{"id":"1"}');
      });
    });
    await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
    const { port } = server.address() as { port: number };
    const transport = resendTransport(
      "re_test",
      "Planazo <no-responder@planazo.es>",
      `http://127.0.0.1:${port}/emails`,
    );
    await transport.send(email("ana@example.com"));
    expect(received[0]).toEqual({
      auth: "Bearer re_test",
      body: {
        from: "Planazo <no-responder@planazo.es>",
        to: ["ana@example.com"],
        subject: "Asunto",
        text: "Texto",
        html: "<p>Texto</p>",
      },
    });
    await expect(transport.send(email("ana@example.com"))).rejects.toThrow(/Resend 422/);
    server.close();
  });

  it("keeps an e-mail's extra headers in its row and hands them to Resend (List-Unsubscribe, RFC 8058)", async () => {
    const to = `cabeceras.${Date.now()}@example.com`;
    const headers = {
      "List-Unsubscribe": "<https://planazo.example/api/seguimientos/baja?token=abc>",
      "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
    };
    await enqueueEmail(prisma, { ...email(to), headers });
    const row = await prisma.emailOutbox.findFirstOrThrow({ where: { to } });
    expect(row.headers).toEqual(headers);
    const bodies: Record<string, unknown>[] = [];
    const server = createServer((req, res) => {
      let data = "";
      req.on("data", (c) => (data += c));
      req.on("end", () => {
        bodies.push(JSON.parse(data));
        res.writeHead(200, { "Content-Type": "application/json" });
        res.end('{"id":"1"}');
      });
    });
    await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
    const { port } = server.address() as { port: number };
    const resend = resendTransport("re_test", "Planazo <no-responder@planazo.es>", `http://127.0.0.1:${port}/emails`);
    await deliverPending(prisma, resend, 200);
    server.close();
    expect(bodies.find((b) => (b.to as string[])[0] === to)?.headers).toEqual(headers);
    // E-mails without extra headers send none.
    expect(bodies.filter((b) => (b.to as string[])[0] !== to).every((b) => !("headers" in b))).toBe(true);
  });
});

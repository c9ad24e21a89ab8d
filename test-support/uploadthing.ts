import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";

/**
 * A local stand-in for UploadThing's ingest server, file API and file host, with just what
 * the server SDK uses: PUT /<fileKey>?…signature (multipart `file`), POST /v6/deleteFiles and
 * GET /a/<appId>/<customId>. Files live in memory by customId.
 */
export interface FakeUploadThing {
  url: string;
  host: string;
  files: Map<string, { body: Buffer; type: string; name: string }>;
  apiKeysSeen: string[];
  failUploads: boolean;
  close(): Promise<void>;
}

async function leer(req: IncomingMessage): Promise<Buffer> {
  const parts: Buffer[] = [];
  for await (const p of req) parts.push(p as Buffer);
  return Buffer.concat(parts);
}

export async function startFakeUploadThing(): Promise<FakeUploadThing> {
  const fake = { files: new Map(), apiKeysSeen: [] as string[], failUploads: false } as FakeUploadThing;
  const server: Server = createServer(async (req, res) => {
    const url = new URL(req.url!, "http://localhost");
    const body = await leer(req);
    const json = (status: number, value: unknown) => {
      res.writeHead(status, { "content-type": "application/json" });
      res.end(JSON.stringify(value));
    };
    if (req.method === "PUT") {
      if (fake.failUploads) return json(500, { error: "ingest down" });
      if (!url.searchParams.get("signature")?.startsWith("hmac-sha256=")) return json(403, { error: "unsigned" });
      const form = await new Response(new Uint8Array(body), {
        headers: { "content-type": req.headers["content-type"]! },
      }).formData();
      const file = form.get("file") as File;
      // The SDK encodes these values once more inside the signed URL.
      const customId = decodeURIComponent(url.searchParams.get("x-ut-custom-id") ?? url.pathname.slice(1));
      fake.files.set(customId, {
        body: Buffer.from(await file.arrayBuffer()),
        type: file.type,
        name: decodeURIComponent(url.searchParams.get("x-ut-file-name") ?? ""),
      });
      const ufsUrl = `${fake.url}/a/${url.searchParams.get("x-ut-identifier")}/${encodeURIComponent(customId)}`;
      return json(200, { url: ufsUrl, appUrl: ufsUrl, ufsUrl, fileHash: "x" });
    }
    if (req.method === "POST" && url.pathname === "/v6/deleteFiles") {
      fake.apiKeysSeen.push(String(req.headers["x-uploadthing-api-key"]));
      const { customIds = [] } = JSON.parse(body.toString()) as { customIds?: string[] };
      let deletedCount = 0;
      for (const id of customIds) if (fake.files.delete(id)) deletedCount++;
      return json(200, { success: true, deletedCount });
    }
    const m = req.method === "GET" && /^\/a\/[^/]+\/(.+)$/.exec(url.pathname);
    if (m) {
      const f = fake.files.get(m[1]);
      if (!f) return json(404, { error: "not found" });
      res.writeHead(200, { "content-type": f.type });
      return res.end(f.body);
    }
    json(404, { error: `no route ${req.method} ${url.pathname}` });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  fake.host = `localhost:${port}`;
  fake.url = `http://localhost:${port}`;
  fake.close = () => new Promise((resolve) => server.close(() => resolve()));
  return fake;
}

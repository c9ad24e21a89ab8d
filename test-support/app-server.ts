import { spawn, type ChildProcess } from "node:child_process";
import { existsSync } from "node:fs";
import { createServer } from "node:net";
import path from "node:path";

const ROOT = path.resolve(import.meta.dirname, "..");

export interface AppServer {
  url: string;
  process: ChildProcess;
  /** What the app has printed so far, stdout and stderr. */
  salida(): string;
  stop(): Promise<void>;
}

/** A free TCP port on 127.0.0.1, never one this process was given before. */
export async function freePort(): Promise<number> {
  for (;;) {
    const port = await unPuertoLibre();
    if (repartidos.has(port)) continue;
    repartidos.add(port);
    return port;
  }
}

/**
 * Ports already handed out in this process: a port is free only until its server binds it, so
 * a second caller in that window (an app starting while a database cluster initialises) could
 * be given the same one by the kernel.
 */
const repartidos = new Set<number>();

function unPuertoLibre(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

/**
 * Starts the production build (`next start`) on a free port with the given environment and
 * waits until it answers /api/health with `expectStatus` (200 by default).
 */
export async function startAppServer(
  env: Record<string, string>,
  { expectStatus = 200, timeoutMs = 60_000 }: { expectStatus?: number; timeoutMs?: number } = {},
): Promise<AppServer> {
  if (!existsSync(path.join(ROOT, ".next", "BUILD_ID"))) {
    throw new Error("No production build found: run `npm run build` first (npm test does it for you).");
  }
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const child = spawn(
    process.execPath,
    [path.join(ROOT, "node_modules", "next", "dist", "bin", "next"), "start", "-p", String(port), "-H", "127.0.0.1"],
    {
      cwd: ROOT,
      env: { ...process.env, NODE_ENV: "production", NEXT_TELEMETRY_DISABLED: "1", SITE_URL: url, ...env },
      stdio: ["ignore", "pipe", "pipe"],
    },
  );
  let output = "";
  child.stdout?.on("data", (d) => (output += d));
  child.stderr?.on("data", (d) => (output += d));
  const stop = () =>
    new Promise<void>((resolve) => {
      if (child.exitCode !== null) return resolve();
      child.once("exit", () => resolve());
      child.kill("SIGTERM");
      setTimeout(() => child.kill("SIGKILL"), 5_000).unref();
    });
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the app exited with code ${child.exitCode}:\n${output}`);
    try {
      const res = await fetch(`${url}/api/health`);
      if (res.status === expectStatus) return { url, process: child, salida: () => output, stop };
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  await stop();
  throw new Error(`the app did not answer /api/health with ${expectStatus} within ${timeoutMs} ms:\n${output}`);
}

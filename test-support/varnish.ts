import { spawn } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { freePort } from "./app-server";

const ROOT = path.resolve(import.meta.dirname, "..");
/** The shared cache's configuration, as deployed. */
export const VCL = path.join(ROOT, "deploy", "varnish", "planazo.vcl");
/** Debian's varnishd (`.ci/run` installs the package when it is missing). */
const VARNISHD = "/usr/sbin/varnishd";

export interface Varnish {
  url: string;
  port: number;
  stop(): Promise<void>;
}

/** The VCL with its backend (the two lines marked "backend:") pointed at `host`:`port`. */
export function vclConBackend(vcl: string, { host, port }: { host: string; port: number }): string {
  const lineas: [RegExp, string][] = [
    [/\.host = "[^"]*"; # backend: host/g, `.host = "${host}"; # backend: host`],
    [/\.port = "[^"]*"; # backend: port/g, `.port = "${port}"; # backend: port`],
  ];
  for (const [linea] of lineas) {
    if (vcl.match(linea)?.length !== 1) throw new Error(`${VCL}: no single line matches ${linea}`);
  }
  return lineas.reduce((texto, [linea, nueva]) => texto.replace(linea, nueva), vcl);
}

/**
 * Starts Varnish with deploy/varnish/planazo.vcl in front of the server on `backendPort`, on a
 * free port, with its working folder and VCL copy in a temporary folder, and waits until it
 * answers. `-j none` keeps every process as the user that starts it: as root (CI) the default
 * jail would run the compiler and the cache as the `varnish` user, which cannot read a private
 * temporary folder. No grace by default (`default_grace=0`): only stale-while-revalidate gives
 * one. `stop()` ends it and removes the folder, and so does the process's exit if a test never
 * got there.
 */
export async function startVarnish({
  backendPort,
  backendHost = "127.0.0.1",
  port: puerto,
  memoria = "64m",
  timeoutMs = 30_000,
}: {
  backendPort: number;
  backendHost?: string;
  /** Its own port, when the app must know it first (PURGA_URL); a free one otherwise. */
  port?: number;
  /** The store's size (`-s malloc,<memoria>`): the load test keeps thousands of pages in it. */
  memoria?: string;
  timeoutMs?: number;
}): Promise<Varnish> {
  const dir = mkdtempSync(path.join(tmpdir(), "planazo-varnish-"));
  const vcl = path.join(dir, "planazo.vcl");
  writeFileSync(vcl, vclConBackend(readFileSync(VCL, "utf8"), { host: backendHost, port: backendPort }));
  const port = puerto ?? (await freePort());
  const url = `http://127.0.0.1:${port}`;
  const child = spawn(
    VARNISHD,
    [
      ...["-F", "-j", "none", "-n", path.join(dir, "trabajo")],
      ...["-a", `127.0.0.1:${port}`, "-f", vcl, "-s", `malloc,${memoria}`, "-p", "default_grace=0"],
    ],
    { stdio: ["ignore", "pipe", "pipe"] },
  );
  let output = "";
  child.stdout?.on("data", (d) => (output += d));
  child.stderr?.on("data", (d) => (output += d));
  child.on("error", (error) => (output += `${error}\n`));

  const stopNow = () => {
    if (child.exitCode === null && child.signalCode === null) child.kill("SIGKILL");
    rmSync(dir, { recursive: true, force: true });
  };
  process.once("exit", stopNow);
  const stop = () =>
    new Promise<void>((resolve) => {
      const done = () => {
        process.removeListener("exit", stopNow);
        rmSync(dir, { recursive: true, force: true });
        resolve();
      };
      if (child.exitCode !== null || child.signalCode !== null) return done();
      child.once("exit", done);
      // The manager stops its cache process on SIGTERM before it exits itself.
      child.kill("SIGTERM");
      setTimeout(() => child.kill("SIGKILL"), 5_000).unref();
    });

  // Ready when the VCL answers: a BAN without tags is refused (400) by Varnish itself, without
  // reaching the backend.
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null || child.signalCode !== null) break;
    try {
      const res = await fetch(url, { method: "BAN" });
      if (res.status === 400) return { url, port, stop };
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  await stop();
  throw new Error(`varnishd did not answer within ${timeoutMs} ms:\n${output}`);
}

/** Asks the cache at `url` to drop everything tagged with any of `etiquetas`, as the app does. */
export async function purgar(url: string, etiquetas: string[]): Promise<Response> {
  return fetch(`${url}/`, { method: "BAN", headers: { "X-Purga-Etiquetas": etiquetas.join("|") } });
}

import http from "node:http";
import { performance } from "node:perf_hooks";
import { CABECERA_CACHE } from "../../lib/paginas-publicas/cache";

/** The header a caching proxy in front (deploy/varnish/planazo.vcl) puts on each answer: HIT, MISS or PASS. */
export const CABECERA_PROXY = "x-cache";

/** One request the load generator makes: what kind it is (for the figures) and its path. */
export interface LoadRequest {
  kind: string;
  path: string;
  /** What else the figures may be split by, e.g. `{ towns: "city", radius: "50 km" }`. */
  tags?: Record<string, string>;
  /** Headers of this request, beside the run's. */
  headers?: Record<string, string>;
}

/** One answer (or failure) as measured by the load generator. */
export interface Sample {
  kind: string;
  path: string;
  tags?: Record<string, string>;
  /** When the request was sent and when its answer had fully arrived, in ms from `performance.timeOrigin`. */
  start: number;
  end: number;
  /** HTTP status, or 0 when no answer came (timeout, connection error). */
  status: number;
  /** `timeout` or the socket error's code, when status is 0. */
  failure?: string;
  /** The start of the body of an answer that was not 2xx/3xx, to check its message. */
  body?: string;
  /** Whether a plan page came from the page cache (its `x-planazo-cache` header: hit, miss), if it says. */
  cache?: string;
  /** Where a caching proxy in front took the answer from (its `X-Cache` header: HIT, MISS, PASS), if it says. */
  proxy?: string;
}

export const latency = (s: Sample) => s.end - s.start;
export const isError = (s: Sample) => s.status === 0 || s.status >= 400;

export interface LoadOptions {
  baseUrl: string;
  connections: number;
  durationMs: number;
  next: () => LoadRequest;
  /** A request still unanswered after this long is abandoned and counted as a timeout. */
  timeoutMs?: number;
  headers?: Record<string, string>;
}

/**
 * A closed-loop load generator: `connections` keep-alive connections, each sending its next
 * request as soon as the previous answer has fully arrived, for `durationMs`. Every answer is
 * timed on its own, so the figures can be split by kind (one autocannon run only gives totals).
 */
export async function runLoad({
  baseUrl,
  connections,
  durationMs,
  next,
  timeoutMs = 10_000,
  headers = {},
}: LoadOptions): Promise<Sample[]> {
  const url = new URL(baseUrl);
  const agent = new http.Agent({ keepAlive: true, maxSockets: connections });
  const samples: Sample[] = [];
  const deadline = performance.now() + durationMs;

  const one = (req: LoadRequest) =>
    new Promise<Sample>((resolve) => {
      const start = performance.now();
      let settled = false;
      const done = (s: Omit<Sample, "kind" | "path" | "tags" | "start" | "end">) => {
        if (settled) return;
        settled = true;
        resolve({ kind: req.kind, path: req.path, tags: req.tags, start, end: performance.now(), ...s });
      };
      const r = http.get(
        { agent, host: url.hostname, port: url.port, path: req.path, headers: { ...headers, ...req.headers } },
        (res) => {
          const status = res.statusCode ?? 0;
          const keep = status >= 400;
          const cache = res.headers[CABECERA_CACHE];
          const proxy = res.headers[CABECERA_PROXY];
          const chunks: Buffer[] = [];
          let size = 0;
          res.on("data", (c: Buffer) => {
            if (keep && size < 20_000) chunks.push(c);
            size += c.length;
          });
          res.on("end", () =>
            done({
              status,
              ...(typeof cache === "string" ? { cache } : {}),
              ...(typeof proxy === "string" ? { proxy } : {}),
              ...(keep ? { body: Buffer.concat(chunks).toString("utf8").slice(0, 20_000) } : {}),
            }),
          );
          res.on("error", (e: NodeJS.ErrnoException) => done({ status: 0, failure: e.code ?? e.message }));
        },
      );
      r.setTimeout(timeoutMs, () => {
        done({ status: 0, failure: "timeout" });
        r.destroy();
      });
      r.on("error", (e: NodeJS.ErrnoException) => done({ status: 0, failure: e.code ?? e.message }));
    });

  await Promise.all(
    Array.from({ length: connections }, async () => {
      while (performance.now() < deadline) {
        const s = await one(next());
        samples.push(s);
        // A refused connection answers at once: don't spin on it.
        if (s.status === 0 && s.failure !== "timeout") await new Promise((r) => setTimeout(r, 50));
      }
    }),
  );
  agent.destroy();
  return samples;
}

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

export interface Figures {
  count: number;
  reqPerSec: number;
  p50: number;
  p95: number;
  p99: number;
  max: number;
  errors: number;
  timeouts: number;
  statuses: Record<string, number>;
}

/** Throughput, latency percentiles and failures of some samples over `seconds`. */
export function figures(samples: Sample[], seconds: number): Figures {
  const sorted = samples.map(latency).sort((a, b) => a - b);
  const statuses: Record<string, number> = {};
  for (const s of samples) {
    const key = s.status === 0 ? (s.failure ?? "sin respuesta") : String(s.status);
    statuses[key] = (statuses[key] ?? 0) + 1;
  }
  return {
    count: samples.length,
    reqPerSec: samples.length / seconds,
    p50: percentile(sorted, 50),
    p95: percentile(sorted, 95),
    p99: percentile(sorted, 99),
    max: sorted.at(-1) ?? NaN,
    errors: samples.filter(isError).length,
    timeouts: samples.filter((s) => s.failure === "timeout").length,
    statuses,
  };
}

const ms = (n: number) => (Number.isNaN(n) ? "   -   " : `${n.toFixed(1).padStart(7)} ms`);

/** One printed line of figures. */
export function figuresLine(label: string, f: Figures): string {
  const statuses = Object.entries(f.statuses)
    .map(([k, v]) => `${k}×${v}`)
    .join(" ");
  return `${label.padEnd(16)} ${String(f.count).padStart(7)} req ${f.reqPerSec.toFixed(0).padStart(5)} req/s  p50 ${ms(f.p50)}  p95 ${ms(f.p95)}  p99 ${ms(f.p99)}  max ${ms(f.max)}  errors ${f.errors} (timeouts ${f.timeouts})  [${statuses}]`;
}

/** Groups samples by kind, in the order the kinds are given. */
export function byKind(samples: Sample[], kinds: string[]): [string, Sample[]][] {
  return kinds.map((k) => [k, samples.filter((s) => s.kind === k)]);
}

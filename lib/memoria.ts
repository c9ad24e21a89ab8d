import "server-only";
import { Session } from "node:inspector/promises";
import { performance } from "node:perf_hooks";

/** The V8 heap's size after the last compacting collection (the fill's, or one after a load). */
let heapTrasCompactar = 0;

/**
 * A full, compacting garbage collection, run once a large load is done (the search index's
 * fill). V8 sizes the heap by what was alive at its last collections: while the index fills,
 * each batch's text and rows are alive, and the old generation grows to hold them; after the
 * fill nothing asks V8 to shrink it, and at a million plans the process kept about twice what
 * it holds. The inspector's collection (in process: no port is opened) is V8's low-memory one,
 * which also compacts and gives the pages back, as `global.gc()` does not. Returns the
 * milliseconds it took. The heap it leaves is the mark compactarEnReposo measures growth from.
 */
export async function recogerBasura(): Promise<number> {
  const t = performance.now();
  const sesion = new Session();
  sesion.connect();
  try {
    await sesion.post("HeapProfiler.collectGarbage");
  } finally {
    sesion.disconnect();
  }
  heapTrasCompactar = process.memoryUsage().heapTotal;
  return performance.now() - t;
}

/** How long the process must have been quiet before a heap grown under load is compacted. */
const REPOSO_MS = 3_000;
/** Quiet: the event loop busy less than this share of a second (any request, not only searches). */
const USO_EN_REPOSO = 0.05;
/** How much the heap must have grown since the last compaction for one to be worth its pause. */
const CRECIMIENTO_BYTES = 64 * 1024 * 1024;
let mirando = false;

/**
 * Called on every search: once the process has been quiet for REPOSO_MS (its event loop busy
 * less than USO_EN_REPOSO of each second), and the heap has grown by CRECIMIENTO_BYTES since the
 * last compaction (the index's fill's included), a compacting collection gives the pages back.
 * Under load each search's garbage outlives the young generation (32 requests in flight keep
 * theirs alive across scavenges), the old generation grows by hundreds of megabytes, and V8 keeps
 * them reserved when the load stops. The pause (up to a second at a million plans) falls when the process serves
 * nothing; a request that arrives during it waits.
 */
export function compactarEnReposo({
  reposoMs = REPOSO_MS,
  crecimiento = CRECIMIENTO_BYTES,
  recoger = recogerBasura,
}: { reposoMs?: number; crecimiento?: number; recoger?: () => Promise<unknown> } = {}): void {
  if (mirando) return;
  mirando = true;
  const paso = Math.min(1_000, reposoMs);
  let desde = performance.eventLoopUtilization();
  let quieto = 0;
  const mirar = () => {
    const uso = performance.eventLoopUtilization(desde).utilization;
    desde = performance.eventLoopUtilization();
    quieto = uso < USO_EN_REPOSO ? quieto + paso : 0;
    if (quieto < reposoMs) {
      setTimeout(mirar, paso).unref();
      return;
    }
    mirando = false;
    if (process.memoryUsage().heapTotal < heapTrasCompactar + crecimiento) return;
    void recoger();
  };
  setTimeout(mirar, paso).unref();
}

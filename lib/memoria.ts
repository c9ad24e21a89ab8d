import "server-only";
import { Session } from "node:inspector/promises";

/**
 * A full, compacting garbage collection, run once a large load is done (the search index's
 * fill). V8 sizes the heap by what was alive at its last collections: while the index fills,
 * each batch's text and rows are alive, and the old generation grows to hold them; after the
 * fill nothing asks V8 to shrink it, and at a million plans the process kept about twice what
 * it holds. The inspector's collection (in process: no port is opened) is V8's low-memory one,
 * which also compacts and gives the pages back, as `global.gc()` does not. Returns the
 * milliseconds it took.
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
  return performance.now() - t;
}

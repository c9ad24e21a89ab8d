import { availableParallelism } from "node:os";
import type { TestProject } from "vitest/node";
import { startWorkers, type SharedResources, type WorkerResources } from "./test-support/workers";

declare module "vitest" {
  export interface ProvidedContext {
    /** Each worker's app, database, storage folder and app environment, by VITEST_POOL_ID. */
    workers: WorkerResources[];
    /** The migrated template with the gazetteer, for tests that make a scratch copy of it. */
    templateDatabaseUrl: string;
    cronSecret: string;
    googlePrivateJwk: string;
  }
}

/** How many workers run test files at once: TEST_WORKERS, else one per core. */
export function workerCount(): number {
  const n = Number(process.env.TEST_WORKERS);
  return Number.isInteger(n) && n > 0 ? n : availableParallelism();
}

// The integration and browser projects run in one Vitest process and share one set of workers:
// at any moment one worker id runs one file, whichever project it belongs to.
const key = Symbol.for("planazo.test-workers");
type Held = { started: ReturnType<typeof startWorkers>; users: number };
const holder = globalThis as unknown as Record<symbol, Held | undefined>;

async function sharedWorkers(): Promise<{ shared: SharedResources; release: () => Promise<void> }> {
  const held = (holder[key] ??= { started: startWorkers(workerCount()), users: 0 });
  held.users++;
  const { shared, stop } = await held.started;
  return {
    shared,
    release: async () => {
      if (--held.users === 0) {
        holder[key] = undefined;
        await stop();
      }
    },
  };
}

/** Global setup of the integration and browser projects (the unit project has none). */
export default async function setup(project: TestProject) {
  const { shared, release } = await sharedWorkers();
  project.provide("workers", shared.workers);
  project.provide("templateDatabaseUrl", shared.templateDatabaseUrl);
  project.provide("cronSecret", shared.cronSecret);
  project.provide("googlePrivateJwk", shared.googlePrivateJwk);
  return async () => {
    await release();
  };
}

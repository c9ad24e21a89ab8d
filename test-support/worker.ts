/**
 * The test side of test-support/workers.ts: the resources of the worker this file runs on
 * (VITEST_POOL_ID, 1 to the number of workers).
 */
import { inject } from "vitest";
import type { WorkerResources } from "./workers";

export function worker(): WorkerResources {
  const workers = inject("workers");
  const id = Number(process.env.VITEST_POOL_ID ?? "1");
  return workers[(id - 1) % workers.length];
}

/** The built app this file's worker started. */
export const appUrl = (): string => worker().baseUrl;

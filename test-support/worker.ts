/**
 * The test side of test-support/workers.ts: the resources of the worker this file runs on
 * (VITEST_POOL_ID, 1 to the number of workers).
 */
import { inject } from "vitest";
import type { WorkerResources } from "./workers";

/** This worker's entry of a list kept by worker id (VITEST_POOL_ID). */
export function ofThisWorker<T>(list: readonly T[]): T {
  const id = Number(process.env.VITEST_POOL_ID ?? "1");
  return list[(id - 1) % list.length];
}

export function worker(): WorkerResources {
  return ofThisWorker(inject("workers"));
}

/** The built app this file's worker started. */
export const appUrl = (): string => worker().baseUrl;

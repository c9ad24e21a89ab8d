/**
 * Whether PostgreSQL was found unreachable a moment ago, in this process. Set where a failure
 * is seen (an API error answer, a page's render error in instrumentation.ts) and read by
 * proxy.ts, which answers page requests with a quick Spanish 503 meanwhile instead of rendering
 * pages that will fail. While it is set, page requests ask PostgreSQL again through one shared
 * probe (registered at start-up, at most one at a time): the first answer clears the mark, so
 * pages come back as soon as the database does, like the API, instead of waiting out a pause
 * that every failure in between had renewed. Kept on globalThis because proxy, pages and route
 * handlers are separate bundles of one process. No imports: the proxy reads it cheaply.
 * (Whether one error means PostgreSQL is unreachable is `isDatabaseUnavailable` in lib/db/unavailable.ts.)
 */
const DOWN_UNTIL = Symbol.for("planazo.databaseDownUntil");
const PROBE = Symbol.for("planazo.databaseProbe");
const PROBE_RUNNING = Symbol.for("planazo.databaseProbeRunning");
/** Without a probe (scripts, tests of this module) the mark simply expires after this. */
const PAUSE_MS = 2_000;

type WithMark = typeof globalThis & {
  [DOWN_UNTIL]?: number;
  [PROBE]?: () => Promise<boolean>;
  [PROBE_RUNNING]?: Promise<boolean>;
};
const g = () => globalThis as WithMark;

export function markDatabaseDown(now = Date.now()): void {
  g()[DOWN_UNTIL] = now + PAUSE_MS;
}

/** The check the proxy runs while the mark is set: true when PostgreSQL answers again. */
export function registerDatabaseProbe(probe: () => Promise<boolean>): void {
  g()[PROBE] = probe;
}

/** Whether pages should be answered 503 now. */
export async function databaseMarkedDown(now = Date.now()): Promise<boolean> {
  const state = g();
  if ((state[DOWN_UNTIL] ?? 0) <= now) return false;
  const probe = state[PROBE];
  if (!probe) return true;
  state[PROBE_RUNNING] ??= probe()
    .catch(() => false)
    .finally(() => {
      state[PROBE_RUNNING] = undefined;
    });
  const up = await state[PROBE_RUNNING];
  if (up) state[DOWN_UNTIL] = 0;
  return !up;
}

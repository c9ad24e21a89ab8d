import { isDatabaseUnavailable } from "./outage";
import type { PrismaClient } from "./client";

/**
 * Which server answers a public read when DATABASE_READ_URL names a streaming replica (a hot
 * standby) of the primary, DATABASE_URL. The same rules as Rails' and GitLab's database load
 * balancing, with PostgreSQL's WAL positions (LSNs):
 *
 * - Read-your-writes. After a change, the primary's WAL insert position is remembered for that
 *   person (lib/db/index.ts: a cookie, or a row for a bearer token); their reads use the replica
 *   only once it has replayed that position (`pg_last_wal_replay_lsn()`), and the primary before.
 * - Bounded staleness for everyone else. Each probe also samples the primary's position; the
 *   replica holds every commit made before the last sample it has replayed. When that instant is
 *   more than DATABASE_READ_MAX_LAG ago, every read goes to the primary (replay stuck or paused,
 *   or a replica that lost its primary). Measured against the primary, not with the replica's
 *   own `now() - pg_last_xact_replay_timestamp()`, which cannot tell an idle primary from a
 *   stuck replay.
 * - A circuit breaker. A replica that cannot be reached (a probe or a query fails to connect)
 *   is left alone for BREAKER_MS; then one probe in the background asks again, and reads come
 *   back to it once that probe finds it caught up. A query that fails on the replica for that
 *   reason, or is cancelled by a conflict with recovery, is run again on the primary, so a
 *   replica going down is never an error answer.
 *
 * Deciding never waits: the last probe's answer is used, and a request that finds it older
 * than REFRESH_MS starts the next probe in the background (at most one at a time per process).
 * An old answer only errs towards the primary: the replica's position and the instant it is
 * fresh since can only have moved forward since.
 */

/** A probe's answer serves this long; then the next request starts another. */
export const REFRESH_MS = 50;
/** How long a replica that could not be reached is left alone before a probe asks again. */
export const BREAKER_MS = 2_000;
/** Pending samples kept at most (a replica that stays behind would otherwise grow them without end). */
const MAX_PENDING = 1_000;

/** A WAL position as PostgreSQL writes it ("16/B374D848") as a number, or null when it is not one. */
export function parseLsn(text: string | null | undefined): bigint | null {
  const m = /^([0-9A-F]{1,8})\/([0-9A-F]{1,8})$/i.exec(text?.trim() ?? "");
  return m ? (BigInt(`0x${m[1]}`) << 32n) | BigInt(`0x${m[2]}`) : null;
}

/**
 * The primary's WAL insert position: past the end of every commit made before it, even one
 * with `synchronous_commit = off` whose WAL is not yet written (`pg_current_wal_lsn()`, the
 * write position, could still be before it).
 */
export const PRIMARY_POSITION_SQL = "pg_current_wal_insert_lsn()";

export interface ReplicaOptions {
  /** How far behind the replica may be, in milliseconds, before reads go to the primary. */
  maxLagMs: number;
  now?: () => number;
}

export class ReplicaRouter {
  /** The replica's replay position at the last probe. */
  private replayed: bigint | null = null;
  /** The replica holds every commit made before this instant. */
  private freshSince = -Infinity;
  /** Primary positions sampled (and when) that the replica had not replayed yet, oldest first. */
  private pending: { at: number; lsn: bigint }[] = [];
  private probedAt = -Infinity;
  private downUntil = 0;
  private probing: Promise<void> | null = null;
  private readonly now: () => number;

  constructor(
    private readonly primary: PrismaClient,
    private readonly replica: PrismaClient,
    private readonly options: ReplicaOptions,
  ) {
    this.now = options.now ?? Date.now;
  }

  /**
   * Whether the replica may answer a read now: reachable, at most maxLag behind, and, for a
   * person whose last change is at WAL position `needs`, past it.
   */
  usable(needs: bigint | null = null): boolean {
    const now = this.now();
    if (now < this.downUntil) return false;
    if (now - this.probedAt >= REFRESH_MS) this.refresh();
    if (now - this.freshSince > this.options.maxLagMs) return false;
    return needs === null || (this.replayed !== null && this.replayed >= needs);
  }

  /** The replica could not be reached: reads go to the primary for BREAKER_MS, then it is probed again. */
  markDown(): void {
    this.downUntil = this.now() + BREAKER_MS;
    // Nothing known holds any more: only a probe that finds it caught up brings reads back.
    this.replayed = null;
    this.freshSince = -Infinity;
    this.pending = [];
  }

  /** The next probe, or the one under way: for tests and for a caller that wants a fresh answer. */
  refresh(): Promise<void> {
    this.probing ??= this.probe().finally(() => {
      this.probing = null;
    });
    return this.probing;
  }

  private async probe(): Promise<void> {
    const at = this.now();
    this.probedAt = at;
    // The primary first: a replica position read after it that is past it proves the replica
    // holds everything committed before `at`.
    const primary = await this.primary
      .$queryRawUnsafe<{ lsn: string }[]>(`SELECT ${PRIMARY_POSITION_SQL}::text AS lsn`)
      .then((rows) => parseLsn(rows[0]?.lsn))
      .catch(() => null);
    let replayed: bigint | null;
    try {
      // A server that is not a standby (DATABASE_READ_URL naming the primary itself) is as
      // fresh as its own insert position.
      const [row] = await this.replica.$queryRaw<{ lsn: string | null }[]>`
        SELECT (CASE WHEN pg_is_in_recovery() THEN pg_last_wal_replay_lsn() ELSE pg_current_wal_insert_lsn() END)::text AS lsn`;
      replayed = parseLsn(row?.lsn) ?? 0n;
    } catch {
      this.markDown();
      return;
    }
    if (primary !== null) {
      if (this.pending.length >= MAX_PENDING) this.pending.pop();
      this.pending.push({ at, lsn: primary });
    }
    this.replayed = replayed;
    while (this.pending.length > 0 && this.pending[0].lsn <= replayed) {
      this.freshSince = Math.max(this.freshSince, this.pending.shift()!.at);
    }
  }
}

/** PostgreSQL cancelled a standby's query because replay had to remove rows it was reading. */
function conflictWithRecovery(error: unknown): boolean {
  for (let e: unknown = error, depth = 0; e && depth < 6; depth++) {
    const { code, originalCode, cause, meta } = e as {
      code?: unknown;
      originalCode?: unknown;
      cause?: unknown;
      meta?: { driverAdapterError?: unknown };
    };
    if (code === "40001" || originalCode === "40001") return true;
    e = cause ?? meta?.driverAdapterError;
  }
  return false;
}

type Delegate = Record<string, (args: unknown) => Promise<unknown>>;

/** The same operation, on the primary. */
function onPrimary(primary: PrismaClient, model: string | undefined, operation: string, args: unknown) {
  const client = primary as unknown as Record<string, unknown>;
  if (model) return (client[model[0].toLowerCase() + model.slice(1)] as Delegate)[operation](args);
  const method = client[operation] as (...a: unknown[]) => Promise<unknown>;
  // $queryRaw gets the tagged template's Sql object; the *Unsafe methods their argument list.
  return Array.isArray(args) ? method.apply(primary, args) : method.call(primary, args);
}

/**
 * The replica's client as reads use it: a query it cannot answer because it is unreachable
 * (which opens the breaker) or because replay cancelled it is run again on the primary.
 */
export function replicaWithFallback(replica: PrismaClient, primary: PrismaClient, router: ReplicaRouter): PrismaClient {
  return replica.$extends({
    query: {
      async $allOperations({ model, operation, args, query }) {
        try {
          return await query(args);
        } catch (error) {
          if (isDatabaseUnavailable(error)) router.markDown();
          else if (!conflictWithRecovery(error)) throw error;
          return onPrimary(primary, model, operation, args);
        }
      },
    },
  }) as unknown as PrismaClient;
}

-- Issue 17, read replica: read-your-writes for bearer-token clients, which keep no cookies.
-- After a change through the API, the primary's WAL position then, by the token's sha256; that
-- client's public reads use the replica only once it has replayed it (lib/db/index.ts). Only the
-- primary reads it and a row matters for DATABASE_READ_MAX_LAG seconds, so UNLOGGED: no WAL to
-- write or replicate, and emptied by a crash, which only sends reads to the primary a moment.
CREATE UNLOGGED TABLE "read_your_writes" (
    "token_hash" TEXT NOT NULL,
    "lsn" TEXT NOT NULL,
    "expires_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "read_your_writes_pkey" PRIMARY KEY ("token_hash")
);

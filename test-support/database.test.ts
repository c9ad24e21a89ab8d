import { describe, expect, it } from "vitest";
import { query } from "./database";

describe("query: the connections kept per database", () => {
  it("forget what a statement set for its session before the next query", async () => {
    const url = process.env.DATABASE_URL!;
    await query(url, "SET session_replication_role = replica; SELECT 1");
    await query(url, "set  statement_timeout TO 1234");
    // Sequential queries reuse the connection that was just released (the pool's last idle one).
    const [{ rol, espera }] = await query<{ rol: string; espera: string }>(
      url,
      "SELECT current_setting('session_replication_role') AS rol, current_setting('statement_timeout') AS espera",
    );
    expect({ rol, espera }).toEqual({ rol: "origin", espera: "0" });
    // What lasts only for its transaction, or only changes rows, keeps the connection as it was.
    await query(url, "BEGIN; SET LOCAL session_replication_role = replica; SELECT 1; COMMIT");
    expect(await query(url, "SELECT current_setting('session_replication_role') AS rol")).toEqual([{ rol: "origin" }]);
  });
});

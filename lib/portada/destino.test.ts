import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { query } from "@/test-support/database";
import { insertUser } from "@/test-support/plans";
import { cookieDeSesionSql } from "@/test-support/users";
import { appUrl } from "@/test-support/worker";

const db = () => process.env.DATABASE_URL!;

describe("where the home starts a signed-in person", () => {
  let usuarioId: string;

  beforeAll(async () => {
    usuarioId = await insertUser();
    // Two follows: Frontera comes first in the person's list (by name), whatever the order they were made in.
    await query(
      db(),
      `INSERT INTO seguimiento (usuario_id, municipio_ine, radio, confirmado_en)
       VALUES ($1, '38049', 50, now()), ($1, '38013', 20, now())`,
      [usuarioId],
    );
  });
  afterAll(async () => {
    await query(db(), "DELETE FROM seguimiento WHERE usuario_id = $1", [usuarioId]);
  });

  it("starts a signed-in person with no remembered place at the first town they follow", async () => {
    const { name, value } = await cookieDeSesionSql(usuarioId);
    const res = await fetch(`${appUrl()}/`, { headers: { Cookie: `${name}=${value}` }, redirect: "manual" });
    expect(res.status).toBe(307);
    const destino = new URL(res.headers.get("location")!, appUrl());
    expect(destino.searchParams.get("municipio")).toBe("Frontera");
    expect(destino.searchParams.get("radio")).toBe("20");
  });
});

import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { query } from "@/test-support/database";
import { launchBrowser, captura } from "@/test-support/browser";
import { contextoConectado } from "@/test-support/session-context";
import { confirmedUser } from "@/test-support/users";
import { appUrl } from "@/test-support/worker";

const db = () => process.env.DATABASE_URL!;
// A town no other test puts plans near: its followers, on made-up servers, are never sent to.
const FORMENTERA = "municipios/07024";

describe("the fediverse's back-office in Chromium", () => {
  let browser: Browser;
  const sufijo = Date.now().toString(36);
  beforeAll(async () => {
    browser = await launchBrowser();
    await query(
      db(),
      `INSERT INTO federacion_seguidor (actor, seguidor, bandeja, dominio)
       SELECT $1, 'https://mastodon-' || $2 || '.example/users/vecina' || i,
              'https://mastodon-' || $2 || '.example/users/vecina' || i || '/inbox', 'mastodon-' || $2 || '.example'
       FROM generate_series(1, 3) i`,
      [FORMENTERA, sufijo],
    );
  });
  afterAll(async () => {
    await browser?.close();
    await query(db(), "DELETE FROM federacion_seguidor WHERE dominio = $1", [`mastodon-${sufijo}.example`]);
  });

  const seguidores = async () =>
    (
      await query<{ n: number }>(db(), "SELECT count(*)::int AS n FROM federacion_seguidor WHERE actor = $1", [
        FORMENTERA,
      ])
    )[0].n;

  it("asks once more before an admin deletes a town's follower list, on a phone, and Cancelar keeps it", async () => {
    const admin = await confirmedUser("Admin del fediverso");
    await query(db(), "UPDATE usuario SET rol = 'admin' WHERE id = $1", [admin.id]);
    const ctx = await contextoConectado(browser, admin);
    const page = await ctx.newPage();
    await page.goto(`${appUrl()}/gestion/federacion`);
    const fila = page.locator("li", { has: page.getByRole("heading", { name: "Formentera" }) });
    await expect(fila.textContent()).resolves.toContain("3 seguidores");

    await fila.getByRole("button", { name: "Borrar los seguidores de Formentera" }).click();
    const pregunta = fila.getByRole("group", { name: "Borrar los seguidores de Formentera" });
    await expect(pregunta.textContent()).resolves.toContain(
      "Se borrarán los 3 seguidores de Formentera: dejarán de recibir sus planes hasta que vuelvan a seguirla.",
    );
    await captura(page, "gestion-federacion-confirmar-390", { fullPage: true });
    await pregunta.getByRole("button", { name: "Cancelar" }).click();
    expect(await seguidores()).toBe(3);

    await fila.getByRole("button", { name: "Borrar los seguidores de Formentera" }).click();
    await pregunta.getByRole("button", { name: "Borrar seguidores" }).click();
    await page.getByRole("status").filter({ hasText: "Se han borrado los 3 seguidores de Formentera." }).waitFor();
    expect(await seguidores()).toBe(0);
    await ctx.close();
  });
});

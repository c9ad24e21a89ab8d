import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { query } from "@/test-support/database";
import { contextoConectado } from "@/test-support/session-context";
import { confirmedUser } from "@/test-support/users";
import { launchBrowser, captura } from "@/test-support/browser";
import { appUrl } from "@/test-support/worker";

const db = () => process.env.DATABASE_URL!;
const unico = () => Math.random().toString(36).slice(2, 7);

describe("the back-office's leads and failed e-mails in Chromium", () => {
  let browser: Browser;
  let moderadora: Awaited<ReturnType<typeof confirmedUser>>;
  beforeAll(async () => {
    browser = await launchBrowser();
    moderadora = await confirmedUser("Moderadora de contactos");
    await query(db(), "UPDATE usuario SET rol = 'moderador' WHERE id = $1", [moderadora.id]);
  });
  afterAll(async () => {
    await browser?.close();
  });

  const sinDesbordar = (page: Page, ancho: number) =>
    expect(page.evaluate(() => [document.documentElement.scrollWidth, window.innerWidth])).resolves.toEqual([
      ancho,
      ancho,
    ]);

  it.each([
    [390, 844],
    [1280, 800],
  ])(
    "marks a lead contacted and exports the CSV at %i px",
    async (ancho, alto) => {
      const nombre = `Rocío Satélite ${unico()}`;
      await query(db(), "INSERT INTO solicitud_informacion (nombre, telefono) VALUES ($1, '+34 699 111 222')", [
        nombre,
      ]);
      // The form's name is optional (spec §3): a lead without one still gets a readable heading.
      await query(db(), "INSERT INTO solicitud_informacion (nombre, telefono) VALUES ('', '600 222 333')");
      const ctx = await contextoConectado(browser, moderadora, { ancho, alto });
      const page = await ctx.newPage();
      await page.goto(`${appUrl()}/gestion`);
      await page.getByRole("link", { name: /contactos de Eurona nuevos/ }).click();
      await page.waitForURL(/\/gestion\/contactos$/);
      await expect(page.getByRole("heading", { level: 1 }).textContent()).resolves.toBe("Contactos de Eurona");
      const fila = page.locator("li", { has: page.getByRole("heading", { name: nombre }) });
      await expect(fila.getByRole("link", { name: "+34 699 111 222" }).getAttribute("href")).resolves.toBe(
        "tel:+34699111222",
      );
      await expect(
        page
          .locator("li", { has: page.getByRole("link", { name: "600 222 333" }) })
          .first()
          .getByRole("heading")
          .textContent(),
      ).resolves.toBe("Sin nombre");
      await sinDesbordar(page, ancho);
      await captura(page, `gestion-contactos-${ancho}`, { fullPage: true });

      // The export is a download, UTF-8 with its BOM, with this lead in it.
      const [descarga] = await Promise.all([
        page.waitForEvent("download"),
        page.getByRole("link", { name: "Exportar CSV" }).click(),
      ]);
      expect(descarga.suggestedFilename()).toMatch(/^contactos-eurona-\d{4}-\d{2}-\d{2}\.csv$/);
      const bytes = Buffer.concat(await (await descarga.createReadStream()).toArray());
      expect(Array.from(bytes.subarray(0, 3))).toEqual([0xef, 0xbb, 0xbf]);
      expect(bytes.toString("utf8")).toContain(`${nombre};'+34 699 111 222;`);

      await fila.getByRole("button", { name: `Marcar como contactado a ${nombre}` }).click();
      // The list of new leads is read again: this one has gone to 'Contactados'.
      await expect.poll(() => page.getByRole("heading", { name: nombre }).count()).toBe(0);
      await expect(
        query(db(), "SELECT contactado_por FROM solicitud_informacion WHERE nombre = $1", [nombre]),
      ).resolves.toEqual([{ contactado_por: moderadora.correo }]);
      await page.getByRole("link", { name: "Contactados" }).click();
      await page.waitForURL(/estado=contactados/);
      await expect(
        page.locator("li", { has: page.getByRole("heading", { name: nombre }) }).textContent(),
      ).resolves.toContain(`Contactado por ${moderadora.correo}`);
      await captura(page, `gestion-contactados-${ancho}`, { fullPage: true });
      await ctx.close();
    },
    60_000,
  );

  it.each([
    [390, 844],
    [1280, 800],
  ])(
    "retries a failed e-mail at %i px, showing its error but never its body",
    async (ancho, alto) => {
      const asunto = `Restablece tu contraseña ${unico()}`;
      await query(
        db(),
        `INSERT INTO email_outbox ("to", subject, text, html, attempts, last_error, next_attempt_at)
       VALUES ('destinataria@example.com', $1, 'https://planazo.es/restablecer-password/token-secreto', 'x', 4, 'Resend 422: The "to" address is not valid (destinataria@example.com)', now() + interval '3 hours')`,
        [asunto],
      );
      const ctx = await contextoConectado(browser, moderadora, { ancho, alto });
      const page = await ctx.newPage();
      await page.goto(`${appUrl()}/gestion`);
      await page.getByRole("link", { name: /correos que no se han podido enviar/ }).click();
      await page.waitForURL(/\/gestion\/correos\?estado=fallidos$/);
      const fila = page.locator("li", { has: page.getByRole("heading", { name: asunto }) });
      await expect(fila.textContent()).resolves.toContain("4 intentos");
      await expect(fila.textContent()).resolves.toContain("Último error: Resend 422");
      await expect(page.locator("main").textContent()).resolves.not.toContain("token-secreto");
      await sinDesbordar(page, ancho);
      await captura(page, `gestion-correos-${ancho}`, { fullPage: true });

      await fila.getByRole("button", { name: `Reintentar «${asunto}» para destinataria@example.com` }).click();
      await expect
        .poll(
          async () =>
            (
              await query<{ sent_at: Date | null }>(db(), "SELECT sent_at FROM email_outbox WHERE subject = $1", [
                asunto,
              ])
            )[0].sent_at,
          { timeout: 10_000 },
        )
        .not.toBeNull();
      await page.reload();
      await expect(page.getByRole("heading", { name: asunto }).count()).resolves.toBe(0);
      await ctx.close();
    },
    60_000,
  );
});

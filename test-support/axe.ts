import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import type { Page } from "playwright-core";
import { expect } from "vitest";

export const AXE = readFileSync(createRequire(import.meta.url).resolve("axe-core/axe.min.js"), "utf8");

/**
 * Axe finds nothing on the page; a failure lists each rule with the elements it flagged. It
 * first lets a page that a client refresh (router.refresh() after a back-office action) is
 * re-rendering put its <title> back: Next.js streams a refreshed page's metadata after its body,
 * so axe run in between would find no title. A page that never gets one still fails, after 5 s.
 *
 * Axe is loaded into every frame of the document once (our frames are all of this origin: the
 * tests' Chromium resolves no other host) and runs from the top frame over all of them. Only the
 * violations come back with their elements: every rule still runs, but the details of the
 * thousands of elements that pass are neither built nor sent.
 */
export async function sinViolaciones(page: Page, donde: string = page.url()): Promise<void> {
  await page.waitForFunction(() => document.title.trim() !== "", undefined, { timeout: 5_000 }).catch(() => {});
  for (const frame of page.frames()) {
    if (!(await frame.evaluate(() => "axe" in window))) await frame.evaluate(AXE);
  }
  const violaciones = await page.evaluate(async () => {
    const { axe } = window as unknown as {
      axe: {
        run(
          contexto: Document,
          opciones: object,
        ): Promise<{ violations: { id: string; nodes: { target: string[] }[] }[] }>;
      };
    };
    const r = await axe.run(document, { resultTypes: ["violations"] });
    return r.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`);
  });
  expect(violaciones, donde).toEqual([]);
}

import AxeBuilder from "@axe-core/playwright";
import type { Page } from "playwright-core";
import { expect } from "vitest";

/**
 * Axe finds nothing on the page; a failure lists each rule with the elements it flagged. It
 * first lets a page that a client refresh (router.refresh() after a back-office action) is
 * re-rendering put its <title> back: Next.js streams a refreshed page's metadata after its body,
 * so axe run in between would find no title. A page that never gets one still fails, after 5 s.
 *
 * Axe runs in the page itself (axe.run, "legacy mode"), its own frames included. The default
 * runs a part in each frame and finishes in a new blank tab, where axe is loaded a second time:
 * the same checks for about twice the CPU. What it adds is frames of another origin, and no
 * page checked with axe has one (the tests' Chromium resolves no host but the app's).
 */
export async function sinViolaciones(page: Page, donde: string = page.url()): Promise<void> {
  await page.waitForFunction(() => document.title.trim() !== "", undefined, { timeout: 5_000 }).catch(() => {});
  const r = await new AxeBuilder({ page }).setLegacyMode().analyze();
  expect(
    r.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`),
    donde,
  ).toEqual([]);
}

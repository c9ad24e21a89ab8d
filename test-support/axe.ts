import AxeBuilder from "@axe-core/playwright";
import type { Page } from "playwright-core";
import { expect } from "vitest";

/** Axe finds nothing on the page; a failure lists each rule with the elements it flagged. */
export async function sinViolaciones(page: Page, donde: string = page.url()): Promise<void> {
  const r = await new AxeBuilder({ page }).analyze();
  expect(
    r.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`),
    donde,
  ).toEqual([]);
}

import { BaseSequencer, type TestSpecification } from "vitest/node";

/**
 * Vitest's order (slowest or largest first) within each project, with the integration files
 * before the browser files (Vitest would order the projects by name): the demo seed's test,
 * the longest integration file, then starts with the first files instead of being the last
 * one left running while the other workers idle, and the run ends on short browser files.
 */
export class IntegrationFirst extends BaseSequencer {
  async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const rank = (f: TestSpecification) => (f.project.name === "browser" ? 1 : 0);
    return sorted
      .map((f, i) => ({ f, i }))
      .sort((a, b) => rank(a.f) - rank(b.f) || a.i - b.i)
      .map(({ f }) => f);
  }
}

import path from "node:path";
import { defineConfig } from "vitest/config";
import { IntegrationFirst } from "./test-support/sequencer";
import { workerCount } from "./vitest.global-setup";

/**
 * Three projects, by what their files need:
 * - unit: nothing but Node (files named *.unit.test.ts); runs while the app builds;
 * - integration: PostgreSQL and the built app (every other *.test.ts outside e2e/);
 * - browser: also Chromium (e2e/).
 * Files run in parallel, one per worker; each worker of the last two has its own database,
 * storage folder, app and Chromium (vitest.global-setup.ts, test-support/workers.ts).
 */
export default defineConfig({
  resolve: {
    alias: {
      "@": path.resolve(import.meta.dirname),
      // `server-only` throws outside React Server Components; tests run server code directly.
      "server-only": path.resolve(import.meta.dirname, "test-support/server-only.ts"),
    },
  },
  test: {
    environment: "node",
    maxWorkers: workerCount(),
    sequence: { sequencer: IntegrationFirst },
    testTimeout: 30_000,
    // A poll waits for the app or the browser, which on a busy 2-core CI machine can take
    // seconds rather than Vitest's default 1 s; a poll that never succeeds still fails.
    expect: { poll: { timeout: 10_000 } },
    hookTimeout: 180_000,
    reporters: [
      "default",
      ["json", { outputFile: process.env.VITEST_JSON ?? ".data/vitest-results.json" }],
      // Each file's time with its hooks, for the test command's list of the slowest files.
      "./test-support/tiempos.ts",
    ],
    projects: [
      {
        extends: true,
        test: {
          name: "unit",
          include: ["**/*.unit.test.ts"],
          exclude: ["node_modules/**", ".next/**", ".data/**"],
          isolate: false,
        },
      },
      {
        extends: true,
        test: {
          name: "integration",
          include: ["**/*.test.ts"],
          exclude: ["node_modules/**", ".next/**", ".data/**", "e2e/**", "**/*.unit.test.ts"],
          isolate: false,
          globalSetup: ["./vitest.global-setup.ts"],
          setupFiles: ["./test-support/worker-setup.ts"],
        },
      },
      {
        extends: true,
        test: {
          name: "browser",
          include: ["e2e/**/*.test.ts"],
          isolate: false,
          globalSetup: ["./vitest.global-setup.ts"],
          setupFiles: ["./test-support/worker-setup.ts"],
        },
      },
    ],
  },
});

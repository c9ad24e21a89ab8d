import path from "node:path";
import { defineConfig } from "vitest/config";

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
    include: ["**/*.test.ts"],
    exclude: ["node_modules/**", ".next/**", ".data/**"],
    globalSetup: ["./vitest.global-setup.ts"],
    // Files share one database and one app server: run them one at a time so a test can
    // assert on global state (no orphan files, unchanged rows) without racing another file.
    fileParallelism: false,
    testTimeout: 30_000,
    hookTimeout: 180_000,
    reporters: ["default", ["json", { outputFile: ".data/vitest-results.json" }]],
  },
});

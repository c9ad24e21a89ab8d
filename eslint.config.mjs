import { defineConfig, globalIgnores } from "eslint/config";
import nextVitals from "eslint-config-next/core-web-vitals";
import nextTs from "eslint-config-next/typescript";

export default defineConfig([
  ...nextVitals,
  ...nextTs,
  {
    // Every link keeps the reader's language (components/idioma/Enlace.tsx).
    files: ["app/**/*.tsx", "components/**/*.tsx"],
    ignores: ["components/idioma/Enlace.tsx"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          paths: [
            { name: "next/link", message: "Import Link from components/idioma/Enlace, which keeps the language." },
          ],
        },
      ],
    },
  },
  {
    // lib/schemas.ts configures zod (Spanish default message) before any request schema exists.
    files: ["lib/*/schemas.ts", "app/api/**/*.ts"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          paths: [
            { name: "zod", message: "Import z from lib/schemas.ts, which gives zod the catalogue's default message." },
          ],
        },
      ],
    },
  },
  {
    // Code that renders nothing (tests, scripts, the seed): the React Compiler's rules, which
    // analyse every function of every file, have no component or hook to check there.
    files: ["**/*.test.ts", "e2e/**", "scripts/**", "test-support/**", "prisma/**", "lib/**/*.ts"],
    rules: Object.fromEntries(
      [
        "static-components",
        "use-memo",
        "preserve-manual-memoization",
        "incompatible-library",
        "immutability",
        "globals",
        "refs",
        "set-state-in-effect",
        "error-boundaries",
        "purity",
        "set-state-in-render",
        "unsupported-syntax",
        "config",
        "gating",
      ].map((r) => [`react-hooks/${r}`, "off"]),
    ),
  },
  globalIgnores([
    ".next/**",
    "node_modules/**",
    ".data/**",
    "storage/**",
    "lib/generated/**",
    "next-env.d.ts",
    "scripts/gazetteer/**",
  ]),
]);

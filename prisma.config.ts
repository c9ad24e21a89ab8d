import { defineConfig } from "prisma/config";

// Migrations are applied by scripts/migrate.ts (see DESIGN.md), never by `prisma migrate`:
// the CLI's schema engine cannot be installed on our machines. The URL is only for tools
// that read it; generation needs no database.
export default defineConfig({
  schema: "prisma/schema.prisma",
  migrations: { path: "prisma/migrations", seed: "tsx prisma/seed.ts" },
  datasource: { url: process.env.DATABASE_URL ?? "postgresql://localhost/planazo" },
});

import { defineConfig } from "prisma/config";

// Only `prisma generate` runs here; migrations are plain SQL applied by lib/db/migrate.mjs.
export default defineConfig({
  schema: "prisma/schema.prisma",
  migrations: { path: "prisma/migrations" },
});

import { defineConfig } from "drizzle-kit";

// drizzle-kit only writes the SQL; `wrangler d1 migrations apply` runs it.
export default defineConfig({
  dialect: "sqlite",
  schema: "./app/server/db/schema.ts",
  out: "./migrations",
});

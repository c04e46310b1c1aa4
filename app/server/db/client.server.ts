import { drizzle } from "drizzle-orm/d1";
import * as schema from "./schema";

/** Created per request: D1 is a binding of the request's environment, never a module global. */
export function database(d1: D1Database) {
  return drizzle(d1, { schema });
}

export type Database = ReturnType<typeof database>;

import { and, eq, notExists, sql } from "drizzle-orm";
import { alias, QueryBuilder } from "drizzle-orm/sqlite-core";
import { references } from "~/server/db/schema";
import { renditionsReady } from "~/server/images/renditions.server";

/*
 * Which reference pictures a public page may offer, in one place for the gallery, the home page
 * and the gallery's category chips (decision 016).
 */

/** The same table under another name, for the other picture of a before/after pair. */
export const pairedPictures = alias(references, "paired_pictures");

/** Builds subqueries for SQL conditions that are written once at module level, without a database at hand. */
export const subqueries = new QueryBuilder();

/**
 * SQL condition: a public page may offer the picture. Its renditions exist (decision 011), and it
 * is nobody's "Vorher-Bild": a before picture appears only inside its pair's comparison.
 */
export const onPublicPages = and(
  renditionsReady(references),
  notExists(subqueries.select({ one: sql`1` }).from(pairedPictures).where(eq(pairedPictures.beforeId, references.id))),
);

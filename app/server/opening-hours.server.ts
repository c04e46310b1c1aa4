import { eq } from "drizzle-orm";
import { z } from "zod";
import {
  DEFAULT_OPENING_HOURS,
  type OpeningHours,
  WEEKDAYS,
} from "~/lib/opening-hours";
import type { Database } from "~/server/db/client.server";
import { openingHours } from "~/server/db/schema";
import { requiredText } from "~/server/validation.server";
import { OPENING_HOURS_MAX_LENGTH } from "~/lib/limits";

const SINGLE_ROW_ID = 1;

export const openingHoursInput = z.object(
  Object.fromEntries(WEEKDAYS.map(({ key, label }) => [key, requiredText(label, OPENING_HOURS_MAX_LENGTH)])) as Record<
    keyof OpeningHours,
    ReturnType<typeof requiredText>
  >,
  { required_error: "Die Öffnungszeiten fehlen.", invalid_type_error: "Die Öffnungszeiten fehlen." },
);

export async function getOpeningHours(db: Database): Promise<OpeningHours> {
  const row = await db.select().from(openingHours).where(eq(openingHours.id, SINGLE_ROW_ID)).get();
  if (!row) return DEFAULT_OPENING_HOURS;
  return Object.fromEntries(WEEKDAYS.map(({ key }) => [key, row[key]])) as OpeningHours;
}

export async function saveOpeningHours(db: Database, hours: OpeningHours): Promise<OpeningHours> {
  const values = { ...hours, updatedAt: new Date() };
  await db
    .insert(openingHours)
    .values({ id: SINGLE_ROW_ID, ...values })
    .onConflictDoUpdate({ target: openingHours.id, set: values });
  return hours;
}

import { and, asc, eq, gte, isNotNull, isNull, lt, sql } from "drizzle-orm";
import { z } from "zod";
import { addDays, formatAppointment, formatCustomerTime, parseDateTime, workshopDate, workshopInstant } from "~/lib/dates";
import { formatReference } from "~/lib/enquiry";
import { MAX_PROPOSALS, PROPOSAL_MAX_DAYS_AHEAD } from "~/lib/enquiry-progress";
import { dayPlan, type Schedule, weekdayLabel } from "~/lib/open-status";
import { CUSTOMER_MESSAGE_MAX_LENGTH } from "~/lib/quote";
import { HttpError } from "~/server/base/errors.server";
import { isPlainText, newId, PLAIN_TEXT_MESSAGE, type Validated } from "~/server/base/validation.server";
import { type Database, readOnce } from "~/server/db/client.server";
import { appointmentSlots, customerMessages, enquiries } from "~/server/db/schema";
import { type Actor, previousChanged, rowExists } from "../activity-log.server";
import { type Mailers, tellCustomer } from "./customer-mail.server";
import { type Enquiry, getEnquiry } from "./enquiries.server";
import { sendWorkshopNote } from "./enquiry-mail.server";
import { answerStatements, type EnquiryRef, keepsAnswers, stepStatements } from "./enquiry-progress.server";
import { currentJob, refuseUnless } from "./job-flow.server";
import { scheduleRead } from "../opening-hours.server";

/*
 * The job's dates (decision 021): staff propose up to three times to bring the car, inside the
 * opening hours the site already knows (the week, Sonderzeiten, NRW holidays); the customer picks
 * one or answers "Keiner passt" on the status page; staff mark the car "fertig" for pick-up.
 */

const wallClock = new Intl.DateTimeFormat("en-GB", { timeZone: "Europe/Berlin", hour: "2-digit", minute: "2-digit", hourCycle: "h23" });

/**
 * Why a drop-off at `instant` cannot be proposed, or null. A day whose hours the site cannot read
 * as times ("nach Vereinbarung") is the workshop's to judge, so any time of it is taken.
 */
export function slotProblem(schedule: Schedule, instant: Date, now: Date): string | null {
  const when = formatAppointment(instant);
  if (instant.getTime() <= now.getTime()) return `${when} liegt in der Vergangenheit.`;
  if (workshopDate(instant) > addDays(workshopDate(now), PROPOSAL_MAX_DAYS_AHEAD)) return `${when} liegt mehr als ein Jahr voraus.`;
  const plan = dayPlan(schedule, workshopDate(instant));
  if (plan.reading.kind === "unknown") return null;
  if (plan.reading.kind === "closed") {
    return plan.reason
      ? `${when}: An diesem Tag ist die Werkstatt geschlossen (${plan.reason}).`
      : `${when}: ${weekdayLabel(plan.date)}s ist die Werkstatt geschlossen.`;
  }
  const time = wallClock.format(instant);
  if (plan.reading.ranges.some(({ opens, closes }) => opens <= time && time < closes)) return null;
  const hours = plan.reading.ranges.map(({ opens, closes }) => `${opens}–${closes}`).join(" und ");
  return `${when} liegt außerhalb der Öffnungszeiten (${hours} Uhr).`;
}

/** The proposals as the API sends them (`slots`) or the staff form's fields: checked one by one, each message naming its proposal. */
export function checkSlots(slots: unknown, schedule: Schedule, now = new Date()): Validated<Date[]> {
  const fail = (message: string, field = "slots") => ({ ok: false as const, message, fieldErrors: { [field]: message } });
  if (!Array.isArray(slots)) return fail("Die Terminvorschläge müssen eine Liste von Zeitpunkten sein.");
  if (slots.length === 0) return fail("Bitte mindestens einen Termin vorschlagen.");
  if (slots.length > MAX_PROPOSALS) return fail(`Bitte höchstens ${MAX_PROPOSALS} Termine vorschlagen.`);
  const instants: Date[] = [];
  for (const [index, slot] of slots.entries()) {
    const field = `slots.${index}`;
    const instant = typeof slot === "string" ? parseDateTime(slot.trim()) : null;
    if (!instant) return fail(`Vorschlag ${index + 1}: Bitte Tag und Uhrzeit angeben (z. B. 2026-07-14T09:00).`, field);
    const problem = slotProblem(schedule, instant, now);
    if (problem) return fail(`Vorschlag ${index + 1}: ${problem}`, field);
    if (instants.some((other) => other.getTime() === instant.getTime())) return fail(`Vorschlag ${index + 1} ist doppelt.`, field);
    instants.push(instant);
  }
  return { ok: true, value: instants };
}

/** The schedule proposals are checked against: the week and the current Sonderzeiten. */
export const proposalSchedule = (db: Database, now = new Date()) => readOnce(db, scheduleRead(db, now));

/**
 * New drop-off proposals for an enquiry: the earlier ones (a chosen one too: staff move the date)
 * are withdrawn in the same batch, so a customer's later choice of one of those is refused. The
 * customer hears of them by e-mail after the answer.
 */
export async function proposeSlots(db: Database, mailers: Mailers, actor: Actor, enquiryId: string, slots: Date[], now = new Date()): Promise<Enquiry> {
  const { enquiry, progress } = await currentJob(db, enquiryId);
  refuseUnless("vorschlagen", progress.step);
  const exists = rowExists(enquiries, and(eq(enquiries.id, enquiryId), isNull(enquiries.arrivedAt))!);
  await db.batch([
    db
      .update(appointmentSlots)
      .set({ withdrawnAt: now })
      .where(and(eq(appointmentSlots.enquiryId, enquiryId), isNull(appointmentSlots.withdrawnAt))),
    ...slots.map((startsAt) =>
      db.insert(appointmentSlots).select(sql`select ${newId()}, ${enquiryId}, ${startsAt.getTime()}, ${now.getTime()}, null, null where ${exists}`),
    ),
    ...stepStatements(db, actor, enquiry, "Termine vorgeschlagen", exists, now),
  ]);
  tellCustomer(db, mailers, enquiryId, "proposals");
  return (await getEnquiry(db, enquiryId))!;
}

/**
 * The customer's choice of one live proposal: refused when it was never proposed for this
 * enquiry, staff withdrew it, it has passed, or a date is chosen already — the last decided in
 * the update itself, so two parallel posts store one choice. The customer gets the confirmation
 * by e-mail, the workshop a note.
 */
export async function chooseSlot(db: Database, mailers: Mailers, enquiry: EnquiryRef, slotId: string, now = new Date()): Promise<void> {
  const enquiryId = enquiry.id;
  const slots = await db.select().from(appointmentSlots).where(eq(appointmentSlots.enquiryId, enquiryId));
  const slot = slots.find((candidate) => candidate.id === slotId);
  if (!slot) throw new HttpError(400, "Bitte wählen Sie einen der vorgeschlagenen Termine.");
  const chosen = slots.find((candidate) => candidate.chosenAt && !candidate.withdrawnAt);
  if (chosen) throw new HttpError(409, `Sie haben schon einen Termin gewählt: ${formatCustomerTime(chosen.startsAt)}.`);
  if (slot.withdrawnAt) throw new HttpError(409, "Dieser Termin wurde inzwischen zurückgezogen. Bitte wählen Sie einen der aktuellen Vorschläge.");
  if (slot.startsAt.getTime() <= now.getTime()) throw new HttpError(409, "Dieser Termin ist schon vorbei. Bitte wählen Sie einen anderen oder schreiben Sie uns, dass keiner passt.");
  if (!keepsAnswers(enquiry)) return;
  const own = eq(appointmentSlots.id, slotId);
  const [updated] = await db.batch([
    db
      .update(appointmentSlots)
      .set({ chosenAt: now })
      .where(
        and(
          own,
          isNull(appointmentSlots.withdrawnAt),
          isNull(appointmentSlots.chosenAt),
          sql`not exists (select 1 from ${appointmentSlots} as other where other.enquiry_id = ${enquiryId} and other.chosen_at is not null and other.withdrawn_at is null)`,
        ),
      )
      .returning({ id: appointmentSlots.id }),
    ...answerStatements(db, enquiry, "Termin gewählt", previousChanged, now, { restartsRetention: true }),
  ]);
  if (updated.length === 0) {
    const chosenMeanwhile = await db.select().from(appointmentSlots).where(and(eq(appointmentSlots.enquiryId, enquiryId), isNotNull(appointmentSlots.chosenAt), isNull(appointmentSlots.withdrawnAt))).get();
    throw new HttpError(409, chosenMeanwhile ? `Sie haben schon einen Termin gewählt: ${formatCustomerTime(chosenMeanwhile.startsAt)}.` : "Dieser Termin wurde inzwischen zurückgezogen. Bitte wählen Sie einen der aktuellen Vorschläge.");
  }
  tellCustomer(db, mailers, enquiryId, "appointment");
  mailers.afterAnswer(() => sendWorkshopNote(db, mailers.workshop, enquiryId, { what: "Termin gewählt", details: [`${formatAppointment(slot.startsAt)}.`] }));
}

/** The note to "Keiner passt": optional, at most `CUSTOMER_MESSAGE_MAX_LENGTH` characters, no control characters but line breaks. */
export const declineNote = z
  .string({ invalid_type_error: "Die Nachricht muss ein Text sein." })
  .trim()
  .max(CUSTOMER_MESSAGE_MAX_LENGTH, `Bitte höchstens ${CUSTOMER_MESSAGE_MAX_LENGTH.toLocaleString("de-DE")} Zeichen.`)
  .refine(isPlainText, PLAIN_TEXT_MESSAGE)
  .optional()
  .default("");

/**
 * "Keiner passt", only while proposals are open: they are withdrawn and the note kept, in one
 * batch; refused once a date is chosen. The workshop gets a note to propose others. It changes
 * neither the enquiry's status nor its retention (decision 007).
 */
export async function declineSlots(db: Database, mailers: Mailers, enquiry: EnquiryRef, note: string, now = new Date()): Promise<void> {
  const enquiryId = enquiry.id;
  const live = await db
    .select()
    .from(appointmentSlots)
    .where(and(eq(appointmentSlots.enquiryId, enquiryId), isNull(appointmentSlots.withdrawnAt)));
  const chosen = live.find((slot) => slot.chosenAt);
  if (chosen) throw new HttpError(409, `Sie haben schon einen Termin gewählt: ${formatCustomerTime(chosen.startsAt)}. Bitte rufen Sie uns an, wenn er nicht mehr passt.`);
  if (live.length === 0) throw new HttpError(409, "Gerade sind keine Termine vorgeschlagen. Wir melden uns mit neuen.");
  if (!keepsAnswers(enquiry)) return;
  const id = newId();
  const stored = rowExists(customerMessages, eq(customerMessages.id, id));
  await db.batch([
    db.insert(customerMessages).select(
      sql`select ${id}, ${enquiryId}, 'keiner-passt', ${note}, ${now.getTime()}
          where exists (select 1 from ${appointmentSlots} where ${appointmentSlots.enquiryId} = ${enquiryId} and ${appointmentSlots.withdrawnAt} is null)
          and not exists (select 1 from ${appointmentSlots} where ${appointmentSlots.enquiryId} = ${enquiryId} and ${appointmentSlots.withdrawnAt} is null and ${appointmentSlots.chosenAt} is not null)`,
    ),
    db
      .update(appointmentSlots)
      .set({ withdrawnAt: now })
      .where(and(eq(appointmentSlots.enquiryId, enquiryId), isNull(appointmentSlots.withdrawnAt), stored)),
    ...answerStatements(db, enquiry, "Kein Termin passt", stored, now, { restartsRetention: false }),
  ]);
  mailers.afterAnswer(() => sendWorkshopNote(db, mailers.workshop, enquiryId, { what: "Kein vorgeschlagener Termin passt", message: note }));
}

/**
 * "Termin verschieben", once a date is chosen and until the car is in the workshop: the chosen
 * date is withdrawn and the note kept, in one batch — the choice reopens like after "Keiner
 * passt", and the workshop gets a note to propose others. The job's step decides (app/lib/job.ts),
 * and the batch checks it again, so a post racing "Fahrzeug ist da" changes nothing.
 */
export async function rescheduleSlot(db: Database, mailers: Mailers, enquiry: EnquiryRef, note: string, now = new Date()): Promise<void> {
  if (!keepsAnswers(enquiry)) return;
  const enquiryId = enquiry.id;
  const { progress } = await currentJob(db, enquiryId);
  refuseUnless("verschieben", progress.step);
  const chosen = progress.appointment!.chosen!;
  const id = newId();
  const stored = rowExists(customerMessages, eq(customerMessages.id, id));
  await db.batch([
    db.insert(customerMessages).select(
      sql`select ${id}, ${enquiryId}, 'verschieben', ${note}, ${now.getTime()}
          where exists (select 1 from ${appointmentSlots} where ${appointmentSlots.id} = ${chosen.id} and ${appointmentSlots.withdrawnAt} is null and ${appointmentSlots.chosenAt} is not null)
          and exists (select 1 from ${enquiries} where ${enquiries.id} = ${enquiryId} and ${enquiries.arrivedAt} is null)`,
    ),
    db
      .update(appointmentSlots)
      .set({ withdrawnAt: now })
      .where(and(eq(appointmentSlots.enquiryId, enquiryId), isNull(appointmentSlots.withdrawnAt), stored)),
    ...answerStatements(db, enquiry, "Termin verschieben", stored, now, { restartsRetention: false }),
  ]);
  mailers.afterAnswer(() =>
    sendWorkshopNote(db, mailers.workshop, enquiryId, { what: "Termin soll verschoben werden", details: [`Bisher: ${formatAppointment(chosen.startsAt)}.`], message: note }),
  );
}

export interface BookedAppointment {
  slotId: string;
  startsAt: string;
  enquiryId: string;
  reference: string;
  name: string;
  phone: string | null;
  topic: string;
  vehicle: string;
}

/** The chosen drop-off dates in [from, to), earliest first, with what staff need to know who comes. */
export async function bookedAppointments(db: Database, from: Date, to: Date): Promise<BookedAppointment[]> {
  const rows = await db
    .select({ slot: appointmentSlots, enquiry: enquiries })
    .from(appointmentSlots)
    .innerJoin(enquiries, eq(enquiries.id, appointmentSlots.enquiryId))
    .where(
      and(
        isNotNull(appointmentSlots.chosenAt),
        isNull(appointmentSlots.withdrawnAt),
        gte(appointmentSlots.startsAt, from),
        lt(appointmentSlots.startsAt, to),
      ),
    )
    .orderBy(asc(appointmentSlots.startsAt));
  return rows.map(({ slot, enquiry }) => ({
    slotId: slot.id,
    startsAt: slot.startsAt.toISOString(),
    enquiryId: enquiry.id,
    reference: formatReference(enquiry.year, enquiry.number),
    name: enquiry.name,
    phone: enquiry.phone,
    topic: enquiry.topic,
    vehicle: enquiry.vehicle,
  }));
}

/** The chosen drop-off dates of `dayCount` days from `firstDay` (`YYYY-MM-DD`, Berlin), grouped by day; days without any left out. */
export async function bookedDays(db: Database, firstDay: string, dayCount: number): Promise<{ date: string; appointments: BookedAppointment[] }[]> {
  const booked = await bookedAppointments(db, workshopInstant(firstDay, "00:00"), workshopInstant(addDays(firstDay, dayCount), "00:00"));
  const days = new Map<string, BookedAppointment[]>();
  for (const appointment of booked) {
    const date = workshopDate(new Date(appointment.startsAt));
    days.set(date, [...(days.get(date) ?? []), appointment]);
  }
  return [...days].map(([date, appointments]) => ({ date, appointments }));
}

/** Every drop-off date the customer chose for this enquiry, withdrawn ones too, in the order chosen: the calendar file's revisions. */
export async function chosenDateHistory(db: Database, enquiryId: string): Promise<{ startsAt: Date; chosenAt: Date; withdrawnAt: Date | null }[]> {
  const rows = await db
    .select({ startsAt: appointmentSlots.startsAt, chosenAt: appointmentSlots.chosenAt, withdrawnAt: appointmentSlots.withdrawnAt })
    .from(appointmentSlots)
    .where(and(eq(appointmentSlots.enquiryId, enquiryId), isNotNull(appointmentSlots.chosenAt)))
    .orderBy(asc(appointmentSlots.chosenAt));
  return rows.map((row) => ({ ...row, chosenAt: row.chosenAt! }));
}

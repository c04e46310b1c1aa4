import { and, desc, eq, gt, gte, isNotNull, isNull, lt, ne, sql } from "drizzle-orm";
import { addDays, formatDay, workshopDate, workshopInstant } from "~/lib/dates";
import { FINISH_UNDO_MINUTES, type JobMessage, type JobStep, type Transition, TRANSITIONS } from "~/lib/job";
import { HttpError } from "~/server/base/errors.server";
import type { Database } from "~/server/db/client.server";
import { appointmentSlots, customerNotices, enquiries } from "~/server/db/schema";
import { type Actor, logStatement, previousChanged } from "../activity-log.server";
import { type Mailers, sendNotice } from "./customer-mail.server";
import { type Enquiry, getEnquiry } from "./enquiries.server";
import { type Progress, progressOfEnquiry, workableEnquiry } from "./enquiry-progress.server";

/*
 * The job's guarded steps (decision 024): the table of what may happen when is app/lib/job.ts;
 * this module makes the workshop's own transitions ("Fahrzeug ist da", "Fertig" and its undo,
 * "Abgeholt") and answers every other write's question "may this happen now?". Each write checks
 * the step in its own SQL as well, so two taps at once cannot both pass, and writes the Verlauf
 * in the same batch.
 */

/** The job as it stands: the enquiry (not under Spam) and its progress, with its step. */
export async function currentJob(db: Database, id: string): Promise<{ enquiry: Enquiry; progress: Progress }> {
  const enquiry = await workableEnquiry(db, id);
  return { enquiry, progress: await progressOfEnquiry(db, enquiry) };
}

/** Refuses `transition` at `step` with its German 409. */
export function refuseUnless(transition: Transition, step: JobStep): void {
  if (!TRANSITIONS[transition].from.includes(step)) throw new HttpError(409, TRANSITIONS[transition].refused);
}

/** For a customer's answer's batch: staff see it as new until they open the job card. */
export const customerAnswered = (db: Database, enquiryId: string, now: Date, when: ReturnType<typeof sql>) =>
  db
    .update(enquiries)
    .set({ customerAnsweredAt: now })
    .where(and(eq(enquiries.id, enquiryId), when));

/** Staff opened the job card: the customer's answer is seen. */
export async function markAnswerSeen(db: Database, enquiryId: string): Promise<void> {
  await db.update(enquiries).set({ customerAnsweredAt: null }).where(and(eq(enquiries.id, enquiryId), isNotNull(enquiries.customerAnsweredAt)));
}

/** "S. Hoffmann": how the staff banner names a customer, short enough for a phone's line. */
export function shortName(name: string): string {
  const parts = name.trim().split(/\s+/);
  return parts.length < 2 ? parts[0] : `${parts[0][0]}. ${parts.slice(1).join(" ")}`;
}

/** For the banner on every staff page: how many customers answered, and the latest of them, in one query. */
export async function latestAnswer(db: Database): Promise<{ count: number; id: string; name: string } | null> {
  const row = await db
    .select({ id: enquiries.id, name: enquiries.name, count: sql<number>`count(*) over ()` })
    .from(enquiries)
    .where(and(isNotNull(enquiries.customerAnsweredAt), ne(enquiries.status, "spam")))
    .orderBy(desc(enquiries.customerAnsweredAt))
    .limit(1)
    .get();
  return row ? { count: row.count, id: row.id, name: shortName(row.name) } : null;
}

/** The jobs whose customer answered and staff have not acted since, the latest answer first. */
export async function answeredJobs(db: Database, limit: number): Promise<{ count: number; jobs: Enquiry[] }> {
  const waiting = and(isNotNull(enquiries.customerAnsweredAt), ne(enquiries.status, "spam"));
  const [rows, [{ count }]] = await db.batch([
    db.select({ id: enquiries.id }).from(enquiries).where(waiting).orderBy(desc(enquiries.customerAnsweredAt)).limit(limit),
    db.select({ count: sql<number>`count(*)` }).from(enquiries).where(waiting),
  ]);
  const jobs = await Promise.all(rows.map(({ id }) => getEnquiry(db, id)));
  return { count, jobs: jobs.filter((job): job is Enquiry => job !== null) };
}

/** The status that follows a step staff took (the API's `status`, decision 024); Spam stays Spam. */
const statusAfter = (status: "in-bearbeitung" | "erledigt") => sql`case when ${enquiries.status} = 'spam' then 'spam' else ${status} end`;

/**
 * Whether "Fahrzeug ist da" needs a second tap now: without a chosen date, or before its day
 * (Berlin). Returns why (the chosen day, `YYYY-MM-DD`, or null for none), or false when one tap does.
 */
export function arrivalNeedsConfirmation(chosenStartsAt: string | null, today: string): { chosenDay: string | null } | false {
  if (!chosenStartsAt) return { chosenDay: null };
  const chosenDay = workshopDate(new Date(chosenStartsAt));
  return chosenDay > today ? { chosenDay } : false;
}

/**
 * "Fahrzeug ist da". From the drop-off day on; before it, or without a chosen date, only with
 * `early` (the staff's second tap), so a slip of the thumb does not start the job.
 */
export async function markArrived(db: Database, actor: Actor, id: string, { early = false } = {}, now = new Date()): Promise<Enquiry> {
  const { enquiry, progress } = await currentJob(db, id);
  refuseUnless("angekommen", progress.step);
  const confirmation = arrivalNeedsConfirmation(progress.appointment?.chosen?.startsAt ?? null, workshopDate(now));
  if (!early && confirmation) {
    throw new HttpError(
      409,
      confirmation.chosenDay
        ? `Der vereinbarte Termin ist erst am ${formatDay(confirmation.chosenDay)}. Ist das Fahrzeug schon da, bitte bestätigen.`
        : "Es ist noch kein Termin vereinbart. Ist das Fahrzeug schon da, bitte bestätigen.",
    );
  }
  const [updated] = await db.batch([
    db
      .update(enquiries)
      .set({ arrivedAt: now, customerAnsweredAt: null, status: statusAfter("in-bearbeitung"), startedAt: sql`coalesce(${enquiries.startedAt}, ${now.getTime()})`, updatedAt: now })
      .where(and(eq(enquiries.id, id), isNull(enquiries.arrivedAt), ne(enquiries.status, "spam")))
      .returning({ id: enquiries.id }),
    logStatement(db, actor, { action: "Fahrzeug angekommen", kind: "enquiry", itemId: id, title: enquiry.reference }, { at: now, when: previousChanged }),
  ]);
  if (updated.length === 0) throw new HttpError(409, TRANSITIONS.angekommen.refused);
  return (await getEnquiry(db, id))!;
}

/**
 * "Fertig", only once the car is in the workshop. The customer's e-mail waits in the queue for
 * FINISH_UNDO_MINUTES, so a "fertig" taken back in that window never reaches her.
 */
export async function finishJob(db: Database, mailers: Mailers, actor: Actor, id: string, now = new Date()): Promise<Enquiry> {
  const { enquiry, progress } = await currentJob(db, id);
  if (progress.step === "fertig" || progress.step === "abgeholt") throw new HttpError(409, "Das Fahrzeug ist schon als fertig gemeldet.");
  refuseUnless("fertig", progress.step);
  const [updated] = await db.batch([
    db
      .update(enquiries)
      .set({ finishedAt: now, customerAnsweredAt: null, updatedAt: now })
      .where(and(eq(enquiries.id, id), isNotNull(enquiries.arrivedAt), isNull(enquiries.finishedAt), ne(enquiries.status, "spam")))
      .returning({ id: enquiries.id }),
    logStatement(db, actor, { action: "fertig gemeldet", kind: "enquiry", itemId: id, title: enquiry.reference }, { at: now, when: previousChanged }),
  ]);
  if (updated.length === 0) throw new HttpError(409, "Das Fahrzeug ist schon als fertig gemeldet.");
  const message: JobMessage = { kind: "fertig", enquiryId: id, finishedAt: now.getTime() };
  mailers.afterAnswer(async () => {
    await mailers.jobs.send(message, { delaySeconds: FINISH_UNDO_MINUTES * 60 });
  });
  return (await getEnquiry(db, id))!;
}

/** "Zurücknehmen": within FINISH_UNDO_MINUTES of "fertig" the job is back in the workshop, and the customer hears nothing. */
export async function undoFinish(db: Database, actor: Actor, id: string, now = new Date()): Promise<Enquiry> {
  const { enquiry, progress } = await currentJob(db, id);
  refuseUnless("fertig-zuruecknehmen", progress.step);
  const windowStart = new Date(now.getTime() - FINISH_UNDO_MINUTES * 60_000);
  const [updated] = await db.batch([
    db
      .update(enquiries)
      .set({ finishedAt: null, updatedAt: now })
      .where(and(eq(enquiries.id, id), isNull(enquiries.collectedAt), gt(enquiries.finishedAt, windowStart)))
      .returning({ id: enquiries.id }),
    logStatement(db, actor, { action: "fertig zurückgenommen", kind: "enquiry", itemId: id, title: enquiry.reference }, { at: now, when: previousChanged }),
  ]);
  if (updated.length === 0) {
    throw new HttpError(409, `„Fertig“ lässt sich nur in den ersten ${FINISH_UNDO_MINUTES} Minuten zurücknehmen; die Kundin oder der Kunde ist schon benachrichtigt.`);
  }
  return (await getEnquiry(db, id))!;
}

/** "Abgeholt": the job is closed (status "Erledigt"); its status links end some weeks later like any closed job's. */
export async function markCollected(db: Database, actor: Actor, id: string, now = new Date()): Promise<Enquiry> {
  const { enquiry, progress } = await currentJob(db, id);
  refuseUnless("abgeholt", progress.step);
  const [updated] = await db.batch([
    db
      .update(enquiries)
      .set({ collectedAt: now, closedAt: sql`coalesce(${enquiries.closedAt}, ${now.getTime()})`, customerAnsweredAt: null, status: statusAfter("erledigt"), updatedAt: now })
      .where(and(eq(enquiries.id, id), isNotNull(enquiries.finishedAt), isNull(enquiries.collectedAt)))
      .returning({ id: enquiries.id }),
    logStatement(db, actor, { action: "abgeholt", kind: "enquiry", itemId: id, title: enquiry.reference }, { at: now, when: previousChanged }),
  ]);
  if (updated.length === 0) throw new HttpError(409, TRANSITIONS.abgeholt.refused);
  return (await getEnquiry(db, id))!;
}

/**
 * The queue's consumer: the "fertig" e-mail, unless that "fertig" was taken back (or the car
 * collected) meanwhile. Never throws: `sendNotice` records a failure for staff to share by hand.
 */
export async function deliverJobMessage(db: Database, customerMail: SendEmail | undefined, message: JobMessage): Promise<void> {
  const enquiry = await getEnquiry(db, message.enquiryId);
  if (!enquiry || enquiry.status === "spam" || enquiry.collectedAt) return;
  if (enquiry.finishedAt === null || new Date(enquiry.finishedAt).getTime() !== message.finishedAt) return;
  await sendNotice(db, customerMail, enquiry.id, "finished");
}

/**
 * The day before a drop-off (decision 024): one e-mail with the date, the address, the directions
 * and the way to move it, for every date chosen for tomorrow (Berlin) whose car is not in yet —
 * once per choice: a date chosen again after a reminder gets its own. For the scheduled run;
 * returns the references reminded.
 */
export async function sendDropOffReminders(db: Database, customerMail: SendEmail | undefined, now = new Date()): Promise<string[]> {
  const tomorrow = addDays(workshopDate(now), 1);
  const due = await db
    .select({ enquiryId: appointmentSlots.enquiryId, chosenAt: appointmentSlots.chosenAt, remindedAt: customerNotices.at })
    .from(appointmentSlots)
    .innerJoin(enquiries, eq(enquiries.id, appointmentSlots.enquiryId))
    .leftJoin(customerNotices, and(eq(customerNotices.enquiryId, appointmentSlots.enquiryId), eq(customerNotices.step, "reminder")))
    .where(
      and(
        isNotNull(appointmentSlots.chosenAt),
        isNull(appointmentSlots.withdrawnAt),
        gte(appointmentSlots.startsAt, workshopInstant(tomorrow, "00:00")),
        lt(appointmentSlots.startsAt, workshopInstant(addDays(tomorrow, 1), "00:00")),
        isNull(enquiries.arrivedAt),
        ne(enquiries.status, "spam"),
        isNotNull(enquiries.email),
      ),
    );
  const reminded: string[] = [];
  for (const { enquiryId, chosenAt, remindedAt } of due) {
    if (remindedAt && chosenAt && remindedAt >= chosenAt) continue;
    await sendNotice(db, customerMail, enquiryId, "reminder");
    const outcome = await db
      .select({ outcome: customerNotices.outcome })
      .from(customerNotices)
      .where(and(eq(customerNotices.enquiryId, enquiryId), eq(customerNotices.step, "reminder")))
      .get();
    if (outcome?.outcome === "gesendet") reminded.push(enquiryId);
  }
  return reminded;
}

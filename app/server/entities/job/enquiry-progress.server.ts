import { and, asc, desc, eq, inArray, type SQL, sql } from "drizzle-orm";
import type { LogAction } from "~/lib/activity";
import {
  CUSTOMER_MESSAGE_KINDS,
  type CustomerMessageKind,
  type NoticeOutcome,
  type NoticeStep,
  TIMELINE_LABELS,
  type TimelineStep,
} from "~/lib/enquiry-progress";
import { finishFinalAt, type JobFacts, type JobStep, jobStep, type WaitingOn, waitingOn } from "~/lib/job";
import { QUOTE_KIND_SHORT, type QuoteItem, type QuoteKind } from "~/lib/quote";
import { HttpError, notFound } from "~/server/base/errors.server";
import type { Database } from "~/server/db/client.server";
import { appointmentSlots, customerMessages, customerNotices, enquiries, enquiryQuotes } from "~/server/db/schema";
import { type Actor, logStatement } from "../activity-log.server";
import { ENQUIRY_NOT_FOUND, type Enquiry, getEnquiry, isKept, progressed } from "./enquiries.server";
import { linkOfToken, statusLinkEnd } from "./enquiry-status-links.server";

/*
 * What has happened with an enquiry since it arrived, read in one place for the status page, the
 * staff view, the API and the customer's messages (decision 021): its current price, its dates,
 * the customer's messages, the timeline, and which steps the customer has been told about. The
 * writes are in quotes.server.ts and appointments.server.ts.
 */

export interface Quote {
  id: string;
  version: number;
  kind: QuoteKind;
  items: QuoteItem[];
  /** Cents, incl. MwSt. */
  totalGross: number;
  /** The MwSt. contained in `totalGross`, in cents. */
  vat: number;
  /** `YYYY-MM-DD`, the last day it holds. */
  validUntil: string;
  note: string;
  createdAt: string;
  acceptedAt: string | null;
}

export interface Slot {
  id: string;
  startsAt: string;
}

export interface Appointment {
  /** The live proposals, earliest first; empty once the customer answered "Keiner passt". */
  proposals: Slot[];
  /** When staff made the latest proposals. */
  proposedAt: string;
  /** The one the customer chose, and when. */
  chosen: Slot | null;
  confirmedAt: string | null;
  /** When the customer answered "Keiner passt" to the latest proposals. */
  declinedAt: string | null;
}

export interface CustomerMessage {
  id: string;
  kind: CustomerMessageKind;
  text: string;
  createdAt: string;
}

export interface Notice {
  step: NoticeStep;
  /** When the step (last) happened: a notice before it told the customer about an earlier state. */
  reachedAt: string;
  told: boolean;
  /** The last attempt's outcome, and when; null when none was made. */
  outcome: NoticeOutcome | null;
  at: string | null;
}

export interface TimelineEntry {
  step: TimelineStep;
  label: string;
  /** ISO; null only for an enquiry taken up before the date was kept. */
  at: string | null;
}

export interface Progress {
  quote: Quote | null;
  appointment: Appointment | null;
  messages: CustomerMessage[];
  /** The steps reached so far that the customer should know about. */
  notices: Notice[];
  /** The steps reached so far, in order. */
  timeline: TimelineEntry[];
  /** Where the job stands and who has the next move (app/lib/job.ts). */
  step: JobStep;
  waitingOn: WaitingOn;
  /** The reminder the day before the drop-off: how its last attempt went, or null when none was made. */
  reminder: { outcome: NoticeOutcome; at: string } | null;
}

/** Whom the Verlauf names for what a customer did on the status page (never their name: decision 016). */
export const CUSTOMER_ACTOR: Actor = { username: "Kunde" };

/**
 * The enquiry a customer acts on from its status page: read with the page, named by its number in
 * the Verlauf. One filed under Spam is answered like any other, but nothing of the answer is kept
 * or mailed (`keepsAnswers`), so a robot learns nothing from the answer (decisions 014, 007).
 */
export type EnquiryRef = Pick<Enquiry, "id" | "reference" | "status">;

/** Whether a customer's answer to this enquiry is stored and mailed: not for one filed under Spam. */
export const keepsAnswers = (enquiry: EnquiryRef) => enquiry.status !== "spam";

/**
 * What every staff step writes besides itself, for its batch: the enquiry taken up and changed
 * (`progressed`), and the Verlauf's entry — each only `when` the step's own statement took effect
 * (its row exists, or the statement just before changed one: `previousChanged`).
 */
export function stepStatements(db: Database, actor: Actor, enquiry: Pick<Enquiry, "id" | "reference">, action: LogAction, when: SQL, now: Date) {
  return [
    db
      .update(enquiries)
      // A price or dates answer the enquiry (the status follows the step, decision 024), and staff
      // who act on it have seen the customer's latest answer.
      .set({
        ...progressed(now),
        status: sql`case when ${enquiries.status} in ('neu', 'in-bearbeitung') then 'beantwortet' else ${enquiries.status} end`,
        customerAnsweredAt: null,
      })
      .where(and(eq(enquiries.id, enquiry.id), when)),
    logStatement(db, actor, { action, kind: "enquiry", itemId: enquiry.id, title: enquiry.reference }, { at: now, when }),
  ] as const;
}

/**
 * What a customer's answer writes besides itself: the Verlauf's entry, and for a step of the job
 * (an acceptance, a chosen date: `restartsRetention`) the enquiry's last change, so it is kept as
 * long as the job needs. Never the status or `startedAt`: they say what staff have done, and a
 * question must not make a new enquiry look taken up (decision 007). Each only `when` the
 * answer's own statement took effect.
 */
export function answerStatements(db: Database, enquiry: EnquiryRef, action: LogAction, when: SQL, now: Date, { restartsRetention }: { restartsRetention: boolean }) {
  const log = logStatement(db, CUSTOMER_ACTOR, { action, kind: "enquiry", itemId: enquiry.id, title: enquiry.reference }, { at: now, when });
  // Staff see it as new (banner, start page, inbox) until they open the job card or act.
  const answered = { customerAnsweredAt: now, ...(restartsRetention ? { updatedAt: now } : {}) };
  return [db.update(enquiries).set(answered).where(and(eq(enquiries.id, enquiry.id), when)), log] as const;
}

/** An enquiry staff can take further (a price, dates, "fertig"): it exists and is not filed under Spam. */
export async function workableEnquiry(db: Database, id: string): Promise<Enquiry> {
  const enquiry = await getEnquiry(db, id);
  if (!enquiry) throw notFound(ENQUIRY_NOT_FOUND);
  if (enquiry.status === "spam") throw new HttpError(409, "Diese Anfrage liegt unter Spam. Bitte zuerst ihren Status ändern.");
  return enquiry;
}

type QuoteRow = typeof enquiryQuotes.$inferSelect;
type SlotRow = typeof appointmentSlots.$inferSelect;
type MessageRow = typeof customerMessages.$inferSelect;
type NoticeRow = typeof customerNotices.$inferSelect;

export function toQuote(row: QuoteRow): Quote {
  return {
    id: row.id,
    version: row.version,
    kind: row.kind as QuoteKind,
    items: JSON.parse(row.items) as QuoteItem[],
    totalGross: row.totalGross,
    vat: row.vat,
    validUntil: row.validUntil,
    note: row.note,
    createdAt: row.createdAt.toISOString(),
    acceptedAt: row.acceptedAt?.toISOString() ?? null,
  };
}

const toSlot = (row: SlotRow): Slot => ({ id: row.id, startsAt: row.startsAt.toISOString() });

function toAppointment(slots: SlotRow[], messages: CustomerMessage[]): Appointment | null {
  if (slots.length === 0) return null;
  const proposedAt = slots.reduce((latest, slot) => (slot.proposedAt > latest ? slot.proposedAt : latest), slots[0].proposedAt);
  const live = slots.filter((slot) => slot.withdrawnAt === null).sort((a, b) => a.startsAt.getTime() - b.startsAt.getTime());
  const chosen = live.find((slot) => slot.chosenAt !== null) ?? null;
  const declined = live.length === 0 ? messages.find((message) => (message.kind === "keiner-passt" || message.kind === "verschieben") && new Date(message.createdAt) >= proposedAt) : undefined;
  return {
    proposals: live.map(toSlot),
    proposedAt: proposedAt.toISOString(),
    chosen: chosen && toSlot(chosen),
    confirmedAt: chosen?.chosenAt?.toISOString() ?? null,
    declinedAt: declined?.createdAt ?? null,
  };
}

function toNotice(step: NoticeStep, reachedAt: string, row: NoticeRow | undefined): Notice {
  const told = !!row && (row.outcome === "gesendet" || row.outcome === "geteilt") && row.at >= new Date(reachedAt);
  return { step, reachedAt, told, outcome: (row?.outcome as NoticeOutcome | undefined) ?? null, at: row?.at.toISOString() ?? null };
}

/** The steps the customer should know about, each from the moment it (last) happened. */
function noticesOf(enquiry: Enquiry, quote: Quote | null, appointment: Appointment | null, rows: NoticeRow[]): Notice[] {
  const reached: [NoticeStep, string | null | undefined][] = [
    // The link itself: again once staff replaced the links.
    ["received", enquiry.status === "spam" ? null : (enquiry.linksRenewedAt ?? enquiry.createdAt)],
    ["quote", quote?.createdAt],
    // Once one is chosen, the chosen date is what the customer should know.
    ["proposals", appointment && !appointment.chosen && appointment.proposals.length > 0 ? appointment.proposedAt : null],
    ["appointment", appointment?.confirmedAt],
    ["finished", enquiry.finishedAt],
  ];
  return reached.flatMap(([step, at]) => (at ? [toNotice(step, at, rows.find((row) => row.step === step))] : []));
}

function timelineOf(enquiry: Enquiry, quote: Quote | null, appointment: Appointment | null): TimelineEntry[] {
  const started =
    enquiry.startedAt ??
    [quote?.createdAt, appointment?.proposedAt, enquiry.finishedAt].filter((at): at is string => !!at).sort()[0] ??
    null;
  const takenUp = started !== null || ["in-bearbeitung", "beantwortet", "erledigt"].includes(enquiry.status);
  const entries: [TimelineStep, boolean, string | null, string?][] = [
    ["eingegangen", true, enquiry.createdAt],
    ["in-bearbeitung", takenUp, started],
    ["angebot", !!quote, quote?.createdAt ?? null, quote ? QUOTE_KIND_SHORT[quote.kind] : undefined],
    // A Richtpreis binds no one: the customer confirms it; an Angebot is accepted.
    ["angenommen", !!quote?.acceptedAt, quote?.acceptedAt ?? null, quote?.kind === "richtpreis" ? "Richtpreis bestätigt" : undefined],
    // The appointment's own time is what the customer looks for, not when it was chosen.
    ["termin", !!appointment?.chosen, appointment?.chosen?.startsAt ?? null],
    ["fertig", !!enquiry.finishedAt, enquiry.finishedAt],
    // The job's end: her page says it is over, not still "Fertig – kann abgeholt werden".
    ["abgeholt", !!enquiry.collectedAt, enquiry.collectedAt],
  ];
  return entries.flatMap(([step, reached, at, label]) => (reached ? [{ step, label: label ?? TIMELINE_LABELS[step], at }] : []));
}

function reminderOf(rows: NoticeRow[]): Progress["reminder"] {
  const row = rows.find((candidate) => candidate.step === "reminder");
  return row ? { outcome: row.outcome as NoticeOutcome, at: row.at.toISOString() } : null;
}

/** What the job's step follows from (app/lib/job.ts). */
function jobFacts(enquiry: Enquiry, quote: Quote | null, appointment: Appointment | null): JobFacts {
  return {
    status: enquiry.status,
    quoteSent: !!quote,
    quoteAccepted: !!quote?.acceptedAt,
    dateChosen: !!appointment?.chosen,
    proposalsOpen: !!appointment && !appointment.chosen && appointment.proposals.length > 0,
    arrivedAt: enquiry.arrivedAt,
    finishedAt: enquiry.finishedAt,
    collectedAt: enquiry.collectedAt,
    customerAnsweredAt: enquiry.customerAnsweredAt,
  };
}

/** The progress of each of `list`, read in four queries whatever its length. */
export async function progressOf(db: Database, list: Enquiry[]): Promise<Map<string, Progress>> {
  const ids = list.map((enquiry) => enquiry.id);
  if (ids.length === 0) return new Map();
  const [quotes, slots, messages, notices] = await Promise.all([
    db.select().from(enquiryQuotes).where(inArray(enquiryQuotes.enquiryId, ids)).orderBy(desc(enquiryQuotes.version)),
    db.select().from(appointmentSlots).where(inArray(appointmentSlots.enquiryId, ids)),
    db.select().from(customerMessages).where(inArray(customerMessages.enquiryId, ids)).orderBy(asc(customerMessages.createdAt)),
    db.select().from(customerNotices).where(inArray(customerNotices.enquiryId, ids)),
  ]);
  const own = <R extends { enquiryId: string }>(rows: R[], id: string) => rows.filter((row) => row.enquiryId === id);
  return new Map(
    list.map((enquiry) => {
      const currentQuote = own(quotes, enquiry.id)[0];
      const quote = currentQuote ? toQuote(currentQuote) : null;
      const ownMessages = own(messages, enquiry.id)
        .filter((row): row is MessageRow & { kind: CustomerMessageKind } => (CUSTOMER_MESSAGE_KINDS as readonly string[]).includes(row.kind))
        .map(({ id, kind, text, createdAt }) => ({ id, kind, text, createdAt: createdAt.toISOString() }));
      const appointment = toAppointment(own(slots, enquiry.id), ownMessages);
      const facts = jobFacts(enquiry, quote, appointment);
      return [
        enquiry.id,
        {
          quote,
          appointment,
          messages: ownMessages,
          notices: noticesOf(enquiry, quote, appointment, own(notices, enquiry.id)),
          timeline: timelineOf(enquiry, quote, appointment),
          step: jobStep(facts),
          waitingOn: waitingOn(facts),
          reminder: reminderOf(own(notices, enquiry.id)),
        },
      ];
    }),
  );
}

export async function progressOfEnquiry(db: Database, enquiry: Enquiry): Promise<Progress> {
  return (await progressOf(db, [enquiry])).get(enquiry.id)!;
}

/** The enquiry behind a status link while it is kept, and whether the link has ended since its job closed. */
async function openLink(db: Database, token: string, now: Date) {
  const link = await linkOfToken(db, token);
  const enquiry = link ? await getEnquiry(db, link.enquiryId) : null;
  if (!link || !enquiry || !isKept(enquiry, now)) return null;
  const end = statusLinkEnd(enquiry.closedAt, link.createdAt);
  return { enquiry, expired: end !== null && end <= now };
}

/**
 * The enquiry and its progress behind a status link, or null when the link opens nothing (any
 * more): never handed out or replaced, its enquiry deleted or in the Papierkorb, past its
 * retention period though the nightly run has not deleted it yet, or ended weeks after the job
 * closed. The page, its photos, its calendar file and its forms all read through here.
 */
export async function statusPageRead(db: Database, token: string, now = new Date()) {
  const link = await openLink(db, token, now);
  if (!link || link.expired) return null;
  const enquiry = asCustomerSeesIt(link.enquiry, now);
  return { enquiry, progress: await progressOfEnquiry(db, enquiry) };
}

/**
 * The enquiry as its customer may know it: a "fertig" staff can still take back (the first
 * FINISH_UNDO_MINUTES, app/lib/job.ts) is not shown yet, just as its e-mail waits in the queue.
 */
function asCustomerSeesIt(enquiry: Enquiry, now: Date): Enquiry {
  if (!enquiry.finishedAt || enquiry.collectedAt) return enquiry;
  const final = finishFinalAt(enquiry.finishedAt) <= now;
  return final ? enquiry : { ...enquiry, finishedAt: null };
}

/** Whether `token` is a link that ended after its job closed: the page then says so, not just "nicht mehr gültig". */
export async function statusLinkExpired(db: Database, token: string, now = new Date()): Promise<boolean> {
  return (await openLink(db, token, now))?.expired ?? false;
}

/**
 * The enquiry as the API answers it (decision 021's fields): `quote`, `appointment` (ISO
 * date-times), `finishedAt` and `customerNotified` per step reached (true when told).
 */
export function apiProgress({ quote, appointment, notices, step, waitingOn }: Progress) {
  return {
    step,
    waitingOn,
    quote: quote && {
      id: quote.id,
      version: quote.version,
      kind: quote.kind,
      items: quote.items,
      totalGross: quote.totalGross,
      vat: quote.vat,
      validUntil: quote.validUntil,
      note: quote.note,
      createdAt: quote.createdAt,
      acceptedAt: quote.acceptedAt,
    },
    appointment: appointment && {
      proposals: appointment.proposals.map((slot) => slot.startsAt),
      chosen: appointment.chosen?.startsAt ?? null,
      confirmedAt: appointment.confirmedAt,
      declinedAt: appointment.declinedAt,
    },
    customerNotified: Object.fromEntries(notices.map((notice) => [notice.step, notice.told])),
  };
}

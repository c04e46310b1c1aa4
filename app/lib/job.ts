/*
 * Where a job stands — the one model every view reads (decision 024). Read this file first.
 *
 * An enquiry becomes a job step by step. The step is never set by hand: it follows from what has
 * happened (a price sent or confirmed, a date chosen, the car arrived, fertig, collected), so the
 * inbox, the start page, the banner, the job card, the status page, the e-mails and the API can
 * never disagree about it. What may happen next is the table `TRANSITIONS`: each names who may
 * make it and from which steps; the server refuses anything else with a German 409.
 */

export const JOB_STEPS = ["eingegangen", "preis-gesendet", "preis-bestaetigt", "termin", "in-werkstatt", "fertig", "abgeholt", "spam"] as const;
export type JobStep = (typeof JOB_STEPS)[number];

/** What staff read on a chip (inbox, job card). */
export const JOB_STEP_LABELS: Record<JobStep, string> = {
  eingegangen: "Eingegangen",
  "preis-gesendet": "Preis gesendet",
  "preis-bestaetigt": "Preis bestätigt",
  termin: "Termin vereinbart",
  "in-werkstatt": "Fahrzeug in der Werkstatt",
  fertig: "Fertig",
  abgeholt: "Abgeholt",
  spam: "Spam",
};

/** Who has the next move: the workshop, the customer, or nobody (closed, or waiting for the date). */
export type WaitingOn = "werkstatt" | "kunde" | null;
export const WAITING_ON_LABELS = { werkstatt: "Wartet auf uns", kunde: "Wartet auf Kunde" } as const;
/** The inbox's first filters: `?wartet=werkstatt|kunde`. */
export const WAITING_PARAM = "wartet";
/**
 * How many open jobs those filters sort: a workshop's open jobs, well within one D1 query's 100
 * bound parameters for their photos and progress.
 */
export const OPEN_JOBS_SORTED = 90;

export type Transition = "preis" | "bestaetigen" | "rueckfrage" | "vorschlagen" | "waehlen" | "keiner-passt" | "verschieben" | "angekommen" | "fertig" | "fertig-zuruecknehmen" | "abgeholt" | "zeigen";
export type JobActor = "werkstatt" | "kunde";

const BEFORE_ARRIVAL: JobStep[] = ["eingegangen", "preis-gesendet", "preis-bestaetigt", "termin"];

/** Every transition: who makes it, and the steps it is allowed from. */
export const TRANSITIONS: Record<Transition, { by: JobActor; from: readonly JobStep[]; refused: string }> = {
  preis: { by: "werkstatt", from: ["eingegangen", "preis-gesendet"], refused: "Der Preis ist schon bestätigt; ein neuer Preis ist nicht mehr möglich." },
  bestaetigen: { by: "kunde", from: ["preis-gesendet"], refused: "Zu dieser Anfrage wartet kein Preis auf Ihre Antwort." },
  rueckfrage: { by: "kunde", from: ["preis-gesendet"], refused: "Eine Rückfrage ist möglich, solange ein Preis auf Ihre Antwort wartet." },
  vorschlagen: { by: "werkstatt", from: BEFORE_ARRIVAL, refused: "Das Fahrzeug ist schon in der Werkstatt; neue Termine sind nicht mehr nötig." },
  waehlen: { by: "kunde", from: ["eingegangen", "preis-gesendet", "preis-bestaetigt"], refused: "Ein Termin kann gerade nicht gewählt werden." },
  "keiner-passt": { by: "kunde", from: ["eingegangen", "preis-gesendet", "preis-bestaetigt"], refused: "Gerade sind keine Termine vorgeschlagen." },
  verschieben: { by: "kunde", from: ["termin"], refused: "Verschieben geht, wenn ein Termin gewählt ist und Ihr Fahrzeug noch nicht bei uns ist. Bitte rufen Sie uns an." },
  angekommen: { by: "werkstatt", from: BEFORE_ARRIVAL, refused: "Das Fahrzeug ist schon als angekommen vermerkt." },
  fertig: { by: "werkstatt", from: ["in-werkstatt"], refused: "„Fertig“ geht erst, wenn das Fahrzeug in der Werkstatt ist („Fahrzeug ist da“)." },
  "fertig-zuruecknehmen": { by: "werkstatt", from: ["fertig"], refused: "Es gibt kein „Fertig“ zum Zurücknehmen." },
  abgeholt: { by: "werkstatt", from: ["fertig"], refused: "„Abgeholt“ geht erst, wenn das Fahrzeug als fertig gemeldet ist." },
  // The customer's yes to show her car (decision 025); taking it back is never refused.
  zeigen: { by: "kunde", from: ["fertig", "abgeholt"], refused: "Ob wir Ihr Fahrzeug zeigen dürfen, können Sie entscheiden, sobald es fertig ist." },
};

/** "Fertig" can be taken back this long; the customer hears of it only after this window. */
export const FINISH_UNDO_MINUTES = 10;

/** When a "fertig" can no longer be taken back: its e-mail goes, and the customer's page shows it. */
export const finishFinalAt = (finishedAt: string | Date) => new Date(new Date(finishedAt).getTime() + FINISH_UNDO_MINUTES * 60_000);


/** What the step follows from: the enquiry's dates and its current price and appointment. */
export interface JobFacts {
  status: string;
  quoteSent: boolean;
  quoteAccepted: boolean;
  dateChosen: boolean;
  /** Proposals wait for the customer's choice. */
  proposalsOpen: boolean;
  arrivedAt: string | null;
  finishedAt: string | null;
  collectedAt: string | null;
  /** A customer's answer staff have not seen yet. */
  customerAnsweredAt: string | null;
}

/** The step a job is at: the furthest one reached. */
export function jobStep(facts: JobFacts): JobStep {
  if (facts.status === "spam") return "spam";
  if (facts.collectedAt) return "abgeholt";
  if (facts.finishedAt) return "fertig";
  if (facts.arrivedAt) return "in-werkstatt";
  if (facts.dateChosen) return "termin";
  if (facts.quoteAccepted) return "preis-bestaetigt";
  if (facts.quoteSent) return "preis-gesendet";
  return "eingegangen";
}

/** Who has the next move. An answer staff have not seen is always the workshop's. */
export function waitingOn(facts: JobFacts): WaitingOn {
  const step = jobStep(facts);
  if (step === "spam" || step === "abgeholt" || facts.status === "erledigt") return null;
  if (facts.customerAnsweredAt) return "werkstatt";
  switch (step) {
    case "eingegangen":
      return facts.proposalsOpen ? "kunde" : "werkstatt";
    case "preis-gesendet":
    case "fertig":
      return "kunde";
    case "preis-bestaetigt":
      return facts.proposalsOpen ? "kunde" : "werkstatt";
    case "termin":
      return null;
    case "in-werkstatt":
      return "werkstatt";
  }
}

/** Whether `transition` may happen at `step`. */
export const allowed = (transition: Transition, step: JobStep) => TRANSITIONS[transition].from.includes(step);

/** What the job queue carries: the "fertig" e-mail, sent once the undo window has passed. */
export interface JobMessage {
  kind: "fertig";
  enquiryId: string;
  /** The "fertig" it is about: taken back and set again, it is another one. */
  finishedAt: number;
}

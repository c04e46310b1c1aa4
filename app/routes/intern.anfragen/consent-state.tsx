import type { StaffConsent } from "~/server/web/job-view.server";

/**
 * What the customer allows to be shown on the website (decision 025), in one line under the job's
 * steps: "Darf gezeigt werden: Fotos ✓ (seit 28.11.), Kundenstimme ✗". She gives and takes it back
 * on her status page; staff only read it.
 */
export function ConsentState({ consent }: { consent: StaffConsent }) {
  if (!consent) return null;
  return (
    <p className="job-card__consent">
      Darf gezeigt werden: Fotos <Mark given={!!consent.photos} />
      {consent.photos ? ` (seit ${consent.photos.since})` : ""}, Kundenstimme <Mark given={!!consent.statement} />
      {consent.statement ? ` (seit ${consent.statement.since}, als „${consent.statement.shownName}“)` : ""}
    </p>
  );
}

/** ✓ or ✗, said in words to a screen reader. */
function Mark({ given }: { given: boolean }) {
  return (
    <>
      <span aria-hidden="true">{given ? "✓" : "✗"}</span>
      <span className="visually-hidden">{given ? "ja" : "nein"}</span>
    </>
  );
}

import type { OpenStatus } from "~/lib/open-status";

/** "Jetzt geöffnet · bis 17:00 Uhr": nothing when the day's hours cannot be read as times. */
export function OpenStatusLine({ status }: { status: OpenStatus | null }) {
  if (!status) return null;
  return (
    <p className={`open-status${status.open ? " open-status--open" : ""}`}>
      <span className="open-status__dot" aria-hidden="true" />
      {status.text}
    </p>
  );
}

export type AlertState = "aktiv" | "geplant" | "abgelaufen";

const LABELS: Record<AlertState, string> = {
  aktiv: "Aktiv",
  geplant: "Geplant",
  abgelaufen: "Abgelaufen",
};

/** Whether an alert shows on the site now, will later, or did; text, not colour alone, carries the state. */
export function StatusBadge({ status }: { status: AlertState }) {
  return <span className={`admin-badge admin-badge--${status}`}>{LABELS[status]}</span>;
}

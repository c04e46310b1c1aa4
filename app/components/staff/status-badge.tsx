import type { AlertStatus } from "~/server/entities/alerts.server";

const LABELS: Record<AlertStatus, string> = {
  aktiv: "Aktiv",
  geplant: "Geplant",
  abgelaufen: "Abgelaufen",
};

/** Whether an alert shows on the site now, will later, or did; text, not colour alone, carries the state. */
export function StatusBadge({ status }: { status: AlertStatus }) {
  return <span className={`staff-badge staff-badge--${status}`}>{LABELS[status]}</span>;
}

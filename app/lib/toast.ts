/** SPEC §3 "Notification": shown for 5000 ms unless dismissed. */
export const TOAST_TIMEOUT_MS = 5000;

export interface Toast {
  id: string;
  type: "success" | "error";
  title?: string;
  body: string;
}

/** SPEC §8: the texts of the staff area's toasts, used by server actions and browser code alike. */
export const SUCCESS_MESSAGE = "Aktion Erfolgreich";
export const FAILURE_MESSAGE = "Etwas ist schiefgelaufen";

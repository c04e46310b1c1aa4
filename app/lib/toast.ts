/** SPEC §3 "Notification": shown for 5000 ms unless dismissed. */
export const TOAST_TIMEOUT_MS = 5000;

export interface Toast {
  id: string;
  type: "success" | "error";
  title?: string;
  body: string;
}

import { PATHS } from "~/lib/site-areas";
import { FAILURE_MESSAGE } from "~/lib/toast";

export type UploadOutcome =
  | { kind: "stored" }
  | { kind: "failed"; message: string }
  /** The session ended: the server redirected to the login page instead of storing. */
  | { kind: "signed-out"; location: string }
  | { kind: "aborted" };

/**
 * XMLHttpRequest rather than fetch because only it reports how much of a request body
 * has been sent, which is what the progress bars show.
 */
export function sendUpload(
  body: FormData,
  { onProgress, signal }: { onProgress: (fraction: number) => void; signal: AbortSignal },
): Promise<UploadOutcome> {
  return new Promise((resolve) => {
    const request = new XMLHttpRequest();
    request.open("POST", PATHS.staffPictureUpload);
    request.setRequestHeader("Accept", "application/json");
    request.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress(event.loaded / event.total);
    };
    request.onload = () => {
      const answeredBy = new URL(request.responseURL || PATHS.staffPictureUpload, window.location.href);
      if (answeredBy.pathname !== PATHS.staffPictureUpload) {
        resolve({ kind: "signed-out", location: answeredBy.href });
      } else if (request.status >= 200 && request.status < 300) {
        resolve({ kind: "stored" });
      } else {
        resolve({ kind: "failed", message: errorMessage(request.responseText) });
      }
    };
    request.onerror = () =>
      resolve({ kind: "failed", message: "Keine Verbindung zum Server. Bitte erneut versuchen." });
    request.onabort = () => resolve({ kind: "aborted" });
    signal.addEventListener("abort", () => request.abort(), { once: true });
    request.send(body);
  });
}

function errorMessage(responseText: string): string {
  try {
    const { error } = JSON.parse(responseText) as { error?: unknown };
    return typeof error === "string" && error ? error : FAILURE_MESSAGE;
  } catch {
    return FAILURE_MESSAGE;
  }
}

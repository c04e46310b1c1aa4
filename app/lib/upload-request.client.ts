import { PATHS } from "~/lib/site-areas";
import { FAILURE_MESSAGE } from "~/lib/toast";

export type UploadOutcome =
  /** `answer`: the endpoint's JSON answer. */
  | { kind: "stored"; answer: unknown }
  | { kind: "failed"; message: string; answer: unknown }
  /** The session ended: the server redirected to the login page instead of storing. */
  | { kind: "signed-out"; location: string }
  | { kind: "aborted" };

/**
 * XMLHttpRequest rather than fetch because only it reports how much of a request body
 * has been sent, which is what the progress bars show. `endpoint` answers JSON (`{ error }`
 * when it refuses); the staff uploader's by default, the enquiry form's for customers.
 */
export function sendUpload(
  body: FormData,
  {
    onProgress,
    signal,
    endpoint = PATHS.staffPictureUpload,
  }: { onProgress: (fraction: number) => void; signal: AbortSignal; endpoint?: string },
): Promise<UploadOutcome> {
  return new Promise((resolve) => {
    const request = new XMLHttpRequest();
    request.open("POST", endpoint);
    request.setRequestHeader("Accept", "application/json");
    request.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress(event.loaded / event.total);
    };
    request.onload = () => {
      const answeredBy = new URL(request.responseURL || endpoint, window.location.href);
      const answer = parsed(request.responseText);
      if (answeredBy.pathname !== endpoint) {
        resolve({ kind: "signed-out", location: answeredBy.href });
      } else if (request.status >= 200 && request.status < 300) {
        resolve({ kind: "stored", answer });
      } else {
        resolve({ kind: "failed", message: errorMessage(answer), answer });
      }
    };
    request.onerror = () =>
      resolve({ kind: "failed", message: "Keine Verbindung zum Server. Bitte erneut versuchen.", answer: null });
    request.onabort = () => resolve({ kind: "aborted" });
    signal.addEventListener("abort", () => request.abort(), { once: true });
    request.send(body);
  });
}

function parsed(responseText: string): unknown {
  try {
    return JSON.parse(responseText);
  } catch {
    return null;
  }
}

function errorMessage(answer: unknown): string {
  const error = (answer as { error?: unknown } | null)?.error;
  return typeof error === "string" && error ? error : FAILURE_MESSAGE;
}

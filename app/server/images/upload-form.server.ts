import { HttpError } from "~/server/base/errors.server";
import { readBodyLimited } from "~/server/base/request-body.server";
import type { ImageFile } from "./pictures.server";

/** A Worker has 128 MB of memory and buffers the whole form, so one request stays well below it. */
export const MAX_UPLOAD_REQUEST_BYTES = 60 * 1024 * 1024;

export const uploadTooLarge = () =>
  new HttpError(413, "Die Anfrage ist zu groß. Bitte weniger oder kleinere Bilder auf einmal hochladen.");

/**
 * Reads a multipart form with pictures without ever holding more than the allowed size: the
 * declared length is checked first, and a body without one is counted while it streams in.
 */
export async function readUploadForm(request: Request): Promise<FormData> {
  if (!request.headers.get("Content-Type")?.toLowerCase().startsWith("multipart/form-data")) {
    throw new HttpError(400, "Bilder müssen als multipart/form-data gesendet werden.");
  }
  const body = await readBodyLimited(request, MAX_UPLOAD_REQUEST_BYTES, uploadTooLarge);
  try {
    return await new Response(body, { headers: { "Content-Type": request.headers.get("Content-Type")! } }).formData();
  } catch {
    throw new HttpError(400, "Das Formular konnte nicht gelesen werden.");
  }
}

/** The files sent under `field`, without the empty part a browser sends when none was chosen. */
export async function filesOf(form: FormData, field: string): Promise<ImageFile[]> {
  const files: ImageFile[] = [];
  for (const entry of form.getAll(field)) {
    if (typeof entry === "string" || entry.size === 0) continue;
    files.push({ name: entry.name || "bild", bytes: new Uint8Array(await entry.arrayBuffer()) });
  }
  return files;
}

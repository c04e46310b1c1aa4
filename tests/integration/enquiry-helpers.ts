import { env, SELF } from "cloudflare:test";
import { expect } from "vitest";
import { ENQUIRY_FIELDS as F, FORM_TOKEN_FIELD } from "~/lib/enquiry";
import { mintFormToken } from "~/server/entities/job/enquiry-spam.server";
import { readImageSize } from "~/server/images/image-bytes.server";
import { APP1_XMP, bytes, exifSegment, png } from "../fixtures/images";
import { BASE, db, SAME_ORIGIN } from "./helpers";

/** A token as the page hands it out, `ageMs` ago (a person takes longer than 3 s). */
export const formToken = (ageMs = 60_000) => mintFormToken(db(), Date.now() - ageMs);

export const CUSTOMER = {
  [F.topic]: "Autositze",
  [F.vehicle]: "VW Golf II, 1989",
  [F.description]: "Die Fahrersitzwange ist eingerissen, das Leder ist an der Kante brüchig.",
  [F.name]: "Erika Mustermann",
  [F.email]: "erika@beispiel.de",
  [F.phone]: "0221 987654",
} as const;

export interface Photo {
  name: string;
  bytes: Uint8Array<ArrayBuffer>;
  type?: string;
}

/** The form as a browser posts it: the fields, the photos under `fotos`, the token (unless given in `fields`). */
export async function enquiryForm(fields: Record<string, string> = CUSTOMER, photos: Photo[] = []): Promise<FormData> {
  const form = new FormData();
  const withToken = FORM_TOKEN_FIELD in fields ? fields : { ...fields, [FORM_TOKEN_FIELD]: await formToken() };
  for (const [name, value] of Object.entries(withToken)) form.append(name, value);
  for (const photo of photos) form.append(F.photos, new File([photo.bytes], photo.name, { type: photo.type ?? "image/jpeg" }));
  // What a browser sends for an empty file input.
  if (photos.length === 0) form.append(F.photos, new File([], "", { type: "application/octet-stream" }));
  return form;
}

let nextAddress = 1;
/** A visitor address of its own for each call, so the per-address limit only counts where a test wants it to. */
export const freshAddress = () => `198.51.100.${nextAddress++}`;

/** Posts the form as the enhanced page does (JSON answer), from `address`. */
export function sendEnhanced(form: FormData, address = freshAddress()) {
  return SELF.fetch(`${BASE}/anfrage/senden`, {
    method: "POST",
    headers: { ...SAME_ORIGIN, "CF-Connecting-IP": address },
    body: form,
    redirect: "manual",
  });
}

/** Posts the form as a browser without JavaScript does (the page's action), from `address`. */
export function sendPlain(form: FormData, address = freshAddress()) {
  return SELF.fetch(`${BASE}/anfrage`, {
    method: "POST",
    headers: { ...SAME_ORIGIN, "CF-Connecting-IP": address },
    body: form,
    redirect: "manual",
  });
}

/** An enquiry the enhanced form stored: 201, and the way to its status page (decision 021). */
export async function expectStored(response: Response): Promise<string> {
  return (await expectStoredWithLink(response)).reference;
}

/** As `expectStored`, with the status link's token the answer leads to. */
export async function expectStoredWithLink(response: Response): Promise<{ reference: string; token: string }> {
  expect(response.status, await response.clone().text()).toBe(201);
  const { location, reference } = (await response.json()) as { location: string; reference: string };
  const token = /^\/anfrage\/status\/([A-Za-z0-9_-]+)$/.exec(location)?.[1];
  expect(token, location).toBeDefined();
  return { reference, token: token! };
}

/** A phone photo: a real JPEG (pixels from the Images binding), 400 × 300 as stored, EXIF orientation 6 with GPS, and XMP. */
export async function sidewaysPhoto(): Promise<Uint8Array<ArrayBuffer>> {
  const encoded = await env.IMAGE_TRANSFORMS.input(new Blob([png({ width: 40, height: 30, rgb: [130, 80, 45] })]).stream())
    .transform({ width: 400 })
    .output({ format: "image/jpeg" });
  const jpeg = new Uint8Array(await encoded.response().arrayBuffer());
  expect(readImageSize(jpeg, "image/jpeg")).toEqual({ width: 400, height: 300 });
  return bytes(jpeg.subarray(0, 2), exifSegment(6), APP1_XMP, jpeg.subarray(2));
}

export async function enquiryRows(): Promise<{ id: string; status: string; spam_reason: string | null; mail_status: string; number: number }[]> {
  return (await env.DB.prepare("select id, status, spam_reason, mail_status, number from enquiries order by created_at").all()).results as never;
}

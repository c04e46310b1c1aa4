import type { AppLoadContext } from "@remix-run/cloudflare";
import { ENQUIRY_FIELDS } from "~/lib/enquiry";
import { HttpError } from "~/server/base/errors.server";
import type { FieldErrors } from "~/server/base/validation.server";
import { claimEnquirySlot } from "~/server/entities/enquiry-spam.server";
import { sendNewEnquiryMail } from "~/server/entities/enquiry-mail.server";
import { receiveEnquiry } from "~/server/entities/enquiries.server";
import { clientAddress } from "~/server/entities/staff-accounts.server";
import { filesOf, readUploadForm } from "~/server/images/upload-form.server";
import { type FormValues, formFields } from "./staff-form.server";
import { PATHS } from "~/lib/site-areas";

/** Where a customer lands after sending: the confirmation with the reference number. */
export const confirmationPath = (reference: string) => `${PATHS.enquiry}/danke/${reference}`;

export type EnquiryAnswer =
  | { ok: true; reference: string; location: string }
  | { ok: false; status: number; message: string; fieldErrors: FieldErrors; values: FormValues; headers: HeadersInit };

/**
 * One post of the enquiry form, from the plain HTML form (the page's action) and from the
 * enhanced one (app/routes/anfrage_.senden.ts) alike: it counts against the sender's
 * address first — refused and spam ones too — then the enquiry module checks and stores
 * it, and the e-mail to the workshop goes out after the answer. A refusal carries the
 * values as typed, so the form comes back filled in.
 */
export async function submitEnquiry(request: Request, context: AppLoadContext): Promise<EnquiryAnswer> {
  const { db } = context;
  let form: FormData | null = null;
  let unreadable: HttpError | null = null;
  try {
    form = await readUploadForm(request);
  } catch (error) {
    if (!(error instanceof HttpError)) throw error;
    unreadable = error;
  }
  const values = form ? formFields(form) : {};
  const refused = (error: HttpError, fieldErrors: FieldErrors = {}): EnquiryAnswer => ({
    ok: false,
    status: error.status,
    message: error.message,
    fieldErrors,
    values,
    headers: error.headers,
  });

  try {
    await claimEnquirySlot(db, clientAddress(request));
  } catch (error) {
    if (error instanceof HttpError) return refused(error);
    throw error;
  }
  if (!form) return refused(unreadable!, { [ENQUIRY_FIELDS.photos]: unreadable!.message });

  let received: Awaited<ReturnType<typeof receiveEnquiry>>;
  try {
    received = await receiveEnquiry(db, context.pictures, { values, photos: await filesOf(form, ENQUIRY_FIELDS.photos) });
  } catch (error) {
    // Storing failed on our side (503): the form comes back as typed, with the message.
    if (error instanceof HttpError) return refused(error);
    throw error;
  }
  if (!received.ok) return { ...received, values, headers: {} };
  const { enquiry } = received;
  if (enquiry.mailStatus === "ausstehend") {
    context.cloudflare.ctx.waitUntil(sendNewEnquiryMail(db, context.cloudflare.env.ENQUIRY_MAIL, enquiry.id));
  }
  return { ok: true, reference: enquiry.reference, location: confirmationPath(enquiry.reference) };
}

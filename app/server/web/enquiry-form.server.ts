import type { AppLoadContext } from "@remix-run/cloudflare";
import { DAMAGE_SEPARATOR, ENQUIRY_FIELDS } from "~/lib/enquiry";
import { HttpError } from "~/server/base/errors.server";
import { declaredLength, MAX_FORM_BYTES } from "~/server/base/request-body.server";
import type { FieldErrors } from "~/server/base/validation.server";
import { claimEnquirySlot } from "~/server/entities/job/enquiry-spam.server";
import { sendNewEnquiryMail } from "~/server/entities/job/enquiry-mail.server";
import { receiveEnquiry } from "~/server/entities/job/enquiries.server";
import { clientAddress } from "~/server/base/client-address.server";
import { filesOf, MAX_UPLOAD_REQUEST_BYTES, readUploadForm, uploadTooLarge } from "~/server/images/upload-form.server";
import { type FormValues, formFields } from "./staff-form.server";
import { statusPagePath } from "~/lib/site-areas";
import { tellCustomer } from "~/server/entities/job/customer-mail.server";


export type EnquiryAnswer =
  | { ok: true; reference: string; location: string }
  | { ok: false; status: number; message: string; fieldErrors: FieldErrors; values: FormValues; headers: HeadersInit };

/** The form's text fields; the damage chips (checkboxes of one name) as one value, so the form comes back with them checked. */
function enquiryValues(form: FormData): FormValues {
  const values = formFields(form);
  const damage = form.getAll(ENQUIRY_FIELDS.damage).filter((value) => typeof value === "string");
  if (damage.length > 0) values[ENQUIRY_FIELDS.damage] = damage.join(DAMAGE_SEPARATOR);
  return values;
}

/**
 * The values of a post refused before its body was read, so the form can come back filled in:
 * read only when the body is no larger than a form without photos, else left unread (cancelled).
 */
async function valuesOfUnreadPost(request: Request): Promise<FormValues> {
  const length = declaredLength(request);
  if (length === null || length > MAX_FORM_BYTES) {
    await request.body?.cancel().catch(() => undefined);
    return {};
  }
  try {
    return enquiryValues(await readUploadForm(request));
  } catch {
    return {};
  }
}

/**
 * One post of the enquiry form, from the plain HTML form (the page's action) and from the
 * enhanced one (app/routes/anfrage_.senden.ts) alike. Before a byte of the body is read, a
 * declared length beyond what five photos may need is refused (413) and the post counts
 * against its sender — refused and spam ones too — so a sender over the limit costs a query,
 * not the parsing of 60 MB. Then the enquiry module checks and stores it, and the e-mails to
 * the workshop and to the customer (with the status link) go out after the answer. A refusal carries the values as typed where they
 * could be read, so the form comes back filled in.
 */
export async function submitEnquiry(request: Request, context: AppLoadContext): Promise<EnquiryAnswer> {
  const { db } = context;
  const refused = (error: HttpError, values: FormValues, fieldErrors: FieldErrors = {}): EnquiryAnswer => ({
    ok: false,
    status: error.status,
    message: error.message,
    fieldErrors,
    values,
    headers: error.headers,
  });

  if ((declaredLength(request) ?? 0) > MAX_UPLOAD_REQUEST_BYTES) {
    await request.body?.cancel().catch(() => undefined);
    const error = uploadTooLarge();
    return refused(error, {}, { [ENQUIRY_FIELDS.photos]: error.message });
  }
  try {
    await claimEnquirySlot(db, clientAddress(request));
  } catch (error) {
    if (error instanceof HttpError) return refused(error, await valuesOfUnreadPost(request));
    throw error;
  }

  let form: FormData;
  try {
    form = await readUploadForm(request);
  } catch (error) {
    if (!(error instanceof HttpError)) throw error;
    return refused(error, {}, { [ENQUIRY_FIELDS.photos]: error.message });
  }
  const values = enquiryValues(form);

  let received: Awaited<ReturnType<typeof receiveEnquiry>>;
  try {
    received = await receiveEnquiry(db, context.pictures, { values, photos: await filesOf(form, ENQUIRY_FIELDS.photos) });
  } catch (error) {
    // Storing failed on our side (503): the form comes back as typed, with the message.
    if (error instanceof HttpError) return refused(error, values);
    throw error;
  }
  if (!received.ok) return { ...received, values, headers: received.headers ?? {} };
  const { enquiry, statusToken } = received;
  if (enquiry.mailStatus === "ausstehend") {
    context.cloudflare.ctx.waitUntil(sendNewEnquiryMail(db, context.cloudflare.env.ENQUIRY_MAIL, enquiry.id));
    // The customer's own copy of the link the confirmation shows.
    tellCustomer(db, context.mailers, enquiry.id, "received", statusToken);
  }
  // The confirmation is the status page: "Vielen Dank" and its own address to keep (decision 021).
  return { ok: true, reference: enquiry.reference, location: statusPagePath(statusToken) };
}

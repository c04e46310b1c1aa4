import { type ActionFunctionArgs, type LinksFunction, type LoaderFunctionArgs, type MetaFunction, redirect } from "@remix-run/cloudflare";
import { PAGE_STYLES } from "~/components/document/page-styles";
import { useActionData, useLoaderData } from "@remix-run/react";
import { useFailureToast } from "~/components/staff/use-staff-form";
import { ENQUIRY_STATUSES, type EnquiryStatus, REPLY_CHANNEL_LABELS } from "~/lib/enquiry";
import { OPEN_JOBS_SORTED, WAITING_PARAM, type WaitingOn } from "~/lib/job";
import { pageNumber, pageRows } from "~/lib/page-number";
import { staffPageMeta } from "~/lib/seo";
import { ENQUIRY_PARAM, PATHS, staffEnquiryHref } from "~/lib/site-areas";
import { DELETE_PARAM } from "~/lib/staff-forms";
import {
  countEnquiries,
  deleteEnquiry,
  ENQUIRY_NOT_FOUND,
  ENQUIRY_PAGE_SIZE,
  enquiryNoteChange,
  enquiryReply,
  enquiryStatusChange,
  getEnquiry,
  listEnquiries,
  listOpenEnquiries,
  openReply,
  updateEnquiry,
} from "~/server/entities/job/enquiries.server";
import { consentOf } from "~/server/entities/job/consent.server";
import { customerMessage } from "~/server/entities/job/customer-mail.server";
import { progressOf, progressOfEnquiry } from "~/server/entities/job/enquiry-progress.server";
import { snippetsFor } from "~/server/entities/job/reply-snippets.server";
import { proposalSchedule } from "~/server/entities/job/appointments.server";
import { nextOpenDays, progressIntents, staffConsent, staffProgress } from "~/server/web/job-view.server";
import { dialogRecord, directWrite, MOVED_TO_TRASH, staffAction, validatedWrite } from "~/server/web/staff-form.server";
import { requireStaffForAction, requireStaffForPage } from "~/server/web/staff-session.server";
import enquiryStyles from "~/styles/enquiries-staff.css?url";
import stepStyles from "~/styles/enquiry-steps.css?url";
import { EnquiryList, STATUS_PARAM } from "./enquiry-list";
import { JobCard } from "./job-card";
import { OPENED_FIELD, SNIPPET_PARAM } from "./reply-actions";
import { shownEnquiry } from "./shown-enquiry";

/*
 * The staff inbox (`/intern/anfragen`) and one enquiry as a job card (`?anfrage=<id>`). The
 * card's sections live beside this file, one per concern, so a new one (a quote, dates) is a
 * sibling part and a line in job-card.tsx; this file keeps what the server does.
 */

export const meta: MetaFunction = () => staffPageMeta("Anfragen");

export const links: LinksFunction = () => [
  { rel: "stylesheet", href: PAGE_STYLES.gallery.href },
  { rel: "stylesheet", href: enquiryStyles },
  // The steps after the arrival (decision 021): the staff calendar, the timeline and price table, the step forms.
  { rel: "stylesheet", href: PAGE_STYLES.dayPicker.href },
  { rel: "stylesheet", href: PAGE_STYLES.progress.href },
  { rel: "stylesheet", href: stepStyles },
];

function statusOf(params: URLSearchParams): EnquiryStatus | null {
  const status = params.get(STATUS_PARAM);
  return (ENQUIRY_STATUSES as readonly string[]).includes(status ?? "") ? (status as EnquiryStatus) : null;
}

/** "Wartet auf uns / auf Kunde", or null for the status filters. */
function waitingOf(params: URLSearchParams): Exclude<WaitingOn, null> | null {
  const who = params.get(WAITING_PARAM);
  return who === "werkstatt" || who === "kunde" ? who : null;
}

/** Looking never writes: the status changes only when staff set it or open a reply. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireStaffForPage(request, context);
  const url = new URL(request.url);
  const now = new Date();
  const load = (id: string) => getEnquiry(context.db, id);
  const open = await dialogRecord({ request, context }, ENQUIRY_PARAM, { loaded: [], load, gone: ENQUIRY_NOT_FOUND });
  if (open) {
    const [deleting, snippets, progress, consent] = await Promise.all([
      dialogRecord({ request, context }, DELETE_PARAM, { loaded: [open], load, gone: ENQUIRY_NOT_FOUND }),
      snippetsFor(context.db, { name: open.name, reference: open.reference }),
      progressOfEnquiry(context.db, open),
      consentOf(context.db, open.id),
    ]);
    const chosen = snippets.find((snippet) => snippet.id === url.searchParams.get(SNIPPET_PARAM));
    const shownProgress = staffProgress(open, progress, context.mailers, now);
    return {
      view: "detail" as const,
      enquiry: shownEnquiry(open, now, progress),
      progress: shownProgress,
      consent: staffConsent(consent, progress),
      quickDays: shownProgress.canPropose ? nextOpenDays(await proposalSchedule(context.db, now), now) : [],
      finishMessage: shownProgress.job.finish ? await customerMessage(context.db, { enquiry: open, progress, steps: ["finished"], link: null, named: true, now }) : null,
      deleting: deleting && { id: deleting.id, title: `${deleting.reference} – ${deleting.name}` },
      snippets,
      chosenSnippet: chosen?.id ?? null,
    };
  }
  const status = statusOf(url.searchParams);
  const waiting = waitingOf(url.searchParams);
  const page = pageNumber(url.searchParams);
  const rows = pageRows(page, ENQUIRY_PAGE_SIZE);
  const [listed, counts, openJobs] = await Promise.all([
    waiting ? null : listEnquiries(context.db, { status, ...rows }),
    countEnquiries(context.db),
    listOpenEnquiries(context.db, OPEN_JOBS_SORTED),
  ]);
  // "Wartet auf uns / auf Kunde" follow from each open job's progress (app/lib/job.ts), not from a column.
  const progress = await progressOf(context.db, [...openJobs, ...(listed ?? []).filter((item) => !openJobs.some((other) => other.id === item.id))]);
  const byWaiting = (who: WaitingOn) => openJobs.filter((item) => progress.get(item.id)?.waitingOn === who);
  const waitingCounts = { werkstatt: byWaiting("werkstatt").length, kunde: byWaiting("kunde").length };
  const items = waiting ? byWaiting(waiting).slice(rows.startAt, rows.startAt + rows.limit) : listed!;
  const total = waiting
    ? waitingCounts[waiting]
    : status
      ? counts[status]
      : ENQUIRY_STATUSES.filter((name) => name !== "spam").reduce((sum, name) => sum + counts[name], 0);
  return {
    view: "list" as const,
    status,
    waiting,
    page,
    pageCount: Math.max(1, Math.ceil(total / ENQUIRY_PAGE_SIZE)),
    counts,
    waitingCounts,
    items: items.map((item) => shownEnquiry(item, now, progress.get(item.id))),
  };
}


export async function action({ request, context }: ActionFunctionArgs) {
  const user = await requireStaffForAction(request, context);
  const form = await request.formData();
  const id = String(form.get("id") ?? "");
  const { db } = context;
  const here = new URL(request.url);
  return staffAction(
    { request, context },
    form,
    {
      status: validatedWrite(enquiryStatusChange, (input) => updateEnquiry(db, user, id, input)),
      note: validatedWrite(enquiryNoteChange, (input) => updateEnquiry(db, user, id, input)),
      reply: validatedWrite(
        enquiryReply,
        async (reply, posted) => {
          const href = await openReply(db, user, id, reply);
          // Without JavaScript the answer is the reply itself (Remix passes a thrown redirect on);
          // with it, the browser opened the reply and gets the page back with the new status.
          if (!posted.values[OPENED_FIELD]) throw redirect(href, 303);
          return reply;
        },
        { to: `${here.pathname}${here.search}`, toast: ({ kanal }) => ({ type: "success", body: `Antwort per ${REPLY_CHANNEL_LABELS[kanal]} geöffnet.` }) },
      ),
      delete: directWrite(() => deleteEnquiry(db, user, id), { to: PATHS.staffEnquiries, toast: MOVED_TO_TRASH }),
      ...progressIntents({ request, context }, user, id),
    },
    { to: staffEnquiryHref(id) },
  );
}

export default function EnquiriesPage() {
  const data = useLoaderData<typeof loader>();
  useFailureToast(useActionData<typeof action>());
  return (
    <div className="staff-page">
      {data.view === "detail" ? (
        <JobCard
          enquiry={data.enquiry}
          progress={data.progress}
          consent={data.consent}
          deleting={data.deleting}
          snippets={data.snippets}
          chosenSnippet={data.chosenSnippet}
          finishMessage={data.finishMessage}
          quickDays={data.quickDays}
        />
      ) : (
        <EnquiryList {...data} />
      )}
    </div>
  );
}

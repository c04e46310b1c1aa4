import { Link, useActionData, useFetcher, useLocation } from "@remix-run/react";
import type { FormEvent } from "react";
import { PhoneIcon } from "~/components/shell/call-bar";
import { Field } from "~/components/staff/field";
import { IntentFields } from "~/components/staff/submit-button";
import { useHydrated } from "~/components/use-hydrated";
import { REPLY_CHANNEL_LABELS, type ReplyChannel } from "~/lib/enquiry";
import { REPLY_SNIPPET_TEXT_MAX_LENGTH } from "~/lib/limits";
import { telHref } from "~/lib/phone";
import { replyHref, whatsAppNumber } from "~/lib/reply-links";
import { PATHS } from "~/lib/site-areas";
import { failureFor, searchWith } from "~/lib/staff-forms";
import type { ReplySnippet } from "~/server/entities/job/reply-snippets.server";
import type { ShownEnquiry } from "./shown-enquiry";

/** The chosen snippet (`&vorlage=<id>`): the text field then opens with it. */
export const SNIPPET_PARAM = "vorlage";
/** Sent with JavaScript, which opened the reply itself: the action answers with the page, not the link. */
export const OPENED_FIELD = "geoeffnet";
const TEXT_ID = "antwort-text";

/**
 * Anrufen, WhatsApp, E-Mail in one row, under the text they send (a snippet,
 * filled for this customer, editable) to the action, which records the reply (Verlauf, "Neu" →
 * "In Bearbeitung") and answers with the WhatsApp or mail link, so it works as a plain form.
 * With JavaScript the browser opens the link itself in the same tap (a new tab for WhatsApp,
 * the mail program for e-mail) and records it alongside, so the card stays and shows the new status.
 */
export function ReplyActions({ enquiry, snippets, chosenSnippet }: { enquiry: ShownEnquiry; snippets: ReplySnippet[]; chosenSnippet: string | null }) {
  const hydrated = useHydrated();
  const fetcher = useFetcher();
  const { pathname, search } = useLocation();
  const failure = failureFor(useActionData(), "reply", enquiry.id);
  const chosen = snippets.find((snippet) => snippet.id === chosenSnippet) ?? snippets[0];
  const channels = (["whatsapp", "email"] as const).filter((channel) => (channel === "whatsapp" ? whatsAppNumber(enquiry.phone) : enquiry.email));

  const openInBrowser = (event: FormEvent<HTMLFormElement>) => {
    const submitter = (event.nativeEvent as SubmitEvent).submitter;
    if (!hydrated || !(submitter instanceof HTMLButtonElement)) return;
    const form = new FormData(event.currentTarget, submitter);
    const text = String(form.get("text") ?? "").trim();
    const href = text ? replyHref(submitter.value as ReplyChannel, enquiry, text) : null;
    // Nothing to open: the form goes to the server, which answers with its message.
    if (!href) return;
    event.preventDefault();
    form.set(OPENED_FIELD, "1");
    fetcher.submit(form, { method: "post", preventScrollReset: true });
    if (submitter.value === "whatsapp") window.open(href, "_blank", "noopener");
    else window.location.href = href;
  };

  return (
    <form method="post" className="reply-actions" onSubmit={openInBrowser}>
      <IntentFields intent="reply" id={enquiry.id} />
      {channels.length > 0 ? (
        <details className="reply-text" open={chosenSnippet !== null || failure !== undefined}>
          <summary className="reply-text__summary">
            Antworttext: <span className="reply-text__chosen">{chosen.title}</span>
          </summary>
          <div className="reply-text__body">
            <ul className="chip-list" aria-label="Vorlagen">
              {snippets.map((snippet) => (
                <li key={snippet.id}>
                  <Link
                    to={`${pathname}${searchWith(search, { [SNIPPET_PARAM]: snippet.id })}#${TEXT_ID}`}
                    className="chip"
                    aria-current={snippet.id === chosen.id ? "true" : undefined}
                    preventScrollReset
                    replace
                  >
                    {snippet.title}
                  </Link>
                </li>
              ))}
            </ul>
            <Field
              key={chosen.id}
              id={TEXT_ID}
              label="Text der Antwort"
              name="text"
              multiline
              rows={8}
              maxLength={REPLY_SNIPPET_TEXT_MAX_LENGTH}
              hint="Öffnet sich in WhatsApp oder im E-Mail-Programm; dort lässt er sich vor dem Senden noch ändern."
              defaultValue={failure?.values.text ?? chosen.text}
              error={failure?.fieldErrors.text}
            />
            <p className="reply-text__manage">
              <Link to={PATHS.staffReplySnippets} className="standalone-link">
                Vorlagen verwalten
              </Link>
            </p>
          </div>
        </details>
      ) : null}
      <div className="reply-actions__row">
        {enquiry.phone ? (
          <a className="button button--secondary reply-actions__action" href={telHref(enquiry.phone)}>
            <PhoneIcon />
            Anrufen<span className="visually-hidden">: {enquiry.phone}</span>
          </a>
        ) : null}
        {channels.map((channel) => (
          <button key={channel} type="submit" name="kanal" value={channel} className="button reply-actions__action">
            {REPLY_CHANNEL_LABELS[channel]}
          </button>
        ))}
      </div>
    </form>
  );
}

import { useActionData } from "@remix-run/react";
import { StatusTimeline } from "~/components/enquiry-status/status-timeline";
import { FieldError } from "~/components/staff/field";
import { IntentFields } from "~/components/staff/submit-button";
import { CHANNEL_FIELD, PROGRESS_INTENTS, SHARE_CHANNEL_LABELS } from "~/lib/enquiry-progress";
import { failureFor } from "~/lib/staff-forms";
import type { StaffProgress } from "~/server/web/job-view.server";

/**
 * Where the enquiry stands as the customer's status page shows it, what the customer wrote
 * there, and which steps they have been told of; an e-mail still on its way is said neutrally.
 * A step no e-mail will tell ("nicht benachrichtigt": no e-mail address, no customer e-mail set
 * up, a failed send), or any step of a customer who asked for WhatsApp or a call, is sent from here: the text opens in
 * WhatsApp, SMS or the staff member's own mail app with a fresh status link, or is marked as told
 * by phone. A plain document form, so the answer can open those apps with and without JavaScript.
 */
export function CustomerNotices({ progress }: { progress: StaffProgress }) {
  const failure = failureFor(useActionData(), PROGRESS_INTENTS.notify, progress.enquiryId);
  const untold = progress.notices.filter((notice) => !notice.told);
  return (
    <section className="staff-section enquiry-steps" aria-labelledby="stand-title">
      <h2 id="stand-title">Stand für die Kundin / den Kunden</h2>
      <StatusTimeline steps={progress.timeline} />
      {progress.messages.length > 0 ? (
        <>
          <h3>Nachrichten von der Statusseite</h3>
          <ul className="enquiry-steps__messages">
            {progress.messages.map((message) => (
              <li key={message.id}>
                <strong>{message.label}</strong> · {message.at} Uhr
                {message.text ? <p className="enquiry-description">{message.text}</p> : null}
              </li>
            ))}
          </ul>
        </>
      ) : null}
      {progress.notices.length > 0 ? (
        <>
          <h3>Benachrichtigt?</h3>
          <ul className="enquiry-steps__notices">
            {progress.notices.map((notice) => (
              <li key={notice.step}>
                {notice.label}:{" "}
                {notice.told ? (
                  <span className="staff-badge enquiry-steps__told">benachrichtigt</span>
                ) : notice.pending ? (
                  <span className="staff-badge">{notice.reason}</span>
                ) : (
                  <span className="staff-badge enquiry-steps__untold">{`nicht benachrichtigt (${notice.reason})`}</span>
                )}
              </li>
            ))}
          </ul>
        </>
      ) : null}
      {untold.length > 0 && progress.offerSharing ? (
        <form method="post" className="enquiry-steps__notify" aria-labelledby="benachrichtigen-title">
          <IntentFields intent={PROGRESS_INTENTS.notify} id={progress.enquiryId} />
          <h3 id="benachrichtigen-title">Kunde benachrichtigen</h3>
          <p className="staff-field__hint">
            Öffnet die Nachricht zu „{untold.map((notice) => notice.label).join("“, „")}“ mit einem neuen Link zur Statusseite; die Schritte gelten dann als
            benachrichtigt.
          </p>
          <div className="staff-form__buttons enquiry-steps__channels">
            {progress.callFirst ? (
              <button type="submit" name={CHANNEL_FIELD} value="anruf" className="button">
                Telefonisch erledigt
              </button>
            ) : null}
            {progress.channels.map((channel) => (
              <button key={channel} type="submit" name={CHANNEL_FIELD} value={channel} className="button">
                {`Per ${SHARE_CHANNEL_LABELS[channel]}`}
              </button>
            ))}
            {progress.callFirst ? null : (
              <button type="submit" name={CHANNEL_FIELD} value="anruf" className="button button--secondary">
                Telefonisch erledigt
              </button>
            )}
          </div>
          <FieldError id="kanal-fehler">{failure?.fieldErrors[CHANNEL_FIELD]}</FieldError>
        </form>
      ) : null}
    </section>
  );
}

import { useEffect, useId, useRef, useState } from "react";
import { useHydrated } from "~/components/use-hydrated";

/**
 * An invitation's link to pass on. Without JavaScript it is a read-only field whose text can be
 * selected and copied by hand; with it, "Link kopieren" puts it on the clipboard and, where the
 * phone offers its share sheet, "Teilen" opens it (messenger, SMS, e-mail — no e-mail needed here).
 */
export function InvitationLink({ url, label }: { url: string; label: string }) {
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const hydrated = useHydrated();
  const [copied, setCopied] = useState(false);
  const [canShare, setCanShare] = useState(false);

  useEffect(() => setCanShare(typeof navigator.share === "function"), []);

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(url);
      setCopied(true);
    } catch {
      // No clipboard (an insecure context, a refusal): the text is selected to copy by hand.
      input.current?.select();
    }
  };

  return (
    <div className="invitation-link">
      <div className="staff-field">
        <label htmlFor={id} className="staff-field__label">
          {label}
        </label>
        <input
          ref={input}
          id={id}
          type="url"
          value={url}
          readOnly
          className="staff-field__input"
          onFocus={(event) => event.currentTarget.select()}
        />
      </div>
      {hydrated ? (
        <div className="invitation-link__buttons">
          <button type="button" className="button" onClick={copy}>
            Link kopieren
          </button>
          {canShare ? (
            <button
              type="button"
              className="button button--secondary"
              onClick={() => navigator.share({ title: "Einladung ins Team", url }).catch(() => {})}
            >
              Teilen
            </button>
          ) : null}
          <span className="invitation-link__status" role="status">
            {copied ? "Kopiert" : ""}
          </span>
        </div>
      ) : null}
    </div>
  );
}

import { useEffect, useId, useRef, useState } from "react";
import { FieldError } from "~/components/staff/field";
import { type ChosenPhoto, PhotoPicker } from "~/components/upload/photo-picker";
import { useHydrated } from "~/components/use-hydrated";
import { MAX_ENQUIRY_PHOTOS } from "~/lib/enquiry";

/** The enquiry form's first control: what a customer does first on a phone is photograph the damage. */
export const ENQUIRY_PHOTOS_LABEL = "Fotos vom Schaden aufnehmen oder auswählen";

/**
 * The photos of an enquiry, on the staff's photo tile: the phone offers its camera and its
 * gallery for `accept="image/*"`. The chosen files stay in the input itself, so the form sends
 * what it shows with and without JavaScript; with it, each photo is shown small with a button
 * that takes it out again, and without it the browser's own input says what is chosen.
 */
export function PhotoField({
  name,
  error,
  lostOnReturn,
  onCountChange,
}: {
  name: string;
  error?: string;
  /** The form came back from the server without JavaScript: the browser has forgotten the files. */
  lostOnReturn: boolean;
  onCountChange: (count: number) => void;
}) {
  const id = useId();
  const hydrated = useHydrated();
  const input = useRef<HTMLInputElement>(null);
  const [previews, setPreviews] = useState<ChosenPhoto[]>([]);
  const ids = { hint: `${id}-hinweis`, lost: `${id}-verloren`, error: `${id}-fehler` };

  const refresh = () => {
    const files = Array.from(input.current?.files ?? []);
    setPreviews((old) => {
      for (const preview of old) URL.revokeObjectURL(preview.url);
      return files.map((file) => ({ url: URL.createObjectURL(file), name: file.name }));
    });
    onCountChange(files.length);
  };

  // Photos chosen before the page's scripts ran are in the input already.
  useEffect(() => {
    if (input.current?.files?.length) refresh();
    // Once, on mount; later changes come through onChange.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const remove = (index: number) => {
    const files = Array.from(input.current?.files ?? []);
    const kept = new DataTransfer();
    files.forEach((file, at) => at !== index && kept.items.add(file));
    if (input.current) input.current.files = kept.files;
    refresh();
    input.current?.focus();
  };

  const describedBy = [ids.hint, lostOnReturn ? ids.lost : null, error ? ids.error : null].filter(Boolean).join(" ");
  return (
    <div className={`staff-field enquiry-photos${error ? " staff-field--invalid" : ""}`}>
      <PhotoPicker
        name={name}
        label={ENQUIRY_PHOTOS_LABEL}
        inputRef={input}
        invalid={Boolean(error)}
        showInput={!hydrated}
        describedBy={describedBy}
        onChange={refresh}
        chosen={previews}
        onRemove={remove}
      >
        <p id={ids.hint} className="staff-field__hint">
          Bis zu {MAX_ENQUIRY_PHOTOS} Fotos vom Schaden und vom ganzen Teil, je höchstens 15&nbsp;MB.
        </p>
        {lostOnReturn ? (
          <p id={ids.lost} className="staff-field__hint enquiry-photos__lost">
            Falls Sie Fotos gewählt hatten: Bitte wählen Sie sie noch einmal aus – ohne JavaScript kann das Formular sie
            nicht behalten.
          </p>
        ) : null}
        <FieldError id={ids.error}>{error}</FieldError>
      </PhotoPicker>
    </div>
  );
}

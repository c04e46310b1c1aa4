import { useEffect, useId, useRef, useState } from "react";
import { FieldError } from "~/components/staff/field";
import { MAX_ENQUIRY_PHOTOS } from "~/lib/enquiry";

interface Preview {
  url: string;
  name: string;
}

/**
 * "Fotos": the phone offers its camera and its gallery for `accept="image/*"`. The chosen
 * files stay in the input itself, so the form sends what it shows with and without
 * JavaScript; with it, each photo is shown small with a button that takes it out again.
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
  const input = useRef<HTMLInputElement>(null);
  const [previews, setPreviews] = useState<Preview[]>([]);
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
      <label htmlFor={id} className="staff-field__label">
        Fotos
      </label>
      <p id={ids.hint} className="staff-field__hint">
        Bis zu {MAX_ENQUIRY_PHOTOS} Fotos, z. B. vom Schaden und vom ganzen Teil – mit der Kamera oder aus der Galerie
        (JPEG, PNG, WebP, AVIF oder GIF, je höchstens 15 MB).
      </p>
      {lostOnReturn ? (
        <p id={ids.lost} className="staff-field__hint enquiry-photos__lost">
          Falls Sie Fotos gewählt hatten: Bitte wählen Sie sie noch einmal aus – ohne JavaScript kann das Formular sie nicht
          behalten.
        </p>
      ) : null}
      <input
        ref={input}
        id={id}
        type="file"
        name={name}
        accept="image/*"
        multiple
        aria-describedby={describedBy}
        aria-invalid={error ? true : undefined}
        onChange={refresh}
      />
      {previews.length > 0 ? (
        <ul className="enquiry-photos__list" aria-label="Gewählte Fotos">
          {previews.map((preview, index) => (
            <li key={preview.url} className="enquiry-photos__item">
              <img src={preview.url} alt={`Foto ${index + 1}`} width={96} height={96} />
              <button type="button" className="enquiry-photos__remove" onClick={() => remove(index)} aria-label={`Foto ${index + 1} entfernen`}>
                <svg width="20" height="20" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
                  <path d="M6 6l12 12M18 6 6 18" stroke="currentColor" strokeWidth="2.4" strokeLinecap="round" />
                </svg>
              </button>
            </li>
          ))}
        </ul>
      ) : null}
      <FieldError id={ids.error}>{error}</FieldError>
    </div>
  );
}

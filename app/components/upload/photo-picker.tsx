import { type ChangeEvent, type ReactNode, type RefObject, useId } from "react";
import { CameraIcon } from "./icons";

/** The Bilder page's first control, in the uploader with JavaScript and in the plain form alike. */
export const PHOTO_PICKER_LABEL = "Fotos aufnehmen oder auswählen";

/**
 * One large control that opens the phone's camera or photo gallery (a computer's file chooser):
 * the file input itself, under a label drawn as a thumb-sized button, so it works without
 * JavaScript and keeps the browser's own keyboard handling. `accept` without `capture` lets the
 * phone offer both camera and gallery.
 */
export function PhotoPicker({
  inputRef,
  required = false,
  invalid = false,
  describedBy,
  onChange,
  children,
}: {
  inputRef?: RefObject<HTMLInputElement>;
  /** The plain form needs a file; its label then also says once files are chosen (CSS `:valid`). */
  required?: boolean;
  invalid?: boolean;
  /** The id of the messages about the choice (`children`), e.g. files that are no pictures. */
  describedBy?: string;
  onChange?: (event: ChangeEvent<HTMLInputElement>) => void;
  /** Under the control: those messages, how many are chosen. */
  children?: ReactNode;
}) {
  const id = useId();
  return (
    <div className="photo-picker">
      <input
        ref={inputRef}
        id={id}
        className="photo-picker__input"
        type="file"
        name="images"
        accept="image/*"
        multiple
        required={required}
        aria-invalid={invalid || undefined}
        aria-describedby={describedBy}
        onChange={onChange}
      />
      <label htmlFor={id} className="photo-picker__control">
        <CameraIcon />
        <span>{PHOTO_PICKER_LABEL}</span>
      </label>
      {required ? (
        <p className="photo-picker__chosen" aria-hidden="true">
          Fotos gewählt ✓
        </p>
      ) : null}
      {children}
    </div>
  );
}

/** Where new pictures show up, under the photo control. */
export function WhereTheyAppear() {
  return (
    <p className="photo-picker__where">
      Neue Bilder stehen sofort unten in der Liste. Auf der Website erscheinen sie in der Referenz-Galerie, sobald die
      verkleinerten Fassungen fertig sind (meist nach einer Minute); auf der Startseite die mit „Auf der Startseite
      zeigen“ markierten.
    </p>
  );
}

import { type ChangeEvent, type ReactNode, type RefObject, useId } from "react";
import { CameraIcon, CloseIcon } from "./icons";

/** The Bilder page's first control, in the uploader with JavaScript and in the plain form alike. */
export const PHOTO_PICKER_LABEL = "Fotos aufnehmen oder auswählen";

/** A chosen photo shown small under the control, from `URL.createObjectURL`. */
export interface ChosenPhoto {
  url: string;
  name: string;
}

/**
 * One large control that opens the phone's camera or photo gallery (a computer's file chooser):
 * the file input itself, under a label drawn as a thumb-sized tile, so it works without
 * JavaScript and keeps the browser's own keyboard handling. `accept` without `capture` lets the
 * phone offer both camera and gallery. The staff's Bilder page, the master's portrait on the
 * Betrieb page and the customers' enquiry form use it alike; the enquiry form shows the chosen photos under it, each with a remove button.
 */
export function PhotoPicker({
  name = "images",
  label = PHOTO_PICKER_LABEL,
  inputRef,
  multiple = true,
  required = false,
  invalid = false,
  showInput = false,
  describedBy,
  onChange,
  chosen = [],
  onRemove,
  children,
}: {
  name?: string;
  label?: string;
  inputRef?: RefObject<HTMLInputElement>;
  /** False for one photo only (the master's portrait). */
  multiple?: boolean;
  /** The plain form needs a file; its label then also says once files are chosen (CSS `:valid`). */
  required?: boolean;
  invalid?: boolean;
  /**
   * The browser's own input stays visible under the tile, where nothing else could say which
   * files are chosen (a form that needs none, before its script runs).
   */
  showInput?: boolean;
  /** The ids of the hint and the messages about the choice. */
  describedBy?: string;
  onChange?: (event: ChangeEvent<HTMLInputElement>) => void;
  /** The chosen photos, shown small with a button each that takes it out again (`onRemove`). */
  chosen?: ChosenPhoto[];
  onRemove?: (index: number) => void;
  /** Under the control: hints, messages, how many are chosen. */
  children?: ReactNode;
}) {
  const id = useId();
  return (
    <div className={showInput ? "photo-picker photo-picker--with-input" : "photo-picker"}>
      <label htmlFor={id} className="photo-picker__control">
        <CameraIcon />
        <span>{label}</span>
      </label>
      <input
        ref={inputRef}
        id={id}
        className="photo-picker__input"
        type="file"
        name={name}
        accept="image/*"
        multiple={multiple}
        required={required}
        aria-invalid={invalid || undefined}
        aria-describedby={describedBy}
        onChange={onChange}
      />
      {required ? (
        <p className="photo-picker__chosen" aria-hidden="true">
          Fotos gewählt ✓
        </p>
      ) : null}
      {chosen.length > 0 ? (
        <ul className="photo-picker__photos" aria-label="Gewählte Fotos">
          {chosen.map((photo, index) => (
            <li key={photo.url} className="photo-picker__photo">
              <img src={photo.url} alt={`Foto ${index + 1}`} width={96} height={96} />
              {onRemove ? (
                <button type="button" className="photo-picker__remove" onClick={() => onRemove(index)} aria-label={`Foto ${index + 1} entfernen`}>
                  <CloseIcon />
                </button>
              ) : null}
            </li>
          ))}
        </ul>
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

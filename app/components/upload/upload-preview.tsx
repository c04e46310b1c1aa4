import { useId } from "react";
import { Field, FormError } from "~/components/staff/field";
import { Dialog } from "~/components/dialog";
import { CategoryPicker } from "./category-picker";
import { CloseIcon } from "./icons";
import { type ImageDetails, isBusy, type SelectedImage } from "./use-upload-queue";
import { DESCRIPTION_MAX_LENGTH } from "~/lib/limits";

interface UploadPreviewProps {
  open: boolean;
  images: SelectedImage[];
  useGlobal: boolean;
  shared: ImageDetails;
  onSharedChange: (next: ImageDetails) => void;
  suggestions: string[];
  onEdit: (key: string, change: Partial<ImageDetails>) => void;
  onRemove: (key: string) => void;
  onRetry: (image: SelectedImage) => void;
  onUpload: () => void;
  onCancel: () => void;
}

/** "Vorschau der ausgewählten Bilder": the chosen photos with their details and upload progress. */
export function UploadPreview({
  open,
  images,
  useGlobal,
  shared,
  onSharedChange,
  suggestions,
  onEdit,
  onRemove,
  onRetry,
  onUpload,
  onCancel,
}: UploadPreviewProps) {
  const busy = images.some(isBusy);
  const started = images.some((image) => image.status !== "ausgewählt");
  const stored = images.filter((image) => image.status === "fertig").length;
  const pending = images.some((image) => image.status === "ausgewählt" || image.status === "fehler");
  const overall = images.length === 0 ? 0 : images.reduce((sum, image) => sum + image.progress, 0) / images.length;

  return (
    <Dialog
      open={open}
      title="Vorschau der ausgewählten Bilder"
      fullScreen
      // An Escape press must not drop uploads under way; "Abbrechen" stops them on purpose.
      onClose={() => !busy && onCancel()}
    >
      <div className="upload-preview">
        {useGlobal ? (
          <div className="upload-preview__global">
            <DetailFields
              label="Globale Beschreibung"
              rows={3}
              details={shared}
              onChange={(change) => onSharedChange({ ...shared, ...change })}
              suggestions={suggestions}
              disabled={busy}
            />
          </div>
        ) : null}
        {images.length === 0 ? <p>Keine Bilder ausgewählt.</p> : null}
        <ul className="upload-preview__images">
          {images.map((image) => (
            <PreviewCard
              key={image.key}
              image={image}
              showDetails={!useGlobal}
              suggestions={suggestions}
              onEdit={(change) => onEdit(image.key, change)}
              onRemove={() => onRemove(image.key)}
              onRetry={() => onRetry(image)}
            />
          ))}
        </ul>
        <div className="upload-preview__footer">
          {started ? (
            <div className="upload-preview__overall">
              <ProgressBar label="Gesamtfortschritt" value={overall} />
              <p className="upload-preview__summary" aria-live="polite">
                {stored} von {images.length} Bildern hochgeladen
              </p>
            </div>
          ) : null}
          <div className="staff-dialog__buttons">
            <button type="button" className="button button--secondary" onClick={onCancel}>
              Abbrechen
            </button>
            <button type="button" className="button" onClick={onUpload} disabled={busy || !pending}>
              Hochladen
            </button>
          </div>
        </div>
      </div>
    </Dialog>
  );
}

/** Beschreibung and Kategorie: once for all chosen images, or on each image's card. */
function DetailFields({
  label,
  rows,
  details,
  onChange,
  suggestions,
  disabled,
}: {
  label: string;
  rows: number;
  details: ImageDetails;
  onChange: (change: Partial<ImageDetails>) => void;
  suggestions: string[];
  disabled: boolean;
}) {
  return (
    <>
      <Field
        label={label}
        name="description"
        multiline
        rows={rows}
        maxLength={DESCRIPTION_MAX_LENGTH}
        value={details.description}
        disabled={disabled}
        onChange={(event) => onChange({ description: event.target.value })}
      />
      <CategoryPicker
        value={details.category}
        onChange={(category) => onChange({ category })}
        suggestions={suggestions}
        disabled={disabled}
      />
    </>
  );
}

const STATUS_TEXT: Record<SelectedImage["status"], string> = {
  ausgewählt: "Bereit",
  wartet: "Wartet …",
  vorbereitung: "Wird vorbereitet …",
  hochladen: "Wird hochgeladen …",
  fertig: "Hochgeladen",
  fehler: "Fehlgeschlagen",
};

function PreviewCard({
  image,
  showDetails,
  suggestions,
  onEdit,
  onRemove,
  onRetry,
}: {
  image: SelectedImage;
  showDetails: boolean;
  suggestions: string[];
  onEdit: (change: Partial<ImageDetails>) => void;
  onRemove: () => void;
  onRetry: () => void;
}) {
  const nameId = useId();
  const name = image.file.name;
  const locked = isBusy(image) || image.status === "fertig";
  return (
    <li className={`preview-card preview-card--${image.status}`}>
      <div role="group" aria-labelledby={nameId} className="preview-card__inner">
        <div className="preview-card__media">
          <img src={image.previewUrl} alt={`Vorschau: ${name}`} decoding="async" />
          {locked ? null : (
            <button
              type="button"
              className="staff-icon-button preview-card__remove"
              aria-label={`Bild entfernen: ${name}`}
              onClick={onRemove}
            >
              <CloseIcon />
            </button>
          )}
        </div>
        <p id={nameId} className="preview-card__name">
          {name}
        </p>
        {showDetails ? (
          <DetailFields
            label="Beschreibung"
            rows={2}
            details={image}
            onChange={onEdit}
            suggestions={suggestions}
            disabled={locked}
          />
        ) : null}
        {image.status !== "ausgewählt" ? (
          <div className="preview-card__status">
            <ProgressBar label={`Fortschritt: ${name}`} value={image.progress} />
            <p className="preview-card__state">
              {STATUS_TEXT[image.status]}
              {image.status === "hochladen" ? ` ${Math.round(image.progress * 100)} %` : null}
            </p>
          </div>
        ) : null}
        {image.status === "fehler" ? (
          <div className="preview-card__error">
            <FormError>{image.error}</FormError>
            <button type="button" className="button button--secondary" onClick={onRetry} aria-label={`Erneut versuchen: ${name}`}>
              Erneut versuchen
            </button>
          </div>
        ) : null}
      </div>
    </li>
  );
}

function ProgressBar({ label, value }: { label: string; value: number }) {
  const percent = Math.round(value * 100);
  return (
    <div
      className="progress"
      role="progressbar"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={percent}
    >
      <div className="progress__bar" style={{ width: `${percent}%` }} />
    </div>
  );
}

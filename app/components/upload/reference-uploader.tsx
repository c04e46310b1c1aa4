import { useRevalidator, useSubmit } from "@remix-run/react";
import { useEffect, useRef, useState } from "react";
import { FormError } from "~/components/staff/field";
import { focusLater, useReturnFocus } from "~/components/staff/use-staff-form";
import { isImageType, notAPicture } from "~/lib/image-types";
import { LIST_HEADING_ID } from "~/lib/picture-list-href";
import { PhotoPicker, WhereTheyAppear } from "./photo-picker";
import { UploadPreview } from "./upload-preview";
import { type ImageDetails, type SelectedImage, useUploadQueue } from "./use-upload-queue";

const NO_DETAILS: ImageDetails = { description: "", category: [] };
const PREVIEW_BUTTON_ID = "vorschau-oeffnen";
const REFUSED_ID = "bilder-abgelehnt";

/**
 * The upload with JavaScript: choose photos, look at them in the fullscreen preview,
 * describe them one by one or all at once, and upload them with visible progress.
 */
export function ReferenceUploader({ categories }: { categories: string[] }) {
  const fileInput = useRef<HTMLInputElement>(null);
  const [useGlobal, setUseGlobal] = useState(false);
  const [shared, setShared] = useState(NO_DETAILS);
  const [previewOpen, setPreviewOpen] = useState(false);
  /** Why chosen files were left out (not pictures), one German line per file. */
  const [refused, setRefused] = useState<string[]>([]);
  const submit = useSubmit();
  const revalidator = useRevalidator();
  const queue = useUploadQueue({ onSignedOut: (location) => window.location.assign(location) });
  const { images, keepOnly } = queue;

  const detailsFor = (image: SelectedImage): ImageDetails =>
    useGlobal ? shared : { description: image.description, category: image.category };
  const suggestions = [...new Set([...categories, ...shared.category, ...images.flatMap((image) => image.category)])].sort(
    (a, b) => a.localeCompare(b, "de"),
  );

  const allStored = images.length > 0 && images.every((image) => image.status === "fertig");
  useEffect(() => {
    if (!allStored) return;
    // SPEC §4: afterwards the selection, global description and category clear and the preview closes.
    keepOnly(() => false);
    setShared(NO_DETAILS);
    setPreviewOpen(false);
    if (fileInput.current) fileInput.current.value = "";
    // The action answers with the success toast and reloads the list at its first page, where the new images are.
    submit({ intent: "uploaded" }, { method: "post", preventScrollReset: true });
    focusLater(undefined, LIST_HEADING_ID);
  }, [allStored, keepOnly, submit]);

  // Cancelling returns to the preview button; after an upload it is disabled and focus
  // goes to the list, where the new images are.
  useReturnFocus(previewOpen, PREVIEW_BUTTON_ID, LIST_HEADING_ID);

  const cancel = () => {
    queue.abort();
    const someStored = images.some((image) => image.status === "fertig");
    queue.keepOnly((image) => image.status !== "fertig");
    setPreviewOpen(false);
    if (someStored) revalidator.revalidate();
  };

  return (
    <div className="staff-form uploader">
      <PhotoPicker
        inputRef={fileInput}
        invalid={refused.length > 0}
        describedBy={refused.length > 0 ? REFUSED_ID : undefined}
        onChange={(event) => {
          const files = [...(event.target.files ?? [])];
          // The picker's filter is only a suggestion; whatever else is chosen stays out, with the reason.
          setRefused(files.filter((file) => !isImageType(file.type)).map((file) => notAPicture(file.name)));
          queue.select(files.filter((file) => isImageType(file.type)));
        }}
      >
        {refused.length > 0 ? (
          <div id={REFUSED_ID} className="uploader__refused">
            {refused.map((reason) => (
              <FormError key={reason}>{reason}</FormError>
            ))}
          </div>
        ) : null}
        <p className="uploader__count" aria-live="polite">
          {images.length === 0
            ? "Noch keine Bilder ausgewählt."
            : images.length === 1
              ? "1 Bild ausgewählt."
              : `${images.length} Bilder ausgewählt.`}
        </p>
      </PhotoPicker>
      <label className="checkbox">
        <input type="checkbox" checked={useGlobal} onChange={(event) => setUseGlobal(event.target.checked)} />
        Globale Beschreibung verwenden
      </label>
      <button
        id={PREVIEW_BUTTON_ID}
        type="button"
        className="button"
        disabled={images.length === 0}
        onClick={() => setPreviewOpen(true)}
      >
        Vorschau anzeigen und hochladen
      </button>
      <WhereTheyAppear />
      <UploadPreview
        open={previewOpen}
        images={images}
        useGlobal={useGlobal}
        shared={shared}
        onSharedChange={setShared}
        suggestions={suggestions}
        onEdit={(key, change) => queue.patch(key, change)}
        onRemove={queue.remove}
        onRetry={(image) => queue.upload([image], detailsFor)}
        onUpload={() =>
          queue.upload(
            images.filter((image) => image.status === "ausgewählt" || image.status === "fehler"),
            detailsFor,
          )
        }
        onCancel={cancel}
      />
    </div>
  );
}

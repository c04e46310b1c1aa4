import { useCallback, useEffect, useRef, useState } from "react";
import { shrinkPhoto } from "~/lib/shrink-photo.client";
import { sendUpload } from "../../lib/upload-request.client";

export type UploadStatus = "ausgewählt" | "wartet" | "vorbereitung" | "hochladen" | "fertig" | "fehler";

export interface SelectedImage {
  key: string;
  file: File;
  /** Object URL for the preview; revoked when the image leaves the selection. */
  previewUrl: string;
  description: string;
  category: string[];
  status: UploadStatus;
  /** 0–1: the share of the request body sent; 1 once the server stored the image. */
  progress: number;
  error?: string;
}

export interface ImageDetails {
  description: string;
  category: string[];
}

/** Three requests at a time keep a phone's connection busy without queueing in the browser. */
const PARALLEL_UPLOADS = 3;

const BUSY: UploadStatus[] = ["wartet", "vorbereitung", "hochladen"];
export const isBusy = (image: SelectedImage) => BUSY.includes(image.status);

/**
 * The chosen photos and their upload: each image is prepared in the browser and sent in
 * its own request, a few in parallel; one failing leaves the others stored.
 */
export function useUploadQueue({ onSignedOut }: { onSignedOut: (location: string) => void }) {
  const [images, setImages] = useState<SelectedImage[]>([]);
  const controller = useRef(new AbortController());
  const urls = useRef(new Set<string>());

  const patch = useCallback((key: string, change: Partial<SelectedImage>) => {
    setImages((list) => list.map((image) => (image.key === key ? { ...image, ...change } : image)));
  }, []);

  const revoke = (url: string) => {
    URL.revokeObjectURL(url);
    urls.current.delete(url);
  };

  useEffect(() => {
    const created = urls.current;
    return () => created.forEach((url) => URL.revokeObjectURL(url));
  }, []);

  /** Choosing files again replaces the selection (SPEC §4). */
  const select = useCallback((files: File[]) => {
    urls.current.forEach(revoke);
    setImages(
      files.map((file) => {
        const previewUrl = URL.createObjectURL(file);
        urls.current.add(previewUrl);
        return {
          key: crypto.randomUUID(),
          file,
          previewUrl,
          description: "",
          category: [],
          status: "ausgewählt",
          progress: 0,
        };
      }),
    );
  }, []);

  const remove = useCallback((key: string) => {
    setImages((list) => {
      const image = list.find((item) => item.key === key);
      if (image) revoke(image.previewUrl);
      return list.filter((item) => item.key !== key);
    });
  }, []);

  const keepOnly = useCallback((keep: (image: SelectedImage) => boolean) => {
    setImages((list) => {
      list.filter((image) => !keep(image)).forEach((image) => revoke(image.previewUrl));
      return list.filter(keep);
    });
  }, []);

  const uploadOne = useCallback(
    async (image: SelectedImage, details: ImageDetails, signal: AbortSignal) => {
      patch(image.key, { status: "vorbereitung", progress: 0, error: undefined });
      let photo;
      try {
        photo = await shrinkPhoto(image.file);
      } catch {
        patch(image.key, { status: "fehler", error: "Das Bild konnte im Browser nicht verarbeitet werden." });
        return;
      }
      if (signal.aborted) {
        patch(image.key, { status: "ausgewählt" });
        return;
      }
      const body = new FormData();
      body.append("images", photo);
      body.append(
        "metadata",
        JSON.stringify({ filename: image.file.name, description: details.description, category: details.category }),
      );
      patch(image.key, { status: "hochladen" });
      const outcome = await sendUpload(body, { signal, onProgress: (progress) => patch(image.key, { progress }) });
      switch (outcome.kind) {
        case "stored":
          return patch(image.key, { status: "fertig", progress: 1 });
        case "failed":
          return patch(image.key, { status: "fehler", progress: 0, error: outcome.message });
        case "aborted":
          return patch(image.key, { status: "ausgewählt", progress: 0 });
        case "signed-out":
          return onSignedOut(outcome.location);
      }
    },
    [patch, onSignedOut],
  );

  /** Uploads the given images; `detailsFor` gives each one's description and categories. */
  const upload = useCallback(
    async (targets: SelectedImage[], detailsFor: (image: SelectedImage) => ImageDetails) => {
      const { signal } = controller.current;
      const keys = new Set(targets.map((image) => image.key));
      setImages((list) =>
        list.map((image) => (keys.has(image.key) ? { ...image, status: "wartet", progress: 0, error: undefined } : image)),
      );
      const waiting = [...targets];
      const worker = async () => {
        for (let image = waiting.shift(); image && !signal.aborted; image = waiting.shift()) {
          await uploadOne(image, detailsFor(image), signal);
        }
      };
      await Promise.all(Array.from({ length: Math.min(PARALLEL_UPLOADS, waiting.length) }, worker));
    },
    [uploadOne],
  );

  /** Stops requests under way; images already stored stay stored. */
  const abort = useCallback(() => {
    controller.current.abort();
    controller.current = new AbortController();
    setImages((list) => list.map((image) => (isBusy(image) ? { ...image, status: "ausgewählt", progress: 0 } : image)));
  }, []);

  return { images, select, remove, keepOnly, patch, upload, abort };
}

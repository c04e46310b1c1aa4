import { ORIGINAL_MAX_EDGE as MAX_EDGE } from "~/lib/image-sizes";

/**
 * Shrinks a phone photo in the browser before it is uploaded: turned upright, at most
 * 2560 px on its long edge and re-encoded as JPEG. Re-encoding writes only pixels, so
 * location and camera data (EXIF) are gone before the file leaves the device, and a phone
 * photo costs a fraction of the mobile data. The server checks and re-encodes it all the same,
 * and makes the renditions the pages show (decision 011), the same for every client.
 */

const JPEG_QUALITY = 0.85;

/** The photo to send: the shrunk JPEG, or the file as chosen where that would lose something or is not possible. */
export async function shrinkPhoto(file: File): Promise<File> {
  // Animated GIFs would lose their animation; the server removes their metadata.
  if (await isGif(file)) return file;
  let bitmap: ImageBitmap;
  try {
    bitmap = await createImageBitmap(file, { imageOrientation: "from-image" });
  } catch {
    // Not decodable here (not an image, or a format this browser lacks): the server
    // checks the bytes and answers with a message the sender can act on.
    return file;
  }
  try {
    const base = file.name.replace(/\.[^.]*$/, "") || "bild";
    return await toJpeg(drawScaled(bitmap, MAX_EDGE), `${base}.jpg`);
  } finally {
    bitmap.close();
  }
}

type Canvas = OffscreenCanvas | HTMLCanvasElement;
type Source = ImageBitmap | Canvas;

async function isGif(file: File): Promise<boolean> {
  const header = new Uint8Array(await file.slice(0, 6).arrayBuffer());
  return String.fromCharCode(...header).startsWith("GIF8");
}

const longEdge = (source: Source) => Math.max(source.width, source.height);

function createCanvas(width: number, height: number): Canvas {
  if (typeof OffscreenCanvas !== "undefined") return new OffscreenCanvas(width, height);
  const canvas = document.createElement("canvas");
  canvas.width = width;
  canvas.height = height;
  return canvas;
}

/** The photo drawn at most `maxEdge` on its long edge, on white (JPEG has no transparency). */
function drawScaled(source: Source, maxEdge: number): Canvas {
  const scale = Math.min(1, maxEdge / longEdge(source));
  const width = Math.max(1, Math.round(source.width * scale));
  const height = Math.max(1, Math.round(source.height * scale));
  const canvas = createCanvas(width, height);
  const context = canvas.getContext("2d") as OffscreenCanvasRenderingContext2D | CanvasRenderingContext2D | null;
  if (!context) throw new Error("Canvas 2D ist nicht verfügbar.");
  // JPEG has no transparency; transparent areas of a PNG become white instead of black.
  context.fillStyle = "#fff";
  context.fillRect(0, 0, width, height);
  context.imageSmoothingEnabled = true;
  context.imageSmoothingQuality = "high";
  context.drawImage(source, 0, 0, width, height);
  return canvas;
}

async function toJpeg(canvas: Canvas, name: string): Promise<File> {
  const blob =
    "convertToBlob" in canvas
      ? await canvas.convertToBlob({ type: "image/jpeg", quality: JPEG_QUALITY })
      : await new Promise<Blob>((resolve, reject) =>
          canvas.toBlob((result) => (result ? resolve(result) : reject(new Error("JPEG-Kodierung fehlgeschlagen."))), "image/jpeg", JPEG_QUALITY),
        );
  return new File([blob], name, { type: "image/jpeg" });
}

import { PLAIN_SOURCE_MAX_WIDTH } from "~/lib/image-sizes";

/** What a page needs to show a reference picture: the server's renditions, or the original where none are made. */
export interface PictureData {
  url: string;
  /** The original's upright size; null for a picture from before the renditions until they are made. */
  width: number | null;
  height: number | null;
  /**
   * `srcset` per format, AVIF first, JPEG last (decision 011). Public pages offer a picture only
   * once these exist; empty for one that moves (an animated GIF, shown as uploaded) and, on
   * staff pages, while they are being made.
   */
  sources: { type: string; srcSet: string }[];
}

/** The fields of a reference a loader passes on, so no other field (staff data) reaches the page. */
export function pictureData({ url, width, height, sources }: PictureData): PictureData {
  return { url, width, height, sources };
}

/** The URL a browser without `srcset` gets: the widest JPEG rendition up to `PLAIN_SOURCE_MAX_WIDTH`, else the original. */
export function plainSource(picture: PictureData): string {
  const last = picture.sources[picture.sources.length - 1];
  if (!last) return picture.url;
  const candidates = last.srcSet.split(", ").map((candidate) => candidate.split(" "));
  const fitting = candidates.filter(([, width]) => Number.parseInt(width) <= PLAIN_SOURCE_MAX_WIDTH);
  return (fitting[fitting.length - 1] ?? candidates[0])[0];
}

/**
 * One reference picture in any slot: AVIF, then WebP, then JPEG, at the width the slot
 * needs (`sizes` states the slot's CSS width); the original where there are no renditions.
 * Width and height reserve the space before it loads.
 */
export function ReferencePicture({
  picture,
  sizes,
  className,
  alt,
  width = picture.width ?? 1600,
  height = picture.height ?? 900,
  loading,
  priority = false,
  draggable,
}: {
  picture: PictureData;
  sizes: string;
  className?: string;
  alt: string;
  /** The slot's aspect, when it crops (object-fit: cover); the picture's own otherwise. */
  width?: number;
  height?: number;
  loading?: "lazy" | "eager";
  /** The largest paint of the first view: fetched first, never lazily. */
  priority?: boolean;
  draggable?: boolean;
}) {
  const jpeg = picture.sources[picture.sources.length - 1];
  return (
    <picture>
      {picture.sources.slice(0, -1).map((source) => (
        <source key={source.type} type={source.type} srcSet={source.srcSet} sizes={sizes} />
      ))}
      <img
        className={className}
        src={plainSource(picture)}
        srcSet={jpeg?.srcSet}
        sizes={jpeg ? sizes : undefined}
        width={width}
        height={height}
        alt={alt}
        loading={priority ? "eager" : loading}
        // React 18 knows only the lower-case attribute.
        {...{ fetchpriority: priority ? "high" : undefined }}
        decoding={priority ? undefined : "async"}
        draggable={draggable}
      />
    </picture>
  );
}

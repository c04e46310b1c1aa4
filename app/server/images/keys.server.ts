import type { ImageType } from "~/lib/image-types";

/*
 * The one grammar of stored pictures: where each kind lives in R2, how an original and its
 * renditions are named, the URL that serves them, and which keys may be served to whom.
 * Keys are the server's choice (a random id), never a device's file name.
 */

/** Reference pictures and the master's portrait are public; customers' enquiry photos are shown to staff only. */
export type PictureKind = "reference" | "enquiry" | "portrait";

const PREFIXES: Record<PictureKind, string> = { reference: "references/", enquiry: "anfragen/", portrait: "portraet/" };

export const prefixOf = (kind: PictureKind) => PREFIXES[kind];

/** Whether pictures of this kind appear on public pages, so that a change to them changes a page. */
export const isPublicKind = (kind: PictureKind) => kind !== "enquiry";

const EXTENSIONS: Record<ImageType, string> = {
  "image/jpeg": "jpg",
  "image/png": "png",
  "image/webp": "webp",
  "image/avif": "avif",
  "image/gif": "gif",
};

/** Served by app/routes/images.$.ts. */
const IMAGE_ROUTE_PREFIX = "/images/";

export const imageUrl = (key: string) => `${IMAGE_ROUTE_PREFIX}${key}`;

export function originalKey(kind: PictureKind, id: string, type: ImageType): string {
  return `${PREFIXES[kind]}${id}.${EXTENSIONS[type]}`;
}

export function renditionKey(kind: PictureKind, id: string, width: number, extension: string): string {
  return `${PREFIXES[kind]}${id}-w${width}.${extension}`;
}

const KEY = /^(references|anfragen|portraet)\/([0-9a-f-]{36})(?:-w(\d+))?\.(jpg|png|webp|avif|gif)$/;
const KIND_OF_PREFIX: Record<string, PictureKind> = { references: "reference", anfragen: "enquiry", portraet: "portrait" };

export interface ParsedKey {
  kind: PictureKind;
  /** The record the picture belongs to. */
  id: string;
  /** Set for a rendition, absent for the original. */
  width?: number;
}

/** What a key names, or null for anything that is not a picture's key. */
export function parseKey(key: string): ParsedKey | null {
  const match = KEY.exec(key);
  if (!match) return null;
  return { kind: KIND_OF_PREFIX[match[1]], id: match[2], ...(match[3] ? { width: Number(match[3]) } : {}) };
}

/**
 * How long a browser may show a public picture without asking again. Short, because a picture
 * moved to the Papierkorb must leave the public at once (it may show a number plate or a face):
 * after this a browser revalidates by its ETag, which costs a 304 and no bytes (decision 007).
 */
export const PUBLIC_PICTURE_MAX_AGE_SECONDS = 300;

/**
 * Who may see `/images/<key>`: "everyone" for a public kind's picture that has its row, "staff"
 * for the rest (enquiry photos, a picture in the Papierkorb), nobody for what is no picture's key.
 */
export async function audienceOfKey(key: string, hasRow: (parsed: ParsedKey) => Promise<boolean>): Promise<"everyone" | "staff" | null> {
  const parsed = parseKey(key);
  if (!parsed) return null;
  return isPublicKind(parsed.kind) && (await hasRow(parsed)) ? "everyone" : "staff";
}

/** AVIF (ISO base media file format): recognising, sizing (largest ispe), brands and blanking metadata items in place. */

import { type ImageSize, InvalidImageError, ascii, asciiBytes, uint32BE, type ImageFormat } from "./byte-reading.server";

const AVIF_BRANDS = new Set(["avif", "avis"]);
/** An Exif item payload (offset to the TIFF header, then TIFF) with an empty IFD0. */
const EMPTY_AVIF_EXIF = [0, 0, 0, 0, ...asciiBytes("MM"), 0, 42, 0, 0, 0, 8, 0, 0, 0, 0, 0, 0];

interface Box {
  type: string;
  start: number;
  contentStart: number;
  end: number;
}

interface ItemLocation {
  itemId: number;
  constructionMethod: number;
  dataReferenceIndex: number;
  extents: { offset: number; length: number }[];
}

function hasAvifBrand(bytes: Uint8Array): boolean {
  if (bytes.length < 16 || ascii(bytes, 4, 4) !== "ftyp") return false;
  const boxSize = uint32BE(bytes, 0);
  if (boxSize < 16 || boxSize > bytes.length) return false;
  // Major brand at 8, minor version at 12, compatible brands from 16 on.
  for (let brandAt = 8; brandAt + 4 <= boxSize; brandAt += 4) {
    if (brandAt !== 12 && AVIF_BRANDS.has(ascii(bytes, brandAt, 4))) return true;
  }
  return false;
}

/** Whether the `ftyp` box names this brand, as major or compatible brand. */
function hasBrand(bytes: Uint8Array, brand: string): boolean {
  if (bytes.length < 16 || ascii(bytes, 4, 4) !== "ftyp") return false;
  const boxSize = Math.min(uint32BE(bytes, 0), bytes.length);
  for (let brandAt = 8; brandAt + 4 <= boxSize; brandAt += 4) {
    if (brandAt !== 12 && ascii(bytes, brandAt, 4) === brand) return true;
  }
  return false;
}

/** Reads big-endian fields in sequence without leaving the enclosing box. */
class BoxReader {
  constructor(
    private readonly bytes: Uint8Array,
    private position: number,
    private readonly end: number,
  ) {}

  skip(byteCount: number): number {
    const start = this.position;
    if (start + byteCount > this.end) throw new InvalidImageError();
    this.position += byteCount;
    return start;
  }

  uint(byteCount: number): number {
    const start = this.skip(byteCount);
    let value = 0;
    for (let index = start; index < start + byteCount; index++) value = value * 256 + this.bytes[index];
    if (!Number.isSafeInteger(value)) throw new InvalidImageError();
    return value;
  }

  fourCC(): string {
    return ascii(this.bytes, this.skip(4), 4);
  }
}

function readBoxes(bytes: Uint8Array, start: number, end: number): Box[] {
  const boxes: Box[] = [];
  let position = start;
  while (position < end) {
    const reader = new BoxReader(bytes, position, end);
    let size = reader.uint(4);
    const type = reader.fourCC();
    let headerLength = 8;
    if (size === 1) {
      size = reader.uint(8);
      headerLength = 16;
    } else if (size === 0) {
      // Size 0 means the box extends to the end of its container.
      size = end - position;
    }
    if (size < headerLength || position + size > end) throw new InvalidImageError();
    boxes.push({ type, start: position, contentStart: position + headerLength, end: position + size });
    position += size;
  }
  return boxes;
}

/** Exif items and MIME items (XMP) declared in iinf, by item ID. */
function readMetadataItems(bytes: Uint8Array, itemInfo: Box): Map<number, "Exif" | "mime"> {
  const version = new BoxReader(bytes, itemInfo.contentStart, itemInfo.end).uint(1);
  // The entry count is not needed: the infe boxes fill the rest of iinf.
  const entriesStart = itemInfo.contentStart + 4 + (version === 0 ? 2 : 4);
  const items = new Map<number, "Exif" | "mime">();
  for (const entry of readBoxes(bytes, entriesStart, itemInfo.end)) {
    if (entry.type !== "infe") continue;
    const entryReader = new BoxReader(bytes, entry.contentStart, entry.end);
    const entryVersion = entryReader.uint(1);
    // Versions 0 and 1 have no item type, so they cannot declare Exif or XMP items.
    if (entryVersion < 2) continue;
    entryReader.skip(3);
    const itemId = entryReader.uint(entryVersion === 2 ? 2 : 4);
    entryReader.skip(2); // item_protection_index
    const itemType = entryReader.fourCC();
    if (itemType === "Exif" || itemType === "mime") items.set(itemId, itemType);
  }
  return items;
}

function readItemLocations(bytes: Uint8Array, itemLocation: Box): ItemLocation[] {
  const reader = new BoxReader(bytes, itemLocation.contentStart, itemLocation.end);
  const version = reader.uint(1);
  if (version > 2) throw new InvalidImageError();
  reader.skip(3);
  const sizes = reader.uint(1);
  const offsetSize = sizes >> 4;
  const lengthSize = sizes & 0x0f;
  const moreSizes = reader.uint(1);
  const baseOffsetSize = moreSizes >> 4;
  // The low nibble is index_size from version 1 on and reserved in version 0.
  const indexSize = version === 0 ? 0 : moreSizes & 0x0f;
  const idSize = version === 2 ? 4 : 2;
  const itemCount = reader.uint(idSize);
  const locations: ItemLocation[] = [];
  for (let item = 0; item < itemCount; item++) {
    const itemId = reader.uint(idSize);
    const constructionMethod = version === 0 ? 0 : reader.uint(2) & 0x0f;
    const dataReferenceIndex = reader.uint(2);
    const baseOffset = reader.uint(baseOffsetSize);
    const extentCount = reader.uint(2);
    const extents: ItemLocation["extents"] = [];
    for (let extent = 0; extent < extentCount; extent++) {
      reader.skip(indexSize);
      const offset = baseOffset + reader.uint(offsetSize);
      extents.push({ offset, length: reader.uint(lengthSize) });
    }
    locations.push({ itemId, constructionMethod, dataReferenceIndex, extents });
  }
  return locations;
}

/**
 * Overwrites an item's data in place so every offset in the file stays valid. Exif items get
 * an empty but well-formed payload because libavif rejects the whole file for a malformed one.
 */
function eraseItem(output: Uint8Array, location: ItemLocation, replacement: ArrayLike<number>): void {
  // Method 0 means file offsets; data inside idat or other files cannot be erased here.
  if (location.constructionMethod !== 0 || location.dataReferenceIndex !== 0) throw new InvalidImageError();
  let itemLength = 0;
  for (const { offset, length } of location.extents) {
    // Length 0 would mean "the whole file", which no metadata item can be.
    if (length === 0 || offset + length > output.length) throw new InvalidImageError();
    itemLength += length;
  }
  const fill = itemLength >= replacement.length ? replacement : [];
  let written = 0;
  for (const { offset, length } of location.extents) {
    for (let index = offset; index < offset + length; index++) output[index] = fill[written++] ?? 0;
  }
}

/** Top-level boxes a player reads; others (`uuid` with a C2PA manifest, `free` with leftovers, …) are blanked. */
const AVIF_DISPLAY_BOXES = new Set(["ftyp", "meta", "mdat", "moov"]);

/** Turns a box into a `free` box of zeros with the same size, so every offset in the file stays valid. */
function blankBox(output: Uint8Array, box: Box): void {
  output.set(asciiBytes("free"), box.start + 4);
  output.fill(0, box.contentStart, box.end);
}

function stripAvif(bytes: Uint8Array): Uint8Array {
  if (!hasAvifBrand(bytes)) throw new InvalidImageError();
  const output = bytes.slice();
  const topLevel = readBoxes(bytes, 0, bytes.length);
  for (const box of topLevel) if (!AVIF_DISPLAY_BOXES.has(box.type)) blankBox(output, box);
  const meta = topLevel.find((box) => box.type === "meta");
  if (!meta) return output;
  // meta is a full box: version and flags come before its children.
  const metaChildren = readBoxes(bytes, meta.contentStart + 4, meta.end);
  const itemInfo = metaChildren.find((box) => box.type === "iinf");
  const metadataItems = itemInfo ? readMetadataItems(bytes, itemInfo) : new Map<number, "Exif" | "mime">();
  if (metadataItems.size === 0) return output;
  const itemLocation = metaChildren.find((box) => box.type === "iloc");
  if (!itemLocation) throw new InvalidImageError();
  for (const location of readItemLocations(bytes, itemLocation)) {
    const itemType = metadataItems.get(location.itemId);
    if (itemType) eraseItem(output, location, itemType === "Exif" ? EMPTY_AVIF_EXIF : []);
  }
  return output;
}

/** The largest `ispe` (image spatial extents) property in meta → iprp → ipco. */
function avifSize(bytes: Uint8Array): ImageSize {
  const meta = readBoxes(bytes, 0, bytes.length).find((box) => box.type === "meta");
  const properties = meta && readBoxes(bytes, meta.contentStart + 4, meta.end).find((box) => box.type === "iprp");
  const container = properties && readBoxes(bytes, properties.contentStart, properties.end).find((box) => box.type === "ipco");
  if (!container) throw new InvalidImageError();
  let largest: ImageSize | null = null;
  for (const box of readBoxes(bytes, container.contentStart, container.end)) {
    if (box.type !== "ispe") continue;
    // Full box: version and flags, then width and height.
    const reader = new BoxReader(bytes, box.contentStart + 4, box.end);
    const size = { width: reader.uint(4), height: reader.uint(4) };
    if (!largest || size.width * size.height > largest.width * largest.height) largest = size;
  }
  if (!largest) throw new InvalidImageError();
  return largest;
}

export const avif: ImageFormat = {
  matches: hasAvifBrand,
  size: avifSize,
  strip: stripAvif,
  // An image sequence has the brand `avis`.
  animated: (bytes) => hasBrand(bytes, "avis"),
};

/** The picture formats the site stores (recognised on the server by their bytes). */
export const IMAGE_TYPES = ["image/jpeg", "image/png", "image/webp", "image/avif", "image/gif"] as const;
export type ImageType = (typeof IMAGE_TYPES)[number];

export const isImageType = (type: string): type is ImageType => (IMAGE_TYPES as readonly string[]).includes(type);

/** Why a file is refused (by the uploader when chosen, by the server when sent), naming the file. */
export const notAPicture = (fileName: string) => `„${fileName}“ ist kein unterstütztes Bild (JPEG, PNG, WebP, AVIF oder GIF).`;

/**
 * Rules for the categories of reference images, shared by the server's validation and
 * the staff uploader's picker, so the picker never offers what the server refuses.
 */
export const MAX_CATEGORIES = 10;
export const MAX_CATEGORY_LENGTH = 50;
export const TOO_MANY_CATEGORIES = `Höchstens ${MAX_CATEGORIES} Kategorien je Bild.`;

/** The spelling a name is stored in: composed Unicode (NFC), so "ä" typed on any device is one letter. */
export const categorySpelling = (name: string) => name.normalize("NFC").trim();

/**
 * A category's identity: NFC and lower case, so "LENKRÄDER", "lenkräder" and a decomposed
 * "Lenkräder" are one category. The database keeps it in a unique column (`categories.key`).
 */
export const categoryKey = (name: string) => categorySpelling(name).toLocaleLowerCase("de");
export const sameCategory = (a: string, b: string) => categoryKey(a) === categoryKey(b);

/**
 * Rules for the categories of reference images, shared by the server's validation and
 * the staff uploader's picker, so the picker never offers what the server refuses.
 */
export const MAX_CATEGORIES = 10;
export const MAX_CATEGORY_LENGTH = 50;
export const TOO_MANY_CATEGORIES = `Höchstens ${MAX_CATEGORIES} Kategorien je Bild.`;

/** Category names match regardless of case ("lenkräder" is "Lenkräder"). */
export const categoryKey = (name: string) => name.toLocaleLowerCase("de");
export const sameCategory = (a: string, b: string) => categoryKey(a) === categoryKey(b);

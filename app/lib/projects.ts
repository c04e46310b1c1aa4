/*
 * Project pages (issue 40): one job told with its car, its work and its pictures. The limits and
 * names both the server's rules and the staff form need, each written once.
 */

/** A project's title ("Sitze neu bezogen"). */
export const PROJECT_TITLE_MAX_LENGTH = 120;
/** The vehicle ("Porsche 911 (993), 1996"). */
export const PROJECT_VEHICLE_MAX_LENGTH = 120;
/** What was done, one line per step. */
export const PROJECT_WORK_MAX_LENGTH = 3000;
/** The material ("Nappaleder Schwarz, Kreuznaht Rot"). */
export const PROJECT_MATERIAL_MAX_LENGTH = 300;
/** How long it took ("3 Tage"). */
export const PROJECT_DURATION_MAX_LENGTH = 80;
/** Pictures of one project: pairs or a series, enough for a whole interior. */
export const MAX_PROJECT_PICTURES = 20;
/** A project's address (`/referenz/projekt/<slug>`): at most this many characters before a number that keeps it unique. */
export const PROJECT_SLUG_MAX_LENGTH = 60;

/** Projects /referenz lists above the single pictures. */
export const PROJECTS_ON_GALLERY = 12;
/** The API's and the staff page's pages of projects. */
export const PROJECT_PAGE_SIZE = 20;
export const PROJECT_MAX_PAGE_SIZE = 50;

/** A picture's place in the story: before the work, after it, or one of a series. */
export const PROJECT_PICTURE_ROLES = ["vorher", "nachher", "bild"] as const;
export type ProjectPictureRole = (typeof PROJECT_PICTURE_ROLES)[number];
export const PROJECT_PICTURE_ROLE_LABELS: Record<ProjectPictureRole, string> = { vorher: "Vorher", nachher: "Nachher", bild: "Bild" };

/** What staff confirm before "Veröffentlichen": nobody can be recognised on the pictures. */
export const PUBLISH_CHECKS = [
  { name: "kennzeichen", label: "Kennzeichen nicht erkennbar" },
  { name: "gesichter", label: "Keine Gesichter erkennbar" },
] as const;

/** The job card's "Als Projekt zeigen": the Projekte page's intent that opens or makes the job's project. */
export const PROJECT_FROM_JOB_INTENT = "aus-auftrag";

/** The enquiry form's parameter naming the project it is about (`/anfrage?projekt=<slug>`), from "Ähnliches Projekt anfragen". */
export const PROJECT_PARAM = "projekt";

/** Under a customer's statement on a project page (§ 5b Abs. 3 UWG: whether and how the voices are checked). */
export const STATEMENT_NOTE =
  "Kundenstimme aus einem Auftrag unserer Werkstatt; wir veröffentlichen nur Stimmen von Kunden, deren Auftrag wir ausgeführt haben";

/** The public address of a project. */
export const projectPath = (slug: string) => `/referenz/projekt/${slug}`;
/** A customer's photo on it, served only while it may be shown. */
export const projectPhotoPath = (slug: string, photoId: string) => `${projectPath(slug)}/foto/${photoId}`;

/** "Porsche 911 Sitze" → "porsche-911-sitze": letters and digits of German words, hyphens between. */
export function slugOf(text: string): string {
  const plain = text
    .toLocaleLowerCase("de")
    .replace(/ä/g, "ae")
    .replace(/ö/g, "oe")
    .replace(/ü/g, "ue")
    .replace(/ß/g, "ss")
    .normalize("NFD")
    .replace(/\p{M}/gu, "")
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "");
  return plain.slice(0, PROJECT_SLUG_MAX_LENGTH).replace(/-+$/, "") || "projekt";
}

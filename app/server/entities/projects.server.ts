import { and, asc, count, desc, eq, inArray, sql } from "drizzle-orm";
import { z } from "zod";
import {
  MAX_PROJECT_PICTURES,
  PROJECT_DURATION_MAX_LENGTH,
  PROJECT_MATERIAL_MAX_LENGTH,
  PROJECT_PICTURE_ROLES,
  PROJECT_TITLE_MAX_LENGTH,
  PROJECT_VEHICLE_MAX_LENGTH,
  PROJECT_WORK_MAX_LENGTH,
  type ProjectPictureRole,
  projectPath,
  projectPhotoPath,
  slugOf,
} from "~/lib/projects";
import { HttpError, notFound } from "~/server/base/errors.server";
import { newId, parseOrThrow, recordId, requiredText, type Paging } from "~/server/base/validation.server";
import { type Database, prepareRead, type Read } from "~/server/db/client.server";
import { enquiries, enquiryPhotos, projectPictures, projects, references, trash } from "~/server/db/schema";
import { imageUrl } from "~/server/images/keys.server";
import { parseRenditionWidths, type PictureSource, renditionKeyUpTo, renditionSources } from "~/server/images/renditions.server";
import { type Actor, logStatement, rowExists } from "./activity-log.server";
import { consentOf, consentsOf, type CustomerConsent } from "./job/consent.server";
import { getEnquiry } from "./job/enquiries.server";
import { progressOfEnquiry } from "./job/enquiry-progress.server";
import { moveToTrash, restoreRows, storedColumn, type TrashRules } from "./trash-rows.server";

/*
 * Project pages (issue 40): a job told with its car, its work and its pictures, at
 * `/referenz/projekt/<slug>`. The workshop's own pictures are reference pictures (uploaded as
 * any other); the customer's are her enquiry photos, and they and her statement are shown only
 * while her consent holds (job/consent.server.ts, decision 025), asked at every read, so a
 * withdrawal takes them off the next view without touching the project.
 */

export const PROJECT_NOT_FOUND = "Dieses Projekt gibt es nicht (mehr).";
export const CUSTOMER_PHOTOS_REFUSED =
  "Die Fotos des Kunden dürfen nur mit seiner Einwilligung gezeigt werden: Sie fehlt (oder wurde zurückgenommen). Bitte die Fotos des Kunden entfernen.";
export const STATEMENT_REFUSED = "Die Kundenstimme darf nur mit der Einwilligung des Kunden gezeigt werden: Sie fehlt (oder wurde zurückgenommen).";
export const PUBLISH_NEEDS_PICTURE = "Zum Veröffentlichen braucht das Projekt mindestens ein Bild.";
export const PROJECT_NEEDS_FINISHED_JOB = "Ein Projekt entsteht aus einem Auftrag, der fertig oder abgeholt ist.";

/** A customer's photo on the page: served whole, this wide at most (decision 011's largest rendition for a phone's full width). */
const CUSTOMER_PHOTO_MAX_WIDTH = 1600;

export interface ProjectPicture {
  /** The picture's own id: a reference picture's, or (`fromCustomer`) an enquiry photo's. */
  id: string;
  role: ProjectPictureRole;
  /** The customer's own photo, shown only with her consent. */
  fromCustomer: boolean;
  url: string;
  width: number | null;
  height: number | null;
  sources: PictureSource[];
}

export interface Project {
  id: string;
  slug: string;
  /** Its page's path. */
  url: string;
  title: string;
  vehicle: string;
  work: string;
  material: string;
  duration: string;
  published: boolean;
  /** ISO 8601; null until first published. */
  publishedAt: string | null;
  enquiryId: string | null;
  /** Staff asked to show the customer's statement (it shows only while she agrees). */
  showStatement: boolean;
  /** Her statement as shown: only while she agrees and staff chose to show it. */
  statement: { text: string; shownName: string } | null;
  cover: ProjectPicture | null;
  pictures: ProjectPicture[];
  /** Staff see what the customer agreed to; public answers leave it out (`publicProject`). */
  consent: { photos: boolean; statement: boolean };
  createdAt: string;
  updatedAt: string;
}

export type PublicProject = Omit<Project, "consent" | "enquiryId" | "showStatement">;

export function publicProject({ consent: _staffOnly, enquiryId: _private, showStatement: _choice, ...project }: Project): PublicProject {
  return project;
}

type ProjectRow = typeof projects.$inferSelect;
type ReferenceRow = typeof references.$inferSelect;
type PhotoRow = typeof enquiryPhotos.$inferSelect;

/** For whom a project is read: a public page (published, pictures ready, consent) or staff (everything, with the consent state). */
type Audience = "pages" | "staff";

/** The projects of `rows` with their pictures and their customers' consent, in the rows' order. */
async function withPictures(db: Database, rows: ProjectRow[], audience: Audience): Promise<Project[]> {
  if (rows.length === 0) return [];
  const pictureRows = await db
    .select()
    .from(projectPictures)
    .where(
      inArray(
        projectPictures.projectId,
        rows.map((row) => row.id),
      ),
    )
    .orderBy(asc(projectPictures.position));
  const referenceIds = pictureRows.flatMap((row) => (row.referenceId ? [row.referenceId] : []));
  const photoIds = pictureRows.flatMap((row) => (row.enquiryPhotoId ? [row.enquiryPhotoId] : []));
  const [[referenceRows, photoRows], consents] = await Promise.all([
    db.batch([
      db.select().from(references).where(inArray(references.id, referenceIds)),
      db.select().from(enquiryPhotos).where(inArray(enquiryPhotos.id, photoIds)),
    ]),
    consentsOf(
      db,
      rows.flatMap((row) => (row.enquiryId ? [row.enquiryId] : [])),
    ),
  ]);
  return rows.map((row) => {
    const consent = (row.enquiryId && consents.get(row.enquiryId)) || { photos: null, statement: null };
    const pictures = pictureRows
      .filter((picture) => picture.projectId === row.id)
      .flatMap((picture) => {
        const role = picture.role as ProjectPictureRole;
        const reference = referenceRows.find((candidate) => candidate.id === picture.referenceId);
        if (reference) return shownReference(reference, role, audience);
        const photo = photoRows.find((candidate) => candidate.id === picture.enquiryPhotoId && candidate.enquiryId === row.enquiryId);
        return photo ? shownPhoto(photo, role, row.slug, audience, consent) : [];
      });
    return toProject(row, pictures, consent, audience);
  });
}

function shownReference(row: ReferenceRow, role: ProjectPictureRole, audience: Audience): ProjectPicture[] {
  // A public page never sends the 2560 px original (decision 011): the picture waits for its renditions.
  if (audience === "pages" && row.renditionWidths === null) return [];
  return [
    {
      id: row.id,
      role,
      fromCustomer: false,
      url: imageUrl(row.imageKey),
      width: row.width,
      height: row.height,
      sources: renditionSources("reference", row.id, parseRenditionWidths(row.renditionWidths)),
    },
  ];
}

function shownPhoto(row: PhotoRow, role: ProjectPictureRole, slug: string, audience: Audience, consent: CustomerConsent): ProjectPicture[] {
  const picture = { id: row.id, role, fromCustomer: true, width: row.width, height: row.height };
  if (audience === "staff") {
    return [{ ...picture, url: imageUrl(row.imageKey), sources: renditionSources("enquiry", row.id, parseRenditionWidths(row.renditionWidths)) }];
  }
  // On a public page only with her consent, through the project's own address (`projectPhoto`).
  return consent.photos ? [{ ...picture, url: projectPhotoPath(slug, row.id), sources: [] }] : [];
}

function toProject(row: ProjectRow, pictures: ProjectPicture[], consent: CustomerConsent, audience: Audience): Project {
  const cover = pictures.find((picture) => picture.id === row.coverPictureId) ?? coverOf(pictures);
  const statement = row.showStatement && consent.statement ? { text: consent.statement.text, shownName: consent.statement.shownName } : null;
  return {
    id: row.id,
    slug: row.slug,
    url: projectPath(row.slug),
    title: row.title,
    vehicle: row.vehicle,
    work: row.work,
    material: row.material,
    duration: row.duration,
    published: row.published,
    publishedAt: row.publishedAt?.toISOString() ?? null,
    enquiryId: row.enquiryId,
    showStatement: row.showStatement,
    statement,
    cover: cover ?? null,
    pictures,
    consent: audience === "staff" ? { photos: !!consent.photos, statement: !!consent.statement } : { photos: false, statement: false },
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** The picture cards and link previews show: the first after picture, else the first of all. */
const coverOf = <P extends { role: string }>(pictures: P[]): P | undefined => pictures.find((picture) => picture.role === "nachher") ?? pictures[0];

export interface ProjectQuery extends Paging {
  /** Only published ones, as a public page shows them. */
  forPages?: boolean;
}

/** Published ones by their first publication, newest first; staff see drafts first, then by last change. */
export async function listProjects(db: Database, { startAt, limit, forPages = false }: ProjectQuery): Promise<{ project: Project[]; total: number }> {
  const filter = forPages ? eq(projects.published, true) : undefined;
  const [rows, [{ total }]] = await db.batch([
    db
      .select()
      .from(projects)
      .where(filter)
      .orderBy(
        ...(forPages ? [desc(projects.publishedAt)] : [asc(projects.published), desc(projects.updatedAt)]),
        desc(projects.id),
      )
      .limit(limit)
      .offset(startAt),
    db.select({ total: count() }).from(projects).where(filter),
  ]);
  return { project: await withPictures(db, rows, forPages ? "pages" : "staff"), total };
}

export async function getProject(db: Database, id: string): Promise<Project | null> {
  const row = await db.select().from(projects).where(eq(projects.id, id)).get();
  return row ? (await withPictures(db, [row], "staff"))[0] : null;
}

/** A published project's page, by its address; null for a draft, one in the Papierkorb or none. */
export async function projectPage(db: Database, slug: string): Promise<PublicProject | null> {
  const row = await db
    .select()
    .from(projects)
    .where(and(eq(projects.slug, slug), eq(projects.published, true)))
    .get();
  return row ? publicProject((await withPictures(db, [row], "pages"))[0]) : null;
}

/** How long the quote line of a project card is at most, in characters. */
const QUOTE_LINE_MAX_LENGTH = 140;

/** The newest `limit` published projects' rows, to be read together with a page's other data. */
export function publishedProjectsRead(db: Database, limit: number): Read<ProjectRow[]> {
  return prepareRead(db.select().from(projects).where(eq(projects.published, true)).orderBy(desc(projects.publishedAt), desc(projects.id)).limit(limit), (rows) => rows);
}

/** The published projects of `rows` as /referenz lists them: the card's fields only. */
export async function projectCards(db: Database, rows: ProjectRow[]) {
  const shown = await withPictures(db, rows, "pages");
  return shown.map(({ slug, url, title, vehicle, work, statement, cover }) => ({
    slug,
    url,
    title,
    vehicle,
    work: work.split("\n").find((line) => line.trim() !== "")?.trim() ?? "",
    quote: statement ? quoteLine(statement.text) : null,
    cover: cover && { url: cover.url, width: cover.width, height: cover.height, sources: cover.sources },
  }));
}

/** The statement's first sentence, or its start cut at a word. */
function quoteLine(text: string): string {
  const sentence = /^[^.!?]*[.!?]/.exec(text.trim())?.[0] ?? text.trim();
  if (sentence.length <= QUOTE_LINE_MAX_LENGTH) return sentence;
  return `${sentence.slice(0, QUOTE_LINE_MAX_LENGTH).replace(/\s+\S*$/, "")} …`;
}

/** Every published project's address and last change, for the sitemap. */
export async function publishedProjectPaths(db: Database): Promise<{ path: string; updatedAt: Date }[]> {
  const rows = await db.select({ slug: projects.slug, updatedAt: projects.updatedAt }).from(projects).where(eq(projects.published, true));
  return rows.map(({ slug, updatedAt }) => ({ path: projectPath(slug), updatedAt }));
}

/**
 * The R2 key of a customer's photo on a published project, or null: unless the project is
 * published, the photo is one of its pictures, it belongs to the project's job (not in the
 * Papierkorb), and the customer's consent to her photos holds right now.
 */
export async function projectPhotoKey(db: Database, slug: string, photoId: string): Promise<string | null> {
  const [row] = await db
    .select({ photo: enquiryPhotos, enquiryId: projects.enquiryId })
    .from(projects)
    .innerJoin(projectPictures, and(eq(projectPictures.projectId, projects.id), eq(projectPictures.enquiryPhotoId, photoId)))
    .innerJoin(enquiryPhotos, and(eq(enquiryPhotos.id, photoId), eq(enquiryPhotos.enquiryId, projects.enquiryId)))
    .where(and(eq(projects.slug, slug), eq(projects.published, true)))
    .limit(1);
  if (!row?.enquiryId || !(await consentOf(db, row.enquiryId)).photos) return null;
  const { photo } = row;
  return renditionKeyUpTo("enquiry", photo.id, parseRenditionWidths(photo.renditionWidths), CUSTOMER_PHOTO_MAX_WIDTH) ?? photo.imageKey;
}

const optionalText = (label: string, maxLength: number) =>
  z
    .string({ invalid_type_error: `${label} muss ein Text sein.` })
    .trim()
    .max(maxLength, `${label} darf höchstens ${maxLength} Zeichen lang sein.`)
    .optional()
    .default("");

export const projectInput = z.object({
  id: recordId.optional(),
  title: requiredText("Titel", PROJECT_TITLE_MAX_LENGTH),
  vehicle: requiredText("Fahrzeug", PROJECT_VEHICLE_MAX_LENGTH),
  work: optionalText("Was gemacht wurde", PROJECT_WORK_MAX_LENGTH),
  material: optionalText("Material", PROJECT_MATERIAL_MAX_LENGTH),
  duration: optionalText("Dauer", PROJECT_DURATION_MAX_LENGTH),
  published: z.boolean({ invalid_type_error: "published muss true oder false sein." }).optional().default(false),
  /** Show the customer's statement; absent leaves the choice as it is. */
  statement: z.boolean({ invalid_type_error: "statement muss true oder false sein." }).optional(),
  pictures: z
    .array(
      z.object({
        id: recordId,
        role: z.enum(PROJECT_PICTURE_ROLES, { errorMap: () => ({ message: "Die Rolle eines Bildes ist vorher, nachher oder bild." }) }),
      }),
      { invalid_type_error: "pictures muss eine Liste sein." },
    )
    .max(MAX_PROJECT_PICTURES, `Höchstens ${MAX_PROJECT_PICTURES} Bilder je Projekt.`)
    .optional()
    .default([]),
  /** The job it shows; null for none (older work), absent leaves it as it is. */
  enquiryId: recordId.nullable().optional(),
});
export type ProjectInput = z.input<typeof projectInput>;

/** Addresses already taken, by projects and by those in the Papierkorb, which come back with theirs. */
async function freeSlug(db: Database, wanted: string): Promise<string> {
  const like = `${wanted}%`;
  const [live, trashed] = await db.batch([
    db.select({ slug: projects.slug }).from(projects).where(sql`${projects.slug} like ${like}`),
    db
      .select({ slug: sql<string>`${storedColumn(sql`${trash.id}`, projects, "slug")}` })
      .from(trash)
      .where(eq(trash.kind, "project")),
  ]);
  const taken = new Set([...live, ...trashed].map(({ slug }) => slug));
  let slug = wanted;
  for (let number = 2; taken.has(slug); number++) slug = `${wanted}-${number}`;
  return slug;
}

/**
 * Saves a project (new without `id`), its pictures in the given order, and the Verlauf's entry,
 * in one batch. Refused before anything is written: a picture that is neither a reference nor a
 * photo of the project's job (400), the customer's photos or statement without her consent (409),
 * publishing without a picture (409).
 */
export async function saveProject(db: Database, actor: Actor, raw: unknown, now = new Date()): Promise<Project> {
  const input = parseOrThrow(projectInput, raw);
  const existing = input.id ? await db.select().from(projects).where(eq(projects.id, input.id)).get() : undefined;
  if (input.id && !existing) throw notFound(PROJECT_NOT_FOUND);
  const enquiryId = input.enquiryId === undefined ? (existing?.enquiryId ?? null) : input.enquiryId;
  if (enquiryId && enquiryId !== existing?.enquiryId) {
    const enquiry = await db.select({ id: enquiries.id }).from(enquiries).where(eq(enquiries.id, enquiryId)).get();
    if (!enquiry) throw notFound("Diese Anfrage gibt es nicht (mehr).");
  }
  const ids = input.pictures.map(({ id }) => id);
  if (new Set(ids).size !== ids.length) throw new HttpError(400, "Ein Bild ist doppelt gewählt.");
  const [referenceRows, photoRows] = await db.batch([
    db.select({ id: references.id }).from(references).where(inArray(references.id, ids)),
    db.select({ id: enquiryPhotos.id, enquiryId: enquiryPhotos.enquiryId }).from(enquiryPhotos).where(inArray(enquiryPhotos.id, ids)),
  ]);
  const pictures = input.pictures.map(({ id, role }) => {
    if (referenceRows.some((row) => row.id === id)) return { id, role, referenceId: id, enquiryPhotoId: null };
    if (photoRows.some((row) => row.id === id && row.enquiryId === enquiryId)) return { id, role, referenceId: null, enquiryPhotoId: id };
    throw new HttpError(400, `Das Bild „${id}“ gibt es nicht (mehr), oder es ist kein Foto des Auftrags dieses Projekts.`);
  });
  const showStatement = input.statement ?? existing?.showStatement ?? false;
  const hasCustomerPhotos = pictures.some((picture) => picture.enquiryPhotoId);
  if (hasCustomerPhotos || (showStatement && input.statement !== undefined)) {
    const consent = enquiryId ? await consentOf(db, enquiryId) : { photos: null, statement: null };
    if (hasCustomerPhotos && !consent.photos) throw new HttpError(409, CUSTOMER_PHOTOS_REFUSED);
    if (showStatement && input.statement !== undefined && !consent.statement) throw new HttpError(409, STATEMENT_REFUSED);
  }
  if (input.published && pictures.length === 0) throw new HttpError(409, PUBLISH_NEEDS_PICTURE);

  const id = existing?.id ?? newId();
  const values = {
    title: input.title,
    vehicle: input.vehicle,
    work: input.work,
    material: input.material,
    duration: input.duration,
    published: input.published,
    publishedAt: input.published ? (existing?.publishedAt ?? now) : (existing?.publishedAt ?? null),
    enquiryId,
    showStatement,
    coverPictureId: coverOf(pictures)?.id ?? null,
    updatedAt: now,
  };
  const own = eq(projects.id, id);
  const write = existing
    ? db.update(projects).set(values).where(own)
    : db.insert(projects).values({ id, slug: await freeSlug(db, slugOf(`${input.vehicle} ${input.title}`)), ...values, createdAt: now });
  await db.batch([
    write,
    db.delete(projectPictures).where(eq(projectPictures.projectId, id)),
    ...pictures.map((picture, position) =>
      db.insert(projectPictures).select(
        sql`select ${newId()}, ${id}, ${position}, ${picture.role}, ${picture.referenceId}, ${picture.enquiryPhotoId} where ${rowExists(projects, own)}`,
      ),
    ),
    logStatement(db, actor, { action: existing ? "geändert" : "angelegt", kind: "project", itemId: id, title: projectTitle(values) }, {
      at: now,
      when: rowExists(projects, own),
    }),
  ]);
  await db.contentChanged();
  const saved = await getProject(db, id);
  if (!saved) throw notFound(PROJECT_NOT_FOUND);
  return saved;
}

/** How the Verlauf and the Papierkorb name a project. */
const projectTitle = ({ title, vehicle }: { title: string; vehicle: string }) => `${title} – ${vehicle}`;

/**
 * "Als Projekt zeigen" on a finished job: its project, or a new draft filled from the job — the
 * vehicle, the topic as title, the damage and the price's lines as what was done, the customer's
 * photos as "vorher" only while she agrees to them, her statement where she gave one.
 */
export async function projectFromJob(db: Database, actor: Actor, enquiryId: string, now = new Date()): Promise<Project> {
  const made = await db.select({ id: projects.id }).from(projects).where(eq(projects.enquiryId, enquiryId)).orderBy(asc(projects.createdAt)).get();
  if (made) return (await getProject(db, made.id))!;
  const enquiry = await getEnquiry(db, enquiryId);
  if (!enquiry) throw notFound("Diese Anfrage gibt es nicht (mehr).");
  const progress = await progressOfEnquiry(db, enquiry);
  if (progress.step !== "fertig" && progress.step !== "abgeholt") throw new HttpError(409, PROJECT_NEEDS_FINISHED_JOB);
  const consent = await consentOf(db, enquiryId);
  const work = [
    ...(enquiry.damage.length > 0 ? [`Schaden: ${enquiry.damage.join(", ")}`] : []),
    ...(progress.quote?.items.map((item) => item.text) ?? []),
  ].join("\n");
  return saveProject(
    db,
    actor,
    {
      title: enquiry.topic,
      vehicle: enquiry.vehicle,
      work: work.slice(0, PROJECT_WORK_MAX_LENGTH),
      enquiryId,
      statement: !!consent.statement,
      pictures: consent.photos ? enquiry.photos.map(({ id }) => ({ id, role: "vorher" })) : [],
    },
    now,
  );
}

/** Into the Papierkorb (decision 016) with its picture list; the pictures themselves stay where they are. */
export async function deleteProject(db: Database, actor: Actor, id: string, now = new Date()): Promise<void> {
  const row = await db.select({ title: projects.title, vehicle: projects.vehicle }).from(projects).where(eq(projects.id, id)).get();
  if (!row) throw notFound(PROJECT_NOT_FOUND);
  const own = eq(projects.id, id);
  const list = eq(projectPictures.projectId, id);
  await moveToTrash(
    db,
    actor,
    {
      kind: "project",
      id,
      title: projectTitle(row),
      rows: [
        { table: projects, where: own },
        { table: projectPictures, where: list },
      ],
      notFound: PROJECT_NOT_FOUND,
    },
    [db.delete(projectPictures).where(list), db.delete(projects).where(own).returning({ id: projects.id })],
    now,
  );
  await db.contentChanged();
}

/** A restored project comes back whole: its address, its state (published or not) and its pictures in their order. */
export const PROJECT_TRASH: TrashRules = {
  restore: (db, entryId) => [restoreRows(db, projects, entryId), restoreRows(db, projectPictures, entryId)],
  onPages: true,
};

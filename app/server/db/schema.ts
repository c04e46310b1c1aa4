import { sql } from "drizzle-orm";
import { type AnySQLiteColumn, index, integer, primaryKey, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";

/** Every instant is stored as UTC epoch milliseconds. */
const instant = (name: string) => integer(name, { mode: "timestamp_ms" });
const createdAt = () =>
  instant("created_at")
    .notNull()
    .default(sql`(cast(unixepoch('subsecond') * 1000 as integer))`);

export const news = sqliteTable(
  "news",
  {
    id: text("id").primaryKey(),
    title: text("title").notNull(),
    text: text("text").notNull(),
    date: createdAt(),
  },
  (table) => [index("news_date_idx").on(table.date)],
);

export const alerts = sqliteTable(
  "alerts",
  {
    id: text("id").primaryKey(),
    title: text("title").notNull(),
    text: text("text").notNull(),
    fromDate: instant("from_date").notNull(),
    toDate: instant("to_date").notNull(),
    createdAt: createdAt(),
  },
  (table) => [index("alerts_window_idx").on(table.fromDate, table.toDate)],
);

/** A single row (id 1); absent until staff first save, when the defaults apply. */
export const openingHours = sqliteTable("opening_hours", {
  id: integer("id").primaryKey(),
  monday: text("monday").notNull(),
  tuesday: text("tuesday").notNull(),
  wednesday: text("wednesday").notNull(),
  thursday: text("thursday").notNull(),
  friday: text("friday").notNull(),
  saturday: text("saturday").notNull(),
  sunday: text("sunday").notNull(),
  updatedAt: createdAt(),
});

/**
 * Days that differ from the week ("Sonderzeiten"): calendar days in Europe/Berlin as
 * `YYYY-MM-DD`, both ends included, so they sort and compare as text.
 */
export const specialHours = sqliteTable(
  "special_hours",
  {
    id: text("id").primaryKey(),
    title: text("title").notNull(),
    hours: text("hours").notNull(),
    fromDate: text("from_date").notNull(),
    toDate: text("to_date").notNull(),
    createdAt: createdAt(),
  },
  (table) => [index("special_hours_to_date_idx").on(table.toDate)],
);

/**
 * The columns every stored picture has, whoever owns it (app/server/images owns what they mean):
 * its R2 key, type and size, and which of the server's renditions exist.
 */
const pictureColumns = () => ({
  /** R2 key of the stored original, chosen by the server (app/server/images/keys.server.ts). */
  imageKey: text("image_key").notNull().unique(),
  contentType: text("content_type").notNull(),
  byteSize: integer("byte_size").notNull(),
  /** The original's upright size in pixels; null for rows from before 0003 until the renditions run fills it in. */
  width: integer("width"),
  height: integer("height"),
  /**
   * Widths of the server's AVIF/WebP/JPEG renditions, comma-separated ("480,960,1600"), once all
   * exist; "" when none are made (animated GIF); null while they are missing (decision 011).
   */
  renditionWidths: text("rendition_widths"),
});

export const references = sqliteTable(
  "references",
  {
    id: text("id").primaryKey(),
    ...pictureColumns(),
    /** The name the file had on the uploader's device; data only, never a storage key. */
    filename: text("filename").notNull(),
    description: text("description").notNull(),
    /** The home page's hero picture ("Titelbild"); at most one row has it (partial unique index). */
    cover: integer("cover", { mode: "boolean" }),
    /** When staff marked it "Auf der Startseite zeigen"; the slideshow shows the newest marks first. Null: not marked. */
    featuredAt: instant("featured_at"),
    /**
     * Its "Vorher-Bild": another reference showing the same job before the work. A picture is the
     * before of at most one other (unique), and loses the link when that picture is deleted.
     */
    beforeId: text("before_id").references((): AnySQLiteColumn => references.id, { onDelete: "set null" }),
    createdAt: createdAt(),
  },
  (table) => [
    index("references_created_idx").on(table.createdAt),
    uniqueIndex("references_cover_unique").on(table.cover).where(sql`${table.cover} = 1`),
    index("references_featured_idx").on(table.featuredAt),
    uniqueIndex("references_before_unique").on(table.beforeId).where(sql`${table.beforeId} is not null`),
  ],
);

export const categories = sqliteTable("categories", {
  id: integer("id").primaryKey({ autoIncrement: true }),
  name: text("name").notNull().unique(),
  /** `categoryKey(name)`: NFC, lower case. Unique, so parallel uploads cannot create twins. */
  key: text("key").notNull().unique(),
});

export const referenceCategories = sqliteTable(
  "reference_categories",
  {
    referenceId: text("reference_id")
      .notNull()
      .references(() => references.id, { onDelete: "cascade" }),
    categoryId: integer("category_id")
      .notNull()
      .references(() => categories.id, { onDelete: "cascade" }),
  },
  (table) => [
    primaryKey({ columns: [table.referenceId, table.categoryId] }),
    index("reference_categories_category_idx").on(table.categoryId),
  ],
);

export const users = sqliteTable("users", {
  id: integer("id").primaryKey({ autoIncrement: true }),
  username: text("username").notNull().unique(),
  /** `pbkdf2-sha256$<iterations>$<salt b64>$<hash b64>` so parameters can be raised later. */
  passwordHash: text("password_hash").notNull(),
  createdAt: createdAt(),
  lastSignInAt: instant("last_sign_in_at"),
  /**
   * Set by "Entfernen" on the Team page: the account can no longer sign in and its sessions are
   * gone. The row stays, so its name keeps meaning one person in the Verlauf; `npm run user:add`
   * clears it again.
   */
  disabledAt: instant("disabled_at"),
});

/**
 * Open invitations to the staff area ("Mitarbeiter einladen"). The link carries the id signed with
 * the site's key (entities/invitations.server.ts), so it can be shown again while it is open;
 * accepting or withdrawing deletes the row, which makes the link single-use.
 */
export const invitations = sqliteTable("invitations", {
  id: text("id").primaryKey(),
  createdBy: text("created_by").notNull(),
  createdAt: createdAt(),
  expiresAt: instant("expires_at").notNull(),
});

export const sessions = sqliteTable(
  "sessions",
  {
    /** SHA-256 (hex) of the token; the token itself is never stored. */
    tokenHash: text("token_hash").primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
    lastUsedAt: instant("last_used_at").notNull(),
    expiresAt: instant("expires_at").notNull(),
  },
  (table) => [index("sessions_user_idx").on(table.userId)],
);

export const loginAttempts = sqliteTable(
  "login_attempts",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    username: text("username").notNull(),
    address: text("address").notNull(),
    /** The browser's device id when it has signed in to this account before (docs/decisions/007); null for any other. */
    device: text("device"),
    attemptedAt: instant("attempted_at").notNull(),
  },
  (table) => [
    index("login_attempts_username_idx").on(table.username, table.attemptedAt),
    index("login_attempts_address_idx").on(table.address, table.attemptedAt),
  ],
);

/** Keys the site makes for itself on first use (signing cookies and form tokens), so nobody has to set up a secret. */
export const siteKeys = sqliteTable("site_keys", {
  name: text("name").primaryKey(),
  value: text("value").notNull(),
  createdAt: createdAt(),
});

/**
 * Image files whose record is already deleted but which may still be in R2: written in the
 * record's delete batch and removed once the files are gone, so the scheduled clean-up
 * can finish a delete that R2 or a stopped worker interrupted.
 */
export const imageDeletions = sqliteTable("image_deletions", {
  key: text("key").primaryKey(),
  requestedAt: instant("requested_at").notNull(),
});

/**
 * Customers' enquiries from /anfrage (app/server/entities/enquiries.server.ts). The reference
 * number is the year (Berlin) and a number within it, unique together; `updated_at` is the
 * last change by anyone, from which the retention period runs.
 */
export const enquiries = sqliteTable(
  "enquiries",
  {
    id: text("id").primaryKey(),
    year: integer("year").notNull(),
    number: integer("number").notNull(),
    /** neu, in-bearbeitung, beantwortet, erledigt, spam (app/lib/enquiry.ts). */
    status: text("status").notNull(),
    /** Why the spam checks filed it under "Spam"; null when they did not. */
    spamReason: text("spam_reason"),
    topic: text("topic").notNull(),
    vehicle: text("vehicle").notNull(),
    description: text("description").notNull(),
    /** A calendar day in Europe/Berlin, `YYYY-MM-DD`, or null. */
    preferredDate: text("preferred_date"),
    name: text("name").notNull(),
    email: text("email"),
    phone: text("phone"),
    /*
     * Added with issue 30; nullable, so an enquiry put into the Papierkorb before then comes
     * back as it was (its stored row has none of them).
     */
    /** The damage chips the customer marked (DAMAGE_KINDS), as a JSON list; null for none. */
    damage: text("damage", { mode: "json" }).$type<string[]>(),
    /** How the customer wants an answer (CONTACT_CHANNELS), or null. */
    contactBy: text("contact_by"),
    /** When the customer is best reached, as they wrote it, or null. */
    reachable: text("reachable"),
    /**
     * The gallery picture the enquiry is about ("Ähnliches Projekt anfragen"), or null. No foreign
     * key: a picture in the Papierkorb is only hidden from the enquiry, and shows again once restored.
     */
    referencePictureId: text("reference_picture_id"),
    /** The project page it came from (`/anfrage?projekt=<slug>`), by id; no foreign key, like the picture. */
    projectId: text("project_id"),
    /** The staff's internal note; never shown to the customer. */
    note: text("note").notNull().default(""),
    /** keine, ausstehend, gesendet, fehlgeschlagen: the e-mail to the workshop. */
    mailStatus: text("mail_status").notNull(),
    createdAt: createdAt(),
    updatedAt: instant("updated_at").notNull(),
    /** When staff took it up (left "Neu", or the first price, dates or "fertig"): the status page's "In Bearbeitung". */
    startedAt: instant("started_at"),
    /** "Fahrzeug fertig – kann abgeholt werden" (entities/job-flow.server.ts, app/lib/job.ts). */
    finishedAt: instant("finished_at"),
    /** "Fahrzeug ist da": the car is in the workshop. */
    arrivedAt: instant("arrived_at"),
    /** "Abgeholt": the job is closed. */
    collectedAt: instant("collected_at"),
    /** The customer's latest answer on the status page that staff have not seen yet; null once seen. */
    customerAnsweredAt: instant("customer_answered_at"),
    /** When the job was closed ("Erledigt"); its status links end STATUS_LINK_WEEKS_AFTER_CLOSE later (entities/enquiry-status-links.server.ts). */
    closedAt: instant("closed_at"),
    /** When staff last replaced the status links ("Neuen Link senden"): the customer has a link to be told of again. */
    linksRenewedAt: instant("links_renewed_at"),
  },
  (table) => [
    uniqueIndex("enquiries_reference_unique").on(table.year, table.number),
    index("enquiries_status_created_idx").on(table.status, table.createdAt),
    index("enquiries_updated_idx").on(table.updatedAt),
  ],
);

/** The photos of an enquiry: private pictures (kind "enquiry"), deleted with it. */
export const enquiryPhotos = sqliteTable(
  "enquiry_photos",
  {
    id: text("id").primaryKey(),
    enquiryId: text("enquiry_id")
      .notNull()
      .references(() => enquiries.id, { onDelete: "cascade" }),
    /** The order the customer chose them in. */
    position: integer("position").notNull(),
    ...pictureColumns(),
  },
  (table) => [index("enquiry_photos_enquiry_idx").on(table.enquiryId, table.position)],
);

/**
 * Every enquiry sent from an address within the last hour, spam and refused ones included:
 * the per-address limit counts them (app/server/entities/enquiry-spam.server.ts).
 */
export const enquiryAttempts = sqliteTable(
  "enquiry_attempts",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    address: text("address").notNull(),
    attemptedAt: instant("attempted_at").notNull(),
  },
  (table) => [index("enquiry_attempts_address_idx").on(table.address, table.attemptedAt)],
);

/**
 * The customer's private links to an enquiry's status page (entities/enquiry-status-links.server.ts):
 * only the SHA-256 of each token is kept. Every message to the customer carries a link of its own,
 * so an enquiry has several; all of them end with the enquiry.
 */
export const enquiryStatusLinks = sqliteTable(
  "enquiry_status_links",
  {
    tokenHash: text("token_hash").primaryKey(),
    enquiryId: text("enquiry_id")
      .notNull()
      .references(() => enquiries.id, { onDelete: "cascade" }),
    createdAt: instant("created_at").notNull(),
  },
  (table) => [index("enquiry_status_links_enquiry_idx").on(table.enquiryId)],
);

/**
 * The prices made for an enquiry ("Richtpreis / Angebot", entities/quotes.server.ts): each new
 * version is a row of its own, the highest is the current one; an accepted one is never changed
 * and no version follows it. Money in cents, gross; `items` is JSON `[{text, quantity, unitPriceGross}]`.
 */
export const enquiryQuotes = sqliteTable(
  "enquiry_quotes",
  {
    id: text("id").primaryKey(),
    enquiryId: text("enquiry_id")
      .notNull()
      .references(() => enquiries.id, { onDelete: "cascade" }),
    version: integer("version").notNull(),
    /** richtpreis, angebot (app/lib/quote.ts). */
    kind: text("kind").notNull(),
    items: text("items").notNull(),
    totalGross: integer("total_gross").notNull(),
    vat: integer("vat").notNull(),
    /** The last day it holds, `YYYY-MM-DD` in Berlin. */
    validUntil: text("valid_until").notNull(),
    note: text("note").notNull(),
    createdAt: instant("created_at").notNull(),
    createdBy: text("created_by").notNull(),
    acceptedAt: instant("accepted_at"),
  },
  (table) => [
    uniqueIndex("enquiry_quotes_version_unique").on(table.enquiryId, table.version),
    uniqueIndex("enquiry_quotes_accepted_unique").on(table.enquiryId).where(sql`${table.acceptedAt} is not null`),
  ],
);

/**
 * Drop-off dates staff proposed (entities/appointments.server.ts). New proposals withdraw the
 * previous ones, as does the customer's "Keiner passt"; of the live ones at most one is chosen.
 */
export const appointmentSlots = sqliteTable(
  "appointment_slots",
  {
    id: text("id").primaryKey(),
    enquiryId: text("enquiry_id")
      .notNull()
      .references(() => enquiries.id, { onDelete: "cascade" }),
    startsAt: instant("starts_at").notNull(),
    proposedAt: instant("proposed_at").notNull(),
    withdrawnAt: instant("withdrawn_at"),
    chosenAt: instant("chosen_at"),
  },
  (table) => [
    index("appointment_slots_enquiry_idx").on(table.enquiryId),
    index("appointment_slots_starts_idx").on(table.startsAt),
    uniqueIndex("appointment_slots_chosen_unique")
      .on(table.enquiryId)
      .where(sql`${table.chosenAt} is not null and ${table.withdrawnAt} is null`),
  ],
);

/** What customers wrote on their status page: a question about the price, or "Keiner passt" with a note. */
export const customerMessages = sqliteTable(
  "customer_messages",
  {
    id: text("id").primaryKey(),
    enquiryId: text("enquiry_id")
      .notNull()
      .references(() => enquiries.id, { onDelete: "cascade" }),
    /** rueckfrage, keiner-passt, verschieben (app/lib/enquiry-progress.ts). */
    kind: text("kind").notNull(),
    text: text("text").notNull(),
    createdAt: instant("created_at").notNull(),
  },
  (table) => [index("customer_messages_enquiry_idx").on(table.enquiryId, table.createdAt)],
);

/**
 * The last attempt to tell the customer about each step (entities/customer-mail.server.ts). A step
 * counts as told when its notice was sent or shared after the step last changed.
 */
export const customerNotices = sqliteTable(
  "customer_notices",
  {
    enquiryId: text("enquiry_id")
      .notNull()
      .references(() => enquiries.id, { onDelete: "cascade" }),
    /** received, quote, proposals, appointment, finished. */
    step: text("step").notNull(),
    /** gesendet, geteilt, fehlgeschlagen, nicht-eingerichtet. */
    outcome: text("outcome").notNull(),
    at: instant("at").notNull(),
  },
  (table) => [primaryKey({ columns: [table.enquiryId, table.step] })],
);

/**
 * The customer's consent to show her job on the website (entities/job/consent.server.ts,
 * decision 025): one row per choice given, kept with the exact wording she saw and when; a
 * withdrawal stamps `withdrawnAt` and a later yes is a new row, so the record shows every change.
 */
export const customerConsents = sqliteTable(
  "customer_consents",
  {
    id: text("id").primaryKey(),
    enquiryId: text("enquiry_id")
      .notNull()
      .references(() => enquiries.id, { onDelete: "cascade" }),
    /** fotos, stimme (CONSENT_CHOICES in app/lib/consent.ts). */
    choice: text("choice").notNull(),
    /** The sentence the customer ticked, word for word. */
    wording: text("wording").notNull(),
    /** For "stimme": her statement; null otherwise. */
    statement: text("statement"),
    /** For "stimme": the name shown under it as she chose it (full name, initials or "Kundin/Kunde aus Köln"). */
    shownName: text("shown_name"),
    givenAt: instant("given_at").notNull(),
    withdrawnAt: instant("withdrawn_at"),
  },
  (table) => [index("customer_consents_enquiry_idx").on(table.enquiryId, table.choice, table.givenAt)],
);

/**
 * Project pages (`/referenz/projekt/<slug>`, entities/projects.server.ts): one job told with its
 * car, its work and its pictures. `enquiryId` names the job it was made from, without a foreign
 * key (like `enquiries.referencePictureId`): an enquiry in the Papierkorb only hides its photos.
 */
export const projects = sqliteTable(
  "projects",
  {
    id: text("id").primaryKey(),
    /** Its address, made from the title once and kept, so a shared link holds. */
    slug: text("slug").notNull().unique(),
    title: text("title").notNull(),
    vehicle: text("vehicle").notNull(),
    /** What was done, one line per step. */
    work: text("work").notNull(),
    material: text("material").notNull(),
    duration: text("duration").notNull(),
    published: integer("published", { mode: "boolean" }).notNull().default(false),
    /** When it was first published; null for a draft never shown. */
    publishedAt: instant("published_at"),
    enquiryId: text("enquiry_id"),
    /** Show the customer's statement (only while her consent to it holds, entities/job/consent.server.ts). */
    showStatement: integer("show_statement", { mode: "boolean" }).notNull().default(false),
    /** The id of the picture shown on cards and link previews (a reference's or an enquiry photo's). */
    coverPictureId: text("cover_picture_id"),
    createdAt: createdAt(),
    updatedAt: instant("updated_at").notNull(),
  },
  (table) => [index("projects_published_idx").on(table.published, table.publishedAt)],
);

/**
 * A project's pictures in order: the workshop's own (a reference picture) or the customer's (an
 * enquiry photo, shown only with her consent). No foreign keys to either: a picture in the
 * Papierkorb is hidden, and shows again once restored.
 */
export const projectPictures = sqliteTable(
  "project_pictures",
  {
    id: text("id").primaryKey(),
    projectId: text("project_id")
      .notNull()
      .references(() => projects.id, { onDelete: "cascade" }),
    position: integer("position").notNull(),
    /** vorher, nachher, bild (PROJECT_PICTURE_ROLES in app/lib/projects.ts). */
    role: text("role").notNull(),
    referenceId: text("reference_id"),
    enquiryPhotoId: text("enquiry_photo_id"),
  },
  (table) => [index("project_pictures_project_idx").on(table.projectId, table.position)],
);

/**
 * The staff's own reply snippets ("Antwortvorlagen", entities/reply-snippets.server.ts), offered
 * after the workshop's built-in ones when answering an enquiry. Placeholders stay in the text.
 */
export const replySnippets = sqliteTable(
  "reply_snippets",
  {
    id: text("id").primaryKey(),
    title: text("title").notNull(),
    text: text("text").notNull(),
    createdAt: createdAt(),
  },
  (table) => [index("reply_snippets_created_idx").on(table.createdAt)],
);

/**
 * The master's portrait for the about page and the home page (picture kind "portrait"): at most
 * one row is in use, the one `business.portrait_id` names; a replaced one is deleted with its files.
 */
export const businessPortraits = sqliteTable("business_portraits", {
  id: text("id").primaryKey(),
  ...pictureColumns(),
  createdAt: createdAt(),
});

/**
 * The workshop's business record (decision 020), one row (id 1), absent until staff first save:
 * `data` holds the saved fields as JSON (app/lib/business.ts); a field never saved keeps its
 * demo default. JSON rather than a column per field, so a partial update is one `json_patch`.
 */
export const business = sqliteTable("business", {
  id: integer("id").primaryKey(),
  data: text("data").notNull().default("{}"),
  portraitId: text("portrait_id").references(() => businessPortraits.id, { onDelete: "set null" }),
  updatedAt: instant("updated_at").notNull(),
});

/**
 * A change of the record's website address (every customer link is built from it), one row per
 * colleague who has not seen it yet: their start page shows it until they dismiss it.
 */
export const websiteChangeNotices = sqliteTable(
  "website_change_notices",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    previous: text("previous").notNull(),
    website: text("website").notNull(),
    /** The staff member's name at the time. */
    changedBy: text("changed_by").notNull(),
    changedAt: instant("changed_at").notNull(),
  },
  (table) => [index("website_change_notices_user_idx").on(table.userId)],
);

/**
 * The Papierkorb: what staff deleted, as it was stored (decision 016). Every row the item consisted
 * of is a row of `trash_rows`, so a restore inserts them again with the same ids and values. The
 * tables themselves never hold a trashed item, so no read of them needs to know about the Papierkorb.
 */
export const trash = sqliteTable(
  "trash",
  {
    /** The item's own id (a category's number as text): what `…/delete` took is what `trash/restore` takes. */
    id: text("id").primaryKey(),
    /** news, alert, special-hours, reference, category, enquiry, reply-snippet (entities/trash-rows.server.ts). */
    kind: text("kind").notNull(),
    /** What the item was, as the Papierkorb lists it (never a customer's contact data). */
    title: text("title").notNull(),
    deletedAt: instant("deleted_at").notNull(),
    /** The staff member's name at the time. */
    deletedBy: text("deleted_by").notNull(),
    /** When the scheduled handler deletes it for good, with its picture files. */
    purgeAfter: instant("purge_after").notNull(),
    /** What a restore needs beside the rows (`TrashedItem.facts`), a small JSON object. */
    payload: text("payload").notNull(),
  },
  (table) => [index("trash_deleted_idx").on(table.deletedAt), index("trash_purge_idx").on(table.purgeAfter)],
);

/**
 * The rows of the items in the Papierkorb, one stored row per copied row (JSON made by SQLite,
 * column by column as stored): an item of any size moves in, where one JSON value for all of them
 * would pass D1's 2 MB limit (issue 37).
 */
export const trashRows = sqliteTable(
  "trash_rows",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    entryId: text("entry_id")
      .notNull()
      .references(() => trash.id, { onDelete: "cascade" }),
    /** The table the row came from and goes back to. */
    tableName: text("table_name").notNull(),
    value: text("value").notNull(),
  },
  (table) => [index("trash_rows_entry_idx").on(table.entryId, table.tableName)],
);

/**
 * The pictures (references, enquiry photos) of items in the Papierkorb: their R2 objects stay
 * until the item is deleted for good, so the orphan sweep counts these ids as in use.
 */
export const trashedPictures = sqliteTable(
  "trashed_pictures",
  {
    pictureId: text("picture_id").primaryKey(),
    /** The picture kind of app/server/images/keys.server.ts: reference or enquiry. */
    kind: text("kind").notNull(),
    entryId: text("entry_id")
      .notNull()
      .references(() => trash.id, { onDelete: "cascade" }),
  },
  (table) => [index("trashed_pictures_entry_idx").on(table.entryId)],
);

/**
 * The Verlauf: every write by staff, sign-ins and team changes, each inserted in the same D1
 * batch as the write it records (entities/activity-log.server.ts). Names and titles are copies,
 * so an entry still reads the same after the item or the account is gone. Never a password, a
 * token or a customer's contact data.
 */
export const activityLog = sqliteTable(
  "activity_log",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    at: instant("at").notNull(),
    username: text("username").notNull(),
    /** angelegt, geändert, gelöscht, wiederhergestellt, endgültig gelöscht, angemeldet, … */
    action: text("action").notNull(),
    /** The kind of item (the Papierkorb's kinds, opening-hours, account, invitation). */
    kind: text("kind").notNull(),
    itemId: text("item_id"),
    title: text("title").notNull(),
  },
  (table) => [index("activity_log_at_idx").on(table.at), index("activity_log_user_idx").on(table.username, table.at)],
);

// Demo content for local development (`npm start` runs this). Never run against production:
// it only ever opens the local D1/R2 state that `wrangler dev` uses.
import { like } from "drizzle-orm";
import { join } from "node:path";
import { getPlatformProxy } from "wrangler";
import { database, type Database } from "~/server/db/client.server";
import { alerts, news, references } from "~/server/db/schema";
import { ensureCategoryStatement } from "~/server/entities/categories.server";
import { saveReferences } from "~/server/entities/reference-uploads.server";
import type { RenditionRun } from "~/server/images/renditions.server";
import { DEMO_IMAGES, renderDemoImage } from "./demo-images";

const DAY = 24 * 60 * 60 * 1000;
const now = Date.now();

const demoNews = [
  {
    id: "demo-news-1",
    title: "Neue Lederkollektion eingetroffen",
    text: "Ab sofort können Sie bei uns über 40 neue Farbtöne in Nappa- und Semianilinleder ansehen. Vereinbaren Sie gern einen Termin zur Musterberatung.",
    date: new Date(now - 2 * DAY),
  },
  {
    id: "demo-news-2",
    title: "Cabrioverdecke: jetzt vor dem Frühjahr planen",
    text: "Damit Ihr Cabrio zur Saison bereit ist, nehmen wir Aufträge für neue Verdecke schon jetzt entgegen. Die Fertigung dauert in der Regel zwei bis drei Wochen.",
    date: new Date(now - 9 * DAY),
  },
  {
    id: "demo-news-3",
    title: "Oldtimer-Interieur nach Originalvorlage",
    text: "Für einen Mercedes-Benz W113 haben wir die komplette Innenausstattung originalgetreu nachgefertigt – vom Sitzbezug bis zur Türverkleidung.",
    date: new Date(now - 20 * DAY),
  },
  {
    id: "demo-news-4",
    title: "Lenkrad neu beziehen in zwei Tagen",
    text: "Abgegriffene Lenkräder beziehen wir in feinem Glattleder mit Ihrer Wunschnaht neu. Meist bekommen Sie Ihr Lenkrad nach zwei Werktagen zurück.",
    date: new Date(now - 35 * DAY),
  },
];

/** Who the Verlauf names for the demo pictures: no staff member wrote them. */
const SEED_ACTOR = { username: "Demo-Inhalt" };

const demoCategories = ["Autositze", "Lenkräder", "Cabrioverdecke", "Motorradsitze", "Oldtimer", "Innenausstattung"];

/**
 * Demo reference pictures go through the same module as real uploads, so the same checks
 * and storage rules apply. Skipped once they exist, which keeps later starts fast.
 */
async function seedDemoReferences(db: Database, bucket: R2Bucket, transforms: ImagesBinding) {
  const existing = await db
    .select({ id: references.id })
    .from(references)
    .where(like(references.filename, "demo-%"))
    .limit(1);
  if (existing.length > 0) return;
  const uploads = await Promise.all(
    DEMO_IMAGES.map(async (image) => ({
      original: { name: image.filename, bytes: await renderDemoImage(image) },
      metadata: { filename: image.filename, description: image.description, category: image.category },
    })),
  );
  const renditions: Promise<unknown>[] = [];
  await saveReferences(db, SEED_ACTOR, { bucket, transforms, afterAnswer: (work) => renditions.push(work()) }, uploads);
  // The renditions an upload gets after its answer, waited for here before the site starts.
  const runs = (await Promise.all(renditions)) as RenditionRun[];
  const made = runs.reduce((total, run) => total + run.made.length, 0);
  console.log(`${uploads.length} Demo-Referenzbilder sind angelegt (${made} mit verkleinerten Fassungen).`);
}

// `--persist-to <dir>` seeds a throwaway state (npm run bench), as `wrangler dev --persist-to` reads it.
const persistTo = process.argv.indexOf("--persist-to");
const proxy = await getPlatformProxy<Env>({
  persist: persistTo === -1 ? true : { path: join(process.argv[persistTo + 1], "v3") },
});
try {
  const db = database(proxy.env.DB);
  await db.batch([
    db.insert(news).values(demoNews).onConflictDoNothing(),
    ...demoCategories.map((name) => ensureCategoryStatement(db, name)),
    db
      .insert(alerts)
      .values({
        id: "demo-alert-1",
        title: "Betriebsferien zwischen den Jahren",
        text: "Vom 24.12. bis 02.01. bleibt unsere Werkstatt geschlossen. Ab dem 03.01. sind wir wieder für Sie da.",
        fromDate: new Date(now - DAY),
        toDate: new Date(now + 45 * DAY),
      })
      .onConflictDoNothing(),
  ]);
  await seedDemoReferences(db, proxy.env.IMAGES, proxy.env.IMAGE_TRANSFORMS);
  console.log("Demo-Inhalte sind angelegt.");
} finally {
  await proxy.dispose();
}

import type { HydrationHandle } from "~/components/document/hydration";
import { styleLinks, type StylesHandle } from "~/components/document/inline-styles";
import { PAGE_STYLES } from "~/components/document/page-styles";
import { redirect, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Link, useLoaderData, useLocation, type ShouldRevalidateFunction } from "@remix-run/react";
import { TOPIC_PARAM, topicOfCategories } from "~/lib/enquiry";
import { galleryHref } from "~/lib/gallery-links";
import { PageHeader } from "~/components/pages/page-header";
import { pageMeta } from "~/lib/seo";
import { MAX_CATEGORY_LENGTH } from "~/lib/categories";
import { PlaceholderPicture } from "~/components/pages/placeholder-picture";
import { pictureData, ReferencePicture } from "~/components/pages/reference-picture";
import { CategoryChips } from "~/components/gallery/category-chips";
import { GalleryViewer, thumbnailId } from "~/components/gallery/gallery-viewer";
import { Island } from "~/components/document/island";
import { Pager } from "~/components/gallery/pager";
import { pageNumber, pageRows } from "~/lib/page-number";
import { categoryNamesRead, storedCategoryNameRead } from "~/server/entities/categories.server";
import { readTogether } from "~/server/db/client.server";
import { REFERENCE_PAGE_SIZE, referencePageRead, referenceRead } from "~/server/entities/references.server";
import { GALLERY_PARAMS, PATHS } from "~/lib/site-areas";
import { ProjectCards } from "~/components/gallery/project-cards";
import { PROJECTS_ON_GALLERY } from "~/lib/projects";
import { projectCards, publishedProjectsRead } from "~/server/entities/projects.server";

// An error in this page's loader shows inside the shell (navigation and footer stay).
export { GeneralErrorBoundary as ErrorBoundary } from "~/components/shell/error-boundary";

export const handle: StylesHandle & HydrationHandle = { styles: [PAGE_STYLES.pages, PAGE_STYLES.gallery, PAGE_STYLES.projects], islands: true };
export const links = styleLinks(handle.styles);

export const meta: MetaFunction = ({ matches }) =>
  pageMeta(matches, {
    title: "Referenzen",
    description:
      "Bilder aus unserer Werkstatt: neu bezogene Autositze, Lenkräder, Cabrioverdecke, Motorradsitze und Oldtimer-Interieurs.",
    path: "/referenz",
  });

/**
 * The tile's CSS width (pages.css): a column of at most 1100 px less 2 × 1rem padding, split
 * into as many 300 px-or-wider columns as fit with 1.25rem gaps: three from 972 px (343 px
 * from 1100 px on), two from 652 px, one below.
 */
const THUMBNAIL_SIZES =
  "(min-width: 1100px) 343px, (min-width: 972px) calc((100vw - 72px) / 3), (min-width: 652px) calc(50vw - 26px), calc(100vw - 32px)";

export async function loader({ request, context }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const requestedCategory = url.searchParams.get(GALLERY_PARAMS.category)?.trim().slice(0, MAX_CATEGORY_LENGTH) || null;
  const page = pageNumber(url.searchParams, GALLERY_PARAMS.page);
  const imageId = url.searchParams.get(GALLERY_PARAMS.image)?.slice(0, 100) || null;

  // The page's pictures plus the one before and after it, so the viewer can step across pages.
  const { startAt, limit } = pageRows(page, REFERENCE_PAGE_SIZE);
  const withEdges = { startAt: Math.max(0, startAt - 1), limit: limit + (startAt > 0 ? 2 : 1) };
  // One round trip: an absent category or picture asks for a name or id no row has.
  // The projects open the gallery's first page (issue 40).
  const projectsShown = page === 1 && !requestedCategory ? PROJECTS_ON_GALLERY : 0;
  const [categories, storedCategory, { reference: rows, total }, zoom, projectRows] = await readTogether(context.db, [
    categoryNamesRead(context.db, { withPictures: true, forPages: true }),
    storedCategoryNameRead(context.db, requestedCategory ?? ""),
    referencePageRead(context.db, { ...withEdges, category: requestedCategory, forPages: true }),
    referenceRead(context.db, imageId ?? "", { forPages: true }),
    publishedProjectsRead(context.db, projectsShown),
  ] as const);
  const before = startAt > 0 ? rows.shift() : undefined;
  const reference = rows.slice(0, limit);
  const after = rows[limit];
  // Categories match regardless of case and Unicode form; show the name as it is stored.
  const category = storedCategory ?? requestedCategory;
  const pageCount = Math.max(1, Math.ceil(total / REFERENCE_PAGE_SIZE));
  if (page > pageCount) throw redirect(galleryHref({ category, page: pageCount }));
  const projects = await projectCards(context.db, projectRows);

  return {
    projects,
    categories,
    category,
    page,
    pageCount,
    total,
    references: reference.map((item) => ({
      id: item.id,
      description: item.description,
      category: item.category,
      ...pictureData(item),
      before: item.before && pictureData(item.before),
    })),
    edges: { before: before?.id ?? null, after: after?.id ?? null },
    /** How many pictures of the filter come before this page. */
    offset: startAt,
    zoom: zoom && {
      id: zoom.id,
      description: zoom.description,
      category: zoom.category,
      ...pictureData(zoom),
      before: zoom.before && pictureData(zoom.before),
    },
  };
}

/** Opening or closing the zoom view changes only `bild`: the list on screen already holds the picture. */
export const shouldRevalidate: ShouldRevalidateFunction = ({
  currentUrl,
  nextUrl,
  formMethod,
  defaultShouldRevalidate,
}) => {
  if (formMethod || currentUrl.pathname !== nextUrl.pathname) return defaultShouldRevalidate;
  const withoutImage = (url: URL) => {
    const params = new URLSearchParams(url.search);
    params.delete(GALLERY_PARAMS.image);
    params.sort();
    return params.toString();
  };
  return withoutImage(currentUrl) === withoutImage(nextUrl) ? false : defaultShouldRevalidate;
};

/** The gallery's own top: pager links land here, so a new page starts at its first row. */
const GALLERY_ID = "galerie";
/** On a tile whose picture has a "Vorher-Bild": the viewer compares the two. */
const PAIR_LABEL = "Vorher / Nachher";

export default function Referenz() {
  const { projects, categories, category, page, pageCount, total, references, edges, offset, zoom } = useLoaderData<typeof loader>();
  const { search } = useLocation();
  // Under a category's pictures the enquiry starts with its topic.
  const topic = category ? topicOfCategories([category]) : null;
  return (
    <div className="page">
      <PageHeader title="Referenzen">
        Ein Einblick in unsere Arbeit: Sitze, Lenkräder, Verdecke und komplette Innenausstattungen aus unserer
        Werkstatt.
      </PageHeader>
      <ProjectCards projects={projects} />
      <div className="page__inner page-section" id={GALLERY_ID}>
        <nav className="gallery-filter" aria-label="Kategorien">
          <ul className="chip-list">
            {[null, ...categories].map((name) => (
              <li key={name ?? ""}>
                <Link
                  to={galleryHref({ category: name })}
                  className="chip"
                  aria-current={name === category ? "page" : undefined}
                  preventScrollReset
                >
                  {name ?? "Alle"}
                </Link>
              </li>
            ))}
          </ul>
        </nav>

        <p className="gallery-summary" role="status">
          {total === 1 ? "1 Bild" : `${total} Bilder`}
          {category ? ` in „${category}“` : ""}
          {pageCount > 1 ? ` · Seite ${page} von ${pageCount}` : ""}
        </p>

        {references.length === 0 ? (
          <figure className="gallery-empty">
            <PlaceholderPicture className="gallery-empty__image" />
            <figcaption>
              {category
                ? `In der Kategorie „${category}“ gibt es noch keine Bilder.`
                : "Hier zeigen wir bald Bilder unserer Arbeiten."}
            </figcaption>
          </figure>
        ) : (
          <ul className="gallery">
            {references.map((item, index) => (
              <li key={item.id} className="gallery__item">
                <Link
                  id={thumbnailId(item.id)}
                  to={galleryHref({ category, page, image: item.id })}
                  className="gallery__link"
                  preventScrollReset
                  aria-label={`${item.description || "Referenzbild"}${item.before ? ` – ${PAIR_LABEL}` : ""} – vergrößern`}
                >
                  {item.before ? (
                    <span className="gallery__pair" aria-hidden="true">
                      {PAIR_LABEL}
                    </span>
                  ) : null}
                  <ReferencePicture
                    picture={item}
                    className="gallery__image"
                    sizes={THUMBNAIL_SIZES}
                    width={400}
                    height={300}
                    // On a phone the first tile is the only one in view and the largest paint: it comes
                    // first; the others (beside it on wider screens) are lazy, so they do not compete.
                    priority={index === 0}
                    loading="lazy"
                    alt=""
                  />
                </Link>
                <div className="gallery__caption">
                  {item.description && <p className="gallery__description">{item.description}</p>}
                  <CategoryChips names={item.category} />
                </div>
              </li>
            ))}
          </ul>
        )}

        <Pager
          page={page}
          pageCount={pageCount}
          href={(n) => `${galleryHref({ category, page: n })}#${GALLERY_ID}`}
          label="Seiten"
        />
        <p className="gallery-enquiry">
          Etwas Ähnliches geplant?{" "}
          <Link to={topic ? `${PATHS.enquiry}?${TOPIC_PARAM}=${encodeURIComponent(topic)}` : PATHS.enquiry} className="standalone-link">
            Anfrage mit Fotos senden{topic ? ` – zu „${topic}“` : ""}
          </Link>
        </p>
      </div>
      <Island
        name="viewer"
        component={GalleryViewer}
        props={{ references, edges, zoom, category, page, offset, total, image: new URLSearchParams(search).get(GALLERY_PARAMS.image) }}
      />
    </div>
  );
}

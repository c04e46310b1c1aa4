import { redirect, type LinksFunction, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Link, useLoaderData, useLocation, type ShouldRevalidateFunction } from "@remix-run/react";
import { galleryHref } from "~/components/pages/gallery-links";
import { PageHeader } from "~/components/pages/page-header";
import { pageMeta } from "~/lib/seo";
import { pageWindow } from "~/lib/page-window";
import { PlaceholderPicture } from "~/components/pages/placeholder-picture";
import { pictureData, ReferencePicture } from "~/components/pages/reference-picture";
import { type ZoomImage, ZoomView } from "~/components/pages/zoom-view";
import { listCategories, storedCategoryName } from "~/server/categories.server";
import { getReference, listReferences, REFERENCE_PAGE_SIZE } from "~/server/references.server";
import pageStyles from "~/styles/pages.css?url";

// An error in this page's loader shows inside the shell (navigation and footer stay).
export { GeneralErrorBoundary as ErrorBoundary } from "~/components/shell/error-boundary";

export const links: LinksFunction = () => [{ rel: "stylesheet", href: pageStyles }];

export const meta: MetaFunction = () =>
  pageMeta({
    title: "Referenzen",
    description:
      "Bilder aus unserer Werkstatt: neu bezogene Autositze, Lenkräder, Cabrioverdecke, Motorradsitze und Oldtimer-Interieurs.",
    path: "/referenz",
  });

/** Three columns of about 345 px on wide screens, two from 680 px, one below. */
const THUMBNAIL_SIZES = "(min-width: 1100px) 345px, (min-width: 680px) 50vw, 100vw";

/** Thumbnails in the first row load at once; the rest only when scrolled near. */
const EAGER_THUMBNAILS = 3;

function pageNumber(value: string | null): number {
  const page = Number(value);
  return Number.isInteger(page) && page >= 1 && page <= 100_000 ? page : 1;
}

export async function loader({ request, context }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const requestedCategory = url.searchParams.get("kategorie")?.trim().slice(0, 50) || null;
  const page = pageNumber(url.searchParams.get("seite"));
  const imageId = url.searchParams.get("bild")?.slice(0, 100) || null;

  const [categories, storedCategory, { reference, total }, zoom] = await Promise.all([
    listCategories(context.db, { withPictures: true }),
    requestedCategory ? storedCategoryName(context.db, requestedCategory) : null,
    listReferences(context.db, {
      startAt: (page - 1) * REFERENCE_PAGE_SIZE,
      limit: REFERENCE_PAGE_SIZE,
      category: requestedCategory,
    }),
    imageId ? getReference(context.db, imageId) : null,
  ]);
  // Categories match regardless of case and Unicode form; show the name as it is stored.
  const category = storedCategory ?? requestedCategory;
  const pageCount = Math.max(1, Math.ceil(total / REFERENCE_PAGE_SIZE));
  if (page > pageCount) throw redirect(galleryHref({ category, page: pageCount }));

  return {
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
    })),
    zoom: zoom && { id: zoom.id, description: zoom.description, category: zoom.category, ...pictureData(zoom) },
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
    params.delete("bild");
    params.sort();
    return params.toString();
  };
  return withoutImage(currentUrl) === withoutImage(nextUrl) ? false : defaultShouldRevalidate;
};

export default function Referenz() {
  const { categories, category, page, pageCount, total, references, zoom } = useLoaderData<typeof loader>();
  return (
    <div className="page">
      <PageHeader title="Referenzen">
        Ein Einblick in unsere Arbeit: Sitze, Lenkräder, Verdecke und komplette Innenausstattungen aus unserer
        Werkstatt.
      </PageHeader>
      <div className="page__inner page-section">
        <nav className="gallery-filter" aria-label="Kategorien">
          <ul className="chip-list">
            <li>
              <Link
                to={galleryHref({})}
                className="chip"
                aria-current={category === null ? "page" : undefined}
                preventScrollReset
              >
                Alle
              </Link>
            </li>
            {categories.map((name) => (
              <li key={name}>
                <Link
                  to={galleryHref({ category: name })}
                  className="chip"
                  aria-current={name === category ? "page" : undefined}
                  preventScrollReset
                >
                  {name}
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
                  to={galleryHref({ category, page, image: item.id })}
                  className="gallery__link"
                  preventScrollReset
                  aria-label={`${item.description || "Referenzbild"} – vergrößern`}
                >
                  <ReferencePicture
                    picture={item}
                    className="gallery__image"
                    sizes={THUMBNAIL_SIZES}
                    width={400}
                    height={300}
                    loading={index < EAGER_THUMBNAILS ? "eager" : "lazy"}
                    alt=""
                  />
                </Link>
                <div className="gallery__caption">
                  {item.description && <p className="gallery__description">{item.description}</p>}
                  {item.category.length > 0 && (
                    <ul className="chip-list chip-list--small" aria-label="Kategorien">
                      {item.category.map((name) => (
                        <li key={name} className="chip chip--static">
                          {name}
                        </li>
                      ))}
                    </ul>
                  )}
                </div>
              </li>
            ))}
          </ul>
        )}

        {pageCount > 1 && <Pagination category={category} page={page} pageCount={pageCount} />}
      </div>
      <Zoom references={references} zoom={zoom} category={category} page={page} />
    </div>
  );
}

function Zoom({
  references,
  zoom,
  category,
  page,
}: {
  references: ZoomImage[];
  zoom: ZoomImage | null;
  category: string | null;
  page: number;
}) {
  // The loader is skipped when only the zoom changes, so the picture is looked up in the list first.
  const { search } = useLocation();
  const imageId = new URLSearchParams(search).get("bild");
  if (!imageId) return null;
  const image = references.find((item) => item.id === imageId) ?? (zoom?.id === imageId ? zoom : null);
  if (!image) return null;
  return <ZoomView key={image.id} image={image} closeHref={galleryHref({ category, page })} />;
}

function Pagination({ category, page, pageCount }: { category: string | null; page: number; pageCount: number }) {
  return (
    <nav className="pagination" aria-label="Seiten">
      {page > 1 ? (
        <Link to={galleryHref({ category, page: page - 1 })} className="pagination__step" rel="prev">
          Zurück
        </Link>
      ) : (
        <span className="pagination__step" aria-disabled="true">
          Zurück
        </span>
      )}
      <ol className="pagination__pages">
        {pageWindow(page, pageCount).map((n, index) =>
          n === null ? (
            <li key={`gap-${index}`} className="pagination__gap" aria-hidden="true">
              …
            </li>
          ) : (
            <li key={n}>
              <Link
                to={galleryHref({ category, page: n })}
                className="pagination__page"
                aria-label={`Seite ${n}`}
                aria-current={n === page ? "page" : undefined}
              >
                {n}
              </Link>
            </li>
          ),
        )}
      </ol>
      {page < pageCount ? (
        <Link to={galleryHref({ category, page: page + 1 })} className="pagination__step" rel="next">
          Weiter
        </Link>
      ) : (
        <span className="pagination__step" aria-disabled="true">
          Weiter
        </span>
      )}
    </nav>
  );
}

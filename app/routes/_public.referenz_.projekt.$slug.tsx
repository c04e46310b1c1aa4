import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import type { CSSProperties } from "react";
import { Link, useLoaderData } from "@remix-run/react";
import { styleLinks, type StylesHandle } from "~/components/document/inline-styles";
import { useNonce } from "~/components/document/nonce";
import { PAGE_STYLES } from "~/components/document/page-styles";
import { BeforeAfter } from "~/components/gallery/before-after";
import { PageHeader } from "~/components/pages/page-header";
import { pictureData, plainSource, ReferencePicture } from "~/components/pages/reference-picture";
import { usePageBusiness } from "~/components/shell/business";
import { PROJECT_PARAM, PROJECT_PICTURE_ROLE_LABELS, projectPath, STATEMENT_NOTE } from "~/lib/projects";
import { absoluteUrl, businessOf, pageMeta } from "~/lib/seo";
import { PATHS } from "~/lib/site-areas";
import { type ProjectPicture, projectPage, type PublicProject } from "~/server/entities/projects.server";

// An error in this page's loader (an unknown project: 404) shows inside the shell.
export { GeneralErrorBoundary as ErrorBoundary } from "~/components/shell/error-boundary";

// A document (decision 018): no framework script; the before/after pairs stand side by side.
export const handle: StylesHandle = { styles: [PAGE_STYLES.pages, PAGE_STYLES.compare, PAGE_STYLES.projects] };
export const links = styleLinks(handle.styles);

/**
 * A published project, read at every render with its customer's consent as it stands: the page
 * lives in the edge cache until the next write (a withdrawal bumps the content version too).
 */
export async function loader({ params, context }: LoaderFunctionArgs) {
  const project = await projectPage(context.db, params.slug ?? "");
  if (!project) throw new Response("Dieses Projekt gibt es nicht (mehr).", { status: 404 });
  return { project: shown(project) };
}

function shownPicture({ id, role, fromCustomer, ...picture }: ProjectPicture) {
  return { id, role, fromCustomer, ...pictureData(picture) };
}
type ShownPicture = ReturnType<typeof shownPicture>;

function shown({ pictures, cover, ...project }: PublicProject) {
  return { ...project, pictures: pictures.map(shownPicture), cover: cover && shownPicture(cover) };
}

/** A "vorher" directly followed by a "nachher" is a pair; every other picture stands alone, in order. */
function storyOf(pictures: ShownPicture[]): ({ kind: "pair"; before: ShownPicture; after: ShownPicture } | { kind: "single"; picture: ShownPicture })[] {
  const parts: ReturnType<typeof storyOf> = [];
  for (let index = 0; index < pictures.length; index++) {
    const picture = pictures[index];
    const next = pictures[index + 1];
    if (picture.role === "vorher" && next?.role === "nachher") {
      parts.push({ kind: "pair", before: picture, after: next });
      index++;
    } else parts.push({ kind: "single", picture });
  }
  return parts;
}

const ratioOf = ({ width, height }: { width: number | null; height: number | null }) => (width && height ? width / height : 4 / 3);

const workLines = (work: string) => work.split("\n").map((line) => line.trim()).filter(Boolean);

export const meta: MetaFunction<typeof loader> = ({ matches, data }) => {
  const project = data?.project;
  if (!project) return [{ title: "Projekt nicht gefunden" }];
  const descriptors = pageMeta(matches, {
    title: `${project.title} – ${project.vehicle}`,
    description: `${project.vehicle}: ${workLines(project.work).join(", ") || project.title}`,
    path: projectPath(project.slug),
  });
  const business = businessOf(matches);
  const cover = project.cover;
  if (!business || !cover) return descriptors;
  // The link preview shows the finished work, not the site's general picture.
  const image: Record<string, string> = {
    "og:image": absoluteUrl(business.website, plainSource(cover)),
    "og:image:width": String(cover.width ?? ""),
    "og:image:height": String(cover.height ?? ""),
    "og:image:alt": `${project.title} – ${project.vehicle}`,
    "og:type": "article",
  };
  const propertyOf = (descriptor: (typeof descriptors)[number]) => ("property" in descriptor ? String(descriptor.property) : "");
  return descriptors
    .filter((descriptor) => image[propertyOf(descriptor)] !== "")
    .map((descriptor) => (propertyOf(descriptor) in image ? { ...descriptor, content: image[propertyOf(descriptor)] } : descriptor));
};

const SIZES = "(min-width: 900px) 900px, calc(100vw - 32px)";
const HALF_SIZES = "(min-width: 900px) 450px, calc(50vw - 16px)";

export default function ProjectPage() {
  const { project } = useLoaderData<typeof loader>();
  const business = usePageBusiness();
  const nonce = useNonce();
  const alt = `${project.title} – ${project.vehicle}`;
  const lines = workLines(project.work);
  // Search engines: a work about the vehicle, by the workshop. No review or rating markup: the
  // statement is the workshop's own testimonial (issue 40).
  const jsonLd = {
    "@context": "https://schema.org",
    "@type": "CreativeWork",
    name: project.title,
    url: absoluteUrl(business.website, projectPath(project.slug)),
    about: { "@type": "Vehicle", name: project.vehicle },
    ...(lines.length > 0 ? { description: lines.join(", ") } : {}),
    ...(project.cover ? { image: absoluteUrl(business.website, plainSource(project.cover)) } : {}),
    ...(project.publishedAt ? { datePublished: project.publishedAt } : {}),
    creator: { "@type": "Organization", name: business.name, url: business.website },
  };
  return (
    <div className="page">
      <PageHeader title={project.title}>{project.vehicle}</PageHeader>
      <div className="page__inner project">
        <ul className="project__pictures" aria-label="Bilder des Projekts">
          {storyOf(project.pictures).map((part) =>
            part.kind === "pair" ? (
              <li key={part.after.id}>
                {/* Side by side, each half in the after picture's proportions (the plain comparison of a document page). */}
                <div className="project__stage" style={{ "--stage-ratio": 2 * ratioOf(part.after) } as CSSProperties}>
                  <BeforeAfter after={part.after} before={part.before} alt={alt} sizes={SIZES} halfSizes={HALF_SIZES} />
                </div>
              </li>
            ) : (
              <li key={part.picture.id}>
                <figure className="project__picture">
                  <ReferencePicture picture={part.picture} sizes={SIZES} alt={`${PROJECT_PICTURE_ROLE_LABELS[part.picture.role]}: ${alt}`} loading="lazy" />
                  <figcaption>
                    {PROJECT_PICTURE_ROLE_LABELS[part.picture.role]}
                    {part.picture.fromCustomer ? " (Foto des Kunden)" : ""}
                  </figcaption>
                </figure>
              </li>
            ),
          )}
        </ul>

        <section className="page-section" aria-labelledby="projekt-arbeit">
          <h2 id="projekt-arbeit">Was wir gemacht haben</h2>
          <dl className="project__facts">
            <dt>Fahrzeug</dt>
            <dd>{project.vehicle}</dd>
            {lines.length > 0 ? (
              <>
                <dt>Arbeiten</dt>
                <dd>
                  <ul className="project__work">
                    {lines.map((line) => (
                      <li key={line}>{line}</li>
                    ))}
                  </ul>
                </dd>
              </>
            ) : null}
            {project.material ? (
              <>
                <dt>Material</dt>
                <dd>{project.material}</dd>
              </>
            ) : null}
            {project.duration ? (
              <>
                <dt>Dauer</dt>
                <dd>{project.duration}</dd>
              </>
            ) : null}
          </dl>
        </section>

        {project.statement ? (
          <section className="page-section" aria-labelledby="projekt-stimme">
            <h2 id="projekt-stimme">Was der Kunde sagt</h2>
            <figure className="project__statement">
              <blockquote>{project.statement.text}</blockquote>
              <figcaption>{project.statement.shownName}</figcaption>
            </figure>
            <p className="project__note">{STATEMENT_NOTE}.</p>
          </section>
        ) : null}

        <p className="project__actions">
          <Link to={`${PATHS.enquiry}?${PROJECT_PARAM}=${encodeURIComponent(project.slug)}`} className="button">
            Ähnliches Projekt anfragen
          </Link>
          <Link to="/referenz">Alle Projekte und Bilder</Link>
        </p>
      </div>
      <script type="application/ld+json" nonce={nonce} dangerouslySetInnerHTML={{ __html: JSON.stringify(jsonLd).replace(/</g, "\\u003c") }} />
    </div>
  );
}

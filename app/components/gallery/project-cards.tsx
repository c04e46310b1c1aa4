import { Link } from "@remix-run/react";
import { type PictureData, ReferencePicture } from "~/components/pages/reference-picture";

/** A project as /referenz lists it above the single pictures (issue 40). */
export interface ProjectCard {
  slug: string;
  url: string;
  title: string;
  vehicle: string;
  /** The first line of what was done. */
  work: string;
  /** The start of the customer's statement, where she agreed to it. */
  quote: string | null;
  cover: PictureData | null;
}

const SIZES = "(min-width: 1100px) 343px, (min-width: 652px) calc(50vw - 26px), calc(100vw - 32px)";

/** "Projekte": each with its cover, vehicle, work and a quote line, linking to its page. */
export function ProjectCards({ projects }: { projects: ProjectCard[] }) {
  if (projects.length === 0) return null;
  return (
    <section className="page__inner page-section" aria-labelledby="projekte-titel">
      <h2 id="projekte-titel">Projekte</h2>
      <ul className="project-cards">
        {projects.map((project) => (
          <li key={project.slug} className="project-card">
            <Link to={project.url} className="project-card__link">
              {project.cover ? (
                <ReferencePicture picture={project.cover} className="project-card__picture" sizes={SIZES} width={400} height={300} loading="lazy" alt="" />
              ) : null}
              <div className="project-card__body">
                <h3 className="project-card__title">{project.title}</h3>
                <p className="project-card__vehicle">{project.vehicle}</p>
                {project.work ? <p className="project-card__work">{project.work}</p> : null}
                {project.quote ? <p className="project-card__quote">„{project.quote}“</p> : null}
              </div>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}

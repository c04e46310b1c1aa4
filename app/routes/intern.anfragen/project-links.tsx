import { Form, Link } from "@remix-run/react";
import { SubmitButton } from "~/components/staff/submit-button";
import { PATHS } from "~/lib/site-areas";
import { PROJECT_FROM_JOB_INTENT } from "~/lib/projects";
import type { StaffProgress } from "~/server/web/job-view.server";
import type { ShownEnquiry } from "./shown-enquiry";

/**
 * "Als Projekt zeigen" on a finished job (issue 40): a plain form to the Projekte page, which
 * opens the job's project or makes a draft from the job, with or without JavaScript.
 */
export function ShowAsProject({ enquiry, progress }: { enquiry: ShownEnquiry; progress: StaffProgress }) {
  if (progress.step !== "fertig" && progress.step !== "abgeholt") return null;
  return (
    <Form method="post" action={PATHS.staffProjects} className="job-card__project">
      <input type="hidden" name="intent" value={PROJECT_FROM_JOB_INTENT} />
      <input type="hidden" name="id" value={enquiry.id} />
      <SubmitButton intent={PROJECT_FROM_JOB_INTENT} id={enquiry.id} variant="secondary">
        Als Projekt zeigen
      </SubmitButton>
    </Form>
  );
}

/** The project page the customer came from ("Ähnliches Projekt anfragen"), as the gallery picture is shown. */
export function ProjectOfEnquiry({ enquiry }: { enquiry: ShownEnquiry }) {
  const { project } = enquiry;
  if (!project) return null;
  return (
    <p className="job-card__reference-project">
      <span className="job-card__reference-label">Bezieht sich auf das Projekt:</span> {`${project.title} – ${project.vehicle}`}{" "}
      <Link to={project.url} className="standalone-link">
        Projekt ansehen
      </Link>
    </p>
  );
}

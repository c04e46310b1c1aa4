import * as Checkbox from "@radix-ui/react-checkbox";
import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { Field, FieldError } from "~/components/staff/field";
import { ConfirmDeleteDialog } from "~/components/staff/staff-dialog";
import { useFailureToast, useIsSubmitting } from "~/components/staff/use-staff-form";
import { PhotoPicker } from "~/components/upload/photo-picker";
import { useHydrated } from "~/components/use-hydrated";
import { formatDateTime } from "~/lib/dates";
import {
  PROJECT_DURATION_MAX_LENGTH,
  PROJECT_FROM_JOB_INTENT,
  PROJECT_MATERIAL_MAX_LENGTH,
  PROJECT_PICTURE_ROLE_LABELS,
  PROJECT_PICTURE_ROLES,
  PROJECT_TITLE_MAX_LENGTH,
  PROJECT_VEHICLE_MAX_LENGTH,
  PROJECT_WORK_MAX_LENGTH,
  PUBLISH_CHECKS,
} from "~/lib/projects";
import { staffPageMeta } from "~/lib/seo";
import { PATHS, staffEnquiryHref } from "~/lib/site-areas";
import { DELETE_PARAM, failureFor, fieldState, type FormFailure } from "~/lib/staff-forms";
import { HttpError } from "~/server/base/errors.server";
import { listReferences } from "~/server/entities/references.server";
import { deleteProject, getProject, listProjects, PROJECT_NOT_FOUND, projectFromJob, saveProject } from "~/server/entities/projects.server";
import { saveReferences, uploadsFromForm } from "~/server/entities/reference-uploads.server";
import { requireStaffForAction, requireStaffForPage } from "~/server/web/staff-session.server";
import { directWrite, formWithPictures, invalidForm, MOVED_TO_TRASH, staffAction } from "~/server/web/staff-form.server";
import { redirectWithToast } from "~/server/web/toast.server";
import projectStyles from "~/styles/projects.css?url";

/*
 * "Projekte" (issue 40): the project pages, as a list and one editor (`?projekt=<id>`, `neu` for a
 * new one). One multipart form saves the fields, the pictures' roles and order, the after photos
 * taken with the phone (stored as gallery pictures, like the Bilder page's) and pictures chosen
 * from the gallery; "Veröffentlichen" needs the checklist ticked. Works without JavaScript.
 */

export const meta: MetaFunction = () => staffPageMeta("Projekte");
export const links: LinksFunction = () => [{ rel: "stylesheet", href: projectStyles }];

const PROJECT_PARAM = "projekt";
const NEW = "neu";
const UPLOAD_FIELD = "images";
const GALLERY_FIELD = "galerie";
const LIST_HEADING_ID = "projekte-liste";
/** The latest gallery pictures the editor offers to add. */
const GALLERY_CHOICES = 12;

const editorHref = (id: string) => `${PATHS.staffProjects}?${PROJECT_PARAM}=${encodeURIComponent(id)}`;

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireStaffForPage(request, context);
  const params = new URL(request.url).searchParams;
  const editingId = params.get(PROJECT_PARAM);
  const deletingId = params.get(DELETE_PARAM);
  const [{ project: projects }, editing, gallery, deleting] = await Promise.all([
    listProjects(context.db, { startAt: 0, limit: 100 }),
    editingId && editingId !== NEW ? getProject(context.db, editingId) : null,
    editingId ? listReferences(context.db, { startAt: 0, limit: GALLERY_CHOICES }) : null,
    deletingId ? getProject(context.db, deletingId) : null,
  ]);
  if (editingId && editingId !== NEW && !editing) throw redirectWithToast({ request, context }, PATHS.staffProjects, { type: "error", body: PROJECT_NOT_FOUND });
  const shownPictures = editing?.pictures.map(({ id, role, fromCustomer, url, sources }) => ({ id, role, fromCustomer, url, thumbnail: sources.at(-1)?.srcSet.split(" ")[0] ?? url })) ?? [];
  return {
    projects: projects.map(({ id, title, vehicle, published, url, updatedAt }) => ({ id, title, vehicle, published, url, changed: formatDateTime(updatedAt) })),
    editor: editingId
      ? {
          project: editing && {
            id: editing.id,
            title: editing.title,
            vehicle: editing.vehicle,
            work: editing.work,
            material: editing.material,
            duration: editing.duration,
            published: editing.published,
            url: editing.url,
            enquiryId: editing.enquiryId,
            showStatement: editing.showStatement,
            consent: editing.consent,
          },
          pictures: shownPictures,
          gallery: (gallery?.reference ?? [])
            .filter((reference) => !shownPictures.some((picture) => picture.id === reference.id))
            .map(({ id, description, url, sources }) => ({ id, description, thumbnail: sources.at(-1)?.srcSet.split(" ")[0] ?? url })),
        }
      : null,
    deleting: deleting && { id: deleting.id, title: `${deleting.title} – ${deleting.vehicle}` },
  };
}

/** The pictures as the form lists them (`bild-<n>`, `rolle-<n>`, `entfernen-<n>`), then those chosen from the gallery. */
function picturesFromForm(form: FormData): { id: string; role: string }[] {
  const kept: { id: string; role: string }[] = [];
  for (let index = 0; form.has(`bild-${index}`); index++) {
    if (form.get(`entfernen-${index}`)) continue;
    kept.push({ id: String(form.get(`bild-${index}`)), role: String(form.get(`rolle-${index}`) ?? "bild") });
  }
  const chosen = form.getAll(GALLERY_FIELD).map((id) => ({ id: String(id), role: "bild" }));
  return [...kept, ...chosen];
}

const hasFiles = (form: FormData) => form.getAll(UPLOAD_FIELD).some((file) => typeof file !== "string" && file.size > 0);

export async function action({ request, context }: ActionFunctionArgs) {
  const user = await requireStaffForAction(request, context);
  const posted = await formWithPictures(request, { intent: "speichern", field: UPLOAD_FIELD });
  if (!posted.ok) return posted.refused;
  const { form } = posted;
  const { db } = context;
  const args = { request, context };

  const save = (publish: boolean) => async ({ id, values, failure }: { id: string; values: Record<string, string>; failure: { intent: string; id?: string; values: Record<string, string> } }) => {
    const unchecked = publish ? PUBLISH_CHECKS.filter((check) => values[check.name] !== "on") : [];
    if (unchecked.length > 0) {
      const message = `Vor dem Veröffentlichen bitte bestätigen: ${unchecked.map((check) => check.label).join(", ")}.`;
      return invalidForm(failure, { message, fieldErrors: { [unchecked[0].name]: message } }, { status: 409 });
    }
    try {
      // The phone's after photos become gallery pictures first, as on the Bilder page.
      const uploaded = hasFiles(form)
        ? await saveReferences(db, user, context.pictures, await uploadsFromForm(form, { description: `${values.title ?? ""} – ${values.vehicle ?? ""}`, category: [] }))
        : [];
      const project = await saveProject(db, user, {
        ...(id ? { id } : {}),
        title: values.title,
        vehicle: values.vehicle,
        work: values.work,
        material: values.material,
        duration: values.duration,
        published: publish,
        ...(values.statementChoice === "1" ? { statement: values.statement === "on" } : {}),
        pictures: [...picturesFromForm(form), ...uploaded.map((reference) => ({ id: reference.id, role: "nachher" }))],
      });
      return redirectWithToast(args, editorHref(project.id), {
        type: "success",
        body: publish ? `Veröffentlicht unter ${project.url}` : project.published ? "Gespeichert." : "Als Entwurf gespeichert – nicht auf der Website.",
      });
    } catch (error) {
      if (!(error instanceof HttpError)) throw error;
      return invalidForm(failure, { message: error.message, fieldErrors: {} }, { status: error.status });
    }
  };

  return staffAction(args, form, {
    speichern: (posted) => save(false)(posted),
    veroeffentlichen: (posted) => save(true)(posted),
    [PROJECT_FROM_JOB_INTENT]: async ({ id }) => {
      try {
        return redirectWithToast(args, editorHref((await projectFromJob(db, user, id)).id), { type: "success", body: "Projekt aus dem Auftrag – jetzt Nachher-Fotos dazu." });
      } catch (error) {
        if (!(error instanceof HttpError)) throw error;
        return redirectWithToast(args, staffEnquiryHref(id), { type: "error", body: error.message });
      }
    },
    delete: directWrite(({ id }) => deleteProject(db, user, id), { toast: MOVED_TO_TRASH, to: PATHS.staffProjects }),
  });
}

export default function StaffProjectsPage() {
  const { projects, editor, deleting } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  useFailureToast(actionData);
  const failure = failureFor(actionData, "speichern") ?? failureFor(actionData, "veroeffentlichen");

  return (
    <div className="staff-page">
      <h1>Projekte</h1>
      {editor ? (
        <ProjectEditor editor={editor} failure={failure} />
      ) : (
        <>
          <p>Ein fertiger Auftrag wird zum Projekt über „Als Projekt zeigen“ auf seiner Karte; ältere Arbeiten legen Sie hier an.</p>
          <p>
            <Link className="button" to={editorHref(NEW)}>
              Neues Projekt
            </Link>
          </p>
          <h2 id={LIST_HEADING_ID}>Alle Projekte</h2>
          {projects.length === 0 ? <p>Noch keine Projekte.</p> : null}
          <ul className="staff-list">
            {projects.map((project) => (
              <li key={project.id} className="staff-list__item project-row">
                <Link to={editorHref(project.id)} className="standalone-link">
                  {`${project.title} – ${project.vehicle}`}
                </Link>{" "}
                <span className="staff-badge">{project.published ? "Veröffentlicht" : "Entwurf"}</span> <small>geändert {project.changed}</small>
              </li>
            ))}
          </ul>
        </>
      )}
      <ConfirmDeleteDialog item={deleting} text="Bist du sicher, dass du dieses Projekt löschen möchtest?" fallbackFocusId={LIST_HEADING_ID} />
    </div>
  );
}

type Editor = NonNullable<ReturnType<typeof useLoaderData<typeof loader>>["editor"]>;

function ProjectEditor({ editor, failure }: { editor: Editor; failure?: FormFailure }) {
  const { project, pictures, gallery } = editor;
  const publishing = useIsSubmitting("veroeffentlichen", project?.id);
  return (
    <section aria-labelledby="projekt-editor" className="project-editor">
      <p className="staff-back">
        <Link to={PATHS.staffProjects} className="standalone-link">
          ← Alle Projekte
        </Link>
        {project?.enquiryId ? (
          <>
            {" · "}
            <Link to={staffEnquiryHref(project.enquiryId)} className="standalone-link">
              Zum Auftrag
            </Link>
          </>
        ) : null}
        {project?.published ? (
          <>
            {" · "}
            <Link to={project.url} className="standalone-link">
              Auf der Website ansehen
            </Link>
          </>
        ) : null}
      </p>
      <h2 id="projekt-editor">{project ? `${project.title} – ${project.vehicle}` : "Neues Projekt"}</h2>
      <p>
        <span className="staff-badge">{project?.published ? "Veröffentlicht" : "Entwurf"}</span>
      </p>
      <Form method="post" encType="multipart/form-data" className="staff-form project-form">
        <input type="hidden" name="id" value={project?.id ?? ""} />
        {failure ? <FieldError id="projekt-fehler">{failure.message}</FieldError> : null}

        <PhotoPicker name={UPLOAD_FIELD} label="Nachher-Fotos aufnehmen oder auswählen" showInput>
          <p className="photo-picker__where">Kommen als „Nachher“ ins Projekt und in die Referenz-Galerie.</p>
        </PhotoPicker>

        <fieldset className="project-form__pictures">
          <legend>Bilder des Projekts</legend>
          {pictures.length === 0 ? <p>Noch keine Bilder.</p> : null}
          <ol className="project-form__list">
            {pictures.map((picture, index) => (
              <li key={picture.id} className="project-form__picture">
                <input type="hidden" name={`bild-${index}`} value={picture.id} />
                <img src={picture.thumbnail} alt={`Bild ${index + 1}${picture.fromCustomer ? " (Foto des Kunden)" : ""}`} width={96} height={72} />
                <label className="staff-field__label">
                  Rolle
                  <select name={`rolle-${index}`} defaultValue={picture.role}>
                    {PROJECT_PICTURE_ROLES.map((role) => (
                      <option key={role} value={role}>
                        {PROJECT_PICTURE_ROLE_LABELS[role]}
                      </option>
                    ))}
                  </select>
                </label>
                <label className="checkbox">
                  <input type="checkbox" name={`entfernen-${index}`} value="1" />
                  entfernen
                </label>
                {picture.fromCustomer ? <small>Foto des Kunden{project?.consent.photos ? " – Einwilligung liegt vor" : " – keine Einwilligung: bitte entfernen"}</small> : null}
              </li>
            ))}
          </ol>
          {gallery.length > 0 ? (
            <details>
              <summary>Bilder aus der Galerie hinzufügen</summary>
              <ul className="project-form__gallery">
                {gallery.map((reference) => (
                  <li key={reference.id}>
                    <label className="checkbox">
                      <input type="checkbox" name={GALLERY_FIELD} value={reference.id} />
                      <img src={reference.thumbnail} alt="" width={64} height={48} /> {reference.description || "Bild ohne Beschreibung"}
                    </label>
                  </li>
                ))}
              </ul>
            </details>
          ) : null}
        </fieldset>

        <Field label="Titel" required maxLength={PROJECT_TITLE_MAX_LENGTH} {...fieldState(failure, "title", project?.title)} />
        <Field label="Fahrzeug" required maxLength={PROJECT_VEHICLE_MAX_LENGTH} {...fieldState(failure, "vehicle", project?.vehicle)} />
        <Field label="Was gemacht wurde" hint="Eine Zeile je Arbeitsschritt." multiline maxLength={PROJECT_WORK_MAX_LENGTH} {...fieldState(failure, "work", project?.work)} />
        <Field label="Material" maxLength={PROJECT_MATERIAL_MAX_LENGTH} {...fieldState(failure, "material", project?.material)} />
        <Field label="Dauer" maxLength={PROJECT_DURATION_MAX_LENGTH} {...fieldState(failure, "duration", project?.duration)} />
        {project?.consent.statement ? (
          <>
            <input type="hidden" name="statementChoice" value="1" />
            <label className="checkbox">
              <input type="checkbox" name="statement" defaultChecked={project.showStatement} />
              Kundenstimme zeigen (der Kunde hat zugestimmt)
            </label>
          </>
        ) : null}

        <fieldset className="project-form__checks">
          <legend>Vor dem Veröffentlichen prüfen</legend>
          {PUBLISH_CHECKS.map((check) => (
            <PublishCheck key={check.name} name={check.name} label={check.label} invalid={Boolean(failure?.fieldErrors[check.name])} />
          ))}
        </fieldset>

        <div className="project-form__actions">
          <button type="submit" name="intent" value="veroeffentlichen" className="button" aria-disabled={publishing || undefined}>
            {project?.published ? "Änderungen veröffentlichen" : "Veröffentlichen"}
          </button>
          <button type="submit" name="intent" value="speichern" className="button button--secondary">
            {project?.published ? "Zurückziehen (Entwurf)" : "Als Entwurf speichern"}
          </button>
          {project ? (
            <Link to={`${PATHS.staffProjects}?${DELETE_PARAM}=${encodeURIComponent(project.id)}`} className="button button--danger">
              Löschen
            </Link>
          ) : null}
        </div>
      </Form>
    </section>
  );
}

/**
 * One item of the checklist: a Radix checkbox once the page runs (it sends `on` through its
 * own hidden input), the browser's own checkbox before and without JavaScript.
 */
function PublishCheck({ name, label, invalid }: { name: string; label: string; invalid: boolean }) {
  const hydrated = useHydrated();
  const id = `pruefen-${name}`;
  return (
    <div className="checkbox project-check">
      {hydrated ? (
        <Checkbox.Root id={id} name={name} value="on" className="project-check__box" aria-invalid={invalid || undefined}>
          <Checkbox.Indicator className="project-check__tick">✓</Checkbox.Indicator>
        </Checkbox.Root>
      ) : (
        <input id={id} type="checkbox" name={name} aria-invalid={invalid || undefined} />
      )}
      <label htmlFor={id}>{label}</label>
    </div>
  );
}

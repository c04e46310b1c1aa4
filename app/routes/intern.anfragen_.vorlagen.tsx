import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { CreateForm } from "~/components/staff/create-form";
import { Field } from "~/components/staff/field";
import { ConfirmDeleteDialog, EditDialog } from "~/components/staff/staff-dialog";
import { StaffList, StaffListItem } from "~/components/staff/staff-list-item";
import { useFailureToast } from "~/components/staff/use-staff-form";
import { SNIPPET_PLACEHOLDERS } from "~/lib/enquiry";
import { REPLY_SNIPPET_TEXT_MAX_LENGTH, REPLY_SNIPPET_TITLE_MAX_LENGTH } from "~/lib/limits";
import { staffPageMeta } from "~/lib/seo";
import { PATHS } from "~/lib/site-areas";
import { fieldState, type FormFailure } from "~/lib/staff-forms";
import {
  BUILT_IN_SNIPPETS,
  createReplySnippet,
  deleteReplySnippet,
  getReplySnippet,
  listOwnReplySnippets,
  REPLY_SNIPPET_NOT_FOUND,
  replySnippetInput,
  updateReplySnippet,
} from "~/server/entities/job/reply-snippets.server";
import { directWrite, listDialogs, MOVED_TO_TRASH, staffAction, validatedWrite } from "~/server/web/staff-form.server";
import { requireStaffForAction, requireStaffForPage } from "~/server/web/staff-session.server";

/*
 * "Antwortvorlagen" (`/intern/anfragen/vorlagen`): the staff's own reply snippets, kept like
 * news (create above, list with pencil and bin, deleted ones in the Papierkorb). The workshop's
 * built-in ones are listed for reference; they are always offered first on an enquiry.
 */

export const meta: MetaFunction = () => staffPageMeta("Antwortvorlagen");

const LIST_HEADING_ID = "vorlagen-liste";
const PLACEHOLDER_HINT = `Platzhalter: ${Object.entries(SNIPPET_PLACEHOLDERS)
  .map(([placeholder, meaning]) => `${placeholder} für ${meaning}`)
  .join(", ")}.`;

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireStaffForPage(request, context);
  const own = await listOwnReplySnippets(context.db);
  return {
    own,
    builtIn: BUILT_IN_SNIPPETS,
    ...(await listDialogs({ request, context }, { loaded: own, load: (id) => getReplySnippet(context.db, id), gone: REPLY_SNIPPET_NOT_FOUND })),
  };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const user = await requireStaffForAction(request, context);
  return staffAction({ request, context }, await request.formData(), {
    create: validatedWrite(replySnippetInput, (input) => createReplySnippet(context.db, user, input)),
    update: validatedWrite(replySnippetInput, (input, { id }) => updateReplySnippet(context.db, user, id, input)),
    delete: directWrite(({ id }) => deleteReplySnippet(context.db, user, id), { toast: MOVED_TO_TRASH }),
  });
}

export default function ReplySnippetsPage() {
  const { own, builtIn, editing, deleting } = useLoaderData<typeof loader>();
  useFailureToast(useActionData<typeof action>());
  return (
    <div className="staff-page">
      <p className="staff-back">
        <Link to={PATHS.staffEnquiries} className="standalone-link">
          ← Anfragen
        </Link>
      </p>
      <h1>Antwortvorlagen</h1>
      <p className="staff-intro">
        Texte für die Antwort per WhatsApp oder E-Mail. Beim Antworten werden die Platzhalter für die jeweilige Anfrage ausgefüllt;
        der Text lässt sich vor dem Senden noch ändern.
      </p>
      <CreateForm headingId="vorlage-neu" heading="Neue Vorlage" submitLabel="Speichern">
        {({ failure, autoFocus }) => <SnippetFields failure={failure} autoFocus={autoFocus} />}
      </CreateForm>

      <StaffList headingId={LIST_HEADING_ID} heading="Eigene Vorlagen" items={own}>
        {(snippet) => <StaffListItem key={snippet.id} id={snippet.id} title={snippet.title} meta="Eigene Vorlage" text={snippet.text} />}
      </StaffList>

      <section className="staff-section" aria-labelledby="vorlagen-werkstatt">
        <h2 id="vorlagen-werkstatt">Vorlagen der Werkstatt</h2>
        <p className="staff-intro">Stehen bei jeder Anfrage zur Wahl, vor den eigenen.</p>
        <ul className="staff-list">
          {builtIn.map((snippet) => (
            <li key={snippet.id} className="staff-list__item">
              <h3 className="staff-list__title">{snippet.title}</h3>
              <p className="staff-list__text">{snippet.text}</p>
            </li>
          ))}
        </ul>
      </section>

      <EditDialog item={editing}>{({ item, failure }) => <SnippetFields values={item} failure={failure} autoFocus />}</EditDialog>
      <ConfirmDeleteDialog item={deleting} text="Bist du sicher, dass du diese Vorlage löschen möchtest?" fallbackFocusId={LIST_HEADING_ID} />
    </div>
  );
}

/** Titel and Text, shared by the create form and the edit dialog. */
function SnippetFields({ values, failure, autoFocus }: { values?: { title: string; text: string }; failure?: FormFailure; autoFocus?: boolean }) {
  return (
    <>
      <Field label="Titel" required maxLength={REPLY_SNIPPET_TITLE_MAX_LENGTH} {...fieldState(failure, "title", values?.title)} autoFocus={autoFocus} />
      <Field
        label="Text"
        multiline
        required
        maxLength={REPLY_SNIPPET_TEXT_MAX_LENGTH}
        hint={PLACEHOLDER_HINT}
        {...fieldState(failure, "text", values?.text)}
      />
    </>
  );
}

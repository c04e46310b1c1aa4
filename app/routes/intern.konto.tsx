import type { ActionFunctionArgs, HeadersFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { Field } from "~/components/staff/field";
import { StaffForm } from "~/components/staff/staff-form";
import { IntentFields, SubmitButton } from "~/components/staff/submit-button";
import { useFailureToast } from "~/components/staff/use-staff-form";
import { failureFor, fieldState } from "~/lib/staff-forms";
import { staffPageMeta } from "~/lib/seo";
import { changePassword, endAllSessions, MAX_PASSWORD_LENGTH, passwordChangeInput } from "~/server/entities/staff-accounts.server";
import { MIN_PASSWORD_LENGTH } from "~/server/base/password.server";
import { clearSessionCookie, requireStaffForAction, requireStaffForPage, sessionTokenFrom } from "~/server/web/staff-session.server";
import { staffAction, validatedWrite } from "~/server/web/staff-form.server";
import { redirectWithToast } from "~/server/web/toast.server";
import { checkOrigin } from "~/server/web/known-devices.server";
import { retryAfterOf } from "~/server/web/staff-form.server";
import { PATHS } from "~/lib/site-areas";

export const meta: MetaFunction = () => staffPageMeta("Konto");

/** Too many wrong current passwords answer 429: its Retry-After reaches the browser. */
export const headers: HeadersFunction = ({ actionHeaders }) => retryAfterOf(actionHeaders);

export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = await requireStaffForPage(request, context);
  // The limits come from the server modules, which must stay out of the browser bundle.
  return { username: user.username, minLength: MIN_PASSWORD_LENGTH, maxLength: MAX_PASSWORD_LENGTH };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const user = await requireStaffForAction(request, context);
  return staffAction(
    { request, context },
    await request.formData(),
    {
      password: validatedWrite(
        passwordChangeInput(user.username),
        async (input) =>
          changePassword(context.db, user, sessionTokenFrom(request) ?? "", input, await checkOrigin(context.db, request, user.username)),
        { refusedAt: "currentPassword" },
      ),
      "logout-everywhere": async () => {
        await endAllSessions(context.db, user);
        return redirectWithToast(
          { request, context },
          PATHS.staffLogin,
          { type: "success", body: "Sie wurden auf allen Geräten abgemeldet." },
          { headers: { "Set-Cookie": clearSessionCookie(request) } },
        );
      },
    },
    // Passwords are never sent back into the page, not even after a failed attempt.
    { echoValues: false },
  );
}

/** Only the new password carries the length rule; its repetition is checked against it on the server. */
const PASSWORD_FIELDS = [
  { label: "Aktuelles Passwort", name: "currentPassword", autoComplete: "current-password", isNew: false },
  { label: "Neues Passwort", name: "newPassword", autoComplete: "new-password", isNew: true },
  { label: "Neues Passwort wiederholen", name: "repeatPassword", autoComplete: "new-password", isNew: false },
] as const;

export default function AccountPage() {
  const { username, minLength, maxLength } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const failure = failureFor(actionData, "password");
  useFailureToast(actionData);

  return (
    <div className="staff-page">
      <h1>Konto</h1>
      <p>
        Angemeldet als <strong>{username}</strong>.
      </p>

      <section aria-labelledby="passwort-aendern">
        <h2 id="passwort-aendern" className="staff-form__title">
          Passwort ändern
        </h2>
        {/* Remounted after each attempt, so no typed password stays in the fields. */}
        <StaffForm
          key={actionData ? JSON.stringify(actionData) : "leer"}
          intent="password"
          submitLabel="Passwort ändern"
          failure={failure}
          preventScrollReset
        >
          {/* Lets password managers file the new password under the right account. */}
          <input type="text" name="username" value={username} autoComplete="username" readOnly hidden />
          {PASSWORD_FIELDS.map(({ label, name, autoComplete, isNew }) => (
            <Field
              key={name}
              label={label}
              {...fieldState(failure, name)}
              type="password"
              autoComplete={autoComplete}
              required
              minLength={isNew ? minLength : undefined}
              maxLength={maxLength}
              hint={isNew ? `Mindestens ${minLength} Zeichen, nicht der Benutzername. Alle anderen Anmeldungen dieses Kontos enden.` : undefined}
            />
          ))}
        </StaffForm>
      </section>

      <section className="staff-section" aria-labelledby="ueberall-abmelden">
        <h2 id="ueberall-abmelden">Überall abmelden</h2>
        <p>Beendet jede Anmeldung dieses Kontos, auf allen Geräten und auch hier.</p>
        <Form method="post" className="staff-form__buttons" preventScrollReset>
          <IntentFields intent="logout-everywhere" />
          <SubmitButton intent="logout-everywhere" variant="secondary" pendingLabel="Abmelden…">
            Überall abmelden
          </SubmitButton>
        </Form>
      </section>
    </div>
  );
}

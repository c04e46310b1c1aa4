import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { useRef } from "react";
import { Field } from "~/components/admin/field";
import { IntentFields, SubmitButton } from "~/components/admin/submit-button";
import { useFailureToast, useFocusFirstError } from "~/components/admin/use-staff-form";
import { failureFor } from "~/lib/staff-forms";
import { staffPageMeta } from "~/lib/seo";
import { HttpError } from "~/server/errors.server";
import { changePassword, endAllSessions, MAX_PASSWORD_LENGTH, passwordChangeInput } from "~/server/auth.server";
import { MIN_PASSWORD_LENGTH } from "~/server/password.server";
import { clearSessionCookie, requireStaffForAction, requireStaffForPage, sessionTokenFrom } from "~/server/session.server";
import { formFields, invalidForm, succeeded, unknownIntent } from "~/server/staff-form.server";
import { redirectWithToast } from "~/server/toast.server";
import { validate } from "~/server/validation.server";

export const meta: MetaFunction = () => staffPageMeta("Konto");

export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = await requireStaffForPage(request, context);
  // The limits come from the server modules, which must stay out of the browser bundle.
  return { username: user.username, minLength: MIN_PASSWORD_LENGTH, maxLength: MAX_PASSWORD_LENGTH };
}

/** Passwords are never sent back into the page, not even after a failed attempt. */
const NO_VALUES = {};

export async function action({ request, context }: ActionFunctionArgs) {
  const user = await requireStaffForAction(request, context);
  const values = formFields(await request.formData());
  const { intent = "" } = values;

  switch (intent) {
    case "password": {
      const input = validate(passwordChangeInput(user.username), values);
      if (!input.ok) return invalidForm({ intent, values: NO_VALUES }, input);
      try {
        await changePassword(context.db, user, (await sessionTokenFrom(request)) ?? "", input.value);
      } catch (error) {
        if (!(error instanceof HttpError)) throw error;
        return invalidForm({ intent, values: NO_VALUES }, { message: error.message, fieldErrors: { currentPassword: error.message } });
      }
      return succeeded(request);
    }
    case "logout-everywhere":
      await endAllSessions(context.db, user);
      return redirectWithToast(
        request,
        "/intern/login",
        { type: "success", body: "Sie wurden auf allen Geräten abgemeldet." },
        { headers: { "Set-Cookie": await clearSessionCookie(request) } },
      );
    default:
      return unknownIntent(intent, NO_VALUES);
  }
}

export default function AccountPage() {
  const { username, minLength, maxLength } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const failure = failureFor(actionData, "password");
  const form = useRef<HTMLFormElement>(null);
  useFailureToast(actionData);
  useFocusFirstError(form, failure);

  return (
    <div className="admin-page">
      <h1>Konto</h1>
      <p>
        Angemeldet als <strong>{username}</strong>.
      </p>

      <section aria-labelledby="passwort-aendern">
        <h2 id="passwort-aendern" className="admin-form__title">
          Passwort ändern
        </h2>
        {/* Remounted after each attempt, so no typed password stays in the fields. */}
        <Form key={actionData ? JSON.stringify(actionData) : "leer"} ref={form} method="post" className="admin-form" preventScrollReset>
          <IntentFields intent="password" />
          {/* Lets password managers file the new password under the right account. */}
          <input type="text" name="username" value={username} autoComplete="username" readOnly hidden />
          <Field
            label="Aktuelles Passwort"
            name="currentPassword"
            type="password"
            autoComplete="current-password"
            required
            maxLength={maxLength}
            error={failure?.fieldErrors.currentPassword}
          />
          <Field
            label="Neues Passwort"
            name="newPassword"
            type="password"
            autoComplete="new-password"
            required
            minLength={minLength}
            maxLength={maxLength}
            hint={`Mindestens ${minLength} Zeichen, nicht der Benutzername. Alle anderen Anmeldungen dieses Kontos enden.`}
            error={failure?.fieldErrors.newPassword}
          />
          <Field
            label="Neues Passwort wiederholen"
            name="repeatPassword"
            type="password"
            autoComplete="new-password"
            required
            maxLength={maxLength}
            error={failure?.fieldErrors.repeatPassword}
          />
          <div className="admin-form__buttons">
            <SubmitButton intent="password" pendingLabel="Passwort ändern…">
              Passwort ändern
            </SubmitButton>
          </div>
        </Form>
      </section>

      <section className="admin-section" aria-labelledby="ueberall-abmelden">
        <h2 id="ueberall-abmelden">Überall abmelden</h2>
        <p>Beendet jede Anmeldung dieses Kontos, auf allen Geräten und auch hier.</p>
        <Form method="post" className="admin-form__buttons" preventScrollReset>
          <IntentFields intent="logout-everywhere" />
          <SubmitButton intent="logout-everywhere" variant="secondary" pendingLabel="Abmelden…">
            Überall abmelden
          </SubmitButton>
        </Form>
      </section>
    </div>
  );
}

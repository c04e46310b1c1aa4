import { type ActionFunctionArgs, data, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { useActionData, useLoaderData } from "@remix-run/react";
import { Field, FormError } from "~/components/staff/field";
import { StaffForm } from "~/components/staff/staff-form";
import { LoginCard } from "~/components/staff/login-card";
import { useFailureToast } from "~/components/staff/use-staff-form";
import { INVITATION_GONE } from "~/lib/activity";
import { staffPageMeta } from "~/lib/seo";
import { PATHS } from "~/lib/site-areas";
import { failureFor, fieldState } from "~/lib/staff-forms";
import { HttpError } from "~/server/base/errors.server";
import { MIN_PASSWORD_LENGTH } from "~/server/base/password.server";
import { validate } from "~/server/base/validation.server";
import { acceptInvitation, openInvitation } from "~/server/entities/invitations.server";
import {
  MAX_PASSWORD_LENGTH,
  newAccountInput,
  USERNAME_MAX_LENGTH,
  USERNAME_MIN_LENGTH,
  USERNAME_RULE,
} from "~/server/entities/staff-accounts.server";
import { knownDeviceCookie } from "~/server/web/known-devices.server";
import { formFields, invalidForm, refusedForm } from "~/server/web/staff-form.server";
import { commitSessionCookie } from "~/server/web/staff-session.server";
import { redirectWithToast } from "~/server/web/toast.server";
import type { StaffShellHandle } from "./intern";

/*
 * Where an invitation link leads (`/intern/einladung/<token>`, from the Team page): whoever
 * opens it chooses a name and a password (the Konto page's rules), presses "Konto anlegen" and
 * is signed in. It stands alone like the login: no staff navigation for someone not yet in.
 */

export const meta: MetaFunction = () => staffPageMeta("Einladung");

export const handle: StaffShellHandle = { withoutNavbar: true };

const INTENT = "konto-anlegen";

export async function loader({ params, context }: LoaderFunctionArgs) {
  const invitation = await openInvitation(context.db, params.token ?? "");
  // The limits come from the server modules, which must stay out of the browser bundle.
  return data(
    {
      open: invitation !== null,
      invitedBy: invitation?.createdBy ?? null,
      username: { minLength: USERNAME_MIN_LENGTH, maxLength: USERNAME_MAX_LENGTH, rule: USERNAME_RULE },
      minLength: MIN_PASSWORD_LENGTH,
      maxLength: MAX_PASSWORD_LENGTH,
    },
    // 410: the link worked once and never will again (used, withdrawn, expired or made up).
    { status: invitation ? 200 : 410 },
  );
}

export async function action({ request, params, context }: ActionFunctionArgs) {
  const values = formFields(await request.formData());
  // Passwords are never sent back into the page, not even after a failed attempt.
  const failure = { intent: INTENT, values: { username: values.username ?? "" } };
  const input = validate(newAccountInput, values);
  if (!input.ok) return invalidForm(failure, input);
  try {
    const { token, user } = await acceptInvitation(context.db, params.token ?? "", input.value);
    const headers = new Headers();
    headers.append("Set-Cookie", commitSessionCookie(request, token));
    headers.append("Set-Cookie", await knownDeviceCookie(context.db, request, user.username, null));
    return await redirectWithToast(
      { request, context },
      PATHS.staffNews,
      { type: "success", title: "Willkommen im Team", body: `Ihr Konto „${user.username}“ ist angelegt, Sie sind angemeldet.` },
      { headers },
    );
  } catch (error) {
    if (error instanceof HttpError && error.status === 409) return refusedForm(failure, "username", error);
    if (error instanceof HttpError && error.status === 410) return invalidForm(failure, { message: error.message, fieldErrors: {} }, { status: 410 });
    throw error;
  }
}

const PASSWORD_FIELDS = [
  { label: "Passwort", name: "password", isNew: true },
  { label: "Passwort wiederholen", name: "repeatPassword", isNew: false },
] as const;

export default function InvitationPage() {
  const { open, invitedBy, username, minLength, maxLength } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const failure = failureFor(actionData, INTENT);
  useFailureToast(actionData);
  // A link used up while the form was open answers like a link used up before.
  const gone = !open || failure?.message === INVITATION_GONE;

  return (
    <LoginCard
      titleId="einladung-titel"
      title="Einladung ins Team"
      exit={gone ? { to: PATHS.staffLogin, label: "Zur Anmeldung" } : { to: "/", label: "Zur Startseite" }}
    >
      {gone ? (
        <FormError>{INVITATION_GONE}</FormError>
      ) : (
        <>
          <p className="invitation-intro">
            {invitedBy} lädt Sie in den internen Bereich ein. Wählen Sie Ihren Benutzernamen und ein Passwort.
          </p>
          {failure ? <FormError>{failure.message}</FormError> : null}
          {/* Remounted after each attempt, so no typed password stays in the fields. */}
          <StaffForm
            key={actionData ? JSON.stringify(actionData) : "leer"}
            intent={INTENT}
            submitLabel="Konto anlegen"
            pendingLabel="Konto wird angelegt…"
            failure={failure}
            className="staff-dialog-form"
            replace
          >
            <Field
              label="Benutzername"
              autoComplete="username"
              autoCapitalize="none"
              spellCheck={false}
              required
              minLength={username.minLength}
              maxLength={username.maxLength}
              hint={username.rule}
              {...fieldState(failure, "username")}
              autoFocus={!failure}
            />
            {PASSWORD_FIELDS.map(({ label, name, isNew }) => (
              <Field
                key={name}
                label={label}
                {...fieldState(failure, name)}
                type="password"
                autoComplete="new-password"
                required
                minLength={isNew ? minLength : undefined}
                maxLength={maxLength}
                hint={isNew ? `Mindestens ${minLength} Zeichen, nicht der Benutzername.` : undefined}
              />
            ))}
          </StaffForm>
        </>
      )}
    </LoginCard>
  );
}

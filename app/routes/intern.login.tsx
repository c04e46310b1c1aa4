import {
  redirect,
  type ActionFunctionArgs,
  type HeadersFunction,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/cloudflare";
import { useActionData, useLoaderData } from "@remix-run/react";
import { useEffect } from "react";
import { Field, FormError } from "~/components/staff/field";
import { StaffForm } from "~/components/staff/staff-form";
import { LoginCard } from "~/components/staff/login-card";
import { useFailureToast } from "~/components/staff/use-staff-form";
import { staffPageMeta } from "~/lib/seo";
import { failureFor, fieldState } from "~/lib/staff-forms";
import { HttpError } from "~/server/base/errors.server";
import { AUTH_FAILED, login, loginInput } from "~/server/entities/staff-accounts.server";
import { checkOrigin, knownDeviceCookie } from "~/server/web/known-devices.server";
import { localPath } from "~/server/base/redirects.server";
import { commitSessionCookie, getStaffUser } from "~/server/web/staff-session.server";
import { formFields, invalidForm, retryAfterOf } from "~/server/web/staff-form.server";
import { redirectWithToast, SUCCESS_MESSAGE } from "~/server/web/toast.server";
import { validate } from "~/server/base/validation.server";
import { isPath, PATHS } from "~/lib/site-areas";
import type { StaffShellHandle } from "./intern";

export const meta: MetaFunction = () => staffPageMeta("Login");

export const handle: StaffShellHandle = { withoutNavbar: true };

/** Too many failed logins answer 429: its Retry-After reaches the browser. */
export const headers: HeadersFunction = ({ actionHeaders }) => retryAfterOf(actionHeaders);

const EXPIRED_MESSAGE = "Ihre Sitzung ist abgelaufen. Bitte melden Sie sich erneut an.";
const DEFAULT_TARGET = PATHS.staffNews;
const PASSWORD_ID = "login-passwort";

/** Only a staff screen of this site (or the staff start) may be the target after login, never the login or logout itself. */
function safeTarget(value: unknown): string {
  const path = localPath(value);
  if (!path || !/^\/intern(\/[A-Za-z]+)?$/.test(path) || isPath(path, PATHS.staffLogin) || isPath(path, PATHS.staffLogout)) {
    return DEFAULT_TARGET;
  }
  return path;
}

export async function loader({ request, context }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const target = safeTarget(url.searchParams.get("weiter"));
  if (await getStaffUser(request, context)) throw redirect(target);
  return {
    expired: url.searchParams.get("abgelaufen") === "1",
    target: target === DEFAULT_TARGET ? null : target,
  };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const values = formFields(await request.formData());
  const target = safeTarget(values.weiter ?? null);
  // The password is never sent back into the form.
  const failure = { intent: "login", values: { username: values.username ?? "" } };

  const input = validate(loginInput, { username: values.username, password: values.password });
  if (!input.ok) return invalidForm(failure, input);

  try {
    const origin = await checkOrigin(context.db, request, input.value.username);
    const { token, user } = await login(context.db, input.value, origin);
    const headers = new Headers();
    headers.append("Set-Cookie", commitSessionCookie(request, token));
    headers.append("Set-Cookie", await knownDeviceCookie(context.db, request, user.username, origin.device));
    return redirectWithToast({ request, context }, target, { type: "success", body: SUCCESS_MESSAGE }, { headers });
  } catch (error) {
    if (error instanceof HttpError && (error.status === 401 || error.status === 429)) {
      const message = error.status === 401 ? AUTH_FAILED : error.message;
      return invalidForm(failure, { message, fieldErrors: {} }, { status: error.status, headers: error.headers });
    }
    throw error;
  }
}

export default function LoginPage() {
  const { expired, target } = useLoaderData<typeof loader>();
  const failure = failureFor(useActionData<typeof action>(), "login");
  useFailureToast(failure);

  // After a refusal the username stays, so the password is what to type next.
  useEffect(() => {
    if (failure) document.getElementById(PASSWORD_ID)?.focus();
  }, [failure]);

  return (
    <LoginCard titleId="login-titel" title="Login" exit={{ to: "/", label: "Zur Startseite" }}>
      {expired && !failure ? (
        <p className="login-notice" role="status">
          {EXPIRED_MESSAGE}
        </p>
      ) : null}
      {failure ? <FormError>{failure.message}</FormError> : null}
      {/* No `failure` for the form: after a refusal focus goes to the password (above), not to the first invalid field. */}
      <StaffForm intent="login" submitLabel="Login" pendingLabel="Anmelden…" className="staff-dialog-form" replace>
        {target ? <input type="hidden" name="weiter" value={target} /> : null}
        <Field
          label="Benutzername"
          autoComplete="username"
          autoCapitalize="none"
          spellCheck={false}
          required
          {...fieldState(failure, "username")}
          autoFocus={!failure}
        />
        <Field
          id={PASSWORD_ID}
          label="passwort"
          type="password"
          autoComplete="current-password"
          required
          {...fieldState(failure, "password")}
          autoFocus={Boolean(failure)}
        />
      </StaffForm>
    </LoginCard>
  );
}

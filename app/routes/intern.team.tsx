import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { InvitationLink } from "~/components/staff/invitation-link";
import { ConfirmDeleteDialog } from "~/components/staff/staff-dialog";
import { DialogLink } from "~/components/staff/staff-list-actions";
import { IntentFields, SubmitButton } from "~/components/staff/submit-button";
import { useFailureToast } from "~/components/staff/use-staff-form";
import { INVITATION_VALID_DAYS } from "~/lib/activity";
import { formatDateTime } from "~/lib/dates";
import { staffPageMeta } from "~/lib/seo";
import { PATHS } from "~/lib/site-areas";
import { ACCOUNT_REMOVE_PARAM } from "~/lib/staff-forms";
import { SUCCESS_MESSAGE } from "~/lib/toast";
import { createInvitation, listInvitations, withdrawAllInvitations, withdrawInvitation } from "~/server/entities/invitations.server";
import { ACCOUNT_NOT_FOUND, listStaffAccounts, removeStaffAccount } from "~/server/entities/staff-accounts.server";
import { dialogRecord, directWrite, staffAction } from "~/server/web/staff-form.server";
import { requireStaffForAction, requireStaffForPage } from "~/server/web/staff-session.server";

export const meta: MetaFunction = () => staffPageMeta("Team");

const PAGE = PATHS.staffTeam;
const ACCOUNTS_HEADING_ID = "team-konten";
const INVITATIONS_HEADING_ID = "team-einladungen";
const removeControlId = (id: string) => `entfernen-${id}`;
const invitationAnchor = (id: string) => `einladung-${id}`;
const withdrawnLinks = (count: number) =>
  count === 0 ? "Keine offenen Einladungslinks zurückgezogen" : `${count} offene${count === 1 ? "r Einladungslink" : " Einladungslinks"} zurückgezogen`;

export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = await requireStaffForPage(request, context);
  const [accounts, invitations] = await Promise.all([listStaffAccounts(context.db), listInvitations(context.db)]);
  const shownAccounts = accounts.map((account) => ({
    ...account,
    id: String(account.id),
    title: account.username,
    self: account.id === user.id,
    // Formatted here so the page ships no date library.
    lastSignIn: account.lastSignInAt ? formatDateTime(account.lastSignInAt) : null,
  }));
  const removing = await dialogRecord({ request, context }, ACCOUNT_REMOVE_PARAM, {
    // One's own account has no "Entfernen": a made-up link to it says so instead of asking.
    loaded: shownAccounts.filter((account) => !account.self),
    load: async () => null,
    gone: ACCOUNT_NOT_FOUND,
  });
  // The link is shared outside the site, so it carries the address the staff member sees.
  const origin = new URL(request.url).origin;
  return {
    accounts: shownAccounts,
    invitations: invitations.map((invitation) => ({
      ...invitation,
      url: `${origin}${invitation.path}`,
      created: formatDateTime(invitation.createdAt),
      expires: formatDateTime(invitation.expiresAt),
    })),
    removing,
  };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const user = await requireStaffForAction(request, context);
  return staffAction({ request, context }, await request.formData(), {
    invite: directWrite(() => createInvitation(context.db, user), {
      to: `${PAGE}#${INVITATIONS_HEADING_ID}`,
      toast: { type: "success", title: SUCCESS_MESSAGE, body: "Einladung erstellt: Link kopieren und weitergeben." },
    }),
    withdraw: directWrite(({ id }) => withdrawInvitation(context.db, user, id), { to: `${PAGE}#${INVITATIONS_HEADING_ID}` }),
    "withdraw-all": directWrite(() => withdrawAllInvitations(context.db, user), {
      to: `${PAGE}#${INVITATIONS_HEADING_ID}`,
      toast: (count) => ({ type: "success", title: SUCCESS_MESSAGE, body: `${withdrawnLinks(count)}.` }),
    }),
    remove: directWrite(({ id }) => removeStaffAccount(context.db, user, id), {
      toast: ({ withdrawnInvitations }) => ({
        type: "success",
        title: SUCCESS_MESSAGE,
        body: `Konto entfernt, alle seine Anmeldungen beendet. ${withdrawnLinks(withdrawnInvitations)}.`,
      }),
    }),
  });
}

export default function TeamPage() {
  const { accounts, invitations, removing } = useLoaderData<typeof loader>();
  useFailureToast(useActionData<typeof action>());
  return (
    <div className="staff-page">
      <h1>Team</h1>
      <p className="staff-intro">Alle im Team haben dieselben Rechte. Neue Kolleginnen und Kollegen kommen über einen Einladungslink dazu.</p>

      <section className="staff-section" aria-labelledby={ACCOUNTS_HEADING_ID}>
        <h2 id={ACCOUNTS_HEADING_ID} tabIndex={-1}>
          Konten ({accounts.length})
        </h2>
        <ul className="staff-list">
          {accounts.map((account) => (
            <li key={account.id} className="staff-list__item">
              <div>
                <h3 className="staff-list__title">
                  {account.username}
                  {account.self ? <span className="staff-badge team-self">Sie</span> : null}
                </h3>
                <p className="staff-list__meta">
                  {account.lastSignIn ? `Zuletzt angemeldet am ${account.lastSignIn}` : "Noch nie angemeldet"}
                  <br />
                  {account.activeSessions === 1 ? "1 aktive Anmeldung" : `${account.activeSessions} aktive Anmeldungen`}
                </p>
              </div>
              {account.self ? null : (
                <DialogLink
                  param={ACCOUNT_REMOVE_PARAM}
                  itemId={account.id}
                  controlId={removeControlId(account.id)}
                  className="button button--secondary"
                  label={`Entfernen: ${account.username}`}
                >
                  Entfernen
                </DialogLink>
              )}
            </li>
          ))}
        </ul>
      </section>

      <section className="staff-section" aria-labelledby={INVITATIONS_HEADING_ID}>
        <h2 id={INVITATIONS_HEADING_ID} tabIndex={-1}>
          Einladungen
        </h2>
        <p>
          Ein Einladungslink gilt {INVITATION_VALID_DAYS} Tage und nur einmal. Wer ihn öffnet, wählt Benutzername und Passwort und ist
          damit im Team. Per Nachricht, SMS oder E-Mail weitergeben.
        </p>
        <Form method="post" className="staff-form__buttons team-invite" preventScrollReset>
          <IntentFields intent="invite" />
          <SubmitButton intent="invite" pendingLabel="Einladung wird erstellt…">
            Mitarbeiter einladen
          </SubmitButton>
        </Form>
        {invitations.length === 0 ? (
          <p className="staff-list__empty">Keine offenen Einladungen.</p>
        ) : (
          <ul className="staff-list team-invitations">
            {invitations.map((invitation) => (
              <li key={invitation.id} id={invitationAnchor(invitation.id)} className="staff-list__item team-invitation">
                <InvitationLink url={invitation.url} label={`Einladungslink, gültig bis ${invitation.expires}`} />
                <p className="staff-list__meta">
                  Erstellt von {invitation.createdBy} am {invitation.created}
                </p>
                <Form method="post" className="team-invitation__withdraw" preventScrollReset>
                  <IntentFields intent="withdraw" id={invitation.id} />
                  <SubmitButton
                    intent="withdraw"
                    id={invitation.id}
                    variant="secondary"
                    pendingLabel="Zurückziehen…"
                    label={`Zurückziehen: Einladung vom ${invitation.created}`}
                  >
                    Zurückziehen
                  </SubmitButton>
                </Form>
              </li>
            ))}
          </ul>
        )}
        {invitations.length > 0 ? (
          <Form method="post" className="staff-form__buttons team-withdraw-all" preventScrollReset>
            <IntentFields intent="withdraw-all" />
            <SubmitButton intent="withdraw-all" variant="secondary" pendingLabel="Einladungen werden zurückgezogen…">
              Alle offenen Einladungen zurückziehen
            </SubmitButton>
          </Form>
        ) : null}
      </section>

      <ConfirmDeleteDialog
        item={removing}
        title="Konto entfernen"
        text="Bist du sicher, dass du dieses Konto entfernen möchtest?"
        note="Alle Anmeldungen dieses Kontos enden sofort, und es kann sich nicht mehr anmelden. Offene Einladungslinks, die es erstellt hat, werden zurückgezogen. Seine Einträge im Verlauf bleiben."
        confirmLabel="Entfernen"
        intent="remove"
        returnFocusId={removeControlId}
        fallbackFocusId={ACCOUNTS_HEADING_ID}
      />
    </div>
  );
}

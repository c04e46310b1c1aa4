/** The account the browser suite creates in its own throwaway database. */
export const STAFF = { username: "werkstatt", password: "Sattlermeister-2026" };

/**
 * Accounts of their own for the Konto tests, one per JavaScript mode: changing a password
 * ends the account's other sessions, which must not sign out the tests using STAFF.
 */
export const ACCOUNT_STAFF = {
  withJs: { username: "konto-js", password: "Konto-mit-JS-2026" },
  withoutJs: { username: "konto-ohne-js", password: "Konto-ohne-JS-2026" },
};

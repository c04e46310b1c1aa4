/** The account the browser suite creates in its own throwaway database. */
export const STAFF = { username: "werkstatt", password: "Sattlermeister-2026" };

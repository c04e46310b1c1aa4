// The feed imports this on demand: the date library is needed in the browser only once
// more news arrive, as the server sends the first page already formatted.
export { formatNewsDate } from "~/lib/dates";

// The news feed's date, without the date library: the feed formats the news it loads in the
// browser, where date-fns would be most of the home page's script (issue 41).

/** date-fns' German short months, which the news dates have always shown ("Sep.", where Intl writes "Sept."). */
const SHORT_MONTHS = ["Jan.", "Feb.", "März", "Apr.", "Mai", "Juni", "Juli", "Aug.", "Sep.", "Okt.", "Nov.", "Dez."];

const dayInBerlin = new Intl.DateTimeFormat("en-GB", { day: "numeric", month: "numeric", year: "numeric", timeZone: "Europe/Berlin" });

/** "22. Nov. 2026": day, short month and year in the workshop's time zone, as the news feed shows them. */
export function formatNewsDate(instant: Date | string): string {
  const date = new Date(instant);
  if (Number.isNaN(date.getTime())) return "ungültiges Datum";
  const parts = Object.fromEntries(dayInBerlin.formatToParts(date).map(({ type, value }) => [type, value]));
  return `${Number(parts.day)}. ${SHORT_MONTHS[Number(parts.month) - 1]} ${parts.year}`;
}

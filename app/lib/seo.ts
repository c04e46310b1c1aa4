import type { MetaDescriptor } from "@remix-run/react";
import { type BusinessRecord, socialLinks } from "~/lib/business";
import { dialNumber } from "~/lib/phone";
import { addDays, workshopDate } from "~/lib/dates";
import { holidaysBetween } from "~/lib/holidays";
import type { Schedule } from "~/lib/open-status";
import { type OpeningHours, parseTimeRanges, readDayText, WEEKDAYS } from "~/lib/opening-hours";

export const OG_IMAGE_PATH = "/og-image.jpg";

/** A path of the site at its public address, the record's `website` (decision 020). */
export const absoluteUrl = (website: string, path: string) => new URL(path, website).href;

/** Search engines cut a description at about 155 characters; longer ones are cut here, at a word. */
export const META_DESCRIPTION_MAX_LENGTH = 160;

/** `text` at most META_DESCRIPTION_MAX_LENGTH characters, cut after a whole word with "…" when it is longer. */
export function metaDescription(text: string): string {
  const plain = text.replace(/\s+/g, " ").trim();
  if (plain.length <= META_DESCRIPTION_MAX_LENGTH) return plain;
  const cut = plain.slice(0, META_DESCRIPTION_MAX_LENGTH - 1);
  const atWord = cut.slice(0, cut.lastIndexOf(" ")).replace(/[\s,;:–-]+$/, "");
  return `${atWord || cut}…`;
}

/** What a page's head says of itself; `description` and `title` may be made from the record. */
interface PageHead {
  title: string;
  description: string;
  path: string;
}

/** The record from the shell's loader data, as a route's `meta` sees it (the public or the staff shell). */
export function businessOf(matches: readonly { id: string; data: unknown }[]): BusinessRecord | null {
  for (const match of matches) {
    const data = match.data as { business?: BusinessRecord } | undefined;
    if (data?.business) return data.business;
  }
  return null;
}

/**
 * Per-page head tags: a distinct German title and description, the canonical address and
 * the Open Graph tags link previews use. A route's `meta` replaces its parent's, so each
 * page returns the full set from here. Without the record (the shell's error view) only the title.
 */
export function pageMeta(
  matches: readonly { id: string; data: unknown }[],
  page: PageHead | ((business: BusinessRecord) => PageHead),
): MetaDescriptor[] {
  const business = businessOf(matches);
  if (!business) return typeof page === "function" ? [] : [{ title: page.title }];
  const head = typeof page === "function" ? page(business) : page;
  const { title, path } = head;
  // Made from the record's words (a Kurzbeschreibung may hold 300 characters), so cut here for every page.
  const description = metaDescription(head.description);
  const fullTitle = `${title} | ${business.name}`;
  const url = absoluteUrl(business.website, path);
  return [
    { title: fullTitle },
    { name: "description", content: description },
    { tagName: "link", rel: "canonical", href: url },
    { property: "og:title", content: fullTitle },
    { property: "og:description", content: description },
    { property: "og:url", content: url },
    { property: "og:type", content: "website" },
    { property: "og:locale", content: "de_DE" },
    { property: "og:site_name", content: `${business.name} – ${business.subtitle}` },
    { property: "og:image", content: absoluteUrl(business.website, OG_IMAGE_PATH) },
    { property: "og:image:width", content: "1200" },
    { property: "og:image:height", content: "630" },
    { property: "og:image:alt", content: `${business.name} – ${business.subtitle}` },
    { name: "twitter:card", content: "summary_large_image" },
    { name: "twitter:image:alt", content: `${business.name} – ${business.subtitle}` },
  ];
}

/** The staff area's pages: a plain title, and kept out of search engines. */
export function staffPageMeta(title: string): MetaDescriptor[] {
  return [{ title: `${title} – Interner Bereich` }, { name: "robots", content: "noindex" }];
}

const SCHEMA_DAYS: Record<(typeof WEEKDAYS)[number]["key"], string> = {
  monday: "https://schema.org/Monday",
  tuesday: "https://schema.org/Tuesday",
  wednesday: "https://schema.org/Wednesday",
  thursday: "https://schema.org/Thursday",
  friday: "https://schema.org/Friday",
  saturday: "https://schema.org/Saturday",
  sunday: "https://schema.org/Sunday",
};

export interface OpeningHoursSpecification {
  "@type": "OpeningHoursSpecification";
  dayOfWeek: string[];
  opens: string;
  closes: string;
}

/** One specification per distinct time range, listing every day that has it. */
export function openingHoursSpecification(hours: OpeningHours): OpeningHoursSpecification[] {
  const byRange = new Map<string, OpeningHoursSpecification>();
  for (const { key } of WEEKDAYS) {
    for (const range of parseTimeRanges(hours[key])) {
      const id = `${range.opens}-${range.closes}`;
      const spec = byRange.get(id) ?? { "@type": "OpeningHoursSpecification", dayOfWeek: [], ...range };
      spec.dayOfWeek.push(SCHEMA_DAYS[key]);
      byRange.set(id, spec);
    }
  }
  return [...byRange.values()];
}

export interface SpecialOpeningHoursSpecification {
  "@type": "OpeningHoursSpecification";
  opens: string;
  closes: string;
  validFrom: string;
  validThrough: string;
}

/** Holidays this many days ahead go into the structured data. */
export const HOLIDAY_LOOKAHEAD_DAYS = 60;

/**
 * Special entries and the coming holidays (unless an entry covers them) as dated
 * specifications; closed days as 00:00–00:00, Google's way of saying closed. An entry
 * whose hours cannot be read as times is left out rather than guessed.
 */
export function specialOpeningHoursSpecification(schedule: Schedule, now: Date): SpecialOpeningHoursSpecification[] {
  const today = workshopDate(now);
  const covered = (date: string) => schedule.special.some((entry) => entry.fromDate <= date && date <= entry.toDate);
  const days = [
    ...schedule.special.map(({ hours, fromDate, toDate }) => ({ reading: readDayText(hours), fromDate, toDate })),
    ...holidaysBetween(today, addDays(today, HOLIDAY_LOOKAHEAD_DAYS - 1))
      .filter(({ date }) => !covered(date))
      .map(({ date }) => ({ reading: readDayText("Geschlossen"), fromDate: date, toDate: date })),
  ].sort((a, b) => a.fromDate.localeCompare(b.fromDate));
  return days.flatMap(({ reading, fromDate, toDate }) => {
    const valid = { validFrom: fromDate, validThrough: toDate };
    if (reading.kind === "closed") return [{ "@type": "OpeningHoursSpecification" as const, opens: "00:00", closes: "00:00", ...valid }];
    if (reading.kind === "unknown") return [];
    return reading.ranges.map((range) => ({ "@type": "OpeningHoursSpecification" as const, ...range, ...valid }));
  });
}

/** The search engines' LocalBusiness data (schema.org's AutoRepair), from the record; empty fields are left out. */
export function localBusinessJsonLd(business: BusinessRecord, schedule: Schedule | null, now: Date) {
  const specification = schedule ? openingHoursSpecification(schedule.week) : [];
  const special = schedule ? specialOpeningHoursSpecification(schedule, now) : [];
  const sameAs = socialLinks(business).map((link) => link.url);
  return {
    "@context": "https://schema.org",
    "@type": "AutoRepair",
    name: business.name,
    description: business.description,
    url: absoluteUrl(business.website, "/"),
    image: absoluteUrl(business.website, OG_IMAGE_PATH),
    logo: absoluteUrl(business.website, "/logo.svg"),
    telephone: dialNumber(business.phone) ?? business.phone,
    email: business.email,
    address: {
      "@type": "PostalAddress",
      streetAddress: business.street,
      postalCode: business.postalCode,
      addressLocality: business.city,
      addressCountry: "DE",
    },
    ...(business.latitude !== null && business.longitude !== null
      ? { geo: { "@type": "GeoCoordinates", latitude: business.latitude, longitude: business.longitude } }
      : {}),
    ...(sameAs.length > 0 ? { sameAs } : {}),
    ...(business.vatId ? { vatID: business.vatId } : {}),
    ...(business.foundedYear !== null ? { foundingDate: String(business.foundedYear) } : {}),
    ...(specification.length > 0 ? { openingHoursSpecification: specification } : {}),
    ...(special.length > 0 ? { specialOpeningHoursSpecification: special } : {}),
  };
}

/** JSON inside a <script> must not be able to close the element. */
export const jsonForScript = (value: unknown) => JSON.stringify(value).replace(/</g, "\\u003c");

import { describe, expect, it } from "vitest";
import { DEFAULT_OPENING_HOURS, parseTimeRanges } from "~/lib/opening-hours";
import { DEMO_BUSINESS } from "~/lib/site-config";
import {
  jsonForScript,
  localBusinessJsonLd,
  META_DESCRIPTION_MAX_LENGTH,
  metaDescription,
  openingHoursSpecification,
  pageMeta,
} from "~/lib/seo";

/** What `meta` finds of the public shell's loader data. */
const shellMatches = [
  { id: "routes/_public", data: { business: DEMO_BUSINESS } },
];

describe("parseTimeRanges", () => {
  it("reads the default workday as two ranges", () => {
    expect(parseTimeRanges("08:00 - 12:00Uhr & 13:00 - 17:00Uhr")).toEqual([
      { opens: "08:00", closes: "12:00" },
      { opens: "13:00", closes: "17:00" },
    ]);
  });

  it("reads the ways staff typically type hours", () => {
    expect(parseTimeRanges("8-17 Uhr")).toEqual([
      { opens: "08:00", closes: "17:00" },
    ]);
    expect(parseTimeRanges("9.30 Uhr bis 13 Uhr")).toEqual([
      { opens: "09:30", closes: "13:00" },
    ]);
    expect(parseTimeRanges("08:00–12:30, 14:00–18:00")).toEqual([
      { opens: "08:00", closes: "12:30" },
      { opens: "14:00", closes: "18:00" },
    ]);
  });

  it("yields nothing for days without a readable opening time", () => {
    expect(parseTimeRanges("Geschlossen")).toEqual([]);
    expect(parseTimeRanges("nach Vereinbarung")).toEqual([]);
    expect(parseTimeRanges("")).toEqual([]);
    expect(parseTimeRanges("Ruhetag, 10:00 - 12:00 nur Abholung")).toEqual([]);
  });

  it("refuses impossible or backwards times instead of guessing", () => {
    expect(parseTimeRanges("25:00 - 26:00")).toEqual([]);
    expect(parseTimeRanges("17:00 - 08:00")).toEqual([]);
    expect(parseTimeRanges("08:75 - 12:00")).toEqual([]);
  });
});

describe("openingHoursSpecification", () => {
  it("groups the days that share a range", () => {
    const specification = openingHoursSpecification(DEFAULT_OPENING_HOURS);
    expect(specification).toHaveLength(2);
    expect(specification[0]).toEqual({
      "@type": "OpeningHoursSpecification",
      dayOfWeek: [
        "https://schema.org/Monday",
        "https://schema.org/Tuesday",
        "https://schema.org/Wednesday",
        "https://schema.org/Thursday",
        "https://schema.org/Friday",
      ],
      opens: "08:00",
      closes: "12:00",
    });
    expect(specification[1]).toMatchObject({ opens: "13:00", closes: "17:00" });
  });

  it("adds a Saturday that has real hours", () => {
    const specification = openingHoursSpecification({
      ...DEFAULT_OPENING_HOURS,
      saturday: "09:00 - 13:00 Uhr",
    });
    expect(
      specification.find((spec) => spec.opens === "09:00")?.dayOfWeek
    ).toEqual(["https://schema.org/Saturday"]);
  });
});

describe("localBusinessJsonLd", () => {
  it("describes the workshop and leaves out hours nobody can read", () => {
    const closed = Object.fromEntries(
      Object.keys(DEFAULT_OPENING_HOURS).map((day) => [
        day,
        "nach Vereinbarung",
      ])
    );
    // Mid-July: no NRW holiday in the next 60 days.
    const data = localBusinessJsonLd(
      DEMO_BUSINESS,
      { week: closed as typeof DEFAULT_OPENING_HOURS, special: [] },
      new Date("2026-07-01T10:00:00Z")
    );
    expect(data["@type"]).toBe("AutoRepair");
    expect(data.address.addressLocality).toBe("Köln");
    expect("openingHoursSpecification" in data).toBe(false);
    expect("specialOpeningHoursSpecification" in data).toBe(false);
  });

  it("gives special entries and the holidays of the next 60 days as dated specifications", () => {
    const schedule = {
      week: DEFAULT_OPENING_HOURS,
      special: [
        {
          title: "Betriebsferien",
          hours: "Geschlossen",
          fromDate: "2026-12-24",
          toDate: "2027-01-02",
        },
        {
          title: "Inventur",
          hours: "10:00 - 14:00Uhr",
          fromDate: "2026-11-27",
          toDate: "2026-11-27",
        },
        {
          title: "Messe",
          hours: "nach Vereinbarung",
          fromDate: "2026-11-30",
          toDate: "2026-11-30",
        },
      ],
    };
    const data = localBusinessJsonLd(
      DEMO_BUSINESS,
      schedule,
      new Date("2026-11-23T10:00:00Z")
    );
    expect(data.specialOpeningHoursSpecification).toEqual([
      {
        "@type": "OpeningHoursSpecification",
        opens: "10:00",
        closes: "14:00",
        validFrom: "2026-11-27",
        validThrough: "2026-11-27",
      },
      {
        "@type": "OpeningHoursSpecification",
        opens: "00:00",
        closes: "00:00",
        validFrom: "2026-12-24",
        validThrough: "2027-01-02",
      },
      // Christmas and New Year lie inside the holidays entry; no other holiday until 21 January.
    ]);
    const withoutEntries = localBusinessJsonLd(
      DEMO_BUSINESS,
      { ...schedule, special: [] },
      new Date("2026-11-23T10:00:00Z")
    );
    expect(
      withoutEntries.specialOpeningHoursSpecification?.map(
        (spec) => spec.validFrom
      )
    ).toEqual(["2026-12-25", "2026-12-26", "2027-01-01"]);
  });

  it("takes name, address, position, links, VAT id and founding year from the record, and leaves out what is empty", () => {
    const business = {
      ...DEMO_BUSINESS,
      foundedYear: 1998,
      facebookUrl: "https://www.facebook.com/sattlerei",
      instagramUrl: "",
    };
    const data = localBusinessJsonLd(
      business,
      null,
      new Date("2026-07-01T10:00:00Z")
    );
    expect(data).toMatchObject({
      name: DEMO_BUSINESS.name,
      url: `${DEMO_BUSINESS.website}/`,
      telephone: "+492211234560",
      email: DEMO_BUSINESS.email,
      geo: {
        latitude: DEMO_BUSINESS.latitude,
        longitude: DEMO_BUSINESS.longitude,
      },
      sameAs: ["https://www.facebook.com/sattlerei"],
      vatID: DEMO_BUSINESS.vatId,
      foundingDate: "1998",
    });
    const bare = localBusinessJsonLd(
      {
        ...business,
        latitude: null,
        longitude: null,
        facebookUrl: "",
        vatId: "",
        foundedYear: null,
      },
      null,
      new Date()
    );
    for (const key of ["geo", "sameAs", "vatID", "foundingDate"])
      expect(key in bare).toBe(false);
  });

  it("cannot close its script element", () => {
    expect(
      jsonForScript({ text: "</script><script>alert(1)</script>" })
    ).not.toContain("</script>");
  });
});

describe("pageMeta", () => {
  it("gives only the title without the record (the shell's error view)", () => {
    expect(
      pageMeta([], {
        title: "Ledermuster",
        description: "x",
        path: "/ledermuster",
      })
    ).toEqual([{ title: "Ledermuster" }]);
  });

  it("gives title, description, canonical and Open Graph tags", () => {
    const meta = pageMeta(shellMatches, {
      title: "Ledermuster",
      description: "Leder zur Auswahl.",
      path: "/ledermuster",
    });
    expect(meta).toContainEqual({
      title: "Ledermuster | Autosattlerei Meisterbetrieb",
    });
    expect(meta).toContainEqual({
      name: "description",
      content: "Leder zur Auswahl.",
    });
    expect(meta).toContainEqual({
      tagName: "link",
      rel: "canonical",
      href: `${DEMO_BUSINESS.website}/ledermuster`,
    });
    expect(meta).toContainEqual({ property: "og:locale", content: "de_DE" });
    expect(meta).toContainEqual({
      property: "og:url",
      content: `${DEMO_BUSINESS.website}/ledermuster`,
    });
  });
});

describe("metaDescription", () => {
  it("keeps a short text and cuts a long one after a whole word, within the limit", () => {
    expect(metaDescription("Kurz  und\nbündig.")).toBe("Kurz und bündig.");
    const long =
      "Polster, Leder und Verdecke für Oldtimer und Alltagsautos ".repeat(5);
    const cut = metaDescription(long);
    expect(cut.length).toBeLessThanOrEqual(META_DESCRIPTION_MAX_LENGTH);
    expect(cut.endsWith("…")).toBe(true);
    expect(long.startsWith(cut.slice(0, -1))).toBe(true);
    expect(cut.at(-2)).not.toBe(" ");
  });

  it("gives every page's head at most 160 characters and an alt text for the large picture", () => {
    const long = {
      ...DEMO_BUSINESS,
      description: "Wir polstern Autositze neu. ".repeat(11),
    };
    const tags = pageMeta(
      [{ id: "routes/_public", data: { business: long } }],
      (business) => ({
        title: "Start",
        description: business.description,
        path: "/",
      })
    );
    const content = (key: string) =>
      tags.find(
        (tag) =>
          ("name" in tag && tag.name === key) ||
          ("property" in tag && tag.property === key)
      ) as { content: string } | undefined;
    expect(content("description")!.content.length).toBeLessThanOrEqual(160);
    expect(content("og:description")!.content).toBe(
      content("description")!.content
    );
    expect(content("twitter:image:alt")!.content).toBe(
      `${DEMO_BUSINESS.name} – ${DEMO_BUSINESS.subtitle}`
    );
  });
});

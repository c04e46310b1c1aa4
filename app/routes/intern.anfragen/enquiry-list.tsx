import { Link } from "@remix-run/react";
import { EnquiryThumbnail } from "~/components/enquiry/enquiry-thumbnail";
import { Pager } from "~/components/gallery/pager";
import { ENQUIRY_STATUS_LABELS, ENQUIRY_STATUSES, type EnquiryStatus } from "~/lib/enquiry";
import { WAITING_ON_LABELS, WAITING_PARAM } from "~/lib/job";
import { PAGE_PARAM } from "~/lib/page-number";
import { PATHS, staffEnquiryHref } from "~/lib/site-areas";
import { searchWith } from "~/lib/staff-forms";
import { EnquiryBadges } from "./enquiry-badges";
import type { ShownEnquiry } from "./shown-enquiry";

export const STATUS_PARAM = "status";
const LIST_HEADING_ID = "anfragen-liste";

/** The inbox: "Wartet auf uns", "Wartet auf Kunde", then filter chips by status; one page of enquiries, newest first. */
export function EnquiryList({
  status,
  waiting,
  page,
  pageCount,
  counts,
  waitingCounts,
  items,
}: {
  status: EnquiryStatus | null;
  waiting: "werkstatt" | "kunde" | null;
  page: number;
  pageCount: number;
  counts: Record<EnquiryStatus, number>;
  waitingCounts: Record<"werkstatt" | "kunde", number>;
  items: ShownEnquiry[];
}) {
  const filters: { status: EnquiryStatus | null; label: string; count: number }[] = [
    { status: null, label: "Alle", count: ENQUIRY_STATUSES.filter((name) => name !== "spam").reduce((sum, name) => sum + counts[name], 0) },
    ...ENQUIRY_STATUSES.map((name) => ({ status: name, label: ENQUIRY_STATUS_LABELS[name], count: counts[name] })),
  ];
  const listHref = (filter: EnquiryStatus | null, number = 1, who: "werkstatt" | "kunde" | null = null) =>
    `${PATHS.staffEnquiries}${searchWith("", { [WAITING_PARAM]: who, [STATUS_PARAM]: filter, [PAGE_PARAM]: number > 1 ? String(number) : null })}`;
  const heading = waiting ? WAITING_ON_LABELS[waiting] : status ? `Anfragen: ${ENQUIRY_STATUS_LABELS[status]}` : "Alle Anfragen";
  return (
    <>
      <h1>Anfragen</h1>
      <nav aria-label="Nach Status filtern">
        <ul className="chip-list enquiry-filter">
          {(["werkstatt", "kunde"] as const).map((who) => (
            <li key={who}>
              <Link to={listHref(null, 1, who)} className="chip enquiry-filter__waiting" aria-current={waiting === who ? "page" : undefined}>
                {WAITING_ON_LABELS[who]} <span className="enquiry-filter__count">({waitingCounts[who]})</span>
              </Link>
            </li>
          ))}
          {filters.map((filter) => (
            <li key={filter.label}>
              <Link to={listHref(filter.status)} className="chip" aria-current={!waiting && filter.status === status ? "page" : undefined}>
                {filter.label} <span className="enquiry-filter__count">({filter.count})</span>
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      <section className="staff-section" aria-labelledby={LIST_HEADING_ID}>
        <h2 id={LIST_HEADING_ID} tabIndex={-1}>
          {heading}
        </h2>
        {items.length === 0 ? (
          <p className="staff-list__empty">Keine Daten vorhanden</p>
        ) : (
          <ul className="staff-list">
            {items.map((item) => (
              <li key={item.id} className="staff-list__item enquiry-item">
                <div>
                  <h3 className="staff-list__title">
                    <Link to={staffEnquiryHref(item.id)} className="enquiry-item__link">
                      {item.reference} · {item.name}
                    </Link>{" "}
                    <EnquiryBadges enquiry={item} />
                  </h3>
                  <p className="staff-list__meta">
                    {item.topic}
                    {item.vehicle ? ` · ${item.vehicle}` : ""} · eingegangen am {item.received}
                  </p>
                </div>
                {item.photos.length > 0 ? (
                  <ul className="enquiry-thumbs" aria-label={`${item.photos.length} Fotos`}>
                    {item.photos.map((photo, index) => (
                      <li key={photo.id}>
                        <EnquiryThumbnail photo={photo} alt={`Foto ${index + 1} von ${item.reference}`} />
                      </li>
                    ))}
                  </ul>
                ) : null}
              </li>
            ))}
          </ul>
        )}
        <Pager page={page} pageCount={pageCount} href={(number) => `${listHref(status, number, waiting)}#${LIST_HEADING_ID}`} label="Seiten der Anfragen" />
      </section>
    </>
  );
}

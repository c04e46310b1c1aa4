import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Form, Link, useActionData, useLoaderData, useLocation } from "@remix-run/react";
import { ImageViewer } from "~/components/gallery/image-viewer";
import { Pager } from "~/components/gallery/pager";
import { ReferencePicture } from "~/components/pages/reference-picture";
import { Field } from "~/components/staff/field";
import { ConfirmDeleteDialog } from "~/components/staff/staff-dialog";
import { IntentFields, SubmitButton } from "~/components/staff/submit-button";
import { useFailureToast } from "~/components/staff/use-staff-form";
import { formatDateTime, formatDay } from "~/lib/dates";
import { ENQUIRY_NOTE_MAX_LENGTH, ENQUIRY_STATUS_LABELS, ENQUIRY_STATUSES, type EnquiryStatus } from "~/lib/enquiry";
import { PAGE_PARAM, pageNumber, pageRows } from "~/lib/page-number";
import { staffPageMeta } from "~/lib/seo";
import { SITE } from "~/lib/site-config";
import { DELETE_PARAM, deleteControlId, failureFor, fieldState, searchWith } from "~/lib/staff-forms";
import type { Enquiry, EnquiryPhoto } from "~/server/entities/enquiries.server";
import {
  countEnquiries,
  deleteEnquiry,
  ENQUIRY_NOT_FOUND,
  ENQUIRY_PAGE_SIZE,
  enquiryUpdate,
  getEnquiry,
  listEnquiries,
  updateEnquiry,
} from "~/server/entities/enquiries.server";
import { dialogRecord, directWrite, MOVED_TO_TRASH, staffAction, validatedWrite } from "~/server/web/staff-form.server";
import { requireStaffForAction, requireStaffForPage } from "~/server/web/staff-session.server";
import enquiryStyles from "~/styles/enquiries-staff.css?url";
import galleryStyles from "~/styles/gallery.css?url";
import { PATHS } from "~/lib/site-areas";

export const meta: MetaFunction = () => staffPageMeta("Anfragen");

export const links: LinksFunction = () => [
  { rel: "stylesheet", href: galleryStyles },
  { rel: "stylesheet", href: enquiryStyles },
];

const PAGE = PATHS.staffEnquiries;
/** The detail view of one enquiry (`?anfrage=<id>`), and one of its photos large (`&foto=<id>`). */
const ENQUIRY_PARAM = "anfrage";
const PHOTO_PARAM = "foto";
const STATUS_PARAM = "status";
const LIST_HEADING_ID = "anfragen-liste";

const detailHref = (id: string) => `${PAGE}?${ENQUIRY_PARAM}=${encodeURIComponent(id)}`;
const photoControlId = (id: string) => `foto-${id}`;

function statusOf(params: URLSearchParams): EnquiryStatus | null {
  const status = params.get(STATUS_PARAM);
  return (ENQUIRY_STATUSES as readonly string[]).includes(status ?? "") ? (status as EnquiryStatus) : null;
}

/** Looking never writes: the status changes only when staff set it. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireStaffForPage(request, context);
  const url = new URL(request.url);
  const load = (id: string) => getEnquiry(context.db, id);
  const open = await dialogRecord({ request, context }, ENQUIRY_PARAM, { loaded: [], load, gone: ENQUIRY_NOT_FOUND });
  if (open) {
    const deleting = await dialogRecord({ request, context }, DELETE_PARAM, { loaded: [open], load, gone: ENQUIRY_NOT_FOUND });
    return { view: "detail" as const, enquiry: withDates(open), deleting: deleting && { id: deleting.id, title: `${deleting.reference} – ${deleting.name}` } };
  }
  const status = statusOf(url.searchParams);
  const page = pageNumber(url.searchParams);
  const [items, counts] = await Promise.all([
    listEnquiries(context.db, { status, ...pageRows(page, ENQUIRY_PAGE_SIZE) }),
    countEnquiries(context.db),
  ]);
  const total = status ? counts[status] : ENQUIRY_STATUSES.filter((name) => name !== "spam").reduce((sum, name) => sum + counts[name], 0);
  return {
    view: "list" as const,
    status,
    page,
    pageCount: Math.max(1, Math.ceil(total / ENQUIRY_PAGE_SIZE)),
    counts,
    items: items.map(withDates),
  };
}

/** Formatted here so the page ships no date library. */
function withDates(enquiry: Enquiry) {
  return {
    ...enquiry,
    received: formatDateTime(enquiry.createdAt),
    changed: formatDateTime(enquiry.updatedAt),
    preferredDay: enquiry.preferredDate ? formatDay(enquiry.preferredDate) : null,
  };
}
type ShownEnquiry = ReturnType<typeof withDates>;

export async function action({ request, context }: ActionFunctionArgs) {
  const user = await requireStaffForAction(request, context);
  const form = await request.formData();
  const id = String(form.get("id") ?? "");
  return staffAction(
    { request, context },
    form,
    {
      update: validatedWrite(enquiryUpdate, (input) => updateEnquiry(context.db, user, id, input)),
      delete: directWrite(() => deleteEnquiry(context.db, user, id), { to: PAGE, toast: MOVED_TO_TRASH }),
    },
    { to: detailHref(id) },
  );
}

export default function EnquiriesPage() {
  const data = useLoaderData<typeof loader>();
  useFailureToast(useActionData<typeof action>());
  return <div className="staff-page">{data.view === "detail" ? <EnquiryDetail enquiry={data.enquiry} deleting={data.deleting} /> : <EnquiryList {...data} />}</div>;
}

function EnquiryList({
  status,
  page,
  pageCount,
  counts,
  items,
}: {
  status: EnquiryStatus | null;
  page: number;
  pageCount: number;
  counts: Record<EnquiryStatus, number>;
  items: ShownEnquiry[];
}) {
  const filters: { status: EnquiryStatus | null; label: string; count: number }[] = [
    { status: null, label: "Alle", count: ENQUIRY_STATUSES.filter((name) => name !== "spam").reduce((sum, name) => sum + counts[name], 0) },
    ...ENQUIRY_STATUSES.map((name) => ({ status: name, label: ENQUIRY_STATUS_LABELS[name], count: counts[name] })),
  ];
  const listHref = (filter: EnquiryStatus | null, number = 1) =>
    `${PAGE}${searchWith("", { [STATUS_PARAM]: filter, [PAGE_PARAM]: number > 1 ? String(number) : null })}`;
  return (
    <>
      <h1>Anfragen</h1>
      <nav aria-label="Nach Status filtern">
        <ul className="chip-list enquiry-filter">
          {filters.map((filter) => (
            <li key={filter.label}>
              <Link to={listHref(filter.status)} className="chip" aria-current={filter.status === status ? "page" : undefined}>
                {filter.label} <span className="enquiry-filter__count">({filter.count})</span>
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      <section className="staff-section" aria-labelledby={LIST_HEADING_ID}>
        <h2 id={LIST_HEADING_ID} tabIndex={-1}>
          {status ? `Anfragen: ${ENQUIRY_STATUS_LABELS[status]}` : "Alle Anfragen"}
        </h2>
        {items.length === 0 ? (
          <p className="staff-list__empty">Keine Daten vorhanden</p>
        ) : (
          <ul className="staff-list">
            {items.map((item) => (
              <li key={item.id} className="staff-list__item enquiry-item">
                <div>
                  <h3 className="staff-list__title">
                    <Link to={detailHref(item.id)} className="enquiry-item__link">
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
                        <Thumbnail photo={photo} alt={`Foto ${index + 1} von ${item.reference}`} />
                      </li>
                    ))}
                  </ul>
                ) : null}
              </li>
            ))}
          </ul>
        )}
        <Pager page={page} pageCount={pageCount} href={(number) => `${listHref(status, number)}#${LIST_HEADING_ID}`} label="Seiten der Anfragen" />
      </section>
    </>
  );
}

/** The status as text (never colour alone), and a failed e-mail to the workshop. */
function EnquiryBadges({ enquiry }: { enquiry: Pick<Enquiry, "status" | "mailStatus"> }) {
  return (
    <>
      <span className={`staff-badge enquiry-badge enquiry-badge--${enquiry.status}`}>{ENQUIRY_STATUS_LABELS[enquiry.status]}</span>
      {enquiry.mailStatus === "fehlgeschlagen" ? <span className="staff-badge enquiry-badge enquiry-badge--mail">E-Mail nicht zugestellt</span> : null}
    </>
  );
}

function Thumbnail({ photo, alt, size = 72 }: { photo: EnquiryPhoto; alt: string; size?: number }) {
  return (
    <ReferencePicture
      picture={photo}
      className="enquiry-thumb"
      sizes={`${size}px`}
      width={size}
      height={size}
      loading="lazy"
      alt={alt}
    />
  );
}

/** "Per E-Mail antworten": the staff member's own mail program, with the subject set and the request quoted. */
function replyHref(enquiry: ShownEnquiry): string {
  const quoted = [`Ihre Anfrage ${enquiry.reference} vom ${enquiry.received}:`, ...enquiry.description.split(/\r?\n/)].map((line) => `> ${line}`);
  const body = [`Guten Tag ${enquiry.name},`, "", "", "", "Mit freundlichen Grüßen", SITE.name, "", ...quoted].join("\n");
  return `mailto:${enquiry.email}?subject=${encodeURIComponent(`Ihre Anfrage ${enquiry.reference}`)}&body=${encodeURIComponent(body)}`;
}

function EnquiryDetail({ enquiry, deleting }: { enquiry: ShownEnquiry; deleting: { id: string; title: string } | null }) {
  const failure = failureFor(useActionData(), "update", enquiry.id);
  const { search } = useLocation();
  const photoId = new URLSearchParams(search).get(PHOTO_PARAM);
  const photoIndex = enquiry.photos.findIndex((photo) => photo.id === photoId);
  const photoHref = (id: string | null) => `${PAGE}${searchWith(search, { [PHOTO_PARAM]: id })}`;
  const rows: [string, string | null][] = [
    ["Worum geht es?", enquiry.topic],
    ["Fahrzeug", enquiry.vehicle || null],
    ["Wunschtermin", enquiry.preferredDay],
    ["Name", enquiry.name],
    ["E-Mail", enquiry.email],
    ["Telefon", enquiry.phone],
    ["Eingegangen", enquiry.received],
    ["Zuletzt geändert", enquiry.changed],
  ];

  return (
    <>
      <p>
        <Link to={PAGE} className="standalone-link">
          ← Alle Anfragen
        </Link>
      </p>
      <h1>
        Anfrage {enquiry.reference} <EnquiryBadges enquiry={enquiry} />
      </h1>
      {enquiry.spamReason ? <p className="enquiry-notice">Als Spam eingeordnet: {enquiry.spamReason}.</p> : null}
      {enquiry.mailStatus === "fehlgeschlagen" ? (
        <p className="enquiry-notice">Die E-Mail an die Werkstatt wurde nicht zugestellt; die nächtliche Wartung versucht es erneut.</p>
      ) : null}

      <div className="enquiry-contact">
        {enquiry.phone ? (
          <a className="button" href={`tel:${enquiry.phone.replace(/[^\d+]/g, "")}`}>
            Anrufen
          </a>
        ) : null}
        {enquiry.email ? (
          <a className="button button--secondary" href={replyHref(enquiry)}>
            Per E-Mail antworten
          </a>
        ) : null}
      </div>

      <dl className="enquiry-facts">
        {rows.map(([label, value]) => (
          <div key={label}>
            <dt>{label}</dt>
            <dd>{value ?? "–"}</dd>
          </div>
        ))}
      </dl>
      <section className="staff-section" aria-labelledby="beschreibung-title">
        <h2 id="beschreibung-title">Beschreibung</h2>
        <p className="enquiry-description">{enquiry.description}</p>
      </section>

      <section className="staff-section" aria-labelledby="fotos-title">
        <h2 id="fotos-title">Fotos</h2>
        {enquiry.photos.length === 0 ? (
          <p className="staff-list__empty">Keine Fotos</p>
        ) : (
          <ul className="enquiry-photos-large">
            {enquiry.photos.map((photo, index) => (
              <li key={photo.id}>
                <Link id={photoControlId(photo.id)} to={photoHref(photo.id)} preventScrollReset aria-label={`Foto ${index + 1} vergrößern`}>
                  <Thumbnail photo={photo} alt="" size={160} />
                </Link>
              </li>
            ))}
          </ul>
        )}
      </section>

      <section className="staff-section" aria-labelledby="bearbeiten-title">
        <h2 id="bearbeiten-title">Bearbeitung</h2>
        <Form method="post" className="staff-form" preventScrollReset>
          <IntentFields intent="update" id={enquiry.id} />
          <div className="staff-field">
            <label htmlFor="anfrage-status" className="staff-field__label">
              Status
            </label>
            <select id="anfrage-status" name="status" defaultValue={failure?.values.status ?? enquiry.status}>
              {ENQUIRY_STATUSES.map((name) => (
                <option key={name} value={name}>
                  {ENQUIRY_STATUS_LABELS[name]}
                </option>
              ))}
            </select>
          </div>
          <Field
            label="Interne Notiz"
            multiline
            rows={4}
            maxLength={ENQUIRY_NOTE_MAX_LENGTH}
            hint="Nur für das Team sichtbar."
            {...fieldState(failure, "note", enquiry.note)}
          />
          <div className="staff-form__buttons">
            <Link to={`${PAGE}${searchWith(search, { [DELETE_PARAM]: enquiry.id, [PHOTO_PARAM]: null })}`} id={deleteControlId(enquiry.id)} className="button button--danger" preventScrollReset>
              Löschen
            </Link>
            <SubmitButton intent="update" id={enquiry.id} pendingLabel="Speichern…">
              Speichern
            </SubmitButton>
          </div>
        </Form>
      </section>

      <ConfirmDeleteDialog item={deleting} text="Bist du sicher, dass du diese Anfrage löschen möchtest?" fallbackFocusId="bearbeiten-title" />
      {photoIndex >= 0 ? (
        <ImageViewer
          image={{ ...enquiry.photos[photoIndex], description: "", category: [] }}
          title={`Foto ${photoIndex + 1} von ${enquiry.photos.length}`}
          alt={`Foto ${photoIndex + 1} der Anfrage ${enquiry.reference}`}
          closeHref={photoHref(null)}
          previousHref={photoIndex > 0 ? photoHref(enquiry.photos[photoIndex - 1].id) : null}
          nextHref={photoIndex < enquiry.photos.length - 1 ? photoHref(enquiry.photos[photoIndex + 1].id) : null}
          returnFocusId={photoControlId(enquiry.photos[photoIndex].id)}
        />
      ) : null}
    </>
  );
}

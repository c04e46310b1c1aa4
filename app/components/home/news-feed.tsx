import { useEffect, useId, useRef, useState } from "react";
import { useHydrated } from "~/components/use-hydrated";
import { NEWS_PAGE_SIZE } from "~/lib/limits";
import { HomeSection } from "./home-section";
import { HOME_NEWS_PARAM } from "~/lib/site-areas";
import { formatNewsDate } from "~/lib/news-date";

/** On narrow screens (below 960 px, home.css) the list is part of the page and starts with this many: the page stays short. */
const NARROW_FIRST = 2;
const itemAnchor = (id: string) => `neuigkeit-${id}`;

export interface FeedItem {
  id: string;
  title: string;
  text: string;
  /** ISO instant, for the `<time>` element. */
  date: string;
  /** The German date as shown, formatted in workshop time. */
  dateText: string;
}

interface NewsFeedProps {
  /** The page the server rendered (`?neuigkeiten=<page>`), 1 for the newest news. */
  page: number;
  items: FeedItem[];
  hasMore: boolean;
}

type Status = "idle" | "loading" | "end" | "failed";

/** Keeps the order of arrival and drops any item already shown (news added meanwhile shift the pages). */
function mergeById(current: FeedItem[], incoming: FeedItem[]): FeedItem[] {
  const seen = new Set(current.map((item) => item.id));
  const added: FeedItem[] = [];
  for (const item of incoming) {
    if (seen.has(item.id)) continue;
    seen.add(item.id);
    added.push(item);
  }
  return [...current, ...added];
}

interface ApiNewsItem {
  id: string;
  title: string;
  text: string;
  date: string;
}

/**
 * News in a 300 px box that loads the next 15 when its end scrolls into view. The
 * server renders the first page; without JavaScript a link leads to the next one.
 * On narrow screens the box would trap a thumb's scrolling, so there the list is part of the
 * page: two, then "Weitere Neuigkeiten" shows the rest of the page and then loads more (without
 * JavaScript it shows the rest by its fragment, CSS `:target`, and then links to the next page).
 * Give it `key={page}` so another server page starts the feed afresh.
 */
export function NewsFeed({ page, items: initialItems, hasMore }: NewsFeedProps) {
  const hydrated = useHydrated();
  const headingId = useId();
  const [items, setItems] = useState(initialItems);
  const [status, setStatus] = useState<Status>(hasMore ? "idle" : "end");
  /** On narrow screens: whether more than the first ones show. */
  const [revealed, setRevealed] = useState(false);
  const focusAfterLoad = useRef<number | null>(null);
  const nextStartAt = useRef((page - 1) * NEWS_PAGE_SIZE + initialItems.length);
  const box = useRef<HTMLDivElement>(null);
  const sentinel = useRef<HTMLDivElement>(null);

  async function loadMore() {
    setStatus("loading");
    try {
      const response = await fetch(`/api/v1/news/get?startAt=${nextStartAt.current}&limit=${NEWS_PAGE_SIZE}`);
      if (!response.ok) throw new Error(`HTTP ${response.status}`);
      const received = (await response.json()) as ApiNewsItem[];
      nextStartAt.current += received.length;
      setItems((current) =>
        mergeById(
          current,
          received.map(({ id, title, text, date }) => ({ id, title, text, date, dateText: formatNewsDate(date) })),
        ),
      );
      setStatus(received.length < NEWS_PAGE_SIZE ? "end" : "idle");
    } catch (error) {
      console.error("News load failure", error);
      setStatus("failed");
    }
  }

  // "Weitere Neuigkeiten" puts focus on the first item it brought, so the reader continues there.
  useEffect(() => {
    const index = focusAfterLoad.current;
    if (index === null || index >= items.length) return;
    focusAfterLoad.current = null;
    document.getElementById(itemAnchor(items[index].id))?.focus();
  }, [items, revealed]);

  const showMore = () => {
    focusAfterLoad.current = revealed ? items.length : NARROW_FIRST;
    if (revealed) void loadMore();
    else setRevealed(true);
  };
  const later = (index: number) => !revealed && index >= NARROW_FIRST;
  const hasHidden = !revealed && items.length > NARROW_FIRST;

  // A fresh observer per idle phase reports at once if the end is still in view after a load.
  useEffect(() => {
    if (status !== "idle" || !box.current || !sentinel.current) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) {
          observer.disconnect();
          void loadMore();
        }
      },
      { root: box.current, rootMargin: "0px 0px 120px 0px" },
    );
    observer.observe(sentinel.current);
    return () => observer.disconnect();
  }, [status]);

  return (
    <HomeSection headingId={headingId} title="Neuigkeiten" className="news" id="neuigkeiten">
      <div
        ref={box}
        className="news__box"
        tabIndex={0}
        role="region"
        aria-labelledby={headingId}
        aria-busy={status === "loading"}
      >
        {items.length > 0 && (
          <ul className="news__list">
            {items.map((item, index) => (
              <li key={item.id} id={itemAnchor(item.id)} tabIndex={-1} className={later(index) ? "news__item news__item--later" : "news__item"}>
                <article>
                  <h3 className="news__title">{item.title}</h3>
                  <time className="news__date" dateTime={item.date}>
                    {item.dateText}
                  </time>
                  <p className="news__text">{item.text}</p>
                </article>
              </li>
            ))}
          </ul>
        )}
        <div ref={sentinel} className="news__sentinel" />
        <div className="news__end">
          {status === "loading" && <p role="status">Laden...</p>}
          {status === "end" && (
            <p className="news__end-note">{items.length === 0 ? "Keine Daten vorhanden" : "Keine weiteren Neuigkeiten vorhanden"}</p>
          )}
          {status === "failed" && (
            <p role="alert">
              Die Neuigkeiten konnten nicht geladen werden.{" "}
              <button type="button" className="button button--secondary news__retry" onClick={() => void loadMore()}>
                Erneut versuchen
              </button>
            </p>
          )}
          {!hydrated && hasMore && (
            <a className="news__more" href={`/?${HOME_NEWS_PARAM}=${page + 1}#neuigkeiten`}>
              Ältere Neuigkeiten anzeigen
            </a>
          )}
          {hydrated && (hasHidden || status === "idle") ? (
            <button type="button" className="button button--secondary news__next" onClick={showMore}>
              Weitere Neuigkeiten
            </button>
          ) : null}
          {!hydrated && hasHidden ? (
            <a className="button button--secondary news__next news__reveal" href={`#${itemAnchor(items[NARROW_FIRST].id)}`}>
              Weitere Neuigkeiten
            </a>
          ) : null}
        </div>
      </div>
      {page > 1 && (
        <p className="news__newest">
          <a href="/#neuigkeiten">Zu den neuesten Neuigkeiten</a>
        </p>
      )}
    </HomeSection>
  );
}

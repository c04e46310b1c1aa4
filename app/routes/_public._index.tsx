import type { HydrationHandle } from "~/components/document/hydration";
import { styleLinks, type StylesHandle } from "~/components/document/inline-styles";
import { PAGE_STYLES } from "~/components/document/page-styles";
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Link, useLoaderData } from "@remix-run/react";
import { Island } from "~/components/document/island";
import { ChosenPairs, MAX_CHOSEN_PAIRS } from "~/components/home/chosen-pairs";
import { FeatureIcons } from "~/components/home/feature-icons";
import { Hero } from "~/components/home/hero";
import { LogoStrip } from "~/components/home/logo-strip";
import { NewsFeed } from "~/components/home/news-feed";
import { ServiceCards } from "~/components/home/service-cards";
import { Slideshow } from "~/components/home/slideshow";
import { Timeline } from "~/components/home/timeline";
import { HomeSection } from "~/components/home/home-section";
import { StepList, WORK_STEPS } from "~/components/pages/step-list";
import { PATHS } from "~/lib/site-areas";
import { TrustStrip } from "~/components/home/trust-strip";
import { usePageBusiness } from "~/components/shell/business";
import { pictureData } from "~/components/pages/reference-picture";
import { pageMeta } from "~/lib/seo";
import { formatNewsDate } from "~/lib/dates";
import { readTogether } from "~/server/db/client.server";
import { newsRead } from "~/server/entities/news.server";
import { homePicturesRead } from "~/server/entities/references.server";
import { NEWS_PAGE_SIZE } from "~/lib/limits";
import { pageNumber } from "~/lib/page-number";
import { HOME_NEWS_PARAM } from "~/lib/site-areas";

// An error in this page's loader shows inside the shell (navigation and footer stay).
export { GeneralErrorBoundary as ErrorBoundary } from "~/components/shell/error-boundary";

const SLIDE_COUNT = 8;

export const handle: StylesHandle & HydrationHandle = { styles: [PAGE_STYLES.home, PAGE_STYLES.compare], islands: true };
export const links = styleLinks(handle.styles);

export const meta: MetaFunction = ({ matches }) =>
  pageMeta(matches, (business) => ({ title: `Autosattlerei in ${business.city}`, description: business.description, path: "/" }));

export async function loader({ request, context }: LoaderFunctionArgs) {
  // `?neuigkeiten=<n>`: the news page rendered on the server, for visitors without JavaScript.
  const page = pageNumber(new URL(request.url).searchParams, HOME_NEWS_PARAM);
  const [{ slides, cover }, news] = await readTogether(context.db, [
    homePicturesRead(context.db, SLIDE_COUNT),
    // One item more than shown tells whether a further page exists.
    newsRead(context.db, { startAt: (page - 1) * NEWS_PAGE_SIZE, limit: NEWS_PAGE_SIZE + 1 }),
  ] as const);
  return {
    heroPicture: cover && pictureData(cover),
    slides: slides.map((item) => ({ id: item.id, description: item.description, ...pictureData(item) })),
    pairs: slides.flatMap(({ id, description, before, ...picture }) =>
      before ? [{ id, description, ...pictureData(picture), before: pictureData(before) }] : [],
    ).slice(0, MAX_CHOSEN_PAIRS),
    news: {
      page,
      hasMore: news.length > NEWS_PAGE_SIZE,
      items: news
        .slice(0, NEWS_PAGE_SIZE)
        .map(({ id, title, text, date }) => ({ id, title, text, date, dateText: formatNewsDate(date) })),
    },
  };
}

/**
 * SPEC §2's sections, in the order a visitor who wants a price needs them: the hero with the way
 * to the enquiry, who stands behind the work, the chosen projects with their before and after,
 * how a job goes, the promises in a line each, the service cards to open, the news; the logo
 * strip and the timeline last.
 */
export default function Home() {
  const { heroPicture, slides, pairs, news } = useLoaderData<typeof loader>();
  const business = usePageBusiness();
  const allReferences = (
    <p className="home-section__more">
      <Link to="/referenz" className="standalone-link">
        Alle Referenzen ansehen
      </Link>
    </p>
  );
  return (
    <div className="home">
      <Hero picture={heroPicture} words={business} />
      <TrustStrip business={business} />
      <div className="home-section">
        <h2 id="projekte-title" className="home-section__title">
          Neuste Projekte
        </h2>
        {/* The parts a visitor operates are islands; the browser loads the pairs' slider only where there are pairs. */}
        <Island name="slideshow" component={Slideshow} props={{ slides, labelledBy: "projekte-title" }} />
        {pairs.length > 1 ? <Island name="pairs" component={ChosenPairs} props={{ pairs }} /> : null}
        {pairs.length === 1 ? null : allReferences}
      </div>
      {/* A lone pair beside nothing would leave half the row empty: a section of its own, the way to all projects under it (issue 39). */}
      {pairs.length === 1 ? (
        <HomeSection headingId="vorher-nachher-title" title="Vorher und nachher">
          <Island name="pairs" component={ChosenPairs} props={{ pairs, labelledBy: "vorher-nachher-title" }} />
          {allReferences}
        </HomeSection>
      ) : null}
      <HomeSection headingId="ablauf-title" title="So arbeiten wir">
        <StepList steps={WORK_STEPS} />
        <p className="home-section__more">
          <Link to={PATHS.enquiry} className="button">
            Preis anfragen
          </Link>
        </p>
      </HomeSection>
      <FeatureIcons promises={business.promises} />
      <ServiceCards />
      <Island key={news.page} name="news" component={NewsFeed} props={{ page: news.page, items: news.items, hasMore: news.hasMore }} />
      <LogoStrip />
      <Timeline />
    </div>
  );
}

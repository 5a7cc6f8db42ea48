import { getTranslations } from "next-intl/server";

import { WhenNearViewport } from "@/components/map/lazy-maps";
import { cardView, topCardView, type CardView } from "@/features/catalog/card-view";
import { FilterBar } from "@/features/catalog/components/filter-bar";
import { ListLink, ListNavigation, ListPending, ListResults } from "@/features/catalog/components/list-navigation";
import { Pagination } from "@/features/catalog/components/pagination";
import { parseItemsQuery } from "@/features/catalog/items-query";
import { serializeItemsQuery } from "@/features/catalog/items-query-url";
import { VIEW_PARAM } from "@/features/catalog/list-view";
import { nearGroups } from "@/features/catalog/near-groups";
import { listServices, listTopServices } from "@/features/catalog/server/list";
import { Link } from "@/i18n/navigation";

import { ResultsLayout, ResultsMap, ViewSwitch } from "./results-view";
import { ServiceCard } from "./service-card";
import { TopCarousel } from "./top-carousel";

type SearchParams = Record<string, string | string[] | undefined>;

/** A group's heading over its cards (near a point: the masters, or tow trucks, who come, then the rest). */
const GROUP_HEADING = "mt-6 text-base font-semibold text-slate-800 first:mt-2 md:first:mt-6 lg:first:mt-0";

/** The services list, server-rendered from the URL; /stos and /mechanics fix the role filter. */
export async function ServicesPage({
  searchParams,
  fixedFilter,
  pathname,
}: {
  searchParams: SearchParams;
  fixedFilter?: "sto" | "mechanic";
  pathname: string;
}) {
  const t = await getTranslations("Services");
  const tv = await getTranslations();
  const tm = await getTranslations("Map");
  const parsed = parseItemsQuery(fixedFilter ? { ...searchParams, filter: fixedFilter } : searchParams);
  const title =
    fixedFilter === "sto" ? t("stationsTitle") : fixedFilter === "mechanic" ? t("mechanicsTitle") : t("title");

  if (!parsed.ok) {
    return (
      <section>
        <h1 className="text-2xl font-bold">{title}</h1>
        <div role="alert" className="mt-4 rounded-lg border border-red-300 bg-red-50 p-4 text-red-800">
          <p className="font-semibold">{t("loadError")}</p>
          <ul className="mt-1 list-disc pl-5">
            {Object.entries(parsed.issues).map(([field, key]) => (
              <li key={field}>{tv(key as Parameters<typeof tv>[0])}</li>
            ))}
          </ul>
          <Link href={pathname} className="mt-3 inline-block font-medium underline">
            {t("resetFilters")}
          </Link>
        </div>
      </section>
    );
  }

  const query = parsed.query;
  // The view (list or map) is how the results are shown, not a question: the top strip stays.
  const hasParams = Object.keys(searchParams).some((key) => key !== VIEW_PARAM && searchParams[key]);
  const now = new Date();
  const [{ items: found, pages, total }, top] = await Promise.all([
    listServices(query, now),
    hasParams || fixedFilter ? [] : listTopServices(undefined, now),
  ]);
  const items = found.map(cardView);
  // The instant the cards' opening status is computed for (the caller's, when the URL gives one).
  const renderedAt = query.userDateTime ? new Date(query.userDateTime).toISOString() : now.toISOString();
  // Near a point, the masters who come to it and the rest under their own headings.
  const groups = nearGroups(items, query);
  const cardList = (cards: CardView[]) => (
    <ul className={`mt-2 grid grid-cols-1 gap-2 md:grid-cols-2 md:gap-4 ${groups ? "md:mt-3" : "md:mt-6 lg:mt-0"}`}>
      {cards.map((service) => (
        <li key={service._id}>
          <ServiceCard service={service} renderedAt={renderedAt} priority={service === items[0]} />
        </li>
      ))}
    </ul>
  );

  return (
    <ListNavigation>
      <section aria-labelledby="services-title">
        <ListPending />
        <div className="flex flex-wrap items-end justify-between gap-x-3 gap-y-2">
          {/* On a phone the count beside the title: one line less above the results. */}
          <div className="flex flex-wrap items-baseline gap-x-2 md:block">
            <h1 id="services-title" className="text-xl font-bold md:text-2xl">
              {title}
            </h1>
            <p className="text-sm text-slate-600 md:mt-1" aria-live="polite">
              {query.keyword ? `${t("keyword", { keyword: query.keyword })} · ` : null}
              {t("results", { count: total })}
            </p>
            {/* "Open now" lists only what is known to be open: say what that leaves out. */}
            {query.open ? <p className="mt-1 basis-full text-sm text-slate-500">{tv("Osm.openNowNote")}</p> : null}
          </div>
          {hasParams ? (
            <ListLink
              href={pathname}
              className="rounded-lg border border-slate-300 bg-white px-4 py-2 text-sm font-medium hover:bg-slate-50"
            >
              {t("resetFilters")}
            </ListLink>
          ) : null}
        </div>

        <FilterBar
          pathname={pathname}
          query={query}
          fixedFilter={fixedFilter}
          pointErrors={{ latitude: tv("Validation.latitude"), longitude: tv("Validation.longitude") }}
          total={total}
          toolbar={<ViewSwitch />}
        />

        <ResultsLayout
          list={
            <>
              {/* The cards are h3s: without this (or the groups' headings) they would sit right under the h1. */}
              {groups ? null : <h2 className="sr-only">{t("resultsHeading")}</h2>}

              <ListResults>
                {groups ? (
                  <>
                    <h2 className={GROUP_HEADING}>{groups.mastersOnly ? t("groupComesToYou") : t("groupComeToYou")}</h2>
                    {cardList(groups.comesToYou)}
                    {groups.nearest.length ? (
                      <>
                        <h2 className={GROUP_HEADING}>{t("groupNearest")}</h2>
                        {cardList(groups.nearest)}
                      </>
                    ) : null}
                  </>
                ) : items.length ? (
                  cardList(items)
                ) : total > 0 ? (
                  // A page past the last one: the filters do match, this page number does not.
                  <div className="mt-6 rounded-xl border border-dashed border-slate-300 bg-white p-10 text-center">
                    <p className="font-semibold">{t("pageBeyond", { page: query.page, pages })}</p>
                    <ListLink
                      href={{
                        pathname,
                        query: Object.fromEntries(serializeItemsQuery({ ...query, page: 1 }).entries()),
                      }}
                      className="mt-3 inline-block font-medium text-brand-700 underline"
                    >
                      {t("firstPage")}
                    </ListLink>
                  </div>
                ) : (
                  <div className="mt-6 rounded-xl border border-dashed border-slate-300 bg-white p-10 text-center">
                    <p className="font-semibold">{t("empty")}</p>
                    <p className="mt-1 text-slate-600">{t("emptyHint")}</p>
                  </div>
                )}
                <Pagination
                  pathname={pathname}
                  query={fixedFilter ? { ...query, filter: undefined } : query}
                  pages={pages}
                />
              </ListResults>

              {/* After the results: on a phone the first screen is theirs. */}
              {top.length ? <TopCarousel slides={top.map(topCardView)} /> : null}
            </>
          }
          map={
            <section aria-labelledby="results-map">
              {/* On a phone the List/Map switch says what this is. */}
              <h2 id="results-map" className="mb-3 text-xl font-semibold max-lg:sr-only">
                {t("mapTitle")}
              </h2>
              <WhenNearViewport>
                <ResultsMap
                  label={tm("resultsMap")}
                  search={serializeItemsQuery(fixedFilter ? { ...query, filter: undefined } : query).toString()}
                  fixedFilter={fixedFilter}
                  near={query.near}
                />
              </WhenNearViewport>
            </section>
          }
        />
      </section>
    </ListNavigation>
  );
}

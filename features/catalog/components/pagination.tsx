import { Pager } from "@/components/ui/pager";
import { serializeItemsQuery, type ItemsQuery } from "@/features/catalog/items-query-url";

import { ListLink } from "./list-navigation";

/** The list's pages, with its filters kept in each page's address; the links go in the list's transition (list-navigation.tsx). */
export function Pagination({ pathname, query, pages }: { pathname: string; query: ItemsQuery; pages: number }) {
  return (
    <Pager
      page={query.page}
      pages={pages}
      link={ListLink}
      hrefFor={(page) => ({ pathname, query: Object.fromEntries(serializeItemsQuery({ ...query, page }).entries()) })}
    />
  );
}

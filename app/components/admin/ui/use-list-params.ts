import { useCallback } from "react";
import { useSearchParams } from "react-router";
import { pageParam } from "~/contracts/paging";

/**
 * The address's parameters as they are now. React Router hands a functional update the
 * parameters of the last render: a filter chosen right after a search reached the address, before
 * the list rendered again, would write the address without the search. The browser's own
 * address is never behind.
 */
export const paramsNow = (rendered: URLSearchParams) =>
  typeof window === "undefined" ? rendered : new URLSearchParams(window.location.search);

/**
 * A list's search, filters, sort and page, kept in the address (?q=&status=&sort=&page=), so a
 * reload, a shared link, Back and Forward all show the same list. Default values stay out of it.
 */
export function useListParams<Status extends string, Sort extends string>({
  statuses,
  sorts,
  defaultSort,
}: {
  statuses: readonly Status[];
  sorts: readonly Sort[];
  defaultSort: Sort;
}) {
  const [params, setParams] = useSearchParams();
  const rawStatus = params.get("status");
  const rawSort = params.get("sort");
  const status: Status | "all" = statuses.find((s) => s === rawStatus) ?? "all";
  const sort: Sort = sorts.find((s) => s === rawSort) ?? defaultSort;

  /**
   * Writes the changes (null, "", "all" or the default sort take the parameter out). Any change
   * but the page's goes back to page 1: page 7 of another search is meaningless. A new search,
   * filter or sort is a new entry in the history; `replace` is for typing, which would add one per
   * pause otherwise.
   */
  const update = useCallback(
    (changes: Record<string, string | null>, options: { replace?: boolean } = {}) =>
      setParams(
        (current) => {
          const next = paramsNow(current);
          for (const [key, value] of Object.entries(changes)) {
            const isDefault = !value || value === "all" || (key === "sort" && value === defaultSort);
            if (isDefault) next.delete(key);
            else next.set(key, value);
          }
          if (!("page" in changes)) next.delete("page");
          return next;
        },
        { replace: options.replace, preventScrollReset: true },
      ),
    [setParams, defaultSort],
  );

  /** The address of another page of the same list. */
  const pageHref = useCallback(
    (page: number) => {
      const next = new URLSearchParams(params);
      if (page > 1) next.set("page", String(page));
      else next.delete("page");
      const query = next.toString();
      return query ? `?${query}` : "?";
    },
    [params],
  );

  const q = params.get("q") ?? "";
  return { params, setParams, q, status, sort, page: pageParam(params.get("page")), update, pageHref };
}

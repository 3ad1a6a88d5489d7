import { useLocation, useSearchParams } from "react-router";
import { MEDIA_FILE_TYPES, MEDIA_SORTS, type MediaFileType, type MediaSort } from "~/contracts/media";
import { pageParam } from "~/contracts/paging";
import { paramsNow } from "../ui/use-list-params";

/**
 * The library's state lives in its address (/admin/media?search=…&file_type=…&project_id=…&sort=…
 * &view=list&page=3), under the API's own names: a page link keeps every filter, a reload or a
 * shared link shows the same files, and back/forward walk the owner's steps.
 */

/** Files a page: 2, 3, 4 and 5 columns (phone to wide screen) all end on a full row. */
export const MEDIA_PAGE_SIZE = 60;

export type LibraryView = "grid" | "list";
export interface LibraryState {
  search: string;
  fileType: MediaFileType | "";
  /** "" for all projects, NO_PROJECT, or a project's ID. */
  projectId: string;
  sort: MediaSort;
  view: LibraryView;
  page: number;
}
type Param = "search" | "file_type" | "project_id" | "sort" | "view" | "page";

const oneOf = <T extends string>(values: readonly T[], value: string | null): T | undefined =>
  values.find((v) => v === value);

export function readLibrary(params: URLSearchParams): LibraryState {
  return {
    search: params.get("search")?.trim() ?? "",
    fileType: oneOf(MEDIA_FILE_TYPES, params.get("file_type")) ?? "",
    projectId: params.get("project_id")?.trim() ?? "",
    sort: oneOf(MEDIA_SORTS, params.get("sort")) ?? "newest",
    view: params.get("view") === "list" ? "list" : "grid",
    page: pageParam(params.get("page")),
  };
}

/** What stays out of the address: the defaults. */
const DEFAULTS: Partial<Record<Param, string>> = { sort: "newest", view: "grid", page: "1" };

/**
 * The address with `changes`; a change of what is shown (search, filters, order) starts again at
 * page 1, a change of layout keeps the page.
 */
export function changedParams(params: URLSearchParams, changes: Partial<Record<Param, string | number>>) {
  const next = new URLSearchParams(params);
  const refilters = Object.keys(changes).some((key) => key !== "page" && key !== "view");
  if (refilters) next.delete("page");
  for (const [key, raw] of Object.entries(changes)) {
    const value = String(raw ?? "").trim();
    if (!value || DEFAULTS[key as Param] === value) next.delete(key);
    else next.set(key, value);
  }
  return next;
}

export function useLibraryParams() {
  const [params, setParams] = useSearchParams();
  const { pathname } = useLocation();
  const hrefWith = (changes: Partial<Record<Param, string | number>>) => {
    const query = changedParams(params, changes).toString();
    return `${pathname}${query ? `?${query}` : ""}`;
  };
  /** `replace` for the search box, so each pause in typing is no step of its own in the history. */
  const change = (changes: Partial<Record<Param, string | number>>, options: { replace?: boolean } = {}) =>
    setParams((current) => changedParams(paramsNow(current), changes), {
      preventScrollReset: true,
      replace: options.replace,
    });
  return { ...readLibrary(params), hrefFor: (page: number) => hrefWith({ page }), change };
}

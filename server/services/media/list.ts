import { and, asc, count, countDistinct, desc, eq, ilike, isNull, max, or, sql, type SQL } from "drizzle-orm";
import type { Database } from "../../db/client";
import { media, mediaSearchText, projects, type MediaFileType } from "../../db/schema/index";
import { NO_PROJECT, type MediaItem, type MediaProjectList, type MediaSort } from "~/contracts/media";
import { toMediaItem, type MediaView } from "./media";
import { containsPattern } from "../list-pages";
import {
  countsOf,
  listTotals,
  pageAndTotal,
  pageIds,
  termsOf,
  type OrderTerm,
  type PageRead,
  type PageWindow,
} from "../list-totals";

/**
 * The library's list, paged in SQL (docs/product/media.md "The library", "The calls"): thousands of
 * files are plausible (every client upload lands here), so the browser only ever holds one page.
 * The search reads media_search_text_trgm_idx, the counts by type media_file_type_created_idx, the
 * newest-first pages media_created_idx (server/db/schema/media.ts).
 */
export interface MediaListFilter {
  fileType?: MediaFileType;
  /** A project's ID, or NO_PROJECT for files of none. */
  projectId?: string;
  search?: string;
  sort?: MediaSort;
  limit: number;
  offset?: number;
}

/**
 * The id breaks ties, so a page boundary never repeats or skips a file. Name and size have no
 * index of their own: a top-N sort of a few thousand rows costs a few milliseconds.
 */
const ORDER: Record<MediaSort, OrderTerm[]> = {
  newest: termsOf({ key: media.createdAt, type: "timestamptz", dir: "desc" }, media.id),
  oldest: termsOf({ key: media.createdAt, type: "timestamptz", dir: "asc" }, media.id),
  name: termsOf({ key: sql`lower(${media.originalName})`, type: "text", dir: "asc" }, media.id),
  largest: termsOf({ key: media.fileSize, type: "integer", dir: "desc" }, media.id),
};

function whereOf(filter: Omit<MediaListFilter, "limit">): SQL | undefined {
  const where: SQL[] = [];
  if (filter.fileType) where.push(eq(media.fileType, filter.fileType));
  const project = filter.projectId?.trim();
  if (project === NO_PROJECT) where.push(isNull(media.projectId));
  else if (project) where.push(eq(media.projectId, project.toUpperCase()));
  const search = filter.search?.trim();
  if (search) {
    const like = containsPattern(search);
    where.push(ilike(mediaSearchText(media), like));
  }
  return where.length ? and(...where) : undefined;
}

/** The page's read, and the statements of its ids and of its count as listMedia runs them (the tests read their plans). */
export function mediaPageQueries(
  db: Database,
  filter: MediaListFilter,
  window: PageWindow = { reversed: false, limit: filter.limit, offset: filter.offset ?? 0 },
  few = false,
) {
  const where = whereOf(filter);
  const terms = ORDER[filter.sort ?? "newest"];
  // The page's ids first (list-totals.ts pageIds): whole rows are read for this page only.
  const read: PageRead<typeof media.$inferSelect> = {
    table: media,
    id: media.id,
    where,
    terms,
    rows: {
      key: `media:${filter.sort ?? "newest"}`,
      build: (onIds, order) =>
        db
          .select()
          .from(media)
          .where(onIds)
          .orderBy(...order),
    },
  };
  return {
    read,
    ids: pageIds(media, media.id, where, terms, window, few),
    count: db.select({ n: count() }).from(media).where(where),
  };
}

const mediaTotals = listTotals("media_changes");

export async function listMedia(
  db: Database,
  filter: MediaListFilter,
  view: MediaView = {},
): Promise<{ media: MediaItem[]; total: number }> {
  const { read } = mediaPageQueries(db, filter);
  // The total is kept while the library does not change (list-totals.ts).
  const { rows, total } = await pageAndTotal(
    db,
    {
      totals: mediaTotals,
      key: JSON.stringify([filter.fileType ?? "", filter.projectId?.trim() ?? "", filter.search?.trim() ?? ""]),
      ...countsOf(db, media, read.where, Boolean(filter.search?.trim())),
    },
    { limit: filter.limit, offset: filter.offset ?? 0 },
    read,
  );
  return { media: rows.map((row) => toMediaItem(row, view)), total };
}

/**
 * The projects that have files, the latest upload first, for the Project filter: a handful at a
 * time with a search over name and ID, so hundreds of projects never load at once.
 */
export async function listMediaProjects(
  db: Database,
  filter: { search?: string; limit: number },
): Promise<MediaProjectList> {
  const search = filter.search?.trim();
  const like = search ? containsPattern(search) : undefined;
  const where = like ? or(ilike(projects.name, like), ilike(projects.id, like)) : undefined;
  const lastUpload = max(media.createdAt);
  const [rows, [total]] = await Promise.all([
    db
      .select({ id: projects.id, name: projects.name, files: count() })
      .from(media)
      .innerJoin(projects, eq(projects.id, media.projectId))
      .where(where)
      .groupBy(projects.id)
      .orderBy(desc(lastUpload), asc(projects.id))
      .limit(filter.limit),
    db
      .select({ n: countDistinct(media.projectId) })
      .from(media)
      .innerJoin(projects, eq(projects.id, media.projectId))
      .where(where),
  ]);
  return { projects: rows, total: total?.n ?? 0 };
}

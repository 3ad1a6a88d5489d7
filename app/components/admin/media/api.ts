import { keepPreviousData, useQuery } from "@tanstack/react-query";
import type { QueryOf } from "~/contracts/endpoint";
import { mediaEndpoints } from "~/contracts/media";
import { projectsEndpoints } from "~/contracts/projects";
import { adminCall } from "~/lib/admin/call";
import { MEDIA_FILE_TYPES, type MediaFileType, type MediaItem, type MediaSort } from "~/contracts/media";

/** The media library's calls (docs/product/media.md "The calls"); the shapes are app/contracts/media.ts. */
export type { MediaFileType, MediaItem, MediaSort };

export interface ProjectOption {
  id: string;
  name: string;
}

/** The picked file handed to the managers (docs/product/media.md "The media picker"). */
export interface PickedMedia {
  id: number;
  url: string;
  filename: string;
  original_name: string;
}

export const mediaQueryKey = ["admin", "media"] as const;

/**
 * The view address prefers cloudinary_url, then r2_url (docs/product/media.md "Media item"): what
 * goes into content.
 */
export const viewUrl = (item: MediaItem) => item.cloudinary_url || item.r2_url || item.url;
/**
 * What the admin shows and opens: the view address, signed when the file is a
 * project's (an <img> or a new tab sends no bearer token). Never saved in content.
 */
export const previewUrl = (item: MediaItem) => item.cloudinary_url || item.r2_url || item.preview_url || item.url;
export const previewThumbnailUrl = (item: MediaItem) =>
  item.preview_thumbnail_url || item.thumbnail_url || previewUrl(item);
export const toPicked = (item: MediaItem): PickedMedia => ({
  id: item.id,
  url: viewUrl(item),
  filename: item.filename,
  original_name: item.original_name,
});

export const ACCEPT =
  "image/jpeg,image/png,image/webp,image/gif,image/avif,video/mp4,video/webm,video/quicktime,.pdf,.doc,.docx,.txt,.csv,.zip";

/** What GET /api/admin/media is asked (its query parameters, docs/product/media.md "The calls"). */
export interface MediaListFilter {
  search?: string;
  fileType?: string;
  /** A project's ID, or NO_PROJECT for the files of none. */
  projectId?: string;
  sort?: MediaSort;
  limit?: number;
  offset?: number;
}

/** The list's query: the defaults (newest first, offset 0) and empty values are left out of the address. */
export function mediaListQuery(filter: MediaListFilter): QueryOf<typeof mediaEndpoints.list> {
  return {
    search: filter.search?.trim() || undefined,
    file_type: MEDIA_FILE_TYPES.find((type) => type === filter.fileType),
    project_id: filter.projectId || undefined,
    sort: filter.sort && filter.sort !== "newest" ? filter.sort : undefined,
    limit: filter.limit || undefined,
    offset: filter.offset || undefined,
  };
}

/**
 * One page of files. Each filter is its own query: an answer that comes back after the owner
 * typed on is kept under its own key and never shown, so the last question's answer wins. The
 * previous page stays on screen (dimmed by the caller) while the next one loads.
 */
export function useMediaList(filter: MediaListFilter, enabled = true) {
  return useQuery({
    queryKey: [...mediaQueryKey, "list", filter],
    queryFn: ({ signal }) =>
      adminCall(mediaEndpoints.list, {
        query: mediaListQuery(filter),
        signal,
        fallbackError: "Failed to fetch media",
      }),
    placeholderData: keepPreviousData,
    enabled,
  });
}

/** The projects that have files, matching a search (the Project filter), a page at a time. */
export function useMediaProjects(search: string, enabled = true) {
  return useQuery({
    queryKey: [...mediaQueryKey, "projects", search.trim()],
    queryFn: ({ signal }) =>
      adminCall(mediaEndpoints.listProjects, {
        query: { limit: PROJECT_FILTER_LIMIT, search: search.trim() || undefined },
        signal,
        fallbackError: "Failed to fetch projects",
      }),
    placeholderData: keepPreviousData,
    staleTime: 30_000,
    enabled,
  });
}
/** How many projects the Project filter lists at once; typing finds the others. */
export const PROJECT_FILTER_LIMIT = 20;

/**
 * The upload and edit dialogs' project selects (GET /api/admin/projects/options): each project's
 * id and name. The projects list itself is paged; this answer is the names alone.
 */
export function useProjectOptions() {
  return useQuery({
    queryKey: ["admin", "projects", "options"],
    queryFn: async ({ signal }) => {
      const data = await adminCall(projectsEndpoints.options, { signal });
      return data.projects.map((p): ProjectOption => ({ id: p.id, name: p.name }));
    },
    staleTime: 60_000,
    retry: false,
  });
}

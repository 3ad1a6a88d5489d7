import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { z } from "~/lib/zod";
import { adminApi, ApiError } from "~/lib/admin/api-client";
import {
  MediaAnswerSchema,
  MediaListSchema,
  MediaProjectListSchema,
  type MediaFileType,
  type MediaItem,
  type MediaSort,
} from "~/lib/admin/media";
import { ProjectOptionListSchema } from "~/lib/admin/project-list";
import { clearToken, readToken, SIGNED_OUT_EVENT } from "~/lib/admin/session";

/** The media library's calls (back-office spec 7); the shapes are app/lib/admin/media.ts. */
export type { MediaFileType, MediaItem, MediaSort };

export interface ProjectOption {
  id: string;
  name: string;
}

/** The picked file handed to the managers (back-office spec 2 "Media picker"). */
export interface PickedMedia {
  id: number;
  url: string;
  filename: string;
  original_name: string;
}

export const mediaQueryKey = ["admin", "media"] as const;

/** The view address prefers cloudinary_url, then r2_url (back-office spec 3): what goes into content. */
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

/** What GET /api/admin/media is asked (its query parameters, back-office spec 7). */
export interface MediaListFilter {
  search?: string;
  fileType?: string;
  /** A project's ID, or NO_PROJECT for the files of none. */
  projectId?: string;
  sort?: MediaSort;
  limit?: number;
  offset?: number;
}

export function mediaListPath(filter: MediaListFilter) {
  const search = new URLSearchParams();
  if (filter.search?.trim()) search.set("search", filter.search.trim());
  if (filter.fileType) search.set("file_type", filter.fileType);
  if (filter.projectId) search.set("project_id", filter.projectId);
  if (filter.sort && filter.sort !== "newest") search.set("sort", filter.sort);
  if (filter.limit) search.set("limit", String(filter.limit));
  if (filter.offset) search.set("offset", String(filter.offset));
  const query = search.toString();
  return `/api/admin/media${query ? `?${query}` : ""}`;
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
      adminApi(mediaListPath(filter), {
        schema: MediaListSchema,
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
    queryFn: ({ signal }) => {
      const query = new URLSearchParams({ limit: String(PROJECT_FILTER_LIMIT) });
      if (search.trim()) query.set("search", search.trim());
      return adminApi(`/api/admin/media/projects?${query}`, {
        schema: MediaProjectListSchema,
        signal,
        fallbackError: "Failed to fetch projects",
      });
    },
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
      const data = await adminApi("/api/admin/projects/options", { schema: ProjectOptionListSchema, signal });
      return data.projects.map((p): ProjectOption => ({ id: p.id, name: p.name }));
    },
    staleTime: 60_000,
    retry: false,
  });
}

const ErrorAnswerSchema = z.object({ error: z.string() });
/** The server's `{ error }` message of a failed upload, if it sent one. */
const errorOf = (body: unknown) => ErrorAnswerSchema.safeParse(body).data?.error;

/** One file per call, with upload progress (0-1); rejects with the server's error or 'Upload failed'. */
export function uploadMediaFile(
  file: File,
  fields: { projectId: string; description: string },
  onProgress: (fraction: number) => void,
): Promise<MediaItem> {
  return new Promise((resolve, reject) => {
    const form = new FormData();
    form.set("file", file);
    if (fields.projectId) form.set("project_id", fields.projectId);
    if (fields.description.trim()) form.set("description", fields.description.trim());
    const xhr = new XMLHttpRequest();
    xhr.open("POST", "/api/admin/media/upload");
    const token = readToken();
    if (token) xhr.setRequestHeader("Authorization", `Bearer ${token}`);
    xhr.setRequestHeader("Accept", "application/json");
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(event.loaded / event.total);
    };
    xhr.onerror = () => reject(new ApiError(0, "Upload failed"));
    xhr.onload = () => {
      let body: unknown;
      try {
        body = JSON.parse(xhr.responseText);
      } catch {
        body = undefined;
      }
      if (xhr.status === 401) {
        clearToken();
        window.dispatchEvent(new Event(SIGNED_OUT_EVENT));
      }
      const stored = xhr.status >= 200 && xhr.status < 300 ? MediaAnswerSchema.safeParse(body) : undefined;
      if (stored?.success) {
        onProgress(1);
        resolve(stored.data.media);
      } else reject(new ApiError(xhr.status, errorOf(body) ?? "Upload failed"));
    };
    xhr.send(form);
  });
}

import { useQuery } from "@tanstack/react-query";
import { z } from "~/lib/zod";
import { adminApi, ApiError } from "~/lib/admin/api-client";
import { MediaAnswerSchema, MediaListSchema, type MediaFileType, type MediaItem } from "~/lib/admin/media";
import { ProjectListSchema } from "~/lib/admin/projects";
import { clearToken, readToken, SIGNED_OUT_EVENT } from "~/lib/admin/session";

/** The media library's calls (back-office spec 7); the shapes are app/lib/admin/media.ts. */
export type { MediaFileType, MediaItem };

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

export function mediaListPath(filter: { fileType?: string; projectId?: string; q?: string; limit?: number }) {
  const search = new URLSearchParams();
  if (filter.fileType) search.set("file_type", filter.fileType);
  if (filter.projectId) search.set("project_id", filter.projectId);
  if (filter.q?.trim()) search.set("q", filter.q.trim());
  if (filter.limit) search.set("limit", String(filter.limit));
  const query = search.toString();
  return `/api/admin/media${query ? `?${query}` : ""}`;
}

export function useMediaList(
  filter: { fileType?: string; projectId?: string; q?: string; limit?: number },
  enabled = true,
) {
  return useQuery({
    queryKey: [...mediaQueryKey, filter],
    queryFn: ({ signal }) =>
      adminApi(mediaListPath(filter), {
        schema: MediaListSchema,
        signal,
        fallbackError: "Failed to fetch media",
      }),
    enabled,
  });
}

/** The projects for the selects (GET /api/admin/projects): each project's id and name. */
export function useProjectOptions() {
  return useQuery({
    queryKey: ["admin", "projects", "options"],
    queryFn: async ({ signal }) => {
      const data = await adminApi("/api/admin/projects", { schema: ProjectListSchema, signal });
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

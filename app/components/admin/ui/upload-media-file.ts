import { mediaEndpoints, type MediaItem } from "~/contracts/media";
import { ApiError, formDataOf, urlOf } from "~/lib/api/call";
import { clearToken, readToken, SIGNED_OUT_EVENT } from "~/lib/admin/session";
import { TOO_MANY_REQUESTS, waitMessage } from "~/lib/api/wait";

/** The server's `{ error }` message of a failed upload, if it sent one. */
function errorOf(answer: unknown): string | undefined {
  const error = (answer as { error?: unknown } | null | undefined)?.error;
  return typeof error === "string" ? error : undefined;
}

/**
 * One file per call into the media library (the upload dialog, the owner's files in a project's
 * discussion), with upload progress (0-1); rejects with the server's error or 'Upload failed'.
 */
export function uploadMediaFile(
  file: File,
  fields: { projectId: string; description: string },
  onProgress: (fraction: number) => void,
): Promise<MediaItem> {
  return new Promise((resolve, reject) => {
    const form = formDataOf(mediaEndpoints.upload, {
      file,
      project_id: fields.projectId || undefined,
      description: fields.description.trim() || undefined,
    });
    // XMLHttpRequest rather than call(): it reports the upload's progress.
    const xhr = new XMLHttpRequest();
    xhr.open("POST", urlOf(mediaEndpoints.upload));
    const token = readToken();
    if (token) xhr.setRequestHeader("Authorization", `Bearer ${token}`);
    xhr.setRequestHeader("Accept", "application/json");
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(event.loaded / event.total);
    };
    xhr.onerror = () => reject(new ApiError(0, "Upload failed"));
    xhr.onload = () => {
      let answer: unknown;
      try {
        answer = JSON.parse(xhr.responseText);
      } catch {
        answer = undefined;
      }
      if (xhr.status === 401) {
        clearToken();
        window.dispatchEvent(new Event(SIGNED_OUT_EVENT));
      }
      const stored = xhr.status >= 200 && xhr.status < 300 ? mediaEndpoints.upload.answer.safeParse(answer) : undefined;
      if (stored?.success) {
        onProgress(1);
        resolve(stored.data.media);
      } else if (xhr.status === TOO_MANY_REQUESTS)
        reject(new ApiError(xhr.status, waitMessage(xhr.getResponseHeader("Retry-After"), errorOf(answer))));
      else reject(new ApiError(xhr.status, errorOf(answer) ?? "Upload failed"));
    };
    xhr.send(form);
  });
}

import { mediaEndpoints as endpoints } from "~/contracts/media";
import { adminErrors, errorResponses, notFound } from "../../lib/openapi";
import { routeOf } from "../../lib/route-of";
import { streamedUploadForm } from "../../lib/upload-form";
import { SERVED_MIME_TYPES } from "../../services/media/media";

/**
 * The media library API (docs/product/media.md "The calls"; the upload's answer is the "Media upload
 * response" of docs/product/client-portal.md "Project comment").
 */
export const MEDIA_UPLOAD_PATH = endpoints.upload.path;

/** The upload's form (the client portal's upload extends it). */
export { UploadForm } from "~/contracts/media";

const admin = { tags: ["Admin: media"] };

export const upload = routeOf(endpoints.upload, {
  ...admin,
  limit: "upload",
  summary: "Upload one file (images get a 400 px WebP thumbnail)",
  description:
    "The file is read as it arrives and refused with 413 once past 25 MB; two uploads at most run at once on a server.",
  answer: "Stored",
  middleware: streamedUploadForm,
  responses: {
    ...adminErrors,
    ...errorResponses([413, 415], { 413: "Larger than 25 MB", 415: "File type not allowed" }),
  },
});

/** The library's list and the picker's (limit=50): one page, in SQL, with how many match in all. */
export const list = routeOf(endpoints.list, {
  ...admin,
  summary: "Media, one page at a time, newest first unless sorted (filters search, file_type, project_id)",
  answer: "A page of media and the total",
  responses: adminErrors,
});

export const listProjects = routeOf(endpoints.listProjects, {
  ...admin,
  summary: "The projects that have files, latest upload first (the library's Project filter)",
  answer: "Projects with their file counts",
  responses: adminErrors,
});

export const update = routeOf(endpoints.update, {
  ...admin,
  summary: "Change the description and project",
  answer: "Saved",
  responses: { ...adminErrors, ...notFound },
});

export const remove = routeOf(endpoints.remove, {
  ...admin,
  summary: "Delete a file and its thumbnail",
  answer: "Deleted",
  responses: { ...adminErrors, ...notFound },
});

/** A stored file is served with its own content type: each allowed type's first MIME type. */
export const serve = routeOf(endpoints.serve, {
  tags: ["Media"],
  summary:
    "The file itself (thumb=1 for the thumbnail of an image). A project's file needs an admin token, a portal token of its project or a preview signature, else 404",
  answer: "The file, with its own content type (a thumbnail is image/webp)",
  answerTypes: SERVED_MIME_TYPES,
  responses: {
    304: { description: "Not modified: the If-None-Match ETag is still current" },
    ...errorResponses([404], { 404: "Unknown media, or a project's file without a token or signature" }),
  },
});

import type { Context } from "hono";
import type { AppEnv } from "../../lib/app-env";
import type { media } from "../../db/schema";
import { bearerToken } from "../../lib/bearer-token";
import { verifyPreview } from "../../services/media/preview";
import { canAccessProject, portalAccessOf } from "../../services/portal-access";
import { adminOf } from "../auth/require-admin";

/**
 * Who may read a media file, and how it may be cached (docs/decisions/012):
 *
 * - a file attached to a project is private: an admin token, a portal token
 *   of that project (decision 017), or a preview signature the API handed out
 *   in the last hour (an <img> cannot send a bearer header); `private,
 *   no-store`; anyone else gets 404;
 * - any other file is read by whoever has its unguessable key; it is publicly
 *   cacheable for a year only while published content shows it.
 */
type Row = typeof media.$inferSelect;

export const PRIVATE_CACHE = "private, no-store";
/** A file only its key's holders know: a browser may keep it but must ask again. */
export const UNLISTED_CACHE = "private, no-cache";
/** Published content's files: the key is random and its bytes never change. */
export const PUBLIC_CACHE = "public, max-age=31536000, immutable";

export function cacheControlFor(row: Pick<Row, "projectId">, published: boolean): string {
  if (row.projectId) return PRIVATE_CACHE;
  return published ? PUBLIC_CACHE : UNLISTED_CACHE;
}

/** Whether this request may read the file; false answers 404, so a key's existence is not confirmed. */
export async function canReadMedia(c: Context<AppEnv>, row: Pick<Row, "key" | "projectId">): Promise<boolean> {
  if (!row.projectId) return true;
  const { exp, sig } = c.req.query();
  if (exp && sig && (await verifyPreview(c.var.deps.db, row.key, exp, sig))) return true;
  if (await adminOf(c)) return true;
  // The client portal's token (decision 017): a portal session whose projects include the file's.
  const token = bearerToken(c.req.header("authorization"));
  const access = token ? await portalAccessOf(c.var.deps.db, token) : null;
  return !!access && (await canAccessProject(c.var.deps.db, access, row.projectId));
}

import { ApiError } from "~/lib/api/call";
import { slugify } from "~/contracts/post-content";

/** Rules the post and portfolio forms share (docs/product/posts-and-portfolio.md), kept pure for tests. */

/**
 * docs/product/posts-and-portfolio.md "Slug rule": the slug follows the title only while it is
 * empty or still equals the slug of the previous title; a hand-edited slug stays.
 */
export function nextSlug(slug: string, previousTitle: string, title: string): string {
  return slug === "" || slug === slugify(previousTitle) ? slugify(title) : slug;
}

/**
 * A comma-separated field as a list: trimmed, non-empty (tech stack,
 * docs/product/posts-and-portfolio.md "Portfolio project").
 */
export const splitList = (text: string) =>
  text
    .split(",")
    .map((s) => s.trim())
    .filter(Boolean);

/** Live and GitHub links: a full http(s) address, or a path on this site (the sample demos live under /demo-sites/). */
export const isLinkValue = (value: string) => {
  const v = value.trim();
  if (!v || (v.startsWith("/") && !v.startsWith("//"))) return true;
  try {
    const url = new URL(v);
    return url.protocol === "http:" || url.protocol === "https:";
  } catch {
    return false;
  }
};
export const LINK_ERROR = "Enter a full address starting with https:// (or a path on this site starting with /)";

/** Case-insensitive search over some fields of a row. */
export const matchesSearch = (query: string, fields: readonly (string | null | undefined)[]) => {
  const q = query.trim().toLowerCase();
  return !q || fields.some((f) => f?.toLowerCase().includes(q));
};

export interface SaveFailure {
  /** Messages under fields (a taken slug from the 409, the API's field checks). */
  fields: Record<string, string>;
  /** A message over the form, with what to do next. */
  message: string | null;
}

/**
 * What a failed save tells the owner (docs/product/posts-and-portfolio.md "Errors"; the old system
 * only logged these, docs/decisions/009-content-and-editor.md): a taken slug lands on Slug and
 * anything else is said above the buttons, while the form keeps every typed value.
 */
export function saveFailure(error: unknown, rename: Record<string, string> = {}): SaveFailure {
  if (error instanceof ApiError && error.status === 409) return { fields: { slug: error.message }, message: null };
  if (error instanceof ApiError && error.status === 400 && error.fields) {
    const fields: Record<string, string> = {};
    for (const [key, text] of Object.entries(error.fields)) fields[rename[key] ?? key] = text;
    return { fields, message: "Some fields need attention: see the messages below them." };
  }
  const reason = (error instanceof Error && error.message ? error.message : "The save did not go through").replace(
    /\.?$/,
    ".",
  );
  const next = /try again/i.test(reason) ? "" : " Try again in a moment.";
  return {
    fields: {},
    message: `${reason} Nothing you typed is lost: it stays in this form and as a draft in this browser.${next}`,
  };
}

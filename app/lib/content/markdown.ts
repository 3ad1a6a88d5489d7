import { Marked } from "marked";
import sanitizeHtml from "sanitize-html";

/**
 * The one markdown renderer (docs/product/architecture.md "Markdown"): the public post page and the
 * editor's preview both use it. Bodies are stored input, so the HTML marked produces passes an
 * allow-list: raw HTML in the source is escaped, scripts, event handlers and javascript: links
 * never survive.
 */
const marked = new Marked({ gfm: true, breaks: false, async: false });

// Raw HTML in the markdown is shown as text, not interpreted.
marked.use({
  renderer: {
    html({ text }) {
      return sanitizeHtml(text, { allowedTags: [], allowedAttributes: {}, disallowedTagsMode: "escape" });
    },
  },
});

const SANITIZE: sanitizeHtml.IOptions = {
  allowedTags: [
    "h1",
    "h2",
    "h3",
    "h4",
    "h5",
    "h6",
    "p",
    "br",
    "hr",
    "strong",
    "em",
    "del",
    "s",
    "code",
    "pre",
    "blockquote",
    "ul",
    "ol",
    "li",
    "a",
    "img",
    "table",
    "thead",
    "tbody",
    "tr",
    "th",
    "td",
    "input",
    "span",
  ],
  allowedAttributes: {
    a: ["href", "title", "rel", "target"],
    img: ["src", "alt", "title", "width", "height", "loading"],
    input: ["type", "checked", "disabled"],
    th: ["align"],
    td: ["align"],
    code: ["class"],
    ol: ["start"],
  },
  allowedSchemes: ["http", "https", "mailto", "tel"],
  allowedSchemesByTag: { img: ["http", "https"] },
  allowProtocolRelative: false,
  allowedClasses: { code: [/^language-[\w-]+$/] },
  transformTags: {
    a: (tag, attribs) => {
      const external = /^https?:\/\//i.test(attribs.href ?? "");
      return {
        tagName: "a",
        attribs: external ? { ...attribs, rel: "noopener noreferrer", target: "_blank" } : attribs,
      };
    },
    img: (tag, attribs) => ({ tagName: "img", attribs: { ...attribs, loading: "lazy" } }),
    // Task-list checkboxes only, and never editable.
    input: (tag, attribs) =>
      attribs.type === "checkbox"
        ? {
            tagName: "input",
            attribs: { type: "checkbox", disabled: "", ...(attribs.checked !== undefined ? { checked: "" } : {}) },
          }
        : { tagName: "span", attribs: {} },
  },
};

/**
 * A YAML front matter block at the very top (the editor's 'Front matter' command) holds
 * the author's notes, not content: without this it would show as a rule and a heading.
 * Only a block whose lines all read as YAML (key: value, list items, comments, indented
 * continuations) counts, so a post that opens with a real rule keeps it.
 */
const FRONT_MATTER = /^---[ \t]*\r?\n(?:([\s\S]*?)\r?\n)?---[ \t]*(?:\r?\n|$)/;
const YAML_LINE = /^(?:[ \t]*|[ \t]*#.*|[\w-]+[ \t]*:.*|[ \t]*-[ \t].*|[ \t]+\S.*)$/;

export function stripFrontMatter(source: string): string {
  const match = FRONT_MATTER.exec(source);
  if (!match || !(match[1] ?? "").split(/\r?\n/).every((line) => YAML_LINE.test(line))) return source;
  return source.slice(match[0].length);
}

export function renderMarkdown(source: string): string {
  const html = marked.parse(stripFrontMatter(source ?? "")) as string;
  return sanitizeHtml(html, SANITIZE);
}

/** Plain text of a markdown body, for excerpts, search and descriptions. */
export function markdownToText(source: string): string {
  return sanitizeHtml(renderMarkdown(source), { allowedTags: [], allowedAttributes: {} })
    .replace(/&amp;/g, "&")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/\s+/g, " ")
    .trim();
}

/**
 * Wide tables scroll sideways inside a focusable region instead of widening
 * the page on phones. The HTML is already sanitized; only fixed markup is added.
 */
export function wrapTables(html: string): string {
  return html
    .replace(/<table>/g, '<div data-table-scroll="" role="region" aria-label="Table" tabindex="0"><table>')
    .replace(/<\/table>/g, "</table></div>");
}

/** A post's body as the public page shows it; the editor's preview uses the same. */
export const renderPostBody = (source: string) => wrapTables(renderMarkdown(source));

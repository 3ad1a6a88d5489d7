import { parseHTML } from "linkedom";

/**
 * A page as the server sends it, parsed without a browser: what a visitor without JavaScript and
 * every crawler read. Tests of what a page says (headings, copy, links, forms, meta tags, JSON-LD)
 * read it here; the browser journeys keep what needs a browser (clicks, hydration, layout, axe).
 */
export interface ServedPage {
  status: number;
  /** The address after the app's redirects (the request's own when there were none). */
  location: string | null;
  html: string;
  document: Document;
  main: Element;
  /** The element's text, white space collapsed. */
  text(element: Element | null | undefined): string;
  /** Every application/ld+json block, parsed. */
  jsonLd: Record<string, unknown>[];
  /** The content of `<meta name=…>` or `<meta property=…>`. */
  meta(name: string): string | null | undefined;
  /** The canonical link's href. */
  canonical: string | null | undefined;
  title: string;
  /** The form control a `<label>` with this text names (by `for`, or the one it wraps). */
  byLabel(label: string | RegExp, within?: ParentNode): Element | undefined;
  /** A section named by its heading (aria-labelledby) or by aria-label. */
  region(name: string | RegExp, within?: ParentNode): Element | undefined;
  /** The links (`<a href>`) whose text matches, with their href. */
  links(name: string | RegExp, within?: ParentNode): Element[];
}

type Requester = { request(path: string): Response | Promise<Response> };

const collapse = (s: string | null | undefined) => (s ?? "").replace(/\s+/g, " ").trim();
const matches = (value: string, name: string | RegExp) =>
  typeof name === "string" ? value === name : name.test(value);

/** Fetches `path` from the app (Hono's `app.request`) and parses it. */
export async function servedPage(app: Requester, path: string): Promise<ServedPage> {
  const res = await app.request(path);
  return parseServed(res.status, res.headers.get("location"), await res.text());
}

export function parseServed(status: number, location: string | null, html: string): ServedPage {
  const { document } = parseHTML(html);
  // Attribute names are case-insensitive in HTML (a browser reads `autoComplete` as `autocomplete`);
  // linkedom keeps them as written.
  for (const element of document.querySelectorAll("*"))
    for (const { name, value } of [...element.attributes])
      if (name !== name.toLowerCase()) {
        element.removeAttribute(name);
        element.setAttribute(name.toLowerCase(), value);
      }
  const text = (element: Element | null | undefined) => collapse(element?.textContent);
  const jsonLd = [...document.querySelectorAll('script[type="application/ld+json"]')].map(
    (s) => JSON.parse(s.textContent ?? "") as Record<string, unknown>,
  );
  /** The label's accessible text: without what it hides from assistive technology (a required '*'). */
  const labelText = (label: Element) => {
    const copy = label.cloneNode(true) as Element;
    for (const hidden of copy.querySelectorAll('[aria-hidden="true"]')) hidden.remove();
    return text(copy);
  };
  const byLabel = (label: string | RegExp, within: ParentNode = document) => {
    const labels = [...within.querySelectorAll("label")];
    // As Playwright's getByLabel: the exact name first, then one that contains it (any case).
    const named =
      typeof label === "string"
        ? [
            ...labels.filter((element) => labelText(element) === label),
            ...labels.filter((element) => labelText(element).toLowerCase().includes(label.toLowerCase())),
          ]
        : labels.filter((element) => label.test(labelText(element)));
    for (const element of named) {
      const id = element.getAttribute("for");
      const control = id ? document.getElementById(id) : element.querySelector("input, textarea, select");
      if (control) return control;
    }
    return undefined;
  };
  const region = (name: string | RegExp, within: ParentNode = document) =>
    [...within.querySelectorAll("section, [role=region], aside, [role=complementary], nav")].find((element) => {
      const label = element.getAttribute("aria-label");
      if (label !== null) return matches(label, name);
      const by = element.getAttribute("aria-labelledby");
      return by !== null && matches(text(document.getElementById(by)), name);
    });
  const links = (name: string | RegExp, within: ParentNode = document) =>
    [...within.querySelectorAll("a[href]")].filter((a) => matches(text(a), name));
  const meta = (name: string) =>
    document.querySelector(`meta[name="${name}"], meta[property="${name}"]`)?.getAttribute("content");
  return {
    status,
    location,
    html,
    document,
    main: document.querySelector("main") ?? document.body,
    text,
    jsonLd,
    meta,
    canonical: document.querySelector('link[rel="canonical"]')?.getAttribute("href"),
    title: text(document.querySelector("title")),
    byLabel,
    region,
    links,
  };
}

import { describe, expect, it } from "vitest";
import { markdownToText, renderMarkdown } from "./markdown";

describe("renderMarkdown", () => {
  it("renders what the editor produces", () => {
    const html = renderMarkdown(
      [
        "# Title",
        "## Sub",
        "### Third",
        "**bold** and *italic* and `code` and [a link](https://example.com) and [local](/pricing)",
        "",
        "- one",
        "- two",
        "",
        "1. first",
        "",
        "- [x] done",
        "- [ ] todo",
        "",
        "> quoted",
        "",
        "```js",
        "const a = 1;",
        "```",
        "",
        "| a | b |",
        "|---|:-:|",
        "| 1 | 2 |",
        "",
        "![alt text](https://example.com/x.png)",
        "",
        "---",
      ].join("\n"),
    );
    for (const piece of [
      "<h1>Title</h1>",
      "<h2>Sub</h2>",
      "<h3>Third</h3>",
      "<strong>bold</strong>",
      "<em>italic</em>",
      "<code>code</code>",
      '<a href="https://example.com" rel="noopener noreferrer" target="_blank">a link</a>',
      '<a href="/pricing">local</a>',
      "<ul>",
      "<ol>",
      '<input type="checkbox" disabled checked />',
      "<blockquote>",
      '<code class="language-js">',
      "<table>",
      '<img src="https://example.com/x.png" alt="alt text" loading="lazy" />',
      "<hr />",
    ])
      expect(html).toContain(piece);
  });

  it("makes scripts, handlers and javascript: links harmless", () => {
    const html = renderMarkdown(
      [
        "<script>alert(1)</script>",
        '<img src=x onerror="alert(2)">',
        "[click](javascript:alert(3))",
        "![x](javascript:alert(4))",
        '<a href="javascript:alert(5)">x</a>',
        "<iframe src=//evil></iframe>",
        "[data](data:text/html;base64,PHNjcmlwdD4=)",
      ].join("\n\n"),
    );
    expect(html).not.toMatch(/<script/i);
    expect(html).not.toMatch(/<img[^>]*onerror/i);
    expect(html).not.toMatch(/href="javascript:/i);
    expect(html).not.toMatch(/src="javascript:/i);
    expect(html).not.toMatch(/<iframe/i);
    expect(html).not.toMatch(/href="data:/i);
    // Raw HTML shows as text.
    expect(html).toContain("&lt;script&gt;");
  });

  it("gives plain text for excerpts and search", () => {
    expect(markdownToText("# Hello\n\nSome **bold** text & more")).toBe("Hello Some bold text & more");
  });
});

describe("front matter and the read-more break (the editor's commands)", () => {
  it("drops a YAML block at the top and the <!-- more --> marker", () => {
    const source =
      "---\ntitle: Spring checklist\ndate: 2026-03-07\ntags: [tips]\n---\n\nIntro.\n\n<!-- more -->\n\nRest.";
    expect(renderMarkdown(source)).toBe("<p>Intro.</p>\n<p>Rest.</p>\n");
    expect(markdownToText(source)).toBe("Intro. Rest.");
  });

  it("keeps a post that opens with a rule and a heading", () => {
    expect(renderMarkdown("---\nSome text\n---\n")).toBe("<hr />\n<h2>Some text</h2>\n");
  });
});

import { describe, expect, it } from "vitest";
import { COMMANDS } from "./commands";
import * as edits from "./text-edits";
import type { TextEdit, TextSelection } from "./text-edits";

/**
 * Documents are written with `«` and `»` marking the selection (or one `|` for a cursor),
 * and so are the answers: the text after the edit with its new selection marked.
 */
function sel(marked: string): TextSelection {
  if (marked.includes("|")) {
    const at = marked.indexOf("|");
    return { doc: marked.replace("|", ""), from: at, to: at };
  }
  const from = marked.indexOf("«");
  const to = marked.indexOf("»") - 1;
  return { doc: marked.replace("«", "").replace("»", ""), from, to };
}

function show(doc: string, edit: TextEdit): string {
  const out = edits.applyChanges(doc, edit.changes);
  const from = Math.min(edit.selection.anchor, edit.selection.head);
  const to = Math.max(edit.selection.anchor, edit.selection.head);
  if (from === to) return out.slice(0, from) + "|" + out.slice(from);
  return out.slice(0, from) + "«" + out.slice(from, to) + "»" + out.slice(to);
}

function run(marked: string, fn: (s: TextSelection) => TextEdit): string {
  const s = sel(marked);
  return show(s.doc, fn(s));
}

const NOW = new Date(2026, 2, 7, 15, 42);

describe("mapPos", () => {
  const changes = [
    { from: 2, to: 2, insert: "ab" },
    { from: 5, to: 7, insert: "" },
  ];
  it("moves positions past insertions by their association and pulls deleted ones to the start", () => {
    expect(edits.mapPos(1, changes)).toBe(1);
    expect(edits.mapPos(2, changes, -1)).toBe(2);
    expect(edits.mapPos(2, changes, 1)).toBe(4);
    expect(edits.mapPos(6, changes)).toBe(7);
    expect(edits.mapPos(7, changes)).toBe(7);
    expect(edits.mapPos(9, changes)).toBe(9);
  });
});

describe("inline marks", () => {
  it("wraps the selection and keeps it on the text", () => {
    expect(run("say «hello» now", edits.toggleBold)).toBe("say **«hello»** now");
    expect(run("say «hello» now", edits.toggleItalic)).toBe("say *«hello»* now");
    expect(run("run «npm test» now", edits.toggleInlineCode)).toBe("run `«npm test»` now");
  });

  it("inserts a selected placeholder on an empty selection", () => {
    expect(run("a | b", edits.toggleBold)).toBe("a **«bold text»** b");
    expect(run("|", edits.toggleItalic)).toBe("*«italic text»*");
    expect(run("x|", edits.toggleInlineCode)).toBe("x`«code»`");
  });

  it("unwraps when run again, whether the markers are selected or around the selection", () => {
    expect(run("say **«hello»** now", edits.toggleBold)).toBe("say «hello» now");
    expect(run("say «**hello**» now", edits.toggleBold)).toBe("say «hello» now");
    expect(run("say *«hello»* now", edits.toggleItalic)).toBe("say «hello» now");
    expect(run("a `«x»` b", edits.toggleInlineCode)).toBe("a «x» b");
  });

  it("tells bold and italic apart", () => {
    expect(run("**«hello»**", edits.toggleItalic)).toBe("***«hello»***");
    expect(run("***«hello»***", edits.toggleItalic)).toBe("**«hello»**");
    expect(run("***«hello»***", edits.toggleBold)).toBe("*«hello»*");
    expect(run("*«hello»*", edits.toggleBold)).toBe("***«hello»***");
  });

  it("leaves surrounding spaces outside the markers", () => {
    expect(run("a« word »b", edits.toggleBold)).toBe("a **«word»** b");
  });

  it("marks each line of a multi-line selection and skips blank lines", () => {
    expect(run("«one\n\ntwo»", edits.toggleBold)).toBe("**«one**\n\n**two»**");
    expect(run("**«one**\n\n**two»**", edits.toggleBold)).toBe("«one\n\ntwo»");
  });

  it("marks only the lines not marked yet when some are", () => {
    expect(run("«**one**\ntwo»", edits.toggleBold)).toBe("«**one**\n**two»**");
  });

  it("does nothing to a selection of only spaces", () => {
    expect(run("a«   »b", edits.toggleBold)).toBe("a«   »b");
  });
});

describe("headings", () => {
  it("adds, changes and removes the level on the cursor's line", () => {
    expect(run("Hel|lo", (s) => edits.toggleHeading(s, 2))).toBe("## Hel|lo");
    expect(run("# Hel|lo", (s) => edits.toggleHeading(s, 3))).toBe("### Hel|lo");
    expect(run("## Hel|lo", (s) => edits.toggleHeading(s, 2))).toBe("Hel|lo");
    expect(run("|Hello", (s) => edits.toggleHeading(s, 1))).toBe("# |Hello");
  });

  it("inserts a selected placeholder on an empty line", () => {
    expect(run("text\n|", (s) => edits.toggleHeading(s, 1))).toBe("text\n# «Heading 1»");
  });

  it("toggles every selected line, blank lines left alone", () => {
    expect(run("«one\n\ntwo»", (s) => edits.toggleHeading(s, 2))).toBe("«## one\n\n## two»");
    expect(run("«## one\n## two»", (s) => edits.toggleHeading(s, 2))).toBe("«one\ntwo»");
    expect(run("«## one\ntwo»", (s) => edits.toggleHeading(s, 2))).toBe("«## one\n## two»");
  });

  it("leaves out a line the selection only touches at its start", () => {
    expect(run("«one\n»two", (s) => edits.toggleHeading(s, 1))).toBe("«# one\n»two");
  });
});

describe("lists", () => {
  it("prefixes every selected line and removes the prefix when all have it", () => {
    expect(run("«a\nb»", (s) => edits.toggleList(s, "bullet"))).toBe("«- a\n- b»");
    expect(run("«- a\n- b»", (s) => edits.toggleList(s, "bullet"))).toBe("«a\nb»");
    expect(run("«a\nb\nc»", (s) => edits.toggleList(s, "ordered"))).toBe("«1. a\n2. b\n3. c»");
    expect(run("«1. a\n2. b»", (s) => edits.toggleList(s, "ordered"))).toBe("«a\nb»");
    expect(run("«a\nb»", (s) => edits.toggleList(s, "task"))).toBe("«- [ ] a\n- [ ] b»");
    expect(run("«- [x] a\n- [ ] b»", (s) => edits.toggleList(s, "task"))).toBe("«a\nb»");
  });

  it("switches one kind of list to another and keeps the indent", () => {
    expect(run("«- a\n  - b»", (s) => edits.toggleList(s, "ordered"))).toBe("«1. a\n  2. b»");
    expect(run("«- [ ] a\n* b»", (s) => edits.toggleList(s, "bullet"))).toBe("«- a\n- b»");
  });

  it("inserts a prefix and a selected placeholder on an empty line", () => {
    expect(run("|", (s) => edits.toggleList(s, "bullet"))).toBe("- «List item»");
    expect(run("|", (s) => edits.toggleList(s, "ordered"))).toBe("1. «List item»");
    expect(run("|", (s) => edits.toggleList(s, "task"))).toBe("- [ ] «Task»");
  });

  it("moves a cursor along with its text", () => {
    expect(run("ite|m", (s) => edits.toggleList(s, "bullet"))).toBe("- ite|m");
  });
});

describe("blockquote", () => {
  it("quotes every line, blank ones with a bare '>', and unquotes them again", () => {
    expect(run("«a\n\nb»", edits.toggleQuote)).toBe("«> a\n>\n> b»");
    expect(run("«> a\n>\n> b»", edits.toggleQuote)).toBe("«a\n\nb»");
  });

  it("inserts a placeholder on an empty line", () => {
    expect(run("|", edits.toggleQuote)).toBe("> «Quote»");
  });
});

describe("code block", () => {
  it("fences the selected lines and removes the fences again", () => {
    expect(run("«a\nb»", edits.toggleCodeBlock)).toBe("```\n«a\nb»\n```");
    expect(run("```\n«a\nb»\n```", edits.toggleCodeBlock)).toBe("«a\nb»");
    expect(run("«```\na\n```»", edits.toggleCodeBlock)).toBe("«a»");
  });

  it("fences the cursor's line, or inserts a placeholder on an empty line", () => {
    expect(run("x\nco|de\ny", edits.toggleCodeBlock)).toBe("x\n```\n«code»\n```\ny");
    expect(run("|", edits.toggleCodeBlock)).toBe("```\n«code»\n```");
  });

  it("does not take the fences of two neighbouring blocks for one", () => {
    const doc = "```\na\n```\n«mid»\n```\nb\n```";
    expect(run(doc, edits.toggleCodeBlock)).toBe("```\na\n```\n```\n«mid»\n```\n```\nb\n```");
  });
});

describe("blocks", () => {
  it("inserts a 3x2 table on its own lines with the first header selected", () => {
    const out = run("Intro|", edits.insertTable);
    expect(out).toBe(
      "Intro\n\n| «Header 1» | Header 2 | Header 3 |\n| -------- | -------- | -------- |\n| Cell     | Cell     | Cell     |\n| Cell     | Cell     | Cell     |\n",
    );
  });

  it("puts a block after the cursor's line, never splitting it", () => {
    expect(run("ab|cd\nnext", edits.insertRule)).toBe("abcd\n\n---\n\n|next");
  });

  it("uses a blank line as it is", () => {
    expect(run("a\n\n|\n\nb", edits.insertRule)).toBe("a\n\n---\n\n|b");
    expect(run("|", edits.insertRule)).toBe("---\n|");
  });

  it("inserts the read-more break as an HTML comment the renderer drops", () => {
    expect(run("First paragraph.|", edits.insertReadMore)).toBe("First paragraph.\n\n<!-- more -->\n|");
  });

  it("keeps a selection's text when inserting after it", () => {
    expect(run("«keep»", edits.insertTable).startsWith("keep\n\n| «Header 1»")).toBe(true);
  });
});

describe("front matter", () => {
  it("inserts a YAML block at the top with the title selected", () => {
    expect(run("# Post|", (s) => edits.insertFrontMatter(s, NOW))).toBe(
      "---\ntitle: «Post title»\ndate: 2026-03-07\ntags: []\n---\n\n# Post",
    );
    expect(run("|", (s) => edits.insertFrontMatter(s, NOW))).toBe(
      "---\ntitle: «Post title»\ndate: 2026-03-07\ntags: []\n---\n",
    );
  });

  it("does not add a second block", () => {
    expect(run("---\ntitle: A\n---\n\nBody|", (s) => edits.insertFrontMatter(s, NOW))).toBe(
      "---\n|title: A\n---\n\nBody",
    );
  });
});

describe("date and time", () => {
  it("replaces the selection with today's date or the time, en-US", () => {
    expect(run("On | we", (s) => edits.insertDate(s, NOW))).toBe("On March 7, 2026| we");
    expect(run("At «x»", (s) => edits.insertTime(s, NOW))).toBe("At 3:42 PM|");
  });
});

describe("link and image", () => {
  it("links the selected text", () => {
    expect(run("see «the docs» now", (s) => edits.insertLink(s, "https://example.com"))).toBe(
      "see [the docs](https://example.com)| now",
    );
  });

  it("selects a placeholder text without a selection", () => {
    expect(run("|", (s) => edits.insertLink(s, "/pricing"))).toBe("[«link text»](/pricing)");
  });

  it("puts an address with spaces in angle brackets", () => {
    expect(run("«a»", (s) => edits.insertLink(s, "/my file.pdf"))).toBe("[a](</my file.pdf>)|");
  });

  it("inserts an image with the picked alt text, the selection, or a selected placeholder", () => {
    expect(run("|", (s) => edits.insertImage(s, "/api/media/3", "Storefront"))).toBe("![Storefront](/api/media/3)|");
    expect(run("«Shop»", (s) => edits.insertImage(s, "https://x.test/a.png"))).toBe("![Shop](https://x.test/a.png)|");
    expect(run("|", (s) => edits.insertImage(s, "/a.png", ""))).toBe("![«image description»](/a.png)");
  });

  it("offers a selected address as the link's URL", () => {
    expect(edits.selectedUrl(sel("«https://example.com»"))).toBe("https://example.com");
    expect(edits.selectedUrl(sel("«some words»"))).toBe("");
  });
});

describe("the command list", () => {
  it("has every command of docs/product/posts-and-portfolio.md 'Commands', with an edit or an address to ask for", () => {
    expect(COMMANDS.map((c) => c.label)).toEqual([
      "Bold",
      "Italic",
      "Blockquote",
      "Heading 1",
      "Heading 2",
      "Heading 3",
      "Bullet list",
      "Numbered list",
      "Task list",
      "Link",
      "Image",
      "Table",
      "Insert current date",
      "Insert current time",
      "Inline code",
      "Code block",
      "Horizontal rule",
      "Front matter",
      "Read-more break",
    ]);
    for (const c of COMMANDS) expect(Boolean(c.run) !== Boolean(c.needsUrl), c.id).toBe(true);
  });

  it("runs every edit on an empty document and on a selection without throwing", () => {
    for (const c of COMMANDS.filter((command) => command.run)) {
      expect(edits.applyChanges("", c.run!(sel("|"), NOW).changes).length, c.id).toBeGreaterThan(0);
      const edit = c.run!(sel("one «two\nthree» four"), NOW);
      expect(edit.selection.anchor).toBeGreaterThanOrEqual(0);
    }
  });
});

/**
 * The Help guide's tabs (docs/product/posts-and-portfolio.md "Help guide"): each example's source
 * is rendered by the public renderer in the guide, so what it shows is what the page shows.
 */
export interface HelpExample {
  name: string;
  markdown: string;
  note?: string;
}
export interface HelpTab {
  title: string;
  intro: string;
  examples: HelpExample[];
}

export const HELP_TABS: readonly HelpTab[] = [
  {
    title: "Basic Formatting",
    intro: "Wrap words in symbols to style them. Leave a blank line between paragraphs.",
    examples: [
      { name: "Bold", markdown: "Our **free consultation** takes 30 minutes.", note: "Ctrl/Cmd+B" },
      { name: "Italic", markdown: "Websites for *small* businesses.", note: "Ctrl/Cmd+I" },
      { name: "Bold and italic", markdown: "This is ***really*** important." },
      { name: "Strikethrough", markdown: "Was ~~$1,500~~, now $1,200." },
      { name: "Paragraphs", markdown: "First paragraph.\n\nSecond paragraph after a blank line." },
      { name: "Line break", markdown: "123 Main Street\\\nProvidence, RI", note: "End the line with a backslash" },
    ],
  },
  {
    title: "Structure & Headers",
    intro: "Start a line with # signs for headings: one for the biggest, three for a small one.",
    examples: [
      { name: "Heading 1", markdown: "# Website Checklist" },
      { name: "Heading 2", markdown: "## Before You Launch" },
      { name: "Heading 3", markdown: "### Domain and Hosting" },
      {
        name: "Horizontal rule",
        markdown: "Above the line\n\n---\n\nBelow the line",
        note: "Keep a blank line above it",
      },
      {
        name: "Read-more break",
        markdown: "The opening paragraph.\n\n<!-- more -->\n\nThe rest of the post.",
        note: "Marks where the introduction ends; it never shows on the page",
      },
      {
        name: "Front matter",
        markdown: "---\ntitle: Website Checklist\ndate: 2026-03-07\ntags: [tips]\n---\n\nThe post starts here.",
        note: "Notes for yourself at the very top; they never show on the page",
      },
    ],
  },
  {
    title: "Lists",
    intro: "Start each line with a dash, a number or a checkbox. Indent by two spaces to nest.",
    examples: [
      { name: "Bullet list", markdown: "- Design\n- Development\n- Hosting" },
      { name: "Numbered list", markdown: "1. Pick a domain\n2. Choose a plan\n3. Launch" },
      { name: "Nested list", markdown: "- Pages\n  - Home\n  - Contact" },
      { name: "Task list", markdown: "- [x] Logo\n- [ ] Photos" },
    ],
  },
  {
    title: "Links & Images",
    intro: "Links take text in brackets and the address in parentheses; images add an ! in front.",
    examples: [
      { name: "Link", markdown: "See [my pricing](/pricing).", note: "Ctrl/Cmd+K" },
      { name: "Link to another site", markdown: "Read the [web.dev guide](https://web.dev)." },
      { name: "Bare address", markdown: "<https://example.com>" },
      {
        name: "Image",
        markdown: "![Sample project screenshot](/images/project-placeholder.svg)",
        note: "The text in brackets describes the image for screen readers and search engines",
      },
    ],
  },
  {
    title: "Code & Quotes",
    intro: "Backticks keep text exactly as typed; a > starts a quote.",
    examples: [
      { name: "Inline code", markdown: "Add `www` in front of the domain." },
      { name: "Code block", markdown: "```html\n<h1>Hello</h1>\n```", note: "Name the language after the fence" },
      { name: "Blockquote", markdown: "> Tyler built our site in two weeks.\n> — Happy client" },
      { name: "Raw HTML", markdown: "<b>not bold</b>", note: "HTML in a post shows as text: use Markdown instead" },
    ],
  },
  {
    title: "Tables",
    intro: "Separate cells with pipes; the line of dashes divides the header from the rows.",
    examples: [
      { name: "Table", markdown: "| Plan | Pages |\n| ---- | ----- |\n| Starter | 5 |\n| Growth | 10 |" },
      {
        name: "Aligned columns",
        markdown: "| Left | Center | Right |\n| :--- | :----: | ----: |\n| a | b | $1,200 |",
        note: "Colons in the dashes line align a column",
      },
      { name: "Formatting in cells", markdown: "| Item | Included |\n| --- | --- |\n| **SSL** | Yes |" },
    ],
  },
];

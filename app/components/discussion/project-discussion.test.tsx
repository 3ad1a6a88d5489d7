import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { site } from "~/config/site";
import type { ProjectComment } from "~/contracts/project-comments";
import { DiscussionPanel } from "~/components/admin/projects/discussion-panel";
import { ProjectChat } from "~/components/portal/project-chat";
import { CommentList } from "./comment-list";

const KEY = "k7Qm2xZ4b9Rt1LwP0aYc3D";
const comments: ProjectComment[] = [
  {
    id: 1,
    project_id: "WBT-2026-7KQ4MZ",
    author_name: "Tyler Brennan",
    author_email: null,
    author_type: "admin",
    content: "The first design is ready.\nHave a look <b>",
    attachments: [
      {
        id: 7,
        key: KEY,
        filename: "a.png",
        original_name: "Home page.png",
        file_type: "image",
        file_size: 184_320,
        url: `/api/media/${KEY}?exp=1&sig=x`,
        thumbnail_url: `/api/media/${KEY}?thumb=1&exp=1&sig=x`,
      },
    ],
    created_at: "2026-11-23T10:00:00.000Z",
  },
  {
    id: 2,
    project_id: "WBT-2026-7KQ4MZ",
    author_name: "Maria Santos",
    author_email: "maria@example.com",
    author_type: "client",
    content: "",
    attachments: [
      {
        id: 8,
        key: "z".repeat(22),
        filename: "b.pdf",
        original_name: "Menu.pdf",
        file_type: "document",
        file_size: 2048,
        url: "/api/media/zzzz?exp=1&sig=y",
        thumbnail_url: null,
      },
    ],
    created_at: "2026-11-23T10:05:00.000Z",
  },
];

describe("CommentList", () => {
  it("labels each author, shows the viewer's own on the right and links every file", () => {
    const html = renderToStaticMarkup(<CommentList comments={comments} viewer="client" state="ready" />);
    expect(html).toContain('role="log"');
    expect(html).toContain('aria-live="polite"');
    expect(html).toContain("Tyler Brennan");
    expect(html).toContain(site.brand);
    expect(html).toContain("Maria Santos");
    expect(html).toContain(">Client<");
    // Text is text, never markup.
    expect(html).toContain("Have a look &lt;b&gt;");
    // The image shows its thumbnail and opens the file; the PDF is a named link with its size.
    expect(html).toContain(`src="/api/media/${KEY}?thumb=1&amp;exp=1&amp;sig=x"`);
    expect(html).toContain('alt="Home page.png"');
    expect(html).toContain('href="/api/media/zzzz?exp=1&amp;sig=y"');
    expect(html).toContain("Menu.pdf");
    expect(html).toContain("2 KB");
    expect(html).toContain('rel="noopener noreferrer"');
    const client = html.indexOf('data-author="client"');
    expect(html.slice(client - 40, client)).toContain("justify-end");
  });

  it("puts the owner's messages on the right in the owner's panel", () => {
    const html = renderToStaticMarkup(<CommentList comments={comments} viewer="admin" state="ready" />);
    const admin = html.indexOf('data-author="admin"');
    expect(html.slice(admin - 40, admin)).toContain("justify-end");
  });

  it("says when it is loading, empty or failed", () => {
    expect(renderToStaticMarkup(<CommentList comments={[]} viewer="client" state="loading" />)).toContain(
      "Loading messages...",
    );
    expect(renderToStaticMarkup(<CommentList comments={[]} viewer="client" state="ready" />)).toContain(
      "No messages yet",
    );
    expect(
      renderToStaticMarkup(<CommentList comments={[]} viewer="client" state="error" onRetry={() => {}} />),
    ).toContain("Try again");
  });
});

describe("the two views", () => {
  it("start with an empty box whose Send is disabled, a labelled textarea and a file picker", () => {
    for (const html of [
      renderToStaticMarkup(<ProjectChat projectId="WBT-2026-7KQ4MZ" portalToken="t" />),
      renderToStaticMarkup(<DiscussionPanel projectId="WBT-2026-7KQ4MZ" />),
    ]) {
      expect(html).toMatch(/<button type="submit" aria-disabled="true"[^>]*>.*Send<\/button>/);
      expect(html).toMatch(/<label for="([^"]+)-message"[^>]*>Message<\/label><textarea id="\1-message"/);
      expect(html).toContain('enterKeyHint="send"');
      expect(html).toContain('type="file"');
      expect(html).toContain('accept=".jpg,.jpeg,.png');
      expect(html).toContain("Attach files");
    }
  });
});

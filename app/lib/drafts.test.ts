import { describe, expect, it } from "vitest";
import {
  draftKey,
  draftTitle,
  isDraftNewer,
  listDrafts,
  mergeDraftValues,
  readDraft,
  removeDraft,
  sameValues,
  writeDraft,
  type DraftStorage,
} from "./drafts";

/** A Storage in memory, like the browser's (insertion-ordered keys, strings only). */
class FakeStorage implements DraftStorage {
  private items = new Map<string, string>();
  constructor(private readonly failWrites = false) {}
  get length() {
    return this.items.size;
  }
  key(index: number) {
    return [...this.items.keys()][index] ?? null;
  }
  getItem(key: string) {
    return this.items.get(key) ?? null;
  }
  setItem(key: string, value: string) {
    if (this.failWrites) throw new DOMException("The quota has been exceeded.", "QuotaExceededError");
    this.items.set(key, String(value));
  }
  removeItem(key: string) {
    this.items.delete(key);
  }
}

const at = (iso: string) => new Date(iso);

describe("browser drafts of the post and portfolio forms", () => {
  it("keeps one draft per form under post-draft:new, post-draft:{id}, portfolio-draft:{id}", () => {
    expect(draftKey("post", "new")).toBe("post-draft:new");
    expect(draftKey("post", 12)).toBe("post-draft:12");
    expect(draftKey("portfolio", 3)).toBe("portfolio-draft:3");
  });

  it("writes the whole form and reads it back with its time", () => {
    const storage = new FakeStorage();
    const values = { title: "Spring menu", content: "# Hello", featured: true };
    expect(writeDraft(storage, "post", 12, values, at("2026-03-01T10:00:00Z"))).toBe(true);
    expect(readDraft(storage, "post", 12)).toEqual({
      kind: "post",
      id: 12,
      values,
      savedAt: "2026-03-01T10:00:00.000Z",
    });
    expect(readDraft(storage, "post", "new")).toBeNull();
    expect(readDraft(storage, "portfolio", 12)).toBeNull();
  });

  it("says so when the browser refuses the write (full or blocked storage)", () => {
    expect(writeDraft(new FakeStorage(true), "post", "new", { title: "x" })).toBe(false);
  });

  it("ignores damaged entries instead of failing", () => {
    const storage = new FakeStorage();
    storage.setItem("post-draft:1", "{not json");
    storage.setItem("post-draft:2", JSON.stringify({ values: { title: ["array"] }, savedAt: "2026-01-01T00:00:00Z" }));
    storage.setItem("post-draft:3", JSON.stringify({ values: { title: "ok" }, savedAt: "yesterday-ish" }));
    expect(readDraft(storage, "post", 1)).toBeNull();
    expect(readDraft(storage, "post", 2)).toBeNull();
    expect(readDraft(storage, "post", 3)).toBeNull();
    expect(listDrafts(storage, "post")).toEqual([]);
  });

  it("lists the drafts of one kind, newest first, and nothing else in storage", () => {
    const storage = new FakeStorage();
    storage.setItem("auth-token", "secret");
    storage.setItem("post-draft:abc", JSON.stringify({ values: { title: "bad id" }, savedAt: "2026-01-01T00:00:00Z" }));
    writeDraft(storage, "post", 5, { title: "Older" }, at("2026-01-01T00:00:00Z"));
    writeDraft(storage, "post", "new", { title: "Newer" }, at("2026-02-01T00:00:00Z"));
    writeDraft(storage, "portfolio", 5, { title: "Project" }, at("2026-03-01T00:00:00Z"));
    expect(listDrafts(storage, "post").map((d) => [d.id, d.values.title])).toEqual([
      ["new", "Newer"],
      [5, "Older"],
    ]);
    expect(listDrafts(storage, "portfolio").map((d) => d.id)).toEqual([5]);
  });

  it("removes a draft after a save or a discard, leaving the others", () => {
    const storage = new FakeStorage();
    writeDraft(storage, "post", 5, { title: "A" });
    writeDraft(storage, "post", 6, { title: "B" });
    removeDraft(storage, "post", 5);
    expect(listDrafts(storage, "post").map((d) => d.id)).toEqual([6]);
  });

  it("names a draft by its title, or Untitled", () => {
    const storage = new FakeStorage();
    writeDraft(storage, "post", "new", { title: "  Café hours  " });
    writeDraft(storage, "post", 1, { title: "   " });
    expect(draftTitle(readDraft(storage, "post", "new")!)).toBe("Café hours");
    expect(draftTitle(readDraft(storage, "post", 1)!)).toBe("Untitled");
  });

  it("knows whether a draft is newer than the saved post", () => {
    const storage = new FakeStorage();
    writeDraft(storage, "post", 1, { title: "x" }, at("2026-05-01T12:00:00Z"));
    const draft = readDraft(storage, "post", 1)!;
    expect(isDraftNewer(draft, "2026-05-01T11:59:59Z")).toBe(true);
    expect(isDraftNewer(draft, "2026-05-01T12:00:01Z")).toBe(false);
    expect(isDraftNewer(draft, null)).toBe(true);
  });

  it("restores only the form's own fields, each with its own type", () => {
    const defaults = { title: "", status: "draft", featured: false };
    expect(mergeDraftValues(defaults, { title: "Back", featured: true, status: 3 as never, extra: "x" })).toEqual({
      title: "Back",
      status: "draft",
      featured: true,
    });
  });

  it("compares forms field by field", () => {
    expect(sameValues({ a: "1", b: true }, { b: true, a: "1" })).toBe(true);
    expect(sameValues({ a: "1" }, { a: "1", b: false })).toBe(false);
  });
});

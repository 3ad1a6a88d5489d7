import { describe, expect, it } from "vitest";
import { ApiError } from "~/lib/api/call";
import { isLinkValue, matchesSearch, nextSlug, saveFailure, splitList } from "./form-rules";
import { checkPost, EMPTY_POST, postFormValues } from "./post-values";

describe("the slug rule (docs/product/posts-and-portfolio.md 'Slug rule')", () => {
  it("follows the title while the slug is empty or still the generated one", () => {
    expect(nextSlug("", "", "Hello World")).toBe("hello-world");
    expect(nextSlug("hello-world", "Hello World", "Hello World Again")).toBe("hello-world-again");
    expect(nextSlug("", "Anything", "Café  &  Bar -- Menu!")).toBe("cafe-bar-menu");
  });
  it("stays once edited by hand", () => {
    expect(nextSlug("my-slug", "Hello World", "Hello World Again")).toBe("my-slug");
  });
});

describe("form helpers", () => {
  it("splits comma lists into trimmed, non-empty items", () => {
    expect(splitList(" React, ,Tailwind CSS ,, Netlify ")).toEqual(["React", "Tailwind CSS", "Netlify"]);
  });
  it("takes http(s) addresses and site paths as links, nothing else", () => {
    for (const ok of ["", "https://example.com", "http://a.b/c?d=1", "/demo-sites/pet-grooming/"])
      expect(isLinkValue(ok)).toBe(true);
    for (const bad of ["example.com", "javascript:alert(1)", "//evil.example", "ftp://x.y"])
      expect(isLinkValue(bad)).toBe(false);
  });
  it("searches some fields, case-insensitively", () => {
    expect(matchesSearch("TIPS", ["A post", null, "tips, seo"])).toBe(true);
    expect(matchesSearch("  ", [null])).toBe(true);
    expect(matchesSearch("zzz", ["A post"])).toBe(false);
  });
});

describe("what a failed save tells the owner", () => {
  it("puts a taken slug (409) under Slug", () => {
    expect(
      saveFailure(new ApiError(409, 'The slug "x" is already used by another post. Choose another slug.')),
    ).toEqual({
      fields: { slug: 'The slug "x" is already used by another post. Choose another slug.' },
      message: null,
    });
  });
  it("puts the API's field checks under their fields, renamed where the form differs", () => {
    const failure = saveFailure(new ApiError(400, "Invalid request", { content: "Content is required" }), {
      content: "description",
    });
    expect(failure.fields).toEqual({ description: "Content is required" });
    expect(failure.message).toMatch(/need attention/);
  });
  it("says anything else above the buttons, with what happens to the typing", () => {
    expect(saveFailure(new ApiError(500, "Database unavailable")).message).toBe(
      "Database unavailable. Nothing you typed is lost: it stays in this form and as a draft in this browser. Try again in a moment.",
    );
    const offline = saveFailure(
      new ApiError(0, "Failed to save post: the server could not be reached. Check your connection and try again."),
    );
    expect(offline.message).not.toMatch(/Try again in a moment/);
  });
});

describe("the post form", () => {
  it("opens new posts as blog drafts (docs/product/posts-and-portfolio.md 'Post and portfolio status')", () => {
    expect(EMPTY_POST.status).toBe("draft");
    expect(EMPTY_POST.post_type).toBe("blog");
  });
  it("is checked with the API's schema", () => {
    const result = checkPost({ ...EMPTY_POST, slug: "Bad Slug" });
    expect("errors" in result && result.errors).toMatchObject({
      title: "Title is required",
      content: "Content is required",
      slug: expect.stringMatching(/lowercase letters/),
    });
    expect(checkPost({ ...EMPTY_POST, title: "T", content: "C" })).toEqual({
      input: { ...EMPTY_POST, title: "T", content: "C" },
    });
  });
  it("reads a saved post into its fields", () => {
    const values = postFormValues({
      id: 1,
      title: "T",
      slug: "t",
      content: "C",
      excerpt: null,
      featured_image: null,
      status: "published",
      post_type: "case_study",
      seo_title: null,
      seo_description: "D",
      tags: '["a","b"]',
      published_at: null,
      created_at: "",
      updated_at: "",
      view_count: 0,
    });
    expect(values).toEqual({
      ...EMPTY_POST,
      title: "T",
      slug: "t",
      content: "C",
      status: "published",
      post_type: "case_study",
      seo_description: "D",
      tags: "a, b",
    });
  });
});

import { describe, expect, it } from "vitest";
import { mediaEndpoints } from "~/contracts/media";
import { urlOf } from "~/lib/api/call";
import { mediaListQuery, previewThumbnailUrl, previewUrl, toPicked, type MediaItem, type MediaListFilter } from "./api";

/** The address the list is asked at. */
const mediaListPath = (filter: MediaListFilter) => urlOf(mediaEndpoints.list, { query: mediaListQuery(filter) });

const item: MediaItem = {
  id: 7,
  filename: "abc.png",
  original_name: "Storefront.png",
  description: null,
  file_type: "image",
  mime_type: "image/png",
  file_size: 10,
  width: 20,
  height: 10,
  url: "/api/media/k7Qm2xZ4b9Rt1LwP0aYc3D",
  thumbnail_url: "/api/media/k7Qm2xZ4b9Rt1LwP0aYc3D?thumb=1",
  preview_url: "/api/media/k7Qm2xZ4b9Rt1LwP0aYc3D",
  preview_thumbnail_url: "/api/media/k7Qm2xZ4b9Rt1LwP0aYc3D?thumb=1",
  r2_url: null,
  cloudinary_url: null,
  project_id: null,
  created_at: "2026-11-22T00:00:00.000Z",
  updated_at: "2026-11-22T00:00:00.000Z",
};

describe("the media picker's choice", () => {
  it("returns url, filename, original_name and id; the view address prefers cloudinary, then r2", () => {
    expect(toPicked(item)).toEqual({
      id: 7,
      url: "/api/media/k7Qm2xZ4b9Rt1LwP0aYc3D",
      filename: "abc.png",
      original_name: "Storefront.png",
    });
    expect(toPicked({ ...item, r2_url: "https://r2.example/a.png" }).url).toBe("https://r2.example/a.png");
    expect(
      toPicked({ ...item, r2_url: "https://r2.example/a.png", cloudinary_url: "https://c.example/a.png" }).url,
    ).toBe("https://c.example/a.png");
  });
  it("inserts a private file's plain address, and shows it through its signed preview", () => {
    const signed = "exp=1795392000&sig=abc";
    const privateItem: MediaItem = {
      ...item,
      project_id: "WBT-2026-ABCDEF",
      preview_url: `${item.url}?${signed}`,
      preview_thumbnail_url: `${item.thumbnail_url}&${signed}`,
    };
    expect(toPicked(privateItem).url).toBe(item.url);
    expect(previewUrl(privateItem)).toBe(`${item.url}?${signed}`);
    expect(previewThumbnailUrl(privateItem)).toBe(`${item.thumbnail_url}&${signed}`);
    expect(previewThumbnailUrl({ ...item, thumbnail_url: null, preview_thumbnail_url: null })).toBe(item.url);
  });
  it("asks for images, 50 at most, with the search", () => {
    expect(mediaListPath({ fileType: "image", search: " shop ", limit: 50 })).toBe(
      "/api/admin/media?search=shop&file_type=image&limit=50",
    );
    expect(mediaListPath({})).toBe("/api/admin/media");
  });
  it("asks for a page: the project (or none), the order and the offset; newest and offset 0 are the defaults", () => {
    expect(mediaListPath({ projectId: "none", sort: "name", limit: 60, offset: 120 })).toBe(
      "/api/admin/media?project_id=none&sort=name&limit=60&offset=120",
    );
    expect(mediaListPath({ sort: "newest", offset: 0, limit: 60 })).toBe("/api/admin/media?limit=60");
  });
});

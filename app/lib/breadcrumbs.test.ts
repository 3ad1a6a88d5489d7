import { describe, expect, it } from "vitest";
import { buildBreadcrumbs, shouldShowBreadcrumbs } from "./breadcrumbs";

describe("buildBreadcrumbs", () => {
  it("is only Home on the home page, and then hidden", () => {
    const crumbs = buildBreadcrumbs("/");
    expect(crumbs).toEqual([{ name: "Home", path: "/" }]);
    expect(shouldShowBreadcrumbs(crumbs)).toBe(false);
  });

  it("builds one crumb per path segment with readable names", () => {
    expect(buildBreadcrumbs("/blog/choosing-a-domain-name")).toEqual([
      { name: "Home", path: "/" },
      { name: "Blog", path: "/blog" },
      { name: "Choosing A Domain Name", path: "/blog/choosing-a-domain-name" },
    ]);
  });

  it("uses known labels, ignores query, hash and trailing slashes", () => {
    const crumbs = buildBreadcrumbs("/contact/thank-you/?x=1#top");
    expect(crumbs.map((c) => c.name)).toEqual(["Home", "Contact", "Thank You"]);
    expect(shouldShowBreadcrumbs(crumbs)).toBe(true);
  });

  it("takes overrides by path", () => {
    expect(buildBreadcrumbs("/services", { "/services": "Services" }).at(-1)?.name).toBe("Services");
  });
});

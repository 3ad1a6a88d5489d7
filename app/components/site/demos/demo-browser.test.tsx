import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { demos } from "~/content/demos";
import { DemoBrowser } from "./demo-browser";

describe("DemoBrowser", () => {
  it("shows 'No demos found' and no viewer when there is nothing to show", () => {
    const html = renderToStaticMarkup(<DemoBrowser demos={[]} />);
    expect(html).toContain("No demos found");
    expect(html).not.toContain("<iframe");
  });

  it("server-renders every demo card but no iframe (the frame waits for hydration)", () => {
    const html = renderToStaticMarkup(<DemoBrowser />);
    for (const demo of demos) expect(html).toContain(`href="${demo.url}"`);
    expect(html).not.toContain("<iframe");
    expect(html).not.toContain("No demos found");
  });
});

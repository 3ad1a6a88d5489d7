import { describe, expect, it } from "vitest";
import { adminFeatureProblems, cycleProblems, serverBoundaryProblems } from "./import-rules";

const graphOf = (edges: Record<string, string[]>) => new Map(Object.entries(edges));

describe("the server's boundary with app/", () => {
  it("lets the server import the contracts, the business facts, the copy and the named pure modules", () => {
    const graph = graphOf({
      "server/api/contacts/contacts.routes.ts": ["app/contracts/contacts.ts", "app/config/site.ts"],
      "server/site/sitemap.ts": ["app/content/registry.ts", "app/lib/csv.ts"],
      "server/services/contact-list.ts": ["app/lib/admin/contacts.ts"],
    });
    expect(serverBoundaryProblems(graph)).toEqual([]);
  });

  it("refuses a component, a hook or a page imported by the server", () => {
    const graph = graphOf({
      "server/services/intake/leads.ts": ["app/components/site/contact/contact-form.tsx"],
      "server/site/site-handler.ts": ["app/routes/site/home.tsx", "app/lib/admin/call.ts"],
    });
    expect(serverBoundaryProblems(graph)).toEqual([
      expect.stringContaining("server/services/intake/leads.ts imports app/components/site/contact/contact-form.tsx"),
      expect.stringContaining("server/site/site-handler.ts imports app/routes/site/home.tsx"),
      expect.stringContaining("server/site/site-handler.ts imports app/lib/admin/call.ts"),
    ]);
  });

  it("leaves tests free to drive the server with what the browser sends", () => {
    expect(
      serverBoundaryProblems(graphOf({ "server/api/email/email.test.ts": ["app/lib/admin/email-templates.ts"] })),
    ).toEqual([]);
  });
});

describe("the admin's feature folders", () => {
  it("share pieces through admin/ui, the editor and the media picker only", () => {
    const graph = graphOf({
      "app/components/admin/posts/post-form.tsx": [
        "app/components/admin/ui/field.tsx",
        "app/components/admin/editor/markdown-editor.tsx",
        "app/components/admin/media/media-picker.tsx",
        "app/components/admin/posts/form-fields.tsx",
      ],
      "app/routes/admin/projects.tsx": ["app/components/admin/projects/projects-panel.tsx"],
    });
    expect(adminFeatureProblems(graph)).toEqual([]);
  });

  it("refuses one feature's inner file borrowed by another, and lets its index.ts through", () => {
    const graph = graphOf({
      "app/components/admin/projects/contact-picker.tsx": ["app/components/admin/contacts/api.ts"],
      "app/components/admin/projects/billing-section.tsx": ["app/components/admin/billing/index.ts"],
    });
    expect(adminFeatureProblems(graph)).toEqual([
      expect.stringContaining(
        "contact-picker.tsx imports app/components/admin/contacts/api.ts, an inner file of the contacts feature; import it from app/components/admin/contacts/index.ts",
      ),
    ]);
  });
});

describe("import cycles", () => {
  it("names the shortest cycle of a tangle, and nothing in a graph without one", () => {
    expect(cycleProblems(graphOf({ a: ["b"], b: ["c"], c: [] }))).toEqual([]);
    expect(cycleProblems(graphOf({ a: ["b"], b: ["c", "a"], c: ["a"] }))).toEqual([
      "import cycle: a -> b -> a (3 modules in this tangle)",
    ]);
  });
});

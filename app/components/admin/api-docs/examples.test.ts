import { describe, expect, it } from "vitest";
import { exampleBody, exampleOf, fillPath, usageExamples } from "./examples";
import { groupByTag, matchesFilter, typeLabel, type OpenApiDocument } from "./openapi";

const doc: OpenApiDocument = {
  openapi: "3.1.0",
  info: { title: "Test API", version: "1.0.0" },
  components: {
    schemas: {
      Contact: {
        type: "object",
        properties: {
          id: { type: "integer", example: 42 },
          name: { type: "string", example: "Marta Quinn" },
          email: { type: ["string", "null"], example: "marta@example.com" },
          status: { type: "string", enum: ["new", "won"] },
          created_at: { type: "string", format: "date-time" },
        },
        required: ["id", "name"],
      },
      Whole: { type: "object", properties: { a: { type: "string" } }, example: { a: "whole" } },
    },
  },
  paths: {
    "/api/admin/contacts/{id}": {
      put: {
        tags: ["Admin: contacts"],
        summary: "Edit a contact",
        security: [{ bearerAuth: [] }],
        parameters: [{ name: "id", in: "path", required: true, schema: { type: "integer", example: 42 } }],
        requestBody: { content: { "application/json": { schema: { $ref: "#/components/schemas/Contact" } } } },
        responses: { "200": { description: "Saved" } },
      },
    },
    "/api/posts": {
      get: {
        tags: ["Posts"],
        summary: "Published posts",
        responses: { "200": { description: "The list" } },
      },
    },
  },
};

describe("examples from the document", () => {
  it("takes a schema's whole example, else builds one from its properties' examples", () => {
    expect(exampleOf(doc, { $ref: "#/components/schemas/Whole" })).toEqual({ a: "whole" });
    expect(exampleOf(doc, { $ref: "#/components/schemas/Contact" })).toEqual({
      id: 42,
      name: "Marta Quinn",
      email: "marta@example.com",
      status: "new",
      created_at: "2026-01-15T14:30:00.000Z",
    });
    expect(exampleOf(doc, { type: "array", items: { type: "integer", example: 7 } })).toEqual([7]);
  });

  it("does not loop on a schema that contains itself", () => {
    const looped: OpenApiDocument = {
      ...doc,
      components: {
        schemas: {
          Node: {
            type: "object",
            properties: { name: { type: "string", example: "a" }, child: { $ref: "#/components/schemas/Node" } },
          },
        },
      },
    };
    expect(exampleOf(looped, { $ref: "#/components/schemas/Node" })).toEqual({ name: "a" });
  });

  it("writes curl and fetch with the origin, the example path and body, and the token where it is needed", () => {
    const [edit] = groupByTag(doc)[0]!.endpoints;
    expect(exampleBody(doc, edit!)).toContain('"name": "Marta Quinn"');
    const [curl, fetchCode] = usageExamples(doc, edit!, "https://example.com", "t0k3n");
    expect(curl!.code).toContain("curl -X PUT 'https://example.com/api/admin/contacts/42'");
    expect(curl!.code).toContain("-H 'Authorization: Bearer t0k3n'");
    expect(curl!.code).toContain("-H 'Content-Type: application/json'");
    expect(fetchCode!.code).toContain('const res = await fetch("https://example.com/api/admin/contacts/42", {');
    expect(fetchCode!.code).toContain('"Authorization": "Bearer t0k3n"');

    const posts = groupByTag(doc)[1]!.endpoints[0]!;
    const [publicCurl] = usageExamples(doc, posts, "https://example.com", "t0k3n");
    expect(publicCurl!.code).toBe("curl 'https://example.com/api/posts'");
  });

  it("quotes a body with a single quote for the shell", () => {
    const quoted: OpenApiDocument = {
      ...doc,
      paths: {
        "/api/x": {
          post: {
            summary: "x",
            requestBody: {
              content: { "application/json": { schema: { type: "object", example: { note: "it's here" } } } },
            },
            responses: {},
          },
        },
      },
    };
    const [curl] = usageExamples(quoted, groupByTag(quoted)[0]!.endpoints[0]!, "https://example.com", "");
    expect(curl!.code).toContain(`"note": "it'\\''s here"`);
  });

  it("fills path parameters, encoded, and leaves an empty one as its name", () => {
    expect(fillPath("/api/posts/{slug}/view", { slug: "a b/c" })).toBe("/api/posts/a%20b%2Fc/view");
    expect(fillPath("/api/posts/{slug}", {})).toBe("/api/posts/{slug}");
  });
});

describe("the list of endpoints", () => {
  it("groups by the first tag and finds endpoints by every word of a search", () => {
    const groups = groupByTag(doc);
    expect(groups.map((g) => g.tag)).toEqual(["Admin: contacts", "Posts"]);
    const edit = groups[0]!.endpoints[0]!;
    expect(edit.key).toBe("PUT /api/admin/contacts/{id}");
    expect(matchesFilter(edit, "put contacts")).toBe(true);
    expect(matchesFilter(edit, "EDIT")).toBe(true);
    expect(matchesFilter(edit, "get contacts")).toBe(false);
  });

  it("names types in one line", () => {
    expect(typeLabel(doc, { type: ["string", "null"] })).toBe("string | null");
    expect(typeLabel(doc, { type: "array", items: { $ref: "#/components/schemas/Contact" } })).toBe("Contact[]");
    expect(typeLabel(doc, { type: "string", format: "date-time" })).toBe("string (date-time)");
    expect(typeLabel(doc, { enum: ["new", "won"] })).toBe('"new" | "won"');
    expect(typeLabel(doc, { anyOf: [{ $ref: "#/components/schemas/Contact" }, { type: "null" }] })).toBe(
      "Contact | null",
    );
  });
});

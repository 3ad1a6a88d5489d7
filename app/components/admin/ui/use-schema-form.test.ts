import { describe, expect, it } from "vitest";
import { z } from "zod";
import { ApiError } from "~/lib/api/call";
import { checkWithSchema, saveErrors } from "./use-schema-form";

const schema = z.object({
  name: z.string().trim().min(1, { error: "Name is required" }),
  email: z.email({ error: "Enter a valid email" }),
});

describe("the schema form's check", () => {
  it("gives the parsed data when the values pass", () => {
    expect(checkWithSchema({ name: " Maria ", email: "maria@example.com" }, { schema })).toEqual({
      ok: true,
      data: { name: "Maria", email: "maria@example.com" },
    });
  });

  it("names each failed field with its first message", () => {
    expect(checkWithSchema({ name: "", email: "nope" }, { schema })).toEqual({
      ok: false,
      errors: { name: "Name is required", email: "Enter a valid email" },
    });
  });

  it("checks what `input` makes of the values", () => {
    const values = { name: "Maria", email: "maria@example.com", notes: "kept in the form" };
    const checked = checkWithSchema(values, { schema, input: ({ name }) => ({ name, email: "x" }) });
    expect(checked).toEqual({ ok: false, errors: { email: "Enter a valid email" } });
  });

  it("lets the form's own rules add errors, or replace the schema's", () => {
    const values = { name: "Maria", email: "maria@example.com" };
    expect(checkWithSchema(values, { schema, check: (_v, found) => ({ ...found, name: "Taken" }) })).toEqual({
      ok: false,
      errors: { name: "Taken" },
    });
    expect(
      checkWithSchema({ name: "", email: "nope" }, { schema, check: (v) => ({ name: v.name ? undefined : "First" }) }),
    ).toEqual({ ok: false, errors: { name: "First" } });
    // A rule that finds nothing leaves the data to save.
    expect(checkWithSchema(values, { schema, check: (_v, found) => ({ ...found, email: undefined }) }).ok).toBe(true);
  });

  it("puts a refused save's field errors on the fields, and nothing for any other failure", () => {
    expect(saveErrors(new ApiError(400, "Invalid", { email: "Already used" }))).toEqual({ email: "Already used" });
    expect(saveErrors(new ApiError(500, "Failed"))).toEqual({});
    expect(saveErrors(new Error("offline"))).toEqual({});
  });
});

import { readdirSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { z } from "./zod";
import { NewContactSchema } from "./contact-inputs";
import { SendEmailSchema } from "./email";
import { PostInputSchema } from "./posts";
import { NewPaymentSchema } from "./payments";

const messageOf = (result: { success: boolean; error?: z.ZodError }, field: string) =>
  result.error?.issues.find((issue) => issue.path.join(".") === field)?.message;

describe("messages that say what is wrong", () => {
  it("a name that is too long says at most 200 characters; a missing one says it is required", () => {
    const base = { email: "lucja@example.com" };
    expect(messageOf(NewContactSchema.safeParse({ ...base, name: "Ł".repeat(201) }), "name")).toBe(
      "Name must be at most 200 characters",
    );
    expect(messageOf(NewContactSchema.safeParse(base), "name")).toBe("Name is required");
    expect(messageOf(NewContactSchema.safeParse({ ...base, name: "   " }), "name")).toBe("Name is required");
    expect(NewContactSchema.safeParse({ ...base, name: "Łucja Nguyễn" }).success).toBe(true);
  });

  it("the e-mail API's fields say their limits, and 'fill in all fields' only when one is missing", () => {
    const mail = { to: "lucja@example.com", subject: "Your quote", content: "Hello" };
    expect(messageOf(SendEmailSchema.safeParse({ ...mail, subject: "s".repeat(301) }), "subject")).toBe(
      "The subject must be at most 300 characters",
    );
    expect(messageOf(SendEmailSchema.safeParse({ ...mail, content: "" }), "content")).toBe("Please fill in all fields");
  });

  it("a post's title and content say their limits", () => {
    const post = { title: "Spring menu", content: "# Hello" };
    expect(messageOf(PostInputSchema.safeParse({ ...post, title: "t".repeat(201) }), "title")).toBe(
      "Title must be at most 200 characters",
    );
    expect(messageOf(PostInputSchema.safeParse({ ...post, title: "" }), "title")).toBe("Title is required");
  });

  it("rules read as rules: 'must be more than', not 'is more than'", () => {
    const result = NewPaymentSchema.safeParse({ amount_cents: 0, method: "check", paid_on: "2026-03-01" });
    expect(messageOf(result, "amount_cents")).toBe("The amount must be more than $0.00");
  });
});

/** The Zod schema under optional, nullable, default and pipe wrappers. */
function unwrap(schema: z.ZodType): z.ZodType {
  let current = schema;
  for (let depth = 0; depth < 10; depth++) {
    const def = current.def as { type: string; innerType?: z.ZodType; in?: z.ZodType };
    const next = def.innerType ?? (def.type === "pipe" ? def.in : undefined);
    if (!next) break;
    current = next;
  }
  return current;
}

/** Limits whose message is deliberately something else. */
const OWN_WORDS = new Set(["client-portal.ts PortalSignInSchema.token"]);

describe("every text field of every contract", () => {
  it("answers a value one character too long with 'at most N characters', never 'required'", async () => {
    const dir = import.meta.dirname;
    const found: string[] = [];
    let checked = 0;
    for (const file of readdirSync(dir).filter((f) => f.endsWith(".ts") && !f.endsWith(".test.ts"))) {
      const module = (await import(path.join(dir, file))) as Record<string, unknown>;
      for (const [name, exported] of Object.entries(module)) {
        if (!(exported instanceof z.ZodType)) continue;
        const object = unwrap(exported);
        if (!(object instanceof z.ZodObject)) continue;
        for (const [key, field] of Object.entries(object.shape as Record<string, z.ZodType>)) {
          const text = unwrap(field);
          const max = text instanceof z.ZodString ? text.maxLength : null;
          if (max === null || OWN_WORDS.has(`${file} ${name}.${key}`)) continue;
          checked++;
          const result = field.safeParse("a".repeat(max + 1));
          const message = result.success ? "(accepted)" : result.error.issues[0]!.message;
          if (!new RegExp(`at most (${max}|${max.toLocaleString("en-US")}) characters`, "i").test(message))
            found.push(`${file} ${name}.${key}: ${message}`);
        }
      }
    }
    expect(checked).toBeGreaterThan(50);
    expect(found).toEqual([]);
  });
});

import { z } from "~/contracts/zod";
import { nullableText } from "~/contracts/fields";

/**
 * The field rules and example values the projects' contracts share (projects.ts,
 * project-milestones.ts, project-updates.ts): an optional text, a calendar day, the answers' times.
 */

/** An optional text: trimmed, capped, null when empty (the owner's forms' one rule, fields.ts). */
export const optionalText = nullableText;

const DAY = /^\d{4}-\d{2}-\d{2}$/;

const isRealDay = (value: string) => {
  const d = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === value;
};

/** A calendar day as YYYY-MM-DD; blank or null clears it. */
export const optionalDay = z
  .string()
  .trim()
  .optional()
  .nullable()
  .transform((v) => (v ? v : null))
  .refine((v) => v === null || (DAY.test(v) && isRealDay(v)), { error: "Enter a date as YYYY-MM-DD" })
  .meta({ format: "date", example: "2026-12-01" });

export const dateTime = (example: string) => z.string().meta({ format: "date-time", example });

export const day = (example: string) => z.string().nullable().meta({ format: "date", example });

export const CREATED = "2026-11-02T15:09:26.000Z";

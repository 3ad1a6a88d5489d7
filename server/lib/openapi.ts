import { z } from "zod";

/** Small helpers for describing admin routes in the OpenAPI document. */
export const ErrorSchema = z.object({ error: z.string(), fields: z.record(z.string(), z.string()).optional() });
export const json = <T extends z.ZodType>(schema: T, description: string) => ({
  description,
  content: { "application/json": { schema } },
});
export const jsonBody = <T extends z.ZodType>(schema: T) => ({
  body: { content: { "application/json": { schema } }, required: true as const },
});
export const adminErrors = {
  400: json(ErrorSchema, "Invalid input: the error names each field"),
  401: json(ErrorSchema, "No valid admin token"),
};
export const notFound = { 404: json(ErrorSchema, "Not found") };
export const IdParam = z.object({
  id: z.coerce
    .number()
    .int()
    .positive()
    .openapi({ param: { name: "id", in: "path" }, type: "integer" }),
});
export const Loose = z.record(z.string(), z.unknown());

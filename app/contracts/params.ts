import { z } from "~/contracts/zod";

/**
 * Path parameters many endpoints share. Plain Zod with `.meta()`, so the browser can import
 * them; the OpenAPI document reads the same metadata as server/lib/openapi.ts's IdParam.
 */

/** A numeric id in the path: `{id}`. */
export const IdParam = z.object({
  id: z.coerce
    .number()
    .int()
    .positive()
    .meta({ param: { name: "id", in: "path" }, type: "integer", example: 42 }),
});

import { z } from "~/contracts/zod";

/**
 * The contacts' JSON import (docs/product/contacts.md "JSON import"): the file's entries as the
 * import reads them, and its outcome.
 */
export const MAX_IMPORT_ENTRIES = 5000;

const isPlainObject = (value: unknown) => typeof value === "object" && value !== null && !Array.isArray(value);

/**
 * A field of an import entry: text or a number (phone numbers often come as numbers).
 * A value of any other type is ignored, as if the field were absent.
 */
const importField = (example: string | number) =>
  z.preprocess(
    (value) => (typeof value === "string" || typeof value === "number" ? value : undefined),
    z.union([z.string(), z.number()]).optional().meta({ example }),
  );

/** One entry of an import file: the fields the import reads (all optional; any others are ignored). */
export const ImportEntrySchema = z
  .object({
    businessName: importField("Harbor Bakery"),
    name: importField("Rita Moreau"),
    company: importField("Harbor Bakery"),
    email: importField("rita@harborbakery.example"),
    phone: importField("(401) 555-0111"),
    address: importField("12 Thames St, Newport"),
    businessType: importField("Bakery"),
    googleMapsURL: importField("https://maps.example/harbor-bakery"),
    googleMapsUrl: importField("https://maps.example/harbor-bakery"),
    website: importField("https://harborbakery.example"),
    websiteURL: importField("https://harborbakery.example"),
    websiteUrl: importField("https://harborbakery.example"),
    notes: importField("Met at the expo"),
  })
  .meta({
    id: "ImportEntry",
    description:
      "businessName (else name) names the contact; it needs an email or a phone. Each entry is checked on its own: one that fails is listed in the answer's `failed`, the others are imported.",
    example: {
      businessName: "Harbor Bakery",
      email: "rita@harborbakery.example",
      phone: "(401) 555-0111",
      address: "12 Thames St, Newport",
      businessType: "Bakery",
      website: "https://harborbakery.example",
    },
  });

export type ImportEntryFields = z.output<typeof ImportEntrySchema>;

export const ContactImportSchema = z
  .object({
    contacts: z
      .array(
        // An entry that is not an object reaches the import as null, which reports it as such.
        z.preprocess((entry) => (isPlainObject(entry) ? entry : null), z.union([ImportEntrySchema, z.null()])),
      )
      .max(MAX_IMPORT_ENTRIES),
  })
  .meta({
    id: "ContactImport",
    description: "The entries of the file, in order; an entry that is not an object is reported as such in `failed`",
    example: {
      contacts: [
        { businessName: "Harbor Bakery", email: "rita@harborbakery.example", businessType: "Bakery" },
        { name: "Joe Plumber", phone: "401.555.0199", notes: "Met at the expo" },
      ],
    },
  });

/** JSON import (docs/product/contacts.md "JSON import"): one outcome per entry. */
export const ImportResultSchema = z
  .object({
    created: z.number().int(),
    updated: z.number().int(),
    failed: z.array(
      z.object({
        index: z.number().int().meta({ description: "Position of the entry in the file, from 0" }),
        label: z.string().meta({ description: "Its name or email, or 'Entry n'" }),
        error: z.string(),
      }),
    ),
  })
  .meta({
    id: "ImportResult",
    example: {
      created: 12,
      updated: 3,
      failed: [{ index: 4, label: "Joe Plumber", error: "Missing phone or email" }],
    },
  });

export type ImportResult = z.infer<typeof ImportResultSchema>;

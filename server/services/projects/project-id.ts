import { randomInt } from "node:crypto";

/**
 * Project IDs: WBT-{year}-{6 characters} from an alphabet without look-alikes
 * (no 0/O, 1/I/L), so they can be read over the phone. 31^6 (about 887 million)
 * values a year, drawn with a CSPRNG: a project ID is unguessable, which is why
 * the client portal may open a project by its ID.
 */
export const PROJECT_ID_ALPHABET = "23456789ABCDEFGHJKMNPQRSTUVWXYZ";
export const PROJECT_ID_PATTERN = /^WBT-\d{4}-[23456789ABCDEFGHJKMNPQRSTUVWXYZ]{6}$/;

export function generateProjectId(now = new Date()): string {
  let suffix = "";
  for (let i = 0; i < 6; i++) suffix += PROJECT_ID_ALPHABET[randomInt(PROJECT_ID_ALPHABET.length)];
  return `WBT-${now.getUTCFullYear()}-${suffix}`;
}

/**
 * Draws until `isTaken` says an ID is free: an ID is never issued twice, even
 * in the rare case two draws meet (at 10,000 IDs a year about 5 % of years
 * would see one such meeting). The projects table's primary key is the check
 * in production (createProjectForContact).
 */
export async function drawUniqueProjectId(
  isTaken: (id: string) => boolean | Promise<boolean>,
  now = new Date(),
  maxTries = 20,
): Promise<string> {
  for (let i = 0; i < maxTries; i++) {
    const id = generateProjectId(now);
    if (!(await isTaken(id))) return id;
  }
  throw new Error("no free project ID after several draws");
}

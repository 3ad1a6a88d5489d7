/**
 * The `error` and `fields` of a refusal (FailedAnswerSchema in app/contracts/intake.ts), read by
 * hand: what a page shows of a failure must not wait for the schema library.
 */
export function failedAnswer(answer: unknown): { error?: string; fields?: Record<string, string> } {
  if (!answer || typeof answer !== "object") return {};
  const { error, fields } = answer as { error?: unknown; fields?: unknown };
  const out: { error?: string; fields?: Record<string, string> } = {};
  if (typeof error === "string") out.error = error;
  if (fields && typeof fields === "object" && !Array.isArray(fields)) {
    const entries = Object.entries(fields);
    if (entries.every(([, value]) => typeof value === "string")) out.fields = Object.fromEntries(entries);
  }
  return out;
}

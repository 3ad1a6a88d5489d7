import { formatFileSize } from "~/lib/file-size";
/**
 * The tester's request: a real fetch to this site, with `Authorization: Bearer <token>` when the
 * token field is not empty. It is not the admin client (app/lib/admin/call.ts): a 401 here
 * is an answer to show, not a reason to sign the owner out, and the answer is shown as it came.
 */
export type TestAnswer =
  { status: number; statusText: string; contentType: string; text: string; ms: number } | { error: string };

/** The answer's text: JSON pretty-printed, other text as it is, a file by its type and size. */
export async function answerText(res: Response): Promise<string> {
  const type = res.headers.get("content-type") ?? "";
  if (type.includes("json")) {
    const raw = await res.text();
    try {
      return JSON.stringify(JSON.parse(raw), null, 2);
    } catch {
      return raw;
    }
  }
  if (!type || type.startsWith("text/") || type.includes("xml")) return res.text();
  const blob = await res.blob();
  return `(a file: ${type}, ${formatFileSize(blob.size)})`;
}

export async function sendTestRequest(request: {
  method: string;
  url: string;
  token: string;
  body?: string | FormData;
}): Promise<TestAnswer> {
  const headers = new Headers({ Accept: "application/json" });
  const token = request.token.trim();
  if (token) headers.set("Authorization", `Bearer ${token}`);
  // A FormData body sets its own multipart type with the boundary.
  if (typeof request.body === "string") headers.set("Content-Type", "application/json");
  const started = performance.now();
  try {
    const res = await fetch(request.url, {
      method: request.method,
      headers,
      body: request.body,
      cache: "no-store",
    });
    const text = await answerText(res);
    return {
      status: res.status,
      statusText: res.statusText,
      contentType: res.headers.get("content-type") ?? "",
      text,
      ms: Math.round(performance.now() - started),
    };
  } catch (error) {
    return { error: error instanceof Error && error.message ? error.message : String(error) };
  }
}

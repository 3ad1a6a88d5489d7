// One token's storm (scripts/bench/one-token-load.ts), in a process of its own so that sending
// 384 MB of uploads never delays the visitors' requests, whose times are measured by the caller:
// STORM_PDFS quote PDFs and STORM_UPLOADS uploads of STORM_UPLOAD_BYTES, all at once, with the
// portal token STORM_TOKEN. Prints one line of JSON: each kind's statuses (0: no answer) and
// whether every 429 said when to come back (Retry-After) and why (a JSON error).
const env = process.env;
const base = env.STORM_BASE;
const bearer = { Authorization: `Bearer ${env.STORM_TOKEN}` };
const timeout = () => AbortSignal.timeout(60_000);

let refusalsExplained = true;
/** The status of an answer read to its end, or 0 when none came. */
async function answered(request) {
  try {
    const res = await request;
    const body = await res.text();
    if (res.status === 429) {
      let error;
      try {
        error = JSON.parse(body).error;
      } catch {
        error = undefined;
      }
      if (!/^\d+$/.test(res.headers.get("retry-after") ?? "") || typeof error !== "string" || !error)
        refusalsExplained = false;
    }
    return res.status;
  } catch {
    return 0;
  }
}

const tally = (statuses) => {
  const counts = {};
  for (const status of statuses) counts[status] = (counts[status] ?? 0) + 1;
  return counts;
};

const pdfs = Array.from({ length: Number(env.STORM_PDFS) }, () =>
  answered(fetch(`${base}/api/client-portal/quotes/${env.STORM_QUOTE}/pdf`, { headers: bearer, signal: timeout() })),
);
// One multipart body, written out once and sent as it is by every upload (a FormData is encoded
// again for each request, slowly enough to make the storm last much longer than the server takes).
const boundary = "----one-token-storm";
const encoder = new TextEncoder();
// The file: a PDF's first bytes (the server checks them), then zeros.
const fileStart = "%PDF-1.7\n% the site plan\n";
const head = encoder.encode(
  `--${boundary}\r\nContent-Disposition: form-data; name="project_id"\r\n\r\n${env.STORM_PROJECT}\r\n` +
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="site-plan.pdf"\r\n` +
    `Content-Type: application/pdf\r\n\r\n${fileStart}`,
);
const tail = encoder.encode(`\r\n--${boundary}--\r\n`);
const fileBytes = Number(env.STORM_UPLOAD_BYTES);
const body = new Uint8Array(head.length + (fileBytes - fileStart.length) + tail.length);
body.set(head);
body.set(tail, body.length - tail.length);
const uploads = Array.from({ length: Number(env.STORM_UPLOADS) }, () =>
  answered(
    fetch(`${base}/api/client/media/upload`, {
      method: "POST",
      headers: { ...bearer, "Content-Type": `multipart/form-data; boundary=${boundary}` },
      body,
      signal: timeout(),
    }),
  ),
);
const [pdfStatuses, uploadStatuses] = await Promise.all([Promise.all(pdfs), Promise.all(uploads)]);
console.log(
  JSON.stringify({ pdfStatuses: tally(pdfStatuses), uploadStatuses: tally(uploadStatuses), refusalsExplained }),
);

/** Reads a streamed answer chunk by chunk: its text, how many chunks came and the largest one. */
export async function readChunks(res: Response) {
  const reader = res.body!.getReader();
  // ignoreBOM: keep the byte-order mark in the text, to check it is sent.
  const decoder = new TextDecoder("utf-8", { ignoreBOM: true });
  let text = "";
  let chunks = 0;
  let largest = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    chunks++;
    largest = Math.max(largest, value.byteLength);
    text += decoder.decode(value, { stream: true });
  }
  return { text: text + decoder.decode(), chunks, largest };
}

/** A CSV file's records (CRLF lines; these tests' cells hold no line breaks), the BOM dropped. */
export const csvRecords = (text: string) =>
  text
    .replace(/^\uFEFF/, "")
    .split("\r\n")
    .slice(0, -1);

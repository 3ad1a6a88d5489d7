import { describe, expect, it } from "vitest";
import { CSV_BOM, csvLine } from "~/lib/csv";
import { csvStream, CSV_CHUNK_ROWS, type CsvCells } from "./list-pages";

/**
 * The streamed CSV exports (decisions 032 and 050): every row written once, in order, a chunk of
 * CSV_CHUNK_ROWS rows at a time with a turn of the event loop between chunks, so the thread's
 * other work (a visitor's request) waits for one chunk, never for a whole export.
 */
const HEADER = ["Name", "E-mail", "Score"] as const;
const rowsOf = (from: number, count: number): CsvCells[] =>
  Array.from({ length: count }, (_, i) => [`Visitor ${from + i}`, `visitor.${from + i}@example.com`, from + i]);

async function* batches(...sizes: number[]): AsyncGenerator<CsvCells[], void, undefined> {
  let next = 0;
  for (const size of sizes) {
    yield rowsOf(next, size);
    next += size;
  }
}

async function readAll(stream: ReadableStream<Uint8Array>) {
  // ignoreBOM: the byte-order mark is part of what is checked, not taken away.
  const decoder = new TextDecoder("utf-8", { ignoreBOM: true });
  const chunks: string[] = [];
  for await (const chunk of stream as unknown as AsyncIterable<Uint8Array>)
    chunks.push(decoder.decode(chunk, { stream: true }));
  return chunks;
}

describe("csvStream", () => {
  it("writes every row in order, at most CSV_CHUNK_ROWS rows a chunk, the event loop turning between chunks", async () => {
    const stream = await csvStream(HEADER, batches(250, 250, 30), () => {});
    // A task queued like a visitor's I/O callback: it runs at every turn of the event loop.
    let turns = 0;
    let reading = true;
    const turn = () => {
      turns++;
      if (reading) setImmediate(turn);
    };
    setImmediate(turn);
    const chunks = await readAll(stream);
    reading = false;

    expect(chunks.join("")).toBe(CSV_BOM + csvLine(HEADER) + rowsOf(0, 530).map(csvLine).join(""));
    const rowsPerChunk = chunks.map((chunk) => chunk.split("\r\n").length - 1);
    expect(Math.max(...rowsPerChunk)).toBeLessThanOrEqual(CSV_CHUNK_ROWS + 1); // the first carries the header
    expect(chunks.length).toBeGreaterThanOrEqual(Math.ceil(530 / CSV_CHUNK_ROWS));
    expect(turns).toBeGreaterThanOrEqual(chunks.length - 1);
  });

  it("answers an empty export with its header alone", async () => {
    expect((await readAll(await csvStream(HEADER, batches(), () => {}))).join("")).toBe(CSV_BOM + csvLine(HEADER));
  });

  it("fails before answering when the first batch fails, and ends the download with an error after", async () => {
    async function* failing(afterBatches: number): AsyncGenerator<CsvCells[], void, undefined> {
      for (let i = 0; i < afterBatches; i++) yield rowsOf(i * 150, 150);
      throw new Error("the database went away");
    }
    await expect(csvStream(HEADER, failing(0), () => {})).rejects.toThrow("the database went away");

    const told: unknown[] = [];
    const stream = await csvStream(HEADER, failing(2), (error) => told.push(error));
    await expect(readAll(stream)).rejects.toThrow("the database went away");
    expect(told).toHaveLength(1);
  });
});

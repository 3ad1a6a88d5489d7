import { inflateSync } from "node:zlib";

/**
 * The text of a PDF as a test reads it: every content stream (inflated when it is compressed),
 * the strings of its text operators (Tj, TJ, ' and ") decoded as the standard fonts' Latin-1, one
 * line per operator. Enough for the PDFs the site writes with pdfkit's standard fonts; not a
 * general PDF reader.
 */
export function pdfText(pdf: Uint8Array): string {
  const bytes = Buffer.from(pdf);
  const source = bytes.toString("latin1");
  const lines: string[] = [];
  const streams = /(<<(?:(?!>>\s*stream)[\s\S])*>>)\s*stream\r?\n/g;
  for (let match = streams.exec(source); match; match = streams.exec(source)) {
    const start = match.index + match[0].length;
    const end = source.indexOf("endstream", start);
    if (end < 0) break;
    let data = bytes.subarray(start, end);
    if (/\/FlateDecode/.test(match[1]!)) {
      try {
        data = inflateSync(data);
      } catch {
        continue;
      }
    }
    lines.push(...textOperators(data.toString("latin1")));
  }
  return lines.join("\n");
}

/** A literal string's escapes: \n, \(, \\, octal. */
function literal(body: string): string {
  return body.replace(/\\([nrtbf()\\]|[0-7]{1,3})/g, (_, e: string) => {
    const simple: Record<string, string> = {
      n: "\n",
      r: "\r",
      t: "\t",
      b: "\b",
      f: "\f",
      "(": "(",
      ")": ")",
      "\\": "\\",
    };
    return simple[e] ?? String.fromCharCode(parseInt(e, 8));
  });
}

const hex = (body: string) => Buffer.from(body.replace(/\s/g, "").padEnd(2, "0"), "hex").toString("latin1");

function textOperators(stream: string): string[] {
  const out: string[] = [];
  const ops =
    /\[((?:<[0-9A-Fa-f\s]*>|\((?:\\.|[^\\)])*\)|[^\]])*)\]\s*TJ|(<[0-9A-Fa-f\s]*>|\((?:\\.|[^\\)])*\))\s*(?:Tj|'|")/g;
  for (let m = ops.exec(stream); m; m = ops.exec(stream)) {
    const parts = m[1] !== undefined ? m[1] : m[2]!;
    let text = "";
    const strings = /<([0-9A-Fa-f\s]*)>|\(((?:\\.|[^\\)])*)\)/g;
    for (let s = strings.exec(parts); s; s = strings.exec(parts))
      text += s[1] !== undefined ? hex(s[1]) : literal(s[2]!);
    out.push(text);
  }
  return out;
}

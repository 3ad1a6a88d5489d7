import { inflateSync } from "node:zlib";

/**
 * The text of a PDF as a test reads it: every content stream (inflated when it is compressed), the
 * strings of its text operators (Tj, TJ, ' and ") one line per operator, each decoded through the
 * ToUnicode map of the font it is set in (the embedded fonts the billing PDFs use, as a viewer's
 * copy and search do), or as Latin-1 for a standard font without one. Enough for the PDFs the site
 * writes with pdfkit; not a general PDF reader.
 */
export function pdfText(pdf: Uint8Array): string {
  const bytes = Buffer.from(pdf);
  const source = bytes.toString("latin1");
  const fonts = fontMaps(bytes, source);
  const lines: string[] = [];
  for (const data of contentStreams(bytes, source)) lines.push(...textOperators(data.toString("latin1"), fonts));
  return lines.join("\n");
}

/** The pages' content streams, in page order (not the embedded font files nor the maps). */
function contentStreams(bytes: Buffer, source: string): Buffer[] {
  const refs: string[] = [];
  for (const [, one, many] of source.matchAll(/\/Contents\s*(?:(\d+)\s+0\s+R|\[([^\]]*)\])/g))
    refs.push(...(one ? [one] : [...many!.matchAll(/(\d+)\s+0\s+R/g)].map((m) => m[1]!)));
  return refs.flatMap((ref) => {
    const found = object(bytes, source, ref);
    return found ? [found.data] : [];
  });
}

interface Stream {
  dict: string;
  data: Buffer;
}

/** The body of object `n 0 obj`: its dictionary, and its stream's data when it has one. */
function object(bytes: Buffer, source: string, n: string): Stream | null {
  const at = new RegExp(`(?:^|[\\r\\n\\s])${n} 0 obj\\s*`).exec(source);
  if (!at) return null;
  const start = at.index + at[0].length;
  const end = source.indexOf("endobj", start);
  const body = source.slice(start, end);
  const streamAt = /stream\r?\n/.exec(body);
  if (!streamAt) return { dict: body, data: Buffer.alloc(0) };
  const dict = body.slice(0, streamAt.index);
  const dataStart = start + streamAt.index + streamAt[0].length;
  let data = bytes.subarray(dataStart, source.indexOf("endstream", dataStart));
  if (/\/FlateDecode/.test(dict)) data = inflateSync(data);
  return { dict, data };
}

type UnicodeMap = Map<number, string>;

/** Each font resource name (/F1) with a ToUnicode map: its codes and the text they stand for. */
function fontMaps(bytes: Buffer, source: string): Map<string, UnicodeMap> {
  const maps = new Map<string, UnicodeMap>();
  for (const resources of source.matchAll(/\/Font\s*<<([^>]*)>>/g)) {
    for (const [, name, ref] of resources[1]!.matchAll(/\/([^\s/<>[\]()]+)\s+(\d+)\s+0\s+R/g)) {
      if (maps.has(name!)) continue;
      const font = object(bytes, source, ref!);
      const toUnicode = font && /\/ToUnicode\s+(\d+)\s+0\s+R/.exec(font.dict);
      const cmap = toUnicode && object(bytes, source, toUnicode[1]!);
      if (cmap) maps.set(name!, parseCMap(cmap.data.toString("latin1")));
    }
  }
  return maps;
}

const utf16 = (hex: string) => {
  const clean = hex.replace(/\s/g, "");
  const units: number[] = [];
  for (let i = 0; i + 4 <= clean.length; i += 4) units.push(parseInt(clean.slice(i, i + 4), 16));
  return String.fromCharCode(...units);
};

function parseCMap(cmap: string): UnicodeMap {
  const map: UnicodeMap = new Map();
  for (const block of cmap.matchAll(/beginbfchar([\s\S]*?)endbfchar/g))
    for (const [, code, text] of block[1]!.matchAll(/<([0-9A-Fa-f]+)>\s*<([0-9A-Fa-f\s]*)>/g))
      map.set(parseInt(code!, 16), utf16(text!));
  for (const block of cmap.matchAll(/beginbfrange([\s\S]*?)endbfrange/g)) {
    const entries = /<([0-9A-Fa-f]+)>\s*<([0-9A-Fa-f]+)>\s*(\[[^\]]*\]|<[0-9A-Fa-f\s]*>)/g;
    for (const [, low, high, target] of block[1]!.matchAll(entries)) {
      const first = parseInt(low!, 16);
      const last = parseInt(high!, 16);
      if (target!.startsWith("[")) {
        const texts = [...target!.matchAll(/<([0-9A-Fa-f\s]*)>/g)].map((m) => utf16(m[1]!));
        texts.forEach((text, i) => map.set(first + i, text));
      } else {
        const base = utf16(target!.slice(1, -1));
        for (let code = first; code <= last; code++)
          map.set(code, base.slice(0, -1) + String.fromCharCode(base.charCodeAt(base.length - 1) + code - first));
      }
    }
  }
  return map;
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

/** A string's bytes as text: through the font's map, two bytes a code, or as Latin-1 without one. */
function decode(raw: string, map: UnicodeMap | undefined): string {
  if (!map) return raw;
  let text = "";
  for (let i = 0; i + 1 < raw.length; i += 2) {
    const code = (raw.charCodeAt(i) << 8) | raw.charCodeAt(i + 1);
    text += map.get(code) ?? "\uFFFD";
  }
  return text;
}

const hex = (body: string) => Buffer.from(body.replace(/\s/g, "").padEnd(2, "0"), "hex").toString("latin1");

function textOperators(stream: string, fonts: Map<string, UnicodeMap>): string[] {
  const out: string[] = [];
  let font: UnicodeMap | undefined;
  const ops =
    /\/([^\s/<>[\]()]+)\s+[\d.]+\s+Tf|\[((?:<[0-9A-Fa-f\s]*>|\((?:\\.|[^\\)])*\)|[^\]])*)\]\s*TJ|(<[0-9A-Fa-f\s]*>|\((?:\\.|[^\\)])*\))\s*(?:Tj|'|")/g;
  for (let m = ops.exec(stream); m; m = ops.exec(stream)) {
    if (m[1] !== undefined) {
      font = fonts.get(m[1]);
      continue;
    }
    const parts = m[2] !== undefined ? m[2] : m[3]!;
    let text = "";
    const strings = /<([0-9A-Fa-f\s]*)>|\(((?:\\.|[^\\)])*)\)/g;
    for (let s = strings.exec(parts); s; s = strings.exec(parts))
      text += decode(s[1] !== undefined ? hex(s[1]) : literal(s[2]!), font);
    out.push(text);
  }
  return out;
}

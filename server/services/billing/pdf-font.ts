import { readFileSync } from "node:fs";
import { createRequire } from "node:module";

/**
 * The billing PDFs' typeface (docs/product/billing.md "PDFs"): Noto Sans, regular and bold, one whole
 * TTF per weight from @expo-google-fonts/noto-sans (Latin with Vietnamese, Greek, Cyrillic and the
 * typographic punctuation), embedded by pdfkit as a subset of the glyphs each document uses. The
 * files are read once per process from node_modules, resolved at run time from this module: the
 * server bundle (build/server-app, its packages external) finds them where the sources do.
 *
 * A character the font has no glyph for (an emoji, CJK) prints as the replacement character "�",
 * one per character as the reader sees it (a whole emoji sequence is one), never as a "?" or a
 * blank .notdef box that a reader cannot tell from a real character.
 */

const FILES = {
  regular: "@expo-google-fonts/noto-sans/400Regular/NotoSans_400Regular.ttf",
  bold: "@expo-google-fonts/noto-sans/700Bold/NotoSans_700Bold.ttf",
} as const;

export const REPLACEMENT = "\uFFFD";

export interface PdfFonts {
  regular: Buffer;
  bold: Buffer;
  /** Whether both weights draw this code point. */
  covers: (codePoint: number) => boolean;
}

let loaded: PdfFonts | undefined;

/** The two font files and what they cover, read on first use. */
export function pdfFonts(): PdfFonts {
  if (!loaded) {
    const resolve = createRequire(import.meta.url).resolve;
    const regular = readFileSync(resolve(FILES.regular));
    const bold = readFileSync(resolve(FILES.bold));
    const inRegular = coverage(regular);
    const inBold = coverage(bold);
    loaded = { regular, bold, covers: (codePoint) => inRegular(codePoint) && inBold(codePoint) };
  }
  return loaded;
}

const graphemes = new Intl.Segmenter("en", { granularity: "grapheme" });
const IGNORABLE = /^\p{Default_Ignorable_Code_Point}$/u;

/**
 * Text as the PDF prints it: composed (NFC), line breaks kept and other control characters dropped
 * (a tab is a space), and each character the font cannot draw replaced by "�". Zero-width joiners
 * and variation selectors the font lacks are dropped from characters it otherwise draws.
 */
export function printable(text: string, covers: (codePoint: number) => boolean = pdfFonts().covers): string {
  const clean = text
    .normalize("NFC")
    .replace(/\r\n?/g, "\n")
    .replace(/\t/g, " ")
    .replace(/[^\P{Cc}\n]/gu, "");
  let out = "";
  for (const { segment } of graphemes.segment(clean)) {
    if (segment === "\n") {
      out += segment;
      continue;
    }
    const kept = [...segment].filter((ch) => covers(ch.codePointAt(0)!) || !IGNORABLE.test(ch));
    out += kept.every((ch) => covers(ch.codePointAt(0)!)) ? kept.join("") : REPLACEMENT;
  }
  return out;
}

/**
 * The code points a TrueType/OpenType font maps to a glyph, from its cmap table: the Unicode
 * full-repertoire subtable (format 12) where there is one, else the BMP subtable (format 4).
 */
export function coverage(font: Buffer): (codePoint: number) => boolean {
  const tables = font.readUInt16BE(4);
  let cmap = -1;
  for (let i = 0; i < tables; i++) {
    const record = 12 + 16 * i;
    if (font.toString("latin1", record, record + 4) === "cmap") cmap = font.readUInt32BE(record + 8);
  }
  if (cmap < 0) throw new Error("The font has no cmap table");
  const subtables = new Map<string, number>();
  for (let i = 0; i < font.readUInt16BE(cmap + 2); i++) {
    const record = cmap + 4 + 8 * i;
    const at = cmap + font.readUInt32BE(record + 4);
    subtables.set(`${font.readUInt16BE(record)}.${font.readUInt16BE(record + 2)}.${font.readUInt16BE(at)}`, at);
  }
  const full = subtables.get("3.10.12") ?? subtables.get("0.4.12");
  if (full !== undefined) return format12(font, full);
  const bmp = subtables.get("3.1.4") ?? subtables.get("0.3.4");
  if (bmp !== undefined) return format4(font, bmp);
  throw new Error("The font has no Unicode cmap subtable");
}

/** Sorted, non-overlapping [first, last] code point ranges; a look-up by binary search. */
function ranges(list: [number, number][]): (codePoint: number) => boolean {
  list.sort((a, b) => a[0] - b[0]);
  return (codePoint) => {
    let low = 0;
    let high = list.length - 1;
    while (low <= high) {
      const mid = (low + high) >> 1;
      const [first, last] = list[mid]!;
      if (codePoint < first) high = mid - 1;
      else if (codePoint > last) low = mid + 1;
      else return true;
    }
    return false;
  };
}

function format12(font: Buffer, at: number): (codePoint: number) => boolean {
  const groups = font.readUInt32BE(at + 12);
  const list: [number, number][] = [];
  for (let i = 0; i < groups; i++) {
    const group = at + 16 + 12 * i;
    const first = font.readUInt32BE(group);
    const last = font.readUInt32BE(group + 4);
    // A group that starts at glyph 0 maps its first code point to .notdef.
    const start = font.readUInt32BE(group + 8) === 0 ? first + 1 : first;
    if (start <= last) list.push([start, last]);
  }
  return ranges(list);
}

function format4(font: Buffer, at: number): (codePoint: number) => boolean {
  const segments = font.readUInt16BE(at + 6) / 2;
  const ends = at + 14;
  const starts = ends + 2 * segments + 2;
  const deltas = starts + 2 * segments;
  const rangeOffsets = deltas + 2 * segments;
  const list: [number, number][] = [];
  for (let s = 0; s < segments; s++) {
    const first = font.readUInt16BE(starts + 2 * s);
    const last = font.readUInt16BE(ends + 2 * s);
    const delta = font.readUInt16BE(deltas + 2 * s);
    const rangeOffset = font.readUInt16BE(rangeOffsets + 2 * s);
    for (let c = first; c <= last && c !== 0xffff; c++) {
      let glyph: number;
      if (rangeOffset === 0) glyph = (c + delta) & 0xffff;
      else {
        const raw = font.readUInt16BE(rangeOffsets + 2 * s + rangeOffset + 2 * (c - first));
        glyph = raw === 0 ? 0 : (raw + delta) & 0xffff;
      }
      if (glyph === 0) continue;
      const previous = list[list.length - 1];
      if (previous && previous[1] === c - 1) previous[1] = c;
      else list.push([c, c]);
    }
  }
  return ranges(list);
}

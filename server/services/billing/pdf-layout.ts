/**
 * The page of the billing PDFs (./pdf.ts): the letter page and its margins, the colours and the
 * Noto Sans faces, text through the font's filter, the business's header, the rules, the page line
 * at the foot of each page, and the render that streams a document into a Buffer.
 */
import PDFDocument from "pdfkit";
import { site } from "~/config/site";
import { pdfFonts, printable } from "./pdf-font";

export const MARGIN = 54;
const PAGE_WIDTH = 612;
const PAGE_HEIGHT = 792;
export const RIGHT = PAGE_WIDTH - MARGIN;
export const WIDTH = RIGHT - MARGIN;
/** Room kept at the foot of each page for the page line. */
const FOOT = 40;
export const COLUMNS = { description: MARGIN, quantity: 330, unit: 390, amount: 470 };
export const FACTS = { label: 330, value: 410 };

export const INK = "#111827";
export const MUTED = "#4b5563";
export const RULE = "#d1d5db";
export const SHADE = "#f3f4f6";
export const REGULAR = "NotoSans";
export const BOLD = "NotoSans-Bold";

/** "December 2, 2026" for a calendar day. */
export const longDay = (day: string) =>
  new Intl.DateTimeFormat("en-US", { dateStyle: "long", timeZone: "UTC" }).format(new Date(`${day}T12:00:00Z`));

export const quantityText = (q: number) => (Number.isInteger(q) ? String(q) : q.toFixed(2));

export type Doc = InstanceType<typeof PDFDocument>;
type TextOptions = PDFKit.Mixins.TextOptions;

/**
 * One glyph for each character as typed: no glyph composition (ccmp) nor ligatures, so that a
 * glyph stands for one character in the PDF's text map (pdfkit maps each glyph to the characters
 * of its first use). With ccmp, "ị" is drawn as "i" and a dot, and copies as "i"; with a ligature
 * typed as such (U+FB01), every "fi" after it copies as that ligature. Kerning and mark
 * positioning stay on. fontkit takes an object of features on and off; pdfkit's types only a list.
 */
const FEATURES = { ccmp: false, liga: false, clig: false } as unknown as TextOptions["features"];

/** Text through the font's filter (./pdf-font printable): what the font lacks prints as "�". */
export function put(doc: Doc, text: string, x?: number, y?: number, options: TextOptions = {}): Doc {
  const set = { ...options, features: FEATURES };
  return x === undefined ? doc.text(printable(text), set) : doc.text(printable(text), x, y, set);
}

export const heightOf = (doc: Doc, text: string, options: TextOptions) =>
  doc.heightOfString(printable(text), { ...options, features: FEATURES });

/** The lines under the brand: who, where, how to reach; none of them the brand again. */
export function businessLines(): string[] {
  const same = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();
  const brand: string = site.brand;
  const { legalName, payee, mailingAddress }: { legalName: string; payee: string; mailingAddress: readonly string[] } =
    site.billing;
  // "Websites by Tyler (Tyler Brennan)" says the brand again: the payee alone names the owner.
  const owner = legalName.toLowerCase().includes(brand.toLowerCase()) ? payee : legalName;
  const lines: string[] = same(owner, brand) ? [] : [owner];
  for (const line of mailingAddress)
    if (!same(line, brand) && !same(line, legalName) && !same(line, owner)) lines.push(line);
  lines.push(`${site.phone.display}  ·  ${site.email}`);
  return lines;
}

export function render(draw: (doc: Doc) => void, title: string, footLabel: string): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const fonts = pdfFonts();
    const doc = new PDFDocument({
      size: "LETTER",
      margins: { top: MARGIN, left: MARGIN, right: MARGIN, bottom: MARGIN + FOOT / 2 },
      compress: false,
      bufferPages: true,
      info: { Title: title, Author: site.billing.legalName, Creator: site.brand },
      lang: "en-US",
    });
    const chunks: Buffer[] = [];
    doc.on("data", (chunk: Buffer) => chunks.push(chunk));
    doc.on("end", () => resolve(Buffer.concat(chunks)));
    doc.on("error", reject);
    try {
      doc.registerFont(REGULAR, fonts.regular);
      doc.registerFont(BOLD, fonts.bold);
      doc.font(REGULAR).fillColor(INK);
      draw(doc);
      pageLines(doc, footLabel);
      doc.end();
    } catch (error) {
      reject(error instanceof Error ? error : new Error(String(error)));
    }
  });
}

/** "Quote Q-2026-0012 · Page 1 of 2" at the foot of every page. */
function pageLines(doc: Doc, label: string) {
  const { start, count } = doc.bufferedPageRange();
  for (let i = start; i < start + count; i++) {
    doc.switchToPage(i);
    const bottom = doc.page.margins.bottom;
    doc.page.margins.bottom = 0;
    doc.font(REGULAR).fontSize(8).fillColor(MUTED);
    put(doc, `${label}  ·  Page ${i - start + 1} of ${count}`, MARGIN, PAGE_HEIGHT - MARGIN + 12, {
      width: WIDTH,
      align: "center",
      lineBreak: false,
    });
    doc.page.margins.bottom = bottom;
  }
}

/** A new page when the next block of this height would not fit on this one. */
export function keepRoom(doc: Doc, height: number): boolean {
  if (doc.y + height <= PAGE_HEIGHT - doc.page.margins.bottom) return false;
  doc.addPage();
  return true;
}

export function header(doc: Doc, heading: string, facts: [string, string][]) {
  doc.font(BOLD).fontSize(18).fillColor(INK);
  put(doc, site.brand, MARGIN, MARGIN, { width: FACTS.label - MARGIN - 12 });
  doc.font(REGULAR).fontSize(9).fillColor(MUTED).moveDown(0.15);
  for (const line of businessLines()) put(doc, line, MARGIN, doc.y, { width: FACTS.label - MARGIN - 12 });
  const leftBottom = doc.y;

  doc.font(BOLD).fontSize(20).fillColor(INK);
  put(doc, heading, FACTS.label, MARGIN - 2, { width: RIGHT - FACTS.label, align: "right" });
  doc.moveDown(0.2);
  doc.fontSize(9);
  for (const [label, value] of facts) {
    const y = doc.y;
    doc.font(REGULAR).fillColor(MUTED);
    put(doc, label, FACTS.label, y, { width: FACTS.value - FACTS.label - 6 });
    doc.font(BOLD).fillColor(INK);
    put(doc, value, FACTS.value, y, { width: RIGHT - FACTS.value, align: "right" });
  }
  doc.y = Math.max(leftBottom, doc.y) + 14;
  rule(doc, doc.y, INK, 1);
  doc.y += 16;
  doc.x = MARGIN;
}

export function rule(doc: Doc, y: number, color = RULE, width = 0.75) {
  doc.save().moveTo(MARGIN, y).lineTo(RIGHT, y).lineWidth(width).strokeColor(color).stroke().restore();
}

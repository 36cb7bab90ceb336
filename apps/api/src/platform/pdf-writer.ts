import fs from 'node:fs/promises';
import path from 'node:path';
import fontkit from '@pdf-lib/fontkit';
import { rgb, type PDFDocument, type PDFFont, type PDFPage, type RGB } from 'pdf-lib';
import { fontsFolder } from '../runtime-paths';

/**
 * What the product's PDFs (the agents' reports, contracts) share: A4 pages written top to bottom in
 * DejaVu Sans, text wrapped to the width and continued on a new page, label–value rows, and a footer
 * with "Página n de N" on every page (docs/decisions/025-pdf-font.md).
 *
 * DejaVu Sans (apps/api/assets/fonts, Bitstream Vera licence) is embedded as a subset: a PDF carries
 * only the glyphs it uses, and the text stays extractable (pdftotext reads the names back). It prints
 * Latin with every European accent (Polish "Ł", Romanian "ș", Turkish "ğ", Vietnamese…), Greek,
 * Cyrillic, Armenian and Georgian. It has no Chinese, Japanese or Korean, no Indic scripts nor Thai,
 * and only a few emoji (black and white); Arabic and Hebrew are in the font but pdf-lib lays text out
 * left to right only (no bidirectional ordering), so they are treated as missing rather than printed
 * backwards. A character the fonts cannot print is written without its accent when that is enough,
 * else as '?' (printable), so no person's name can make a document fail: pdf-lib itself would draw
 * a missing glyph as an empty box (glyph 0) with no text behind it.
 */

export const A4: [number, number] = [595.28, 841.89];
export const BODY_SIZE = 10;
export const LINE = 14;
/** The smallest size a value is set at to fit its column whole (fields). */
const MIN_FIT_SIZE = 7;
export const ink = rgb(27 / 255, 35 / 255, 48 / 255);
export const muted = rgb(86 / 255, 96 / 255, 112 / 255);
export const brand = rgb(15 / 255, 118 / 255, 110 / 255); // --color-brand

/** Makes `value` printable with `font`: unsupported characters lose their accent, else become '?'. */
export function printable(value: string, supported: ReadonlySet<number>): string {
  let out = '';
  // Composed form: "s" + combining comma below is the font's one glyph "ș".
  for (const char of value.replace(/\r\n?|\t/g, ' ').normalize('NFC')) {
    const point = char.codePointAt(0) ?? 0;
    if (supported.has(point)) {
      out += char;
      continue;
    }
    if (point < 0x20 || (point >= 0x7f && point < 0xa0)) continue;
    const bare = char.normalize('NFKD').replace(/[\u0300-\u036f]/g, '');
    out += [...bare].every((c) => supported.has(c.codePointAt(0) ?? 0)) && bare ? bare : '?';
  }
  return out;
}

/** Splits `value` into lines no wider than `width` (a word longer than a line is cut). */
export function wrap(value: string, font: PDFFont, size: number, width: number): string[] {
  const lines: string[] = [];
  for (const paragraph of value.split('\n')) {
    let line = '';
    for (const word of paragraph.split(/ +/)) {
      const candidate = line ? `${line} ${word}` : word;
      if (font.widthOfTextAtSize(candidate, size) <= width) {
        line = candidate;
        continue;
      }
      if (line) lines.push(line);
      line = word;
      while (font.widthOfTextAtSize(line, size) > width && line.length > 1) {
        let cut = line.length - 1;
        while (cut > 1 && font.widthOfTextAtSize(line.slice(0, cut), size) > width) cut -= 1;
        lines.push(line.slice(0, cut));
        line = line.slice(cut);
      }
    }
    lines.push(line);
  }
  return lines;
}

export interface PdfFonts {
  regular: PDFFont;
  bold: PDFFont;
  /** The code points both fonts print (printable). */
  supported: ReadonlySet<number>;
}

/** The fonts shipped with the API (like the migrations, found from the code, not configured). */
export { fontsFolder };

/**
 * Right-to-left scripts (Hebrew, Arabic, Syriac, Thaana, N'Ko…, their presentation forms, and the
 * supplementary RTL planes): pdf-lib draws glyphs left to right in the string's order, so a name in
 * these scripts would print mirrored. They print as '?' until the writer orders bidirectional text.
 */
const RIGHT_TO_LEFT: readonly (readonly [number, number])[] = [
  [0x0590, 0x08ff],
  [0xfb1d, 0xfdff],
  [0xfe70, 0xfeff],
  [0x10800, 0x10fff],
  [0x1e800, 0x1efff],
];

interface FontFiles {
  regular: Uint8Array;
  bold: Uint8Array;
}

let fontFiles: Promise<FontFiles> | undefined;
let supportedSet: ReadonlySet<number> | undefined;

/** The TTF files, read once per process (each is ~0.7 MB). */
function loadFontFiles(): Promise<FontFiles> {
  fontFiles ??= Promise.all([
    fs.readFile(path.join(fontsFolder, 'DejaVuSans.ttf')),
    fs.readFile(path.join(fontsFolder, 'DejaVuSans-Bold.ttf')),
  ]).then(
    ([regular, bold]) => ({ regular: new Uint8Array(regular), bold: new Uint8Array(bold) }),
    (error: unknown) => {
      fontFiles = undefined; // a later document tries again
      throw error;
    },
  );
  return fontFiles;
}

type Fontkit = Parameters<PDFDocument['registerFontkit']>[0];
type Font = ReturnType<Fontkit['create']>;
type GlyphRun = ReturnType<Font['layout']>;
type Glyph = GlyphRun['glyphs'][number];

/**
 * One glyph per character, straight from the font's character map, in place of fontkit's OpenType
 * shaping. pdf-lib shapes every string it measures or draws, and shaping (GSUB/GPOS lookups) made a
 * contract about 12 times slower to render; the scripts printed here (Latin, Greek, Cyrillic, Armenian,
 * Georgian, text composed to NFC) need no shaping, and pdf-lib draws no kerning anyway. With no
 * ligatures, the text extracted from the PDF is exactly the text written.
 */
function oneGlyphPerCharacter(font: Font, cache: Map<number, Glyph>, text: string): GlyphRun {
  const glyphs = [...text].map((char) => {
    const point = char.codePointAt(0) ?? 0;
    let glyph = cache.get(point);
    if (!glyph) {
      glyph = font.glyphForCodePoint(point);
      cache.set(point, glyph);
    }
    return glyph;
  });
  const positions = glyphs.map((glyph) => ({
    xAdvance: glyph.advanceWidth,
    yAdvance: 0,
    xOffset: 0,
    yOffset: 0,
  }));
  return { glyphs, positions } as GlyphRun;
}

/**
 * fontkit parsing each file once per process, not once per document: its parsed tables and glyph
 * cache are shared (the font is only read; every document makes its own subset).
 */
const parsed = new WeakMap<Uint8Array, Font>();
const sharedFontkit: Fontkit = {
  create(bytes, postscriptName) {
    const known = parsed.get(bytes);
    if (known) return known;
    const font = fontkit.create(bytes, postscriptName);
    const glyphs = new Map<number, Glyph>();
    font.layout = (text: string) => oneGlyphPerCharacter(font, glyphs, text);
    parsed.set(bytes, font);
    return font;
  },
};

function printableSet(regular: PDFFont, bold: PDFFont): ReadonlySet<number> {
  const inBold = new Set(bold.getCharacterSet());
  const rightToLeft = (point: number) => RIGHT_TO_LEFT.some(([from, to]) => point >= from && point <= to);
  return new Set(regular.getCharacterSet().filter((point) => inBold.has(point) && !rightToLeft(point)));
}

/**
 * The subset tag a font's name starts with ("ABCDEF+DejaVuSans"), so readers know it is a subset: six
 * capital letters from the document's object count, the same for the same document (its bytes stay
 * deterministic) and another for the fonts the seal adds to a contract that already has its own.
 */
function subsetTag(doc: PDFDocument): string {
  let n = doc.context.largestObjectNumber * 7919 + 104_729;
  let tag = '';
  for (let i = 0; i < 6; i += 1) {
    tag += String.fromCharCode(65 + (n % 26));
    n = Math.floor(n / 26);
  }
  return tag;
}

/** Embeds DejaVu Sans and DejaVu Sans Bold in `doc`, subset to the glyphs the document draws. */
export async function embedFonts(doc: PDFDocument): Promise<PdfFonts> {
  const files = await loadFontFiles();
  doc.registerFontkit(sharedFontkit);
  const tag = subsetTag(doc);
  const regular = await doc.embedFont(files.regular, { subset: true, customName: `${tag}+DejaVuSans` });
  const bold = await doc.embedFont(files.bold, { subset: true, customName: `${tag}+DejaVuSans-Bold` });
  supportedSet ??= printableSet(regular, bold);
  return { regular, bold, supported: supportedSet };
}

export interface PageLayout {
  margin: number;
  /** Room kept at the bottom of every page for the footer. */
  footerSpace: number;
  /** How far under the bottom margin the footer's line sits. */
  footerDrop: number;
}

/** The page flow every document builds its own blocks on. */
export class PdfPageWriter {
  protected page: PDFPage;
  protected y: number;
  readonly pages: PDFPage[] = [];
  readonly width: number;

  constructor(
    protected readonly doc: PDFDocument,
    readonly fonts: PdfFonts,
    protected readonly layout: PageLayout,
  ) {
    this.width = A4[0] - 2 * layout.margin;
    this.page = this.addPage();
    this.y = A4[1] - layout.margin;
  }

  private addPage(): PDFPage {
    const page = this.doc.addPage(A4);
    this.pages.push(page);
    return page;
  }

  clean(value: string): string {
    return printable(value, this.fonts.supported);
  }

  newPage(): void {
    this.page = this.addPage();
    this.y = A4[1] - this.layout.margin;
  }

  /** Room for `height` more points on this page, or a new page. */
  ensure(height: number): void {
    if (this.y - height >= this.layout.margin + this.layout.footerSpace) return;
    this.newPage();
  }

  gap(points: number): void {
    this.y -= points;
  }

  /** One line of printable text at `x`, `below` points under the current line. */
  protected draw(
    value: string,
    x: number,
    options: { font?: PDFFont; size?: number; color?: RGB; below?: number } = {},
  ): void {
    const size = options.size ?? BODY_SIZE;
    this.page.drawText(value, {
      x: this.layout.margin + x,
      y: this.y - size - (options.below ?? 0),
      size,
      font: options.font ?? this.fonts.regular,
      color: options.color ?? ink,
    });
  }

  /** `value` made printable and wrapped to `width`. */
  lines(value: string, width: number, font = this.fonts.regular, size = BODY_SIZE): string[] {
    return wrap(this.clean(value), font, size, width);
  }

  /**
   * Label–value rows: labels in bold on the left `labelShare` of the width; `empty` for a blank value.
   * A value that is one word too wide for its column (a SHA-256 in hex, a long e-mail address) is set
   * smaller, down to MIN_FIT_SIZE, so it stays whole on one line to be read and copied.
   */
  fields(rows: readonly (readonly [string, string])[], labelShare = 0.3, empty = ''): void {
    const labelWidth = this.width * labelShare;
    const valueWidth = this.width - labelWidth;
    for (const [label, value] of rows) {
      const labels = this.lines(label, labelWidth - 8, this.fonts.bold);
      const text = this.clean(value || empty);
      const wide = this.fonts.regular.widthOfTextAtSize(text, BODY_SIZE);
      const size =
        wide > valueWidth && !text.includes(' ')
          ? Math.max(MIN_FIT_SIZE, Math.floor((BODY_SIZE * valueWidth * 10) / wide) / 10)
          : BODY_SIZE;
      const values = wrap(text, this.fonts.regular, size, valueWidth);
      const count = Math.max(labels.length, values.length);
      for (let i = 0; i < count; i += 1) {
        this.ensure(LINE);
        const l = labels[i];
        const v = values[i];
        if (l) this.draw(l, 0, { font: this.fonts.bold, color: muted });
        if (v) this.draw(v, labelWidth, { size });
        this.gap(LINE);
      }
      this.gap(2);
    }
  }

  /** `left` on the left of every page's footer, "Página n de N" (`pageLabel`) on its right. */
  footers(left: string, pageLabel: (page: number, pages: number) => string): void {
    const size = 8;
    const { margin, footerDrop } = this.layout;
    this.pages.forEach((page, index) => {
      const label = this.clean(pageLabel(index + 1, this.pages.length));
      const common = { y: margin - footerDrop, size, font: this.fonts.regular, color: muted };
      page.drawText(this.clean(left), { x: margin, ...common });
      page.drawText(label, {
        x: margin + this.width - this.fonts.regular.widthOfTextAtSize(label, size),
        ...common,
      });
    });
  }
}

import { rgb, StandardFonts, type PDFDocument, type PDFFont, type PDFPage, type RGB } from 'pdf-lib';

/**
 * What the product's PDFs (the agents' reports, contracts) share: A4 pages written top to bottom in
 * Helvetica, text wrapped to the width and continued on a new page, label–value rows, and a footer
 * with "Página n de N" on every page. Helvetica (WinAnsi) prints every Spanish letter and sign
 * (á é í ó ú ñ ü ¿ ¡ € « »); a character it cannot print (another script, an emoji) is written without
 * its accent when that is enough, else as '?', so no person's name can make a document fail.
 */

export const A4: [number, number] = [595.28, 841.89];
export const BODY_SIZE = 10;
export const LINE = 14;
export const ink = rgb(27 / 255, 35 / 255, 48 / 255);
export const muted = rgb(86 / 255, 96 / 255, 112 / 255);
export const brand = rgb(15 / 255, 118 / 255, 110 / 255); // --color-brand

/** Makes `value` printable with `font`: unsupported characters lose their accent, else become '?'. */
export function printable(value: string, supported: ReadonlySet<number>): string {
  let out = '';
  for (const char of value.replace(/\r\n?|\t/g, ' ')) {
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
  /** The code points Helvetica prints. */
  supported: ReadonlySet<number>;
}

export async function embedHelvetica(doc: PDFDocument): Promise<PdfFonts> {
  const regular = await doc.embedFont(StandardFonts.Helvetica);
  const bold = await doc.embedFont(StandardFonts.HelveticaBold);
  return { regular, bold, supported: new Set(regular.getCharacterSet()) };
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

  /** Label–value rows: labels in bold on the left `labelShare` of the width; `empty` for a blank value. */
  fields(rows: readonly (readonly [string, string])[], labelShare = 0.3, empty = ''): void {
    const labelWidth = this.width * labelShare;
    for (const [label, value] of rows) {
      const labels = this.lines(label, labelWidth - 8, this.fonts.bold);
      const values = this.lines(value || empty, this.width - labelWidth);
      const count = Math.max(labels.length, values.length);
      for (let i = 0; i < count; i += 1) {
        this.ensure(LINE);
        const l = labels[i];
        const v = values[i];
        if (l) this.draw(l, 0, { font: this.fonts.bold, color: muted });
        if (v) this.draw(v, labelWidth);
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

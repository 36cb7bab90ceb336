import type { PDFDocument } from 'pdf-lib';
import { rgb, StandardFonts, type PDFFont, type PDFPage } from 'pdf-lib';
import { printable, wrap } from '../../back-office/report-pdf';

/**
 * The page writer of contracts (A4, Helvetica): a centred title, headings, numbered clauses, paragraphs
 * wrapped to the width and continued on new pages, photos, and a footer on every page. Helvetica
 * (WinAnsi) prints every Spanish letter and sign; anything else loses its accent or becomes '?'
 * (`printable` of the back office's report writer), so no name can make a contract fail to render.
 */

export const PAGE: [number, number] = [595.28, 841.89];
export const MARGIN = 56;
const FOOTER_SPACE = 34;
const BODY = 10;
const LINE = 14;
const ink = rgb(27 / 255, 35 / 255, 48 / 255);
const muted = rgb(86 / 255, 96 / 255, 112 / 255);
const brand = rgb(15 / 255, 118 / 255, 110 / 255);

export interface Fonts {
  regular: PDFFont;
  bold: PDFFont;
  supported: ReadonlySet<number>;
}

export async function embedFonts(doc: PDFDocument): Promise<Fonts> {
  const regular = await doc.embedFont(StandardFonts.Helvetica);
  const bold = await doc.embedFont(StandardFonts.HelveticaBold);
  return { regular, bold, supported: new Set(regular.getCharacterSet()) };
}

export class PageWriter {
  private page: PDFPage;
  private y: number;
  readonly pages: PDFPage[] = [];
  readonly width = PAGE[0] - 2 * MARGIN;

  constructor(
    private readonly doc: PDFDocument,
    private readonly fonts: Fonts,
  ) {
    this.page = this.addPage();
    this.y = PAGE[1] - MARGIN;
  }

  private addPage(): PDFPage {
    const page = this.doc.addPage(PAGE);
    this.pages.push(page);
    return page;
  }

  clean(value: string): string {
    return printable(value, this.fonts.supported);
  }

  newPage(): void {
    this.page = this.addPage();
    this.y = PAGE[1] - MARGIN;
  }

  private ensure(height: number): void {
    if (this.y - height >= MARGIN + FOOTER_SPACE) return;
    this.newPage();
  }

  gap(points: number): void {
    this.y -= points;
  }

  private draw(value: string, x: number, font: PDFFont, size: number, color = ink): void {
    this.page.drawText(value, { x: MARGIN + x, y: this.y - size, size, font, color });
  }

  private wrapped(value: string, font: PDFFont, size: number, width: number): string[] {
    return wrap(this.clean(value), font, size, width);
  }

  title(value: string, subtitle: readonly string[]): void {
    for (const part of this.wrapped(value, this.fonts.bold, 15, this.width)) {
      this.ensure(20);
      const x = (this.width - this.fonts.bold.widthOfTextAtSize(part, 15)) / 2;
      this.draw(part, x, this.fonts.bold, 15, brand);
      this.gap(20);
    }
    for (const part of subtitle.flatMap((line) => this.wrapped(line, this.fonts.regular, BODY, this.width))) {
      this.ensure(LINE);
      this.draw(
        part,
        (this.width - this.fonts.regular.widthOfTextAtSize(part, BODY)) / 2,
        this.fonts.regular,
        BODY,
        muted,
      );
      this.gap(LINE);
    }
    this.gap(8);
  }

  /** A section heading ("REUNIDOS", "CLÁUSULAS"), never left alone at the bottom of a page. */
  heading(value: string): void {
    this.ensure(22 + 3 * LINE);
    this.gap(8);
    const text = this.clean(value);
    this.draw(
      text,
      (this.width - this.fonts.bold.widthOfTextAtSize(text, 12)) / 2,
      this.fonts.bold,
      12,
      brand,
    );
    this.gap(22);
  }

  /** A clause's title ("PRIMERA. Objeto"), kept with its first lines. */
  subheading(value: string): void {
    this.ensure(18 + 2 * LINE);
    this.gap(4);
    for (const part of this.wrapped(value, this.fonts.bold, BODY + 0.5, this.width)) {
      this.draw(part, 0, this.fonts.bold, BODY + 0.5);
      this.gap(LINE + 1);
    }
  }

  paragraph(value: string, options: { indent?: number; bold?: boolean; muted?: boolean } = {}): void {
    const indent = options.indent ?? 0;
    const font = options.bold ? this.fonts.bold : this.fonts.regular;
    for (const part of this.wrapped(value, font, BODY, this.width - indent)) {
      this.ensure(LINE);
      this.draw(part, indent, font, BODY, options.muted ? muted : ink);
      this.gap(LINE);
    }
    this.gap(4);
  }

  /** Label–value rows (the signature page). */
  fields(rows: readonly (readonly [string, string])[]): void {
    const labelWidth = this.width * 0.3;
    for (const [label, value] of rows) {
      const labels = this.wrapped(label, this.fonts.bold, BODY, labelWidth - 8);
      const values = this.wrapped(value, this.fonts.regular, BODY, this.width - labelWidth);
      const count = Math.max(labels.length, values.length);
      for (let i = 0; i < count; i += 1) {
        this.ensure(LINE);
        const l = labels[i];
        const v = values[i];
        if (l) this.draw(l, 0, this.fonts.bold, BODY, muted);
        if (v) this.draw(v, labelWidth, this.fonts.regular, BODY);
        this.gap(LINE);
      }
      this.gap(2);
    }
  }

  /** A photo scaled to the width (and to at most half a page), with its caption under it. */
  async photo(jpeg: Uint8Array, width: number, height: number, caption: string): Promise<void> {
    const image = await this.doc.embedJpg(jpeg);
    const realWidth = width > 0 ? width : image.width;
    const realHeight = height > 0 ? height : image.height;
    const maxHeight = (PAGE[1] - 2 * MARGIN - FOOTER_SPACE) / 2 - 2 * LINE;
    const scale = Math.min(this.width / realWidth, maxHeight / realHeight, 1.5);
    const w = realWidth * scale;
    const h = realHeight * scale;
    this.ensure(h + 2 * LINE);
    this.page.drawImage(image, { x: MARGIN + (this.width - w) / 2, y: this.y - h, width: w, height: h });
    this.gap(h + 4);
    this.paragraph(caption, { muted: true });
  }

  /** "Página X de Y" on the right of every page, `left` on its left. */
  footers(left: string, pageLabel: (page: number, pages: number) => string): void {
    const size = 8;
    this.pages.forEach((page, index) => {
      const label = this.clean(pageLabel(index + 1, this.pages.length));
      page.drawText(this.clean(left), {
        x: MARGIN,
        y: MARGIN - 14,
        size,
        font: this.fonts.regular,
        color: muted,
      });
      page.drawText(label, {
        x: MARGIN + this.width - this.fonts.regular.widthOfTextAtSize(label, size),
        y: MARGIN - 14,
        size,
        font: this.fonts.regular,
        color: muted,
      });
    });
  }
}

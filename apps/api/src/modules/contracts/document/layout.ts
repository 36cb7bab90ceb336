import type { PDFDocument } from 'pdf-lib';
import {
  A4,
  BODY_SIZE,
  brand,
  LINE,
  muted,
  PdfPageWriter,
  type PdfFonts,
} from '../../../platform/pdf-writer';

/**
 * The page writer of contracts (A4, DejaVu Sans, on the platform's PDF writer): a centred title,
 * headings, numbered clauses, paragraphs wrapped to the width and continued on new pages, photos, and
 * a footer on every page. No name can make a contract fail to render (the writer's printable subset).
 */

const MARGIN = 56;
const FOOTER_SPACE = 34;

export class PageWriter extends PdfPageWriter {
  constructor(doc: PDFDocument, fonts: PdfFonts) {
    super(doc, fonts, { margin: MARGIN, footerSpace: FOOTER_SPACE, footerDrop: 14 });
  }

  /** A line centred on the page. */
  private centred(value: string, font = this.fonts.regular, size = BODY_SIZE, color = muted): void {
    this.draw(value, (this.width - font.widthOfTextAtSize(value, size)) / 2, { font, size, color });
  }

  title(value: string, subtitle: readonly string[]): void {
    for (const part of this.lines(value, this.width, this.fonts.bold, 15)) {
      this.ensure(20);
      this.centred(part, this.fonts.bold, 15, brand);
      this.gap(20);
    }
    for (const part of subtitle.flatMap((line) => this.lines(line, this.width))) {
      this.ensure(LINE);
      this.centred(part);
      this.gap(LINE);
    }
    this.gap(8);
  }

  /** A section heading ("REUNIDOS", "CLÁUSULAS"), never left alone at the bottom of a page. */
  heading(value: string): void {
    this.ensure(22 + 3 * LINE);
    this.gap(8);
    this.centred(this.clean(value), this.fonts.bold, 12, brand);
    this.gap(22);
  }

  /** A clause's title ("PRIMERA. Objeto"), kept with its first lines. */
  subheading(value: string): void {
    this.ensure(18 + 2 * LINE);
    this.gap(4);
    for (const part of this.lines(value, this.width, this.fonts.bold, BODY_SIZE + 0.5)) {
      this.draw(part, 0, { font: this.fonts.bold, size: BODY_SIZE + 0.5 });
      this.gap(LINE + 1);
    }
  }

  paragraph(value: string, options: { indent?: number; bold?: boolean; muted?: boolean } = {}): void {
    const indent = options.indent ?? 0;
    const font = options.bold ? this.fonts.bold : this.fonts.regular;
    for (const part of this.lines(value, this.width - indent, font)) {
      this.ensure(LINE);
      this.draw(part, indent, { font, ...(options.muted ? { color: muted } : {}) });
      this.gap(LINE);
    }
    this.gap(4);
  }

  /** A photo scaled to the width (and to at most half a page), with its caption under it. */
  async photo(jpeg: Uint8Array, width: number, height: number, caption: string): Promise<void> {
    const image = await this.doc.embedJpg(jpeg);
    const realWidth = width > 0 ? width : image.width;
    const realHeight = height > 0 ? height : image.height;
    const maxHeight = (A4[1] - 2 * MARGIN - FOOTER_SPACE) / 2 - 2 * LINE;
    const scale = Math.min(this.width / realWidth, maxHeight / realHeight, 1.5);
    const w = realWidth * scale;
    const h = realHeight * scale;
    this.ensure(h + 2 * LINE);
    this.page.drawImage(image, { x: MARGIN + (this.width - w) / 2, y: this.y - h, width: w, height: h });
    this.gap(h + 4);
    this.paragraph(caption, { muted: true });
  }
}

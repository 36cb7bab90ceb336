import { PDFDocument, rgb, StandardFonts, type PDFFont, type PDFPage } from 'pdf-lib';

/**
 * A small report writer on pdf-lib for the agents' PDF reports (solvency, candidate): a title, sections
 * of label–value rows, paragraphs and tables, wrapped to the page width and continued on new pages, and a
 * footer with the page count on every page. Helvetica (WinAnsi) prints every Spanish letter and sign
 * (á é í ó ú ñ ü ¿ ¡ € « »); a character it cannot print (another script, an emoji) is written without
 * its accent when that is enough, else as '?', so no person's name can make a report fail.
 * A report is a few kilobytes: it is built in memory and sent whole.
 */

export type ReportBlock =
  | { kind: 'fields'; rows: readonly (readonly [label: string, value: string])[] }
  | { kind: 'paragraphs'; lines: readonly string[]; bullet?: boolean }
  | {
      kind: 'table';
      /** Column titles and their share of the width (they add up to 1). */
      columns: readonly { title: string; width: number }[];
      rows: readonly (readonly string[])[];
      /** What is written when there are no rows. */
      empty: string;
    };

export interface ReportSection {
  title: string;
  blocks: readonly ReportBlock[];
}

export interface Report {
  /** Document title, first line of the first page. */
  title: string;
  /** Lines under the title (what the report is about, when and for whom it was made). */
  subtitle: readonly string[];
  sections: readonly ReportSection[];
  /** Left part of every page's footer; the right part is "Página n de N". */
  footer: string;
  pageLabel: (page: number, pages: number) => string;
  /** Document metadata. */
  author: string;
  createdAt: Date;
}

const PAGE: [number, number] = [595.28, 841.89]; // A4
const MARGIN = 50;
const FOOTER_SPACE = 36;
const BODY_SIZE = 10;
const LINE = 14;
const brand = rgb(15 / 255, 118 / 255, 110 / 255); // --color-brand
const text = rgb(27 / 255, 35 / 255, 48 / 255);
const muted = rgb(86 / 255, 96 / 255, 112 / 255);
const rule = rgb(227 / 255, 230 / 255, 234 / 255);

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

class Writer {
  private page: PDFPage;
  private y: number;
  readonly pages: PDFPage[] = [];
  readonly width = PAGE[0] - 2 * MARGIN;

  constructor(
    private readonly doc: PDFDocument,
    readonly regular: PDFFont,
    readonly bold: PDFFont,
    private readonly supported: ReadonlySet<number>,
  ) {
    this.page = this.newPage();
    this.y = PAGE[1] - MARGIN;
  }

  private newPage(): PDFPage {
    const page = this.doc.addPage(PAGE);
    this.pages.push(page);
    return page;
  }

  clean(value: string): string {
    return printable(value, this.supported);
  }

  /** Room for `height` more points on this page, or a new page. */
  ensure(height: number): void {
    if (this.y - height >= MARGIN + FOOTER_SPACE) return;
    this.page = this.newPage();
    this.y = PAGE[1] - MARGIN;
  }

  gap(points: number): void {
    this.y -= points;
  }

  /** One line of printable text at `x`, `below` points under the current line. */
  line(
    value: string,
    x: number,
    options: { font?: PDFFont; size?: number; color?: typeof text; below?: number } = {},
  ) {
    const size = options.size ?? BODY_SIZE;
    this.page.drawText(value, {
      x: MARGIN + x,
      y: this.y - size - (options.below ?? 0),
      size,
      font: options.font ?? this.regular,
      color: options.color ?? text,
    });
  }

  /** Wrapped text in a column; returns the lines drawn. */
  lines(value: string, width: number, font = this.regular, size = BODY_SIZE): string[] {
    return wrap(this.clean(value), font, size, width);
  }

  title(value: string, subtitle: readonly string[]): void {
    for (const part of this.lines(value, this.width, this.bold, 20)) {
      this.ensure(26);
      this.line(part, 0, { font: this.bold, size: 20, color: brand });
      this.gap(26);
    }
    for (const part of subtitle.flatMap((s) => this.lines(s, this.width))) {
      this.ensure(LINE);
      this.line(part, 0, { color: muted });
      this.gap(LINE);
    }
    this.gap(6);
  }

  heading(value: string): void {
    // A heading is never left alone at the bottom of a page.
    this.ensure(24 + 3 * LINE);
    this.gap(10);
    this.line(this.clean(value), 0, { font: this.bold, size: 13, color: brand });
    this.gap(18);
    this.page.drawLine({
      start: { x: MARGIN, y: this.y + 3 },
      end: { x: MARGIN + this.width, y: this.y + 3 },
      thickness: 0.7,
      color: rule,
    });
    this.gap(4);
  }

  fields(rows: readonly (readonly [string, string])[]): void {
    const labelWidth = this.width * 0.34;
    for (const [label, value] of rows) {
      const labels = this.lines(label, labelWidth - 8, this.bold);
      const values = this.lines(value || '-', this.width - labelWidth);
      const count = Math.max(labels.length, values.length);
      for (let i = 0; i < count; i += 1) {
        this.ensure(LINE);
        const l = labels[i];
        const v = values[i];
        if (l) this.line(l, 0, { font: this.bold, color: muted });
        if (v) this.line(v, labelWidth);
        this.gap(LINE);
      }
      this.gap(2);
    }
  }

  paragraphs(lines: readonly string[], bullet: boolean): void {
    const indent = bullet ? 12 : 0;
    for (const paragraph of lines) {
      this.lines(paragraph, this.width - indent).forEach((part, i) => {
        this.ensure(LINE);
        if (bullet && i === 0) this.line('•', 0, { color: brand });
        this.line(part, indent);
        this.gap(LINE);
      });
      this.gap(3);
    }
  }

  table(block: Extract<ReportBlock, { kind: 'table' }>): void {
    const xs: number[] = [];
    let x = 0;
    for (const column of block.columns) {
      xs.push(x);
      x += column.width * this.width;
    }
    const widths = block.columns.map((c) => c.width * this.width - 6);
    const row = (cells: readonly string[], font: PDFFont, color = text) => {
      const wrapped = cells.map((cell, i) => this.lines(cell || '-', widths[i] ?? this.width, font));
      const height = Math.max(1, ...wrapped.map((w) => w.length)) * LINE;
      this.ensure(height);
      wrapped.forEach((cellLines, i) =>
        cellLines.forEach((part, j) => this.line(part, xs[i] ?? 0, { font, color, below: j * LINE })),
      );
      this.gap(height + 2);
    };
    row(
      block.columns.map((c) => c.title),
      this.bold,
      muted,
    );
    if (block.rows.length === 0) {
      this.paragraphs([block.empty], false);
      return;
    }
    for (const cells of block.rows) row(cells, this.regular);
  }

  footers(footer: string, pageLabel: (page: number, pages: number) => string): void {
    this.pages.forEach((page, index) => {
      const label = this.clean(pageLabel(index + 1, this.pages.length));
      const size = 8;
      page.drawText(this.clean(footer), {
        x: MARGIN,
        y: MARGIN - 10,
        size,
        font: this.regular,
        color: muted,
      });
      page.drawText(label, {
        x: MARGIN + this.width - this.regular.widthOfTextAtSize(label, size),
        y: MARGIN - 10,
        size,
        font: this.regular,
        color: muted,
      });
    });
  }
}

/** Renders `report` as a PDF (A4, Helvetica). */
export async function renderReport(report: Report): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const regular = await doc.embedFont(StandardFonts.Helvetica);
  const bold = await doc.embedFont(StandardFonts.HelveticaBold);
  const supported = new Set(regular.getCharacterSet());
  doc.setTitle(printable(report.title, supported));
  doc.setAuthor(report.author);
  doc.setCreator(report.author);
  doc.setProducer(report.author);
  doc.setLanguage('es-ES');
  doc.setCreationDate(report.createdAt);
  doc.setModificationDate(report.createdAt);
  const writer = new Writer(doc, regular, bold, supported);
  writer.title(report.title, report.subtitle);
  for (const section of report.sections) {
    writer.heading(section.title);
    for (const block of section.blocks) {
      if (block.kind === 'fields') writer.fields(block.rows);
      else if (block.kind === 'paragraphs') writer.paragraphs(block.lines, block.bullet ?? false);
      else writer.table(block);
    }
  }
  writer.footers(report.footer, report.pageLabel);
  return doc.save();
}

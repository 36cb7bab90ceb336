import { PDFDocument, rgb, type PDFFont } from 'pdf-lib';
import {
  brand,
  embedFonts,
  ink,
  LINE,
  muted,
  PdfPageWriter,
  printable,
  type PdfFonts,
} from '../../platform/pdf-writer';

/**
 * A small report writer on pdf-lib for the agents' PDF reports (solvency, candidate): a title, sections
 * of label–value rows, paragraphs and tables, wrapped to the page width and continued on new pages, and a
 * footer with the page count on every page. DejaVu Sans, embedded as a subset, prints names in Latin
 * (every European accent), Greek, Cyrillic, Armenian and Georgian; a character it cannot print (Chinese,
 * Japanese, Korean, Arabic, Hebrew, an emoji) is written without its accent when that is enough, else as
 * '?', so no person's name can make a report fail (docs/decisions/025-pdf-font.md).
 * A report is a few tens of kilobytes: it is built in memory and sent whole. The page flow, the
 * wrapping, the fonts and what they print are the platform's PDF writer's.
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

const rule = rgb(227 / 255, 230 / 255, 234 / 255);

class Writer extends PdfPageWriter {
  constructor(doc: PDFDocument, fonts: PdfFonts) {
    super(doc, fonts, { margin: 50, footerSpace: 36, footerDrop: 10 });
  }

  title(value: string, subtitle: readonly string[]): void {
    for (const part of this.lines(value, this.width, this.fonts.bold, 20)) {
      this.ensure(26);
      this.draw(part, 0, { font: this.fonts.bold, size: 20, color: brand });
      this.gap(26);
    }
    for (const part of subtitle.flatMap((s) => this.lines(s, this.width))) {
      this.ensure(LINE);
      this.draw(part, 0, { color: muted });
      this.gap(LINE);
    }
    this.gap(6);
  }

  heading(value: string): void {
    // A heading is never left alone at the bottom of a page.
    this.ensure(24 + 3 * LINE);
    this.gap(10);
    this.draw(this.clean(value), 0, { font: this.fonts.bold, size: 13, color: brand });
    this.gap(18);
    this.page.drawLine({
      start: { x: this.layout.margin, y: this.y + 3 },
      end: { x: this.layout.margin + this.width, y: this.y + 3 },
      thickness: 0.7,
      color: rule,
    });
    this.gap(4);
  }

  paragraphs(lines: readonly string[], bullet: boolean): void {
    const indent = bullet ? 12 : 0;
    for (const paragraph of lines) {
      this.lines(paragraph, this.width - indent).forEach((part, i) => {
        this.ensure(LINE);
        if (bullet && i === 0) this.draw('•', 0, { color: brand });
        this.draw(part, indent);
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
    const row = (cells: readonly string[], font: PDFFont, color = ink) => {
      const wrapped = cells.map((cell, i) => this.lines(cell || '-', widths[i] ?? this.width, font));
      const height = Math.max(1, ...wrapped.map((w) => w.length)) * LINE;
      this.ensure(height);
      wrapped.forEach((cellLines, i) =>
        cellLines.forEach((part, j) => this.draw(part, xs[i] ?? 0, { font, color, below: j * LINE })),
      );
      this.gap(height + 2);
    };
    row(
      block.columns.map((c) => c.title),
      this.fonts.bold,
      muted,
    );
    if (block.rows.length === 0) {
      this.paragraphs([block.empty], false);
      return;
    }
    for (const cells of block.rows) row(cells, this.fonts.regular);
  }
}

/** Renders `report` as a PDF (A4, DejaVu Sans). */
export async function renderReport(report: Report): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const fonts = await embedFonts(doc);
  doc.setTitle(printable(report.title, fonts.supported));
  doc.setAuthor(report.author);
  doc.setCreator(report.author);
  doc.setProducer(report.author);
  doc.setLanguage('es-ES');
  doc.setCreationDate(report.createdAt);
  doc.setModificationDate(report.createdAt);
  const writer = new Writer(doc, fonts);
  writer.title(report.title, report.subtitle);
  for (const section of report.sections) {
    writer.heading(section.title);
    for (const block of section.blocks) {
      if (block.kind === 'fields') writer.fields(block.rows, 0.38, '-');
      else if (block.kind === 'paragraphs') writer.paragraphs(block.lines, block.bullet ?? false);
      else writer.table(block);
    }
  }
  writer.footers(report.footer, report.pageLabel);
  return doc.save();
}

import { PDF_COLORS } from './pdf-document';
import { PDF_FONT } from './pdf-fonts';
import type { PdfRole, PdfTags } from './pdf-tags';

const { ink: INK, muted: MUTED } = PDF_COLORS;
const LABEL = '#334155';
const RULE = '#cbd5e1';
const SHADE = '#f1f5f9';
const ALERT = '#b91c1c';
const BODY = 9.5;
const FOOTER_SPACE = 36;

export type Column = { title: string; width: number; align?: 'left' | 'right' };
/** A table cell: its text, and an optional second line in smaller type (a failure message). */
export type Cell = string | { text: string; note?: string; bold?: boolean };
export type TextLine = { text: string; bold?: boolean; muted?: boolean };

const cellText = (cell: Cell) => (typeof cell === 'string' ? { text: cell } : cell);
// Header cells name what they head: a row's label, or a column's title.
const ROW = { scope: 'Row' } as const;
const COLUMN = { scope: 'Column' } as const;

/**
 * A document being written top to bottom: `y` is where the next block starts, and every block that
 * would run into the footer moves to a new page first (a table repeats its header row there). Each
 * block is tagged as it is drawn (`tags`): headings, paragraphs and tables in the order they are read.
 */
export class Sheet {
  y = 0;
  constructor(
    readonly doc: PDFKit.PDFDocument,
    readonly left: number,
    readonly width: number,
    readonly tags: PdfTags,
  ) {}

  private get top() {
    return this.doc.page.margins.top;
  }
  private get bottom() {
    return this.doc.page.height - this.doc.page.margins.bottom - FOOTER_SPACE;
  }

  /** Moves to a new page unless `height` more points fit on this one; true when it did. */
  ensure(height: number): boolean {
    if (this.y + height <= this.bottom) return false;
    this.doc.addPage();
    this.y = this.top;
    return true;
  }

  /** The document's name and number at the top right, beside the enQ brand. */
  title(title: string, number: string): void {
    const { doc, left, width, tags } = this;
    tags.add('H1', () =>
      doc.font(PDF_FONT.bold).fontSize(20).fillColor(INK).text(title, left, 48, { width, align: 'right' }),
    );
    tags.add('P', () =>
      doc
        .font(PDF_FONT.regular)
        .fontSize(10)
        .fillColor(MUTED)
        .text(number, left, 76, { width, align: 'right' }),
    );
    this.y = 118;
  }

  /** A small upper-case heading over a block. */
  label(text: string, x: number, y: number, width: number): number {
    this.tags.add('H2', () =>
      this.doc
        .font(PDF_FONT.bold)
        .fontSize(7.5)
        .fillColor(MUTED)
        .text(text.toUpperCase(), x, y, { width, characterSpacing: 0.6 }),
    );
    return y + 13;
  }

  /** A heading and its lines in a column; returns where the column ends. */
  block(x: number, y: number, width: number, heading: string, lines: TextLine[]): number {
    let at = this.label(heading, x, y, width);
    for (const line of lines) {
      this.tags.add('P', () =>
        this.doc
          .font(line.bold ? PDF_FONT.bold : PDF_FONT.regular)
          .fontSize(line.bold ? 10.5 : BODY)
          .fillColor(line.muted ? MUTED : INK)
          .text(line.text, x, at, { width }),
      );
      at = this.doc.y + 1;
    }
    return at;
  }

  /** Label and value pairs, values aligned right: the document's number, dates and status. */
  keyValues(x: number, y: number, width: number, rows: [string, string][]): number {
    const { doc, tags } = this;
    const table = tags.group('Table');
    let at = y;
    for (const [label, value] of rows) {
      tags.row(table, [
        [
          'TH',
          () => doc.font(PDF_FONT.regular).fontSize(BODY).fillColor(MUTED).text(label, x, at, { width: 92 }),
          ROW,
        ],
        [
          'TD',
          () =>
            doc
              .font(PDF_FONT.bold)
              .fillColor(INK)
              .text(value, x + 96, at, { width: width - 96, align: 'right' }),
        ],
      ]);
      at = Math.max(doc.y, at + 14) + 3;
    }
    return at;
  }

  /** Columns of blocks side by side; `y` moves below the tallest. */
  /** Blocks side by side, each as wide as its share (`weight`, 1 by default) of the line. */
  columns(blocks: { heading: string; lines: TextLine[]; weight?: number }[], gap = 20): void {
    const shares = blocks.map((b) => b.weight ?? 1);
    const unit = (this.width - gap * (blocks.length - 1)) / shares.reduce((a, b) => a + b, 0);
    let x = this.left;
    const ends = blocks.map((b, i) => {
      const end = this.block(x, this.y, unit * shares[i]!, b.heading, b.lines);
      x += unit * shares[i]! + gap;
      return end;
    });
    this.y = Math.max(...ends);
  }

  sectionHeading(text: string): void {
    this.ensure(50);
    this.tags.add('H2', () =>
      this.doc.font(PDF_FONT.bold).fontSize(11).fillColor(INK).text(text, this.left, this.y),
    );
    this.y = this.doc.y + 6;
  }

  /** The header row: tagged in `table`, or an artifact where a new page repeats it. */
  private headerRow(columns: Column[], table?: PDFKit.PDFStructureElement): void {
    const { doc, left, width, tags } = this;
    tags.artifact(() => doc.rect(left, this.y, width, 20).fill(SHADE));
    let x = left;
    const cells = columns.map((c): [PdfRole, () => void, { scope: 'Column' }] => {
      const at = x;
      x += c.width;
      return [
        'TH',
        () =>
          doc
            .font(PDF_FONT.bold)
            .fontSize(8)
            .fillColor(LABEL)
            .text(c.title, at + 6, this.y + 6, { width: c.width - 12, align: c.align ?? 'left' }),
        COLUMN,
      ];
    });
    if (table) tags.row(table, cells);
    else tags.artifact(() => cells.forEach(([, draw]) => draw()), 'Pagination');
    this.y += 20;
  }

  /** A table whose rows grow with wrapped text; a row never splits across pages. */
  table(columns: Column[], rows: Cell[][]): void {
    const { doc, left, width, tags } = this;
    this.ensure(48);
    const table = tags.group('Table');
    this.headerRow(columns, table);
    for (const row of rows) {
      const cells = row.map(cellText);
      const heights = cells.map((cell, i) => {
        const w = columns[i]!.width - 12;
        doc.font(cell.bold ? PDF_FONT.bold : PDF_FONT.regular).fontSize(BODY);
        const main = doc.heightOfString(cell.text, { width: w });
        const note = cell.note ? doc.fontSize(8).heightOfString(cell.note, { width: w }) + 2 : 0;
        return main + note;
      });
      const height = Math.max(...heights) + 12;
      if (this.ensure(height)) this.headerRow(columns);
      let x = left;
      const drawn = cells.map((cell, i): [PdfRole, (() => void) | (() => void)[]] => {
        const c = columns[i]!;
        const opts = { width: c.width - 12, align: c.align ?? 'left' } as const;
        const at = x;
        x += c.width;
        const text = () =>
          doc
            .font(cell.bold ? PDF_FONT.bold : PDF_FONT.regular)
            .fontSize(BODY)
            .fillColor(INK)
            .text(cell.text, at + 6, this.y + 6, opts);
        const note = (note: string) => () =>
          doc
            .fontSize(8)
            .fillColor(ALERT)
            .text(note, at + 6, doc.y + 2, opts);
        // A failure message is a second paragraph under the status.
        return ['TD', cell.note ? [text, note(cell.note)] : text];
      });
      tags.row(table, drawn);
      this.y += height;
      tags.artifact(() =>
        doc
          .moveTo(left, this.y)
          .lineTo(left + width, this.y)
          .lineWidth(0.5)
          .strokeColor(RULE)
          .stroke(),
      );
    }
  }

  /** The totals at the right: a rule above each `strong` row, and a shaded band behind `shade`. */
  totals(rows: { label: string; value: string; strong?: boolean; shade?: boolean }[]): void {
    const { doc, left, width, tags } = this;
    const x = left + width - 250;
    this.ensure(rows.length * 20 + 16);
    this.y += 10;
    const table = tags.group('Table');
    for (const row of rows) {
      tags.artifact(() => {
        if (row.shade) doc.rect(x, this.y - 4, 250, 22).fill(SHADE);
        if (row.strong && !row.shade)
          doc
            .moveTo(x, this.y - 3)
            .lineTo(left + width, this.y - 3)
            .lineWidth(0.5)
            .strokeColor(RULE)
            .stroke();
      });
      const font = row.strong ? PDF_FONT.bold : PDF_FONT.regular;
      doc
        .font(font)
        .fontSize(row.strong ? 10.5 : BODY)
        .fillColor(INK);
      tags.row(table, [
        ['TH', () => doc.text(row.label, x + 8, this.y, { width: 150 }), ROW],
        ['TD', () => doc.text(row.value, x + 150, this.y, { width: 92, align: 'right' })],
      ]);
      this.y += row.shade ? 24 : 18;
    }
    this.y += 10;
  }

  /** A paragraph across the page. */
  note(text: string): void {
    this.doc.font(PDF_FONT.regular).fontSize(BODY);
    this.ensure(this.doc.heightOfString(text, { width: this.width }) + 6);
    this.tags.add('P', () => this.doc.fillColor(MUTED).text(text, this.left, this.y, { width: this.width }));
    this.y = this.doc.y + 8;
  }

  /**
   * The same footer on every page ('Invoice ENQ-… · Page 1 of 2'). Needs a document with buffered
   * pages; the bottom margin is lifted while writing so the footer does not open yet another page.
   */
  footer(leftText: string, rightText: (page: number, pages: number) => string): void {
    const { doc, left, width } = this;
    const range = doc.bufferedPageRange();
    for (let i = range.start; i < range.start + range.count; i++) {
      doc.switchToPage(i);
      const margin = doc.page.margins.bottom;
      doc.page.margins.bottom = 0;
      const y = doc.page.height - margin - 14;
      this.tags.artifact(() => {
        doc
          .moveTo(left, y - 6)
          .lineTo(left + width, y - 6)
          .lineWidth(0.5)
          .strokeColor(RULE)
          .stroke();
        doc.font(PDF_FONT.regular).fontSize(7.5).fillColor(MUTED);
        doc.text(leftText, left, y, { width: width * 0.45, lineBreak: false });
        doc.text(rightText(i - range.start + 1, range.count), left + width * 0.45, y, {
          width: width * 0.55,
          align: 'right',
          lineBreak: false,
        });
      }, 'Pagination');
      doc.page.margins.bottom = margin;
    }
  }
}

/** The structure roles the documents use: headings, paragraphs, lists, tables and figures. */
export type PdfRole =
  'H1' | 'H2' | 'P' | 'L' | 'LI' | 'Lbl' | 'LBody' | 'Table' | 'TR' | 'TH' | 'TD' | 'Figure';
type Element = PDFKit.PDFStructureElement;

/** A header cell's scope; pdfkit writes it as the Table attribute `Scope`, its typings leave it out. */
type Options = { alt?: string; scope?: 'Row' | 'Column' };

/**
 * The structure tree of a document being written (the PDF is tagged): every piece of text is drawn
 * inside an element of the tree, in the order a screen reader reads it, and what only decorates a
 * page (rules, shading, a repeated header row, the footer) is drawn as an artifact, which readers
 * skip. Marked content cannot nest in pdfkit (opening one closes the one open), so a draw callback
 * draws only its own element's content.
 */
export class PdfTags {
  readonly root: Element;

  constructor(readonly doc: PDFKit.PDFDocument) {
    this.root = doc.struct('Document');
    doc.addStructure(this.root);
  }

  /** Draws `draw` as one element of `role` at the end of `parent` (the document by default). */
  add(role: PdfRole, draw: () => void, parent: Element = this.root, options: Options = {}): void {
    parent.add(this.doc.struct(role, options as Parameters<PDFKit.PDFDocument['struct']>[1], draw));
  }

  /** An element that holds others (a table, its rows, a list), added to `parent` now and filled later. */
  group(role: PdfRole, parent: Element = this.root): Element {
    const element = this.doc.struct(role);
    parent.add(element);
    return element;
  }

  /**
   * A table row whose cells are drawn in order: `[role, draw]`, a header cell's scope given with it. A
   * cell of several lines (a name and its hours) gets one paragraph for each, so they are read apart.
   */
  row(table: Element, cells: [PdfRole, (() => void) | (() => void)[], Options?][]): void {
    const row = this.group('TR', table);
    for (const [role, draw, options] of cells) {
      if (!Array.isArray(draw)) this.add(role, draw, row, options);
      else if (draw.length === 1) this.add(role, draw[0]!, row, options);
      else {
        const cell = this.group(role, row);
        for (const line of draw) this.add('P', line, cell);
      }
    }
  }

  /** Decoration or page furniture (`Pagination`: a footer or a repeated header), skipped by readers. */
  artifact(draw: () => void, type?: 'Pagination' | 'Layout'): void {
    this.doc.markContent('Artifact', type ? { type } : undefined);
    draw();
    this.doc.endMarkedContent();
  }
}

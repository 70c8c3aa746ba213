import { PDF_FONT, loadPdfFaces, pdfFontOptions, registerPdfFonts } from './pdf-fonts';
import { PdfTags } from './pdf-tags';

export const PDF_COLORS = { ink: '#0f172a', muted: '#475569', brand: '#1d4ed8' } as const;

/**
 * A Letter-size enQ document with the brand header (the invoices and the lines PDF look alike), and
 * the promise of its bytes, which resolves once the caller ends the document. The fonts PDF_FONT names
 * are registered. `Author` defaults to 'enQ'; an invoice names its seller as issued.
 *
 * The PDF is tagged for screen readers (PDF 1.7, language en-US, its title shown as the window's):
 * `tags` is its structure tree, which the caller draws every text into.
 *
 * pdfkit and fontkit load with the first PDF, not with every process: their imports took 0.3 s of a
 * server's start.
 */
export async function createEnqPdf(
  info: { Title: string; Subject: string; Author?: string },
  options: { bufferPages?: boolean } = {},
): Promise<{ doc: PDFKit.PDFDocument; tags: PdfTags; done: Promise<Buffer>; left: number; width: number }> {
  const [{ default: PDFDocument }, faces] = await Promise.all([import('pdfkit'), loadPdfFaces()]);
  const doc = new PDFDocument({
    size: 'LETTER',
    margin: 56,
    bufferPages: options.bufferPages ?? false,
    info: { Author: 'enQ', ...info },
    pdfVersion: '1.7',
    tagged: true,
    lang: 'en-US',
    displayTitle: true,
    ...pdfFontOptions(faces),
  });
  registerPdfFonts(doc, faces);
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  const left = doc.page.margins.left;
  const width = doc.page.width - left - doc.page.margins.right;
  const tags = new PdfTags(doc);
  drawEnqBrand(tags, left);
  return { doc, tags, done, left, width };
}

/** The enQ name and tagline at the top left of a page, read first: who issues the document. */
export function drawEnqBrand(tags: PdfTags, left: number): void {
  const { doc } = tags;
  tags.add('P', () => doc.font(PDF_FONT.bold).fontSize(22).fillColor(PDF_COLORS.brand).text('enQ', left, 50));
  tags.add('P', () =>
    doc
      .font(PDF_FONT.regular)
      .fontSize(9)
      .fillColor(PDF_COLORS.muted)
      .text('Fast access to tax-agency phone lines', left, 80),
  );
}

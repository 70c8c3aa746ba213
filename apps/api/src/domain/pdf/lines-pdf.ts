import { HOW_TO_DIAL, LINES_TEXT, formatLineNumber, irsNumbers } from '@enq/contract';
import { PDF_COLORS, createEnqPdf } from './pdf-document';
import { PDF_FONT } from './pdf-fonts';
import type { PdfRole } from './pdf-tags';
import { qrCodePng } from '../qr-code';
import type { LineMarket, PinHolder } from '../lines';

const { ink: INK, muted: MUTED, brand: BRAND } = PDF_COLORS;
const LABEL = '#334155';
const RULE = '#cbd5e1';
const COLUMN = { scope: 'Column' } as const;

/** PINs read more easily in groups of three: '482 913'. */
const spacedPin = (pin: string) => pin.replace(/(\d{3})(?=\d)/g, '$1 ');

/**
 * The person's how-to-start document: their name and PIN, how a call goes, a QR code of their contact
 * card, and every market's departments with the enQ number, the agency number(s) and the hours.
 */
export async function renderLinesPdf(
  holder: PinHolder,
  markets: LineMarket[],
  contactCardLink: string,
): Promise<Buffer> {
  const qr = await qrCodePng(contactCardLink, { margin: 1, width: 240 });
  const { doc, tags, done, left, width } = await createEnqPdf(
    { Title: 'enQ phone numbers', Subject: `Phone numbers and PIN for ${holder.full_name}` },
    { bufferPages: true },
  );
  const bottom = () => doc.page.height - doc.page.margins.bottom - 20;
  tags.add('H1', () =>
    doc
      .font(PDF_FONT.bold)
      .fontSize(18)
      .fillColor(INK)
      .text('PHONE NUMBERS', left, 56, { width, align: 'right' }),
  );

  // Who it is for, and the PIN.
  let y = 118;
  tags.artifact(() => doc.roundedRect(left, y, width, 64, 8).fillAndStroke('#eff6ff', '#bfdbfe'));
  tags.add('P', () =>
    doc
      .font(PDF_FONT.regular)
      .fontSize(9)
      .fillColor(MUTED)
      .text('Prepared for', left + 16, y + 11),
  );
  tags.add('P', () =>
    doc
      .font(PDF_FONT.bold)
      .fontSize(14)
      .fillColor(INK)
      .text(holder.full_name, left + 16, y + 28, { width: width / 2 }),
  );
  tags.add('P', () =>
    doc
      .font(PDF_FONT.regular)
      .fontSize(9)
      .fillColor(MUTED)
      .text('Your PIN', left + width / 2, y + 11, { width: width / 2 - 16, align: 'right' }),
  );
  tags.add('P', () =>
    doc
      .font(PDF_FONT.monoBold)
      .fontSize(22)
      .fillColor(BRAND)
      .text(spacedPin(holder.pin), left + width / 2, y + 28, { width: width / 2 - 16, align: 'right' }),
  );

  // How to start, beside the QR code of the contact card.
  y += 88;
  const qrSize = 104;
  const textWidth = width - qrSize - 24;
  tags.add('H2', () =>
    doc.font(PDF_FONT.bold).fontSize(13).fillColor(INK).text(LINES_TEXT.howToStart, left, y),
  );
  let stepY = y + 22;
  doc.fontSize(10);
  const steps = tags.group('L');
  HOW_TO_DIAL.forEach((step, i) => {
    const item = tags.group('LI', steps);
    tags.add(
      'Lbl',
      () =>
        doc
          .font(PDF_FONT.bold)
          .fillColor(BRAND)
          .text(`${i + 1}.`, left, stepY, { width: 16 }),
      item,
    );
    tags.add(
      'LBody',
      () =>
        doc
          .font(PDF_FONT.regular)
          .fillColor(INK)
          .text(step, left + 18, stepY, { width: textWidth - 18 }),
      item,
    );
    stepY = doc.y + 6;
  });
  tags.add('P', () =>
    doc
      .font(PDF_FONT.regular)
      .fontSize(9)
      .fillColor(MUTED)
      .text('Keep your PIN private: calls made with it are billed to your account.', left, stepY + 2, {
        width: textWidth,
      }),
  );
  stepY = doc.y;
  tags.add(
    'Figure',
    () => doc.image(qr, left + width - qrSize, y, { width: qrSize, height: qrSize }),
    tags.root,
    {
      alt: 'QR code: the enQ contact card',
    },
  );
  tags.add('P', () =>
    doc
      .font(PDF_FONT.regular)
      .fontSize(8)
      .fillColor(MUTED)
      .text('Scan to save the enQ numbers to your phone', left + width - qrSize - 10, y + qrSize + 4, {
        width: qrSize + 20,
        align: 'center',
      }),
  );
  y = Math.max(stepY, doc.y) + 24;

  // The numbers, market by market.
  const cols = { name: width * 0.46, enq: width * 0.25 };
  const xEnq = left + cols.name;
  const xAgency = xEnq + cols.enq;
  const agencyWidth = width - cols.name - cols.enq;
  const rule = (yy: number) =>
    tags.artifact(() =>
      doc
        .moveTo(left, yy)
        .lineTo(left + width, yy)
        .strokeColor(RULE)
        .lineWidth(0.75)
        .stroke(),
    );
  // The column heads: a table's header row, or an artifact where a new page repeats them.
  const columnHeads = (yy: number, table?: PDFKit.PDFStructureElement) => {
    doc.font(PDF_FONT.bold).fontSize(8).fillColor(LABEL);
    const heads: [PdfRole, () => void, { scope: 'Column' }][] = [
      ['DEPARTMENT AND HOURS (EASTERN)', left, cols.name - 8],
      ['CALL ENQ', xEnq, cols.enq - 8],
      ['AGENCY NUMBER', xAgency, agencyWidth],
    ].map(([text, x, w]) => [
      'TH',
      () => doc.text(text as string, x as number, yy, { width: w as number }),
      COLUMN,
    ]);
    if (table) tags.row(table, heads);
    else tags.artifact(() => heads.forEach(([, draw]) => draw()), 'Pagination');
    rule(yy + 13);
    return yy + 19;
  };
  const newPage = () => {
    doc.addPage();
    return doc.page.margins.top;
  };

  for (const market of markets) {
    if (y + 70 > bottom()) y = newPage();
    // The market's name and its New badge are one heading; the badge's pill is decoration, drawn
    // first because marked content cannot nest.
    doc.font(PDF_FONT.bold).fontSize(13);
    const x = left + doc.widthOfString(market.name) + 8;
    const badge = doc.fontSize(8).widthOfString(LINES_TEXT.newBadge) + 10;
    if (market.isNew) tags.artifact(() => doc.roundedRect(x, y + 1, badge, 13, 6).fill('#dcfce7'));
    tags.add('H2', () => {
      doc.fontSize(13).fillColor(INK).text(market.name, left, y);
      if (market.isNew)
        doc
          .fontSize(8)
          .fillColor('#166534')
          .text(LINES_TEXT.newBadge, x + 5, y + 4);
    });
    const table = tags.group('Table');
    y = columnHeads(y + 22, table);
    for (const department of market.departments) {
      doc.fontSize(10);
      const agency = irsNumbers(department.irs_number).join('\n');
      const height = Math.max(
        doc.font(PDF_FONT.bold).heightOfString(department.name_long, { width: cols.name - 8 }) +
          doc
            .font(PDF_FONT.regular)
            .fontSize(9)
            .heightOfString(department.open_hours_text, { width: cols.name - 8 }) +
          2,
        doc.font(PDF_FONT.regular).fontSize(10).heightOfString(agency, { width: agencyWidth }),
      );
      if (y + height + 10 > bottom()) {
        y = newPage();
        tags.artifact(
          () =>
            doc.font(PDF_FONT.bold).fontSize(10).fillColor(MUTED).text(`${market.name} (continued)`, left, y),
          'Pagination',
        );
        y = columnHeads(y + 18);
      }
      const top = y;
      tags.row(table, [
        [
          'TD',
          [
            () =>
              doc
                .font(PDF_FONT.bold)
                .fontSize(10)
                .fillColor(INK)
                .text(department.name_long, left, top, { width: cols.name - 8 }),
            () =>
              doc
                .font(PDF_FONT.regular)
                .fontSize(9)
                .fillColor(MUTED)
                .text(department.open_hours_text, left, doc.y + 2, { width: cols.name - 8 }),
          ],
        ],
        [
          'TD',
          () =>
            doc
              .font(PDF_FONT.bold)
              .fontSize(11)
              .fillColor(BRAND)
              .text(formatLineNumber(department.display_number), xEnq, top, { width: cols.enq - 8 }),
        ],
        // Each agency number its own line and, where there are two, its own paragraph.
        [
          'TD',
          irsNumbers(department.irs_number).map(
            (number, i) => () =>
              doc
                .font(PDF_FONT.regular)
                .fontSize(10)
                .fillColor(INK)
                .text(number, xAgency, i === 0 ? top : doc.y, { width: agencyWidth }),
          ),
        ],
      ]);
      y += height + 8;
      rule(y - 4);
    }
    y += 16;
  }

  // Footer on every page; without the bottom margin pdfkit would start a new page for it.
  const range = doc.bufferedPageRange();
  for (let i = 0; i < range.count; i++) {
    doc.switchToPage(range.start + i);
    const margin = doc.page.margins.bottom;
    doc.page.margins.bottom = 0;
    tags.artifact(
      () =>
        doc
          .font(PDF_FONT.regular)
          .fontSize(8)
          .fillColor('#64748b')
          .text(
            `Keep this document private: it holds your PIN.   Page ${i + 1} of ${range.count}`,
            left,
            doc.page.height - 40,
            { width, align: 'center', lineBreak: false },
          ),
      'Pagination',
    );
    doc.page.margins.bottom = margin;
  }
  doc.end();
  return done;
}

import { HOW_TO_DIAL, LINES_TEXT, formatLineNumber, irsNumbers } from '@enq/contract';
import { PDF_COLORS, createEnqPdf } from './pdf-document';
import { PDF_FONT } from './pdf-fonts';
import { qrCodePng } from '../qr-code';
import type { LineMarket, PinHolder } from '../lines';

const { ink: INK, muted: MUTED, brand: BRAND } = PDF_COLORS;
const LABEL = '#334155';
const RULE = '#cbd5e1';

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
  const { doc, done, left, width } = await createEnqPdf(
    { Title: 'enQ phone numbers', Subject: `Phone numbers and PIN for ${holder.full_name}` },
    { bufferPages: true },
  );
  const bottom = () => doc.page.height - doc.page.margins.bottom - 20;
  doc
    .font(PDF_FONT.bold)
    .fontSize(18)
    .fillColor(INK)
    .text('PHONE NUMBERS', left, 56, { width, align: 'right' });

  // Who it is for, and the PIN.
  let y = 118;
  doc.roundedRect(left, y, width, 64, 8).fillAndStroke('#eff6ff', '#bfdbfe');
  doc
    .font(PDF_FONT.regular)
    .fontSize(9)
    .fillColor(MUTED)
    .text('Prepared for', left + 16, y + 11);
  doc
    .font(PDF_FONT.bold)
    .fontSize(14)
    .fillColor(INK)
    .text(holder.full_name, left + 16, y + 28, { width: width / 2 });
  doc
    .font(PDF_FONT.regular)
    .fontSize(9)
    .fillColor(MUTED)
    .text('Your PIN', left + width / 2, y + 11, { width: width / 2 - 16, align: 'right' });
  doc
    .font('Courier-Bold')
    .fontSize(22)
    .fillColor(BRAND)
    .text(spacedPin(holder.pin), left + width / 2, y + 28, {
      width: width / 2 - 16,
      align: 'right',
    });

  // How to start, beside the QR code of the contact card.
  y += 88;
  const qrSize = 104;
  const textWidth = width - qrSize - 24;
  doc.font(PDF_FONT.bold).fontSize(13).fillColor(INK).text(LINES_TEXT.howToStart, left, y);
  let stepY = y + 22;
  doc.fontSize(10);
  HOW_TO_DIAL.forEach((step, i) => {
    doc
      .font(PDF_FONT.bold)
      .fillColor(BRAND)
      .text(`${i + 1}.`, left, stepY, { width: 16 });
    doc
      .font(PDF_FONT.regular)
      .fillColor(INK)
      .text(step, left + 18, stepY, { width: textWidth - 18 });
    stepY = doc.y + 6;
  });
  doc
    .font(PDF_FONT.regular)
    .fontSize(9)
    .fillColor(MUTED)
    .text('Keep your PIN private: calls made with it are billed to your account.', left, stepY + 2, {
      width: textWidth,
    });
  stepY = doc.y;
  doc.image(qr, left + width - qrSize, y, { width: qrSize, height: qrSize });
  doc
    .font(PDF_FONT.regular)
    .fontSize(8)
    .fillColor(MUTED)
    .text('Scan to save the enQ numbers to your phone', left + width - qrSize - 10, y + qrSize + 4, {
      width: qrSize + 20,
      align: 'center',
    });
  y = Math.max(stepY, doc.y) + 24;

  // The numbers, market by market.
  const cols = { name: width * 0.46, enq: width * 0.25 };
  const xEnq = left + cols.name;
  const xAgency = xEnq + cols.enq;
  const agencyWidth = width - cols.name - cols.enq;
  const rule = (yy: number) =>
    doc
      .moveTo(left, yy)
      .lineTo(left + width, yy)
      .strokeColor(RULE)
      .lineWidth(0.75)
      .stroke();
  const columnHeads = (yy: number) => {
    doc.font(PDF_FONT.bold).fontSize(8).fillColor(LABEL);
    doc.text('DEPARTMENT AND HOURS (EASTERN)', left, yy, { width: cols.name - 8 });
    doc.text('CALL ENQ', xEnq, yy, { width: cols.enq - 8 });
    doc.text('AGENCY NUMBER', xAgency, yy, { width: agencyWidth });
    rule(yy + 13);
    return yy + 19;
  };
  const newPage = () => {
    doc.addPage();
    return doc.page.margins.top;
  };

  for (const market of markets) {
    if (y + 70 > bottom()) y = newPage();
    doc.font(PDF_FONT.bold).fontSize(13).fillColor(INK).text(market.name, left, y);
    if (market.isNew) {
      const x = left + doc.widthOfString(market.name) + 8;
      doc.font(PDF_FONT.bold).fontSize(8);
      const badge = doc.widthOfString(LINES_TEXT.newBadge) + 10;
      doc.roundedRect(x, y + 1, badge, 13, 6).fill('#dcfce7');
      doc.fillColor('#166534').text(LINES_TEXT.newBadge, x + 5, y + 4);
    }
    y = columnHeads(y + 22);
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
        doc.font(PDF_FONT.bold).fontSize(10).fillColor(MUTED).text(`${market.name} (continued)`, left, y);
        y = columnHeads(y + 18);
      }
      doc
        .font(PDF_FONT.bold)
        .fontSize(10)
        .fillColor(INK)
        .text(department.name_long, left, y, { width: cols.name - 8 });
      doc
        .font(PDF_FONT.regular)
        .fontSize(9)
        .fillColor(MUTED)
        .text(department.open_hours_text, left, doc.y + 2, {
          width: cols.name - 8,
        });
      doc
        .font(PDF_FONT.bold)
        .fontSize(11)
        .fillColor(BRAND)
        .text(formatLineNumber(department.display_number), xEnq, y, {
          width: cols.enq - 8,
        });
      doc.font(PDF_FONT.regular).fontSize(10).fillColor(INK).text(agency, xAgency, y, { width: agencyWidth });
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
    doc
      .font(PDF_FONT.regular)
      .fontSize(8)
      .fillColor('#64748b')
      .text(
        `Keep this document private: it holds your PIN.   Page ${i + 1} of ${range.count}`,
        left,
        doc.page.height - 40,
        { width, align: 'center', lineBreak: false },
      );
    doc.page.margins.bottom = margin;
  }
  doc.end();
  return done;
}

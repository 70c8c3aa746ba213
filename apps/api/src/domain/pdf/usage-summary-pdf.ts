import { formatCreditsFixed, formatMoney, formatPeriod, ccToCredits } from '@enq/contract';
import { PDF_COLORS, createEnqPdf } from './pdf-document';
import { PDF_FONT } from './pdf-fonts';

const { ink: INK, muted: MUTED } = PDF_COLORS;
const RULE = '#cbd5e1';
const credits = (cc: number) => formatCreditsFixed(ccToCredits(cc));

/** What the summary shows besides the usage: the period, plan, invoice and top users and lines. */
export interface UsageSummaryFacts {
  accountName: string;
  start: Date;
  end: Date;
  planName: string;
  planPeriod: 'mo' | 'yr';
  invoice: { number: string; totalCents: number } | null;
  topUsers: { name: string; calls: number; cc: number }[];
  topLines: { name: string; calls: number; cc: number }[];
}

/** The period's usage the summary shows (the ledger's PeriodUsage has it), in hundredths of credits. */
export interface UsageSummaryUsage {
  used: { plan: number; rollover: number; bonus: number; overage: number };
  overageCentsInvoiced: number;
  calls: number;
}

/**
 * The monthly report's one-page usage summary of a closed period (REPORT-02): the period and plan, the
 * credits used by bucket, the overage, the top users and lines, and the closing invoice.
 */
export async function renderUsageSummaryPdf(
  facts: UsageSummaryFacts,
  usage: UsageSummaryUsage,
): Promise<Buffer> {
  const { accountName } = facts;
  const period = formatPeriod(facts.start.toISOString(), facts.end.toISOString());
  const { doc, done, left, width } = await createEnqPdf({
    Title: 'enQ usage summary',
    Subject: `Usage summary for ${accountName}, ${period}`,
  });
  doc
    .font(PDF_FONT.bold)
    .fontSize(18)
    .fillColor(INK)
    .text('USAGE SUMMARY', left, 56, { width, align: 'right' });

  let y = 118;
  const heading = (text: string) => {
    doc.font(PDF_FONT.bold).fontSize(12).fillColor(INK).text(text, left, y);
    y += 20;
    doc
      .moveTo(left, y)
      .lineTo(left + width, y)
      .strokeColor(RULE)
      .lineWidth(0.5)
      .stroke();
    y += 6;
  };
  const row = (cells: string[], bold = false) => {
    const widths =
      cells.length === 2 ? [width * 0.6, width * 0.4] : [width * 0.55, width * 0.2, width * 0.25];
    let x = left;
    doc
      .font(bold ? PDF_FONT.bold : PDF_FONT.regular)
      .fontSize(10)
      .fillColor(bold ? INK : '#334155');
    cells.forEach((cell, i) => {
      doc.text(cell, x, y, {
        width: widths[i]! - 8,
        align: i === 0 ? 'left' : 'right',
        lineBreak: false,
        ellipsis: true,
      });
      x += widths[i]!;
    });
    y += 17;
  };

  doc.font(PDF_FONT.regular).fontSize(10).fillColor(MUTED).text(accountName, left, y);
  doc
    .font(PDF_FONT.bold)
    .fontSize(14)
    .fillColor(INK)
    .text(`Period: ${period}`, left, y + 14);
  doc
    .font(PDF_FONT.regular)
    .fontSize(10)
    .fillColor(MUTED)
    .text(`Plan: ${facts.planName} ${facts.planPeriod === 'mo' ? 'monthly' : 'annual'}`, left, y + 34);
  y += 62;

  heading('Credits used');
  row(['Plan credits', credits(usage.used.plan)]);
  row(['Rollover credits', credits(usage.used.rollover)]);
  row(['Bonus credits', credits(usage.used.bonus)]);
  row(['Overage credits', credits(usage.used.overage)]);
  const total = usage.used.plan + usage.used.rollover + usage.used.bonus + usage.used.overage;
  row(['Total credits used', credits(total)], true);
  row(['Overage billed', formatMoney(usage.overageCentsInvoiced / 100)]);
  row(['Calls', String(usage.calls)]);
  y += 10;

  for (const [title, list] of [
    ['Top users', facts.topUsers],
    ['Top lines', facts.topLines],
  ] as const) {
    heading(title);
    if (list.length === 0) row(['No calls this period', '']);
    else {
      row(['Name', 'Calls', 'Credits'], true);
      for (const item of list) row([item.name, String(item.calls), credits(item.cc)]);
    }
    y += 10;
  }

  heading('Invoice');
  if (facts.invoice) {
    row(['Invoice number', facts.invoice.number]);
    row(['Invoice total', formatMoney(facts.invoice.totalCents / 100)], true);
  } else {
    row(['No invoice for this period (nothing used or due)', '']);
  }
  doc
    .font(PDF_FONT.regular)
    .fontSize(8)
    .fillColor(MUTED)
    .text(
      'Times and periods are in EST. The call-history CSV attached lists every call of this period.',
      left,
      doc.page.height - 90,
      { width, lineBreak: false },
    );
  doc.end();
  return done;
}

import { formatCreditsFixed, formatMoney, formatPeriod, ccToCredits } from '@enq/contract';
import type { PeriodModel } from '../periods';
import { PDF_COLORS, createEnqPdf } from './pdf-document';
import { PDF_FONT } from './pdf-fonts';
import type { PdfRole } from './pdf-tags';

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

/** What the summary shows of the period's ledger besides the period model's credits. */
export interface UsageSummaryUsage {
  overageCentsInvoiced: number;
  calls: number;
}

/**
 * The monthly report's one-page usage summary of a closed period (REPORT-02): the period and plan, the
 * credits used by bucket, the overage, the top users and lines, and the closing invoice. Its days and
 * credits are the period model's, named and rounded as the overview's summary shows them.
 */
export async function renderUsageSummaryPdf(
  facts: UsageSummaryFacts,
  usage: UsageSummaryUsage,
  model: PeriodModel,
): Promise<Buffer> {
  const { accountName } = facts;
  const period = formatPeriod(facts.start.toISOString(), facts.end.toISOString());
  const { doc, tags, done, left, width } = await createEnqPdf({
    Title: 'enQ usage summary',
    Subject: `Usage summary for ${accountName}, ${period}`,
  });
  tags.add('H1', () =>
    doc
      .font(PDF_FONT.bold)
      .fontSize(18)
      .fillColor(INK)
      .text('USAGE SUMMARY', left, 56, { width, align: 'right' }),
  );

  let y = 118;
  // Each heading starts a section's table; a row's first cell heads it, except in a table whose first
  // row names the columns (`head`), and a lone message (`P`) is a paragraph, not a row.
  let table = tags.root;
  const heading = (text: string) => {
    tags.add('H2', () => doc.font(PDF_FONT.bold).fontSize(12).fillColor(INK).text(text, left, y));
    y += 20;
    tags.artifact(() =>
      doc
        .moveTo(left, y)
        .lineTo(left + width, y)
        .strokeColor(RULE)
        .lineWidth(0.5)
        .stroke(),
    );
    y += 6;
    table = tags.group('Table');
  };
  const row = (cells: string[], bold = false, kind: 'row' | 'head' | 'data' | 'P' = 'row') => {
    const widths =
      cells.length === 2 ? [width * 0.6, width * 0.4] : [width * 0.55, width * 0.2, width * 0.25];
    let x = left;
    doc
      .font(bold ? PDF_FONT.bold : PDF_FONT.regular)
      .fontSize(10)
      .fillColor(bold ? INK : '#334155');
    const drawn = cells.map((cell, i): [PdfRole, () => void, { scope: 'Row' | 'Column' }?] => {
      const at = x;
      x += widths[i]!;
      const draw = () =>
        doc.text(cell, at, y, {
          width: widths[i]! - 8,
          align: i === 0 ? 'left' : 'right',
          lineBreak: false,
          ellipsis: true,
        });
      if (kind === 'head') return ['TH', draw, { scope: 'Column' }];
      return kind === 'row' && i === 0 ? ['TH', draw, { scope: 'Row' }] : ['TD', draw];
    });
    if (kind === 'P') tags.add('P', drawn[0]![1]);
    else tags.row(table, drawn);
    y += 17;
  };

  tags.add('P', () => doc.font(PDF_FONT.regular).fontSize(10).fillColor(MUTED).text(accountName, left, y));
  tags.add('P', () =>
    doc
      .font(PDF_FONT.bold)
      .fontSize(14)
      .fillColor(INK)
      .text(`Period: ${period} (${model.days.days} ${model.days.days === 1 ? 'day' : 'days'})`, left, y + 14),
  );
  tags.add('P', () =>
    doc
      .font(PDF_FONT.regular)
      .fontSize(10)
      .fillColor(MUTED)
      .text(`Plan: ${facts.planName} ${facts.planPeriod === 'mo' ? 'monthly' : 'annual'}`, left, y + 34),
  );
  y += 62;

  heading('Credits used');
  const { credits: c } = model;
  row(['Plan credits', credits(c.plan.usedCc)]);
  // An annual plan has no rollover and no overage (MONEY-04): its rows are left out, as on the overview.
  if (model.billsOverage) row(['Rollover credits', credits(c.rollover.usedCc)]);
  row(['Bonus credits', credits(c.bonus.usedCc)]);
  if (model.billsOverage) row(['Overage credits', credits(model.overageCc)]);
  if (model.unbilledCc > 0) row(['Beyond the plan (not charged)', credits(model.unbilledCc)]);
  row(['Total credits used', credits(model.usedCc)], true);
  row(['Overage billed', formatMoney(usage.overageCentsInvoiced / 100)]);
  row(['Calls', String(usage.calls)]);
  y += 10;

  for (const [title, list] of [
    ['Top users', facts.topUsers],
    ['Top lines', facts.topLines],
  ] as const) {
    heading(title);
    if (list.length === 0) row(['No calls this period', ''], false, 'P');
    else {
      row(['Name', 'Calls', 'Credits'], true, 'head');
      for (const item of list) row([item.name, String(item.calls), credits(item.cc)], false, 'data');
    }
    y += 10;
  }

  heading('Invoice');
  if (facts.invoice) {
    row(['Invoice number', facts.invoice.number]);
    row(['Invoice total', formatMoney(facts.invoice.totalCents / 100)], true);
  } else {
    row(['No invoice for this period (nothing used or due)', ''], false, 'P');
  }
  tags.add('P', () =>
    doc
      .font(PDF_FONT.regular)
      .fontSize(8)
      .fillColor(MUTED)
      .text(
        'Times and periods are in EST. The call-history CSV attached lists every call of this period.',
        left,
        doc.page.height - 90,
        { width, lineBreak: false },
      ),
  );
  doc.end();
  return done;
}

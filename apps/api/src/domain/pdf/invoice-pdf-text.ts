import { BUSINESS_TIME_ZONE, formatMoney, type InvoiceDetail } from '@enq/contract';

/** The texts an invoice PDF prints, each computed from the invoice detail alone. */

export const money = formatMoney;

/** Credits as a quantity column shows them: grouped, always two decimals ('12,345.50'). */
const creditsFormat = new Intl.NumberFormat('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

export const lineQuantity = (line: InvoiceDetail['lines'][number]): string =>
  line.kind === 'subscription' ? String(line.quantity) : creditsFormat.format(line.quantity);

const dayParts = new Intl.DateTimeFormat('en-US', {
  timeZone: BUSINESS_TIME_ZONE,
  month: 'short',
  day: 'numeric',
  year: 'numeric',
});

function parts(iso: string) {
  const map = Object.fromEntries(dayParts.formatToParts(new Date(iso)).map((p) => [p.type, p.value]));
  return { monthDay: `${map.month} ${map.day}`, year: map.year ?? '' };
}

/** A calendar day in New York, where enQ's billing days fall: 'Apr 4, 2026'. */
export function day(iso: string): string {
  const { monthDay, year } = parts(iso);
  return `${monthDay}, ${year}`;
}

/** 'Apr 4 – May 4, 2026'; the year is written twice only when the period spans two years. */
export function period(startIso: string, endIso: string): string {
  const start = parts(startIso);
  const end = parts(endIso);
  const from = start.year === end.year ? start.monthDay : `${start.monthDay}, ${start.year}`;
  return `${from} – ${end.monthDay}, ${end.year}`;
}

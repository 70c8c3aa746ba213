import { BUSINESS_TIME_ZONE, formatMoney, type Address, type InvoiceDetail } from '@enq/contract';

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

/** Address lines in print order; an address never given reads as such rather than as a blank. */
export function addressLines(address: Address | null): string[] {
  const lines = address
    ? [
        address.line1,
        address.line2,
        [address.city, [address.state, address.postal_code].filter((s) => s.trim()).join(' ')]
          .filter((s) => s.trim())
          .join(', '),
        address.country,
      ].filter((line) => line.trim() !== '')
    : [];
  return lines.length ? lines : ['Not on file'];
}

const capitalise = (s: string) => (s ? s[0]!.toUpperCase() + s.slice(1) : s);

/**
 * 'Tax (Taxable, 0%)' or 'Tax (Exempt)': an exempt invoice has no rate to quote (its reference is in the
 * buyer's block). The status is the text the invoice was issued with: 'Exempt …' for an exempt buyer,
 * so an older free-text value such as 'Non-exempt' is printed as issued, with its rate.
 */
export function taxLabel(tax: InvoiceDetail['tax']): string {
  return /^exempt\b/i.test(tax.status)
    ? 'Tax (Exempt)'
    : `Tax (${capitalise(tax.status)}, ${tax.rate_percent}%)`;
}

/** 'visa •••• 4242' as a person reads it on paper: 'Visa ending in 4242'. */
export const cardLabel = (card: string | null): string =>
  card ? capitalise(card.replace(/\s*[•*]+\s*/, ' ending in ')) : '';

export const statusLabel = (status: string): string => capitalise(status.replace(/_/g, ' '));

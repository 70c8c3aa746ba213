import { formatDate, formatMoney } from '@enq/contract';

/** Cents as the console shows money: "$1,234.50". */
export const money = (cents: number) => formatMoney(cents / 100);

/** An invoice as a picker names it: "ENQ-202605-1A2B3C4D · May 5, 2026 · $381.91". */
export const invoiceOption = (i: { number: string; issued_at: string; total_cents: number }) =>
  `${i.number} · ${formatDate(i.issued_at)} · ${money(i.total_cents)}`;

/** Dollars typed by a person ("12.5", "$1,200.00") in cents; null when it is not an amount of money. */
export function dollarsToCents(text: string): number | null {
  const clean = text.replace(/[$,\s]/g, '');
  if (!/^\d+(\.\d{1,2})?$/.test(clean)) return null;
  return Math.round(Number(clean) * 100);
}

/** Credits typed by a person, signed, with at most two decimals ("-1,250.5"); null otherwise. */
export function parseCredits(text: string): number | null {
  const clean = text.replace(/[,\s]/g, '');
  if (!/^[+-]?\d+(\.\d{1,2})?$/.test(clean)) return null;
  return Number(clean);
}

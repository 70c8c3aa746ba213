import type { Address } from './address';
import type { InvoiceDetail } from './invoices-schemas';

/** How an issued invoice reads, the same in the page's dialog and on its PDF. */

/**
 * The words both the dialog and the PDF use for the same thing. 'Invoice date' is the spec's name for
 * the date (the invoices table's column); the PDF said 'Issue date' and the dialog 'Billed to'.
 */
export const INVOICE_DOCUMENT_TEXT = {
  invoiceNumber: 'Invoice number',
  invoiceDate: 'Invoice date',
  period: 'Period',
  status: 'Status',
  from: 'From',
  billTo: 'Bill to',
} as const;

let regions: Intl.DisplayNames | null | undefined;
/** A country as a person reads it: a stored code ('US') by its English name ('United States'). */
export function countryName(country: string): string {
  const code = country.trim().toUpperCase();
  if (!/^[A-Z]{2}$/.test(code)) return country;
  // Nearly every address is in the US: named without Intl, whose first use loads ICU's locale data
  // (format-en-us.ts says why that matters); other countries by Intl, made on first use.
  if (code === 'US') return 'United States';
  if (regions === undefined) {
    try {
      regions = new Intl.DisplayNames(['en'], { type: 'region', fallback: 'none' });
    } catch {
      regions = null;
    }
  }
  return regions?.of(code) ?? country;
}

const capitalise = (s: string) => (s ? s[0]!.toUpperCase() + s.slice(1) : s);

/**
 * Address lines in print order, US style ('Portland, ME 04101'), the country by name as the seller's
 * address writes it ('United States', not 'US'); an address never given reads as such
 * rather than as a blank.
 */
export function addressLines(address: Address | null): string[] {
  const lines = address
    ? [
        address.line1,
        address.line2,
        [address.city, [address.state, address.postal_code].filter((s) => s.trim()).join(' ')]
          .filter((s) => s.trim())
          .join(', '),
        countryName(address.country),
      ].filter((line) => line.trim() !== '')
    : [];
  return lines.length ? lines : ['Not on file'];
}

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

/** 'visa •••• 4242' as a person reads it: 'Visa ending in 4242'. */
export const cardLabel = (card: string | null): string =>
  card ? capitalise(card.replace(/\s*[•*]+\s*/, ' ending in ')) : '';

/** A payment's status as a word: 'Succeeded', 'Failed', 'Requires action'. */
export const paymentStatusLabel = (status: string): string => capitalise(status.replace(/_/g, ' '));

import type { InvoiceSeller, TaxStatus } from '@enq/contract';

/** Who issues invoices and the sales-tax rate for taxable accounts; both are copied onto each invoice. */
export interface InvoiceIssuer {
  seller: InvoiceSeller;
  /** Hundredths of a percent (825 = 8.25%), applied to the subtotal of a taxable account's invoice. */
  taxRateBasisPoints: number;
}

/** The demo seller, fictional (the SELLER_* settings replace it). */
export const DEFAULT_SELLER: InvoiceSeller = {
  name: 'enQ Communications, Inc.',
  address: ['100 Congress Avenue, Suite 2000', 'Austin, TX 78701', 'United States'],
  email: 'billing@enq.example.com',
  tax_id: 'EIN 99-1234567',
};

export const DEFAULT_ISSUER: InvoiceIssuer = { seller: DEFAULT_SELLER, taxRateBasisPoints: 0 };

/**
 * Tax in cents on a subtotal, to the nearest cent (halves up): exempt accounts pay none, taxable ones
 * the issuer's rate. Invoices and the plan-change preview both use it, so the preview's tax is the
 * invoice's to the cent.
 */
export function taxCents(subtotalCents: number, taxStatus: TaxStatus, rateBasisPoints: number): number {
  if (taxStatus === 'exempt' || rateBasisPoints <= 0) return 0;
  return Math.floor((subtotalCents * rateBasisPoints) / 10_000 + 0.5);
}

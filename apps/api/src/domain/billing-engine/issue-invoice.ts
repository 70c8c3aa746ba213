import { normalizeAddress, taxStatusText, type InvoiceBuyer, type TaxStatus } from '@enq/contract';
import type { Transactional } from '../../db/handle';
import { taxCents, type InvoiceIssuer } from './invoice-issuer';
import {
  buyerRow,
  insertInvoice,
  type InvoiceLineKind,
  type NewInvoice,
  type NewInvoiceLine,
} from './invoices-repository';

/** The buyer as the account stands now (the snapshot an invoice keeps for good) and its tax status. */
async function buyerSnapshot(
  q: Transactional,
  accountId: string,
): Promise<{ buyer: InvoiceBuyer; taxStatus: TaxStatus }> {
  const row = await buyerRow(q, accountId);
  if (!row) throw new Error(`no account ${accountId}`);
  const tax = { status: row.tax_status, exemption_reference: row.tax_exemption_reference };
  return {
    buyer: {
      name: row.name,
      email: row.email ?? '',
      service_address: row.service_address ? normalizeAddress(row.service_address) : null,
      billing_address: row.billing_address ? normalizeAddress(row.billing_address) : null,
      // The text as printed ('Taxable', 'Exempt (ref …)'): an issued invoice keeps it whatever changes.
      tax_status: taxStatusText(tax),
    },
    taxStatus: row.tax_status,
  };
}

const sumOf = (lines: NewInvoiceLine[], kinds: InvoiceLineKind[], pick: (l: NewInvoiceLine) => number) =>
  lines.filter((l) => kinds.includes(l.kind)).reduce((total, l) => total + pick(l), 0);

/**
 * Issues one invoice: its lines, totals, tax and its own copy of seller and buyer, none of which ever
 * change afterwards. Returns its id. Call it in a transaction (insertInvoice says why).
 */
export async function createInvoice(
  q: Transactional,
  invoice: NewInvoice,
  issuer: InvoiceIssuer,
): Promise<string> {
  const { buyer, taxStatus } = await buyerSnapshot(q, invoice.accountId);
  const { lines } = invoice;
  const subtotal = sumOf(lines, ['subscription', 'included', 'overage'], (l) => l.amountCents);
  const rate = issuer.taxRateBasisPoints;
  const totals = {
    subscriptionCents: sumOf(lines, ['subscription'], (l) => l.amountCents),
    overageCredits: sumOf(lines, ['overage'], (l) => l.quantity),
    overageCents: sumOf(lines, ['overage'], (l) => l.amountCents),
    subtotalCents: subtotal,
    taxRateBp: rate,
    taxCents: taxCents(subtotal, taxStatus, rate),
    creditsUsed: sumOf(lines, ['included', 'overage'], (l) => l.quantity),
  };
  return insertInvoice(q, invoice, totals, issuer.seller, buyer);
}

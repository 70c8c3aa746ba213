import type { Database } from '../client';
import type { DemoSeeder } from './types';
import { refundInvoice } from '../../domain/billing-engine/invoices-repository';

/** The demo practice's office: its service address, and the same address for billing. */
export const DEMO_SERVICE_ADDRESS = {
  line1: '1200 Harbor Pine Road',
  line2: 'Suite 310',
  city: 'Portland',
  state: 'ME',
  postal_code: '04101',
  country: 'US',
};

export const seedDemoAddresses: DemoSeeder = async (tx, demo) => {
  await tx.query(
    `update accounts set service_address = $1::jsonb, billing_address = $1::jsonb, tax_status = 'taxable'
      where id = $2`,
    [JSON.stringify(DEMO_SERVICE_ADDRESS), demo.accountId],
  );
};

/**
 * After the billing history exists: refunds the demo account's first invoice (the prepaid start of the
 * subscription) in full, so the Invoices page shows 'Refunded' and a refund PDF. Every period and interim
 * invoice stays paid.
 */
export async function seedDemoRefund(database: Database, accountId: string, now: Date): Promise<void> {
  const [invoice] = await database.query<{ id: string }>(
    `select id from invoices where account_id = $1 and status = 'paid'
      order by (kind = 'start') desc, issued_at asc limit 1`,
    [accountId],
  );
  if (!invoice) return;
  const [payment] = await database.query<{ id: string; amount_cents: number; created_at: Date }>(
    `select id, amount_cents, created_at from payments where invoice_id = $1 and status = 'succeeded' limit 1`,
    [invoice.id],
  );
  if (!payment) return;
  const at = new Date(Math.min(new Date(payment.created_at).getTime() + 3 * 86_400_000, now.getTime()));
  await database.transaction((tx) =>
    refundInvoice(tx, {
      invoiceId: invoice.id,
      paymentId: payment.id,
      amountCents: payment.amount_cents,
      reason: 'Goodwill credit for the first month',
      at,
    }),
  );
}

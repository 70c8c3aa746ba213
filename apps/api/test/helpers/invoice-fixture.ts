import { invoiceDetailSchema, type InvoiceDetail } from '@enq/contract';

/**
 * An invoice detail as the API issues it, checked against the contract so the PDF tests break when
 * the shape changes. The ids look like the real ones so the tests can show they never print.
 */
export function sampleInvoice(overrides: Partial<InvoiceDetail> = {}): InvoiceDetail {
  const start = '2026-04-04T13:00:00.000Z';
  const end = '2026-05-04T13:00:00.000Z';
  const address = {
    line1: '48 Harbor Pine Way',
    line2: 'Suite 210',
    city: 'Portland',
    state: 'ME',
    postal_code: '04101',
    country: 'US',
  };
  return invoiceDetailSchema.parse({
    id: 'in_0123456789abcdef01234567',
    number: 'ENQ-202605-1A2B3C4D',
    kind: 'period',
    summary: 'Period close',
    timestamp: end,
    period_start: start,
    period_end: end,
    total: 357.5,
    amount_due: 0,
    status: 'paid',
    credits_used: 39750,
    has_refund: false,
    payment_pending: false,
    seller: {
      name: 'enQ Technologies, Inc.',
      address: ['1209 Orange Street', 'Wilmington, DE 19801', 'United States'],
      email: 'billing@enq.example',
      tax_id: 'EIN 12-3456789',
    },
    buyer: {
      name: 'Harbor Pine Tax Advisors',
      email: 'office@harborpine.example',
      billing_address: address,
      service_address: { ...address, line1: '7 Commercial Street', line2: '' },
      tax_status: 'Taxable',
    },
    lines: [
      {
        kind: 'subscription',
        description: 'Team plan, monthly',
        period_start: end,
        period_end: '2026-06-04T13:00:00.000Z',
        quantity: 1,
        amount: 300,
      },
      {
        kind: 'included',
        description: 'Credits used within the plan',
        period_start: start,
        period_end: end,
        quantity: 34000,
        amount: 0,
      },
      {
        kind: 'overage',
        description: 'Overage credits at $0.01 per credit',
        period_start: start,
        period_end: end,
        quantity: 5750.5,
        amount: 57.5,
      },
    ],
    subtotal: 357.5,
    tax: { status: 'Taxable', rate_percent: 0, amount: 0 },
    amount_paid: 357.5,
    amount_refunded: 0,
    payments: [
      {
        id: 'pi_sbx_0123456789abcdef',
        timestamp: end,
        amount: 357.5,
        status: 'failed',
        card: 'visa •••• 0002',
        failure_message: 'Your card was declined.',
      },
      {
        id: 'pi_sbx_fedcba9876543210',
        timestamp: '2026-05-05T15:00:00.000Z',
        amount: 357.5,
        status: 'succeeded',
        card: 'visa •••• 4242',
        failure_message: null,
      },
    ],
    refunds: [],
    ...overrides,
  });
}

/** The same invoice after a partial refund, for the credit note. */
export function refundedInvoice(): InvoiceDetail {
  const invoice = sampleInvoice();
  return sampleInvoice({
    status: 'refunded',
    has_refund: true,
    amount_refunded: 57.5,
    refunds: [
      {
        id: 're_sbx_0123456789abcdef',
        number: `${invoice.number}-CN1`,
        timestamp: '2026-05-12T16:00:00.000Z',
        amount: 57.5,
        reason: 'Overage billed twice',
      },
    ],
  });
}

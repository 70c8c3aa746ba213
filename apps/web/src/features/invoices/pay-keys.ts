import type { InvoiceDto } from '@enq/contract';

/**
 * One Idempotency-Key per invoice, kept until the invoice's state is known: a retry after a network
 * failure, a 5xx or a 202 (pending) sends the same key, so the server can tell it is the same payment.
 * The state is known after a 200 (paid) or a 402 (declined), or when the list shows the invoice settled
 * or its pending payment resolved.
 */
export class PayKeys {
  readonly #keys = new Map<string, { key: string; sawPending: boolean }>();

  keyFor(invoiceId: string): string {
    let entry = this.#keys.get(invoiceId);
    if (!entry) {
      entry = { key: crypto.randomUUID(), sawPending: false };
      this.#keys.set(invoiceId, entry);
    }
    return entry.key;
  }

  /** The invoice's state is known: the next Pay now is a new payment. */
  settle(invoiceId: string): void {
    this.#keys.delete(invoiceId);
  }

  /** Drops the keys of invoices the list shows settled (no longer open, or their pending payment resolved). */
  observe(invoices: readonly Pick<InvoiceDto, 'id' | 'status' | 'payment_pending'>[]): void {
    for (const invoice of invoices) {
      const entry = this.#keys.get(invoice.id);
      if (!entry) continue;
      if (invoice.payment_pending) entry.sawPending = true;
      else if (entry.sawPending || invoice.status !== 'open') this.#keys.delete(invoice.id);
    }
  }
}

import type { Transactional } from '../../db/handle';
import type { Clock } from '../ports/clock';
import type { PaymentProvider } from '../ports/payment-provider';
import { BillingEngine, type BillingDeps } from './billing-engine';
import type { InvoiceIssuer } from './invoice-issuer';

/** What every billing engine of a process shares: its invoices' seller and tax rate, clock and card provider. */
export interface BillingParts {
  issuer: InvoiceIssuer;
  clock: Clock;
  payments: PaymentProvider;
  paymentTimeoutMs?: number;
  closeGraceMs?: number;
  log?: BillingDeps['log'];
  afterClose: BillingDeps['afterClose'];
  portalUrl?: string;
}

/**
 * The process's billing, made once by its composition root (composition.ts) and handed to routes, jobs,
 * the CLI, sign-up and the demo seed, so that every invoice carries the configured seller and tax.
 */
export interface BillingEngines extends BillingParts {
  /** An engine's deps on `database`: the process's database, or a transaction a caller has open. */
  deps(database: Transactional): BillingDeps;
  /**
   * An engine on `database`. `replace` swaps the clock, the card provider or the log (the demo seed
   * makes its history under a moving clock, with a card that declines on cue, and logs none of its
   * replayed payments), never the issuer.
   */
  engine(
    database: Transactional,
    replace?: Partial<Pick<BillingParts, 'clock' | 'payments' | 'closeGraceMs' | 'log'>>,
  ): BillingEngine;
}

export function billingEngines(parts: BillingParts): BillingEngines {
  const deps = (database: Transactional): BillingDeps => ({ ...parts, database });
  return {
    ...parts,
    deps,
    engine: (database, replace = {}) => new BillingEngine({ ...deps(database), ...replace }),
  };
}

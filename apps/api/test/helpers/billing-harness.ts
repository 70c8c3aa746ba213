import { randomUUID } from 'node:crypto';
import type { Database } from '../../src/db/client';
import type { BillingEngine } from '../../src/domain/billing-engine/billing-engine';
import { billingEngines, type BillingEngines } from '../../src/domain/billing-engine/billing-engines';
import { queueMonthlyReport } from '../../src/domain/monthly-report';
import { DEFAULT_ISSUER } from '../../src/domain/billing-engine/invoice-issuer';
import { RateTable } from '../../src/domain/call-rates/rates';
import { randomPin } from '../../src/domain/people/pin';
import { ingestCalls } from '../../src/domain/telephony/ingest';
import type { Clock } from '../../src/domain/ports/clock';
import type { PaymentProvider } from '../../src/domain/ports/payment-provider';
import { MemoryChargeStore, SandboxPaymentProvider } from '../../src/plugins/payments/sandbox';
import { openMigratedTestDatabase, type Driver } from './app';

export const DESTINATION = 'IRS Practitioner Priority Service';

/** A movable clock: all business time in these tests comes from here. */
export class TestClock implements Clock {
  constructor(public at: Date) {}
  now = () => this.at;
  set(at: Date | string) {
    this.at = new Date(at);
  }
}

export interface World {
  database: Database;
  clock: TestClock;
  /** The world's billing (demo seller, no tax), as a process's composition root makes it. */
  billing: BillingEngines;
  engine: BillingEngine;
  rates: RateTable;
  sandbox: SandboxPaymentProvider & { store: MemoryChargeStore };
  close(): Promise<void>;
}

export async function createWorld(driver: Driver, start: string): Promise<World> {
  const database = await openMigratedTestDatabase(driver);
  const clock = new TestClock(new Date(start));
  const sandbox = new SandboxPaymentProvider(new MemoryChargeStore()) as World['sandbox'];
  const billing = billingEngines({
    issuer: DEFAULT_ISSUER,
    clock,
    payments: sandbox,
    afterClose: queueMonthlyReport,
  });
  return {
    database,
    clock,
    sandbox,
    billing,
    engine: billing.engine(database),
    rates: await RateTable.load(database),
    close: () => database.close(),
  };
}

/** An engine whose provider charges as `charge` says, with the world's sandbox behind it otherwise. */
export const engineWith = (world: World, charge: PaymentProvider['charge']) =>
  world.billing.engine(world.database, {
    payments: Object.assign(Object.create(world.sandbox) as PaymentProvider, { charge }),
  });

/** The provider charges, then its answer is lost (a timeout after the charge): the attempt stays pending. */
export const answerLost = (world: World) =>
  engineWith(world, async (request) => {
    await world.sandbox.charge(request);
    throw new Error('socket hang up');
  });

/** A fresh account with an admin who has a PIN, and a card on file (a Stripe test number). */
export async function createAccount(world: World, card = '4242424242424242') {
  const [account] = await world.database.query<{ id: string }>(
    "insert into accounts (name) values ('Test practice') returning id",
  );
  const pin = await uniquePin(world.database);
  await world.database.query(
    "insert into people (account_id, full_name, email, pin, is_admin) values ($1, 'Alex Admin', $2, $3, true)",
    [account!.id, `admin-${account!.id}@example.com`, pin],
  );
  const pm = world.sandbox.createPaymentMethod(
    { number: card, expMonth: 12, expYear: 2030 },
    randomUUID().slice(0, 8),
  );
  await world.database.query(
    "insert into payment_methods (id, account_id, brand, last4, exp_month, exp_year) values ($1, $2, 'visa', $3, 12, 2030)",
    [pm, account!.id, card.slice(-4)],
  );
  return { accountId: account!.id, pin };
}

async function uniquePin(database: Database): Promise<string> {
  for (;;) {
    const pin = randomPin();
    const [taken] = await database.query('select 1 from people where pin = $1', [pin]);
    if (!taken) return pin;
  }
}

/** Posts calls of `seconds` each, one minute apart from `at` (New York office hours keep the rate known). */
export async function postCalls(
  world: World,
  pin: string,
  at: Date,
  count: number,
  seconds: number,
  prefix: string = randomUUID(),
) {
  const calls = Array.from({ length: count }, (_, i) => ({
    call_uuid: `${prefix}-${i}`,
    pin,
    call_timestamp: new Date(at.getTime() + i * 60_000).toISOString(),
    destination: DESTINATION,
    caller_id_number: '+12125550100',
    billed_duration: seconds,
  }));
  return ingestCalls(
    { database: world.database, rates: world.rates, engine: world.engine, now: world.clock.now() },
    calls,
  );
}

export async function invoicesOf(database: Database, accountId: string) {
  return database.query<{
    kind: string;
    status: string;
    subscription_cents: number;
    overage_cents: number;
    overage_credits: string;
    total_cents: number;
    period_id: string;
    id: string;
    summary: string;
    credits_used: string;
  }>('select * from invoices where account_id = $1 order by issued_at, kind desc', [accountId]);
}

export async function ledgerTotals(database: Database, accountId: string) {
  const rows = await database.query<{ bucket: string; kind: string; total: string }>(
    'select bucket, kind, sum(amount)::text as total from credit_ledger where account_id = $1 group by bucket, kind',
    [accountId],
  );
  const sum = (pred: (r: { bucket: string; kind: string }) => boolean) =>
    rows.filter(pred).reduce((t, r) => t + Number(r.total), 0);
  return { sum, rows };
}

/** Makes a test card the account's card on file (a later charge meets that card's behaviour). */
export async function useCard(world: World, accountId: string, card: string) {
  const pm = world.sandbox.createPaymentMethod(
    { number: card, expMonth: 12, expYear: 2030 },
    randomUUID().slice(0, 8),
  );
  await world.database.query('update payment_methods set id = $2, last4 = $3 where account_id = $1', [
    accountId,
    pm,
    card.slice(-4),
  ]);
}

/**
 * An account whose period close was declined: started on a good card, which then declines, so the
 * closing invoice stays open. Answers the account and that invoice's id; the clock is left at the close.
 */
export async function accountWithDeclinedClose(world: World, planId = 'team-monthly') {
  const account = await createAccount(world);
  await world.engine.startSubscription(account.accountId, planId);
  await useCard(world, account.accountId, '4000000000000002');
  const [sub] = await world.database.query<{ current_period_end: Date }>(
    'select current_period_end from subscriptions where account_id = $1',
    [account.accountId],
  );
  world.clock.set(new Date(sub!.current_period_end));
  await world.engine.closeDuePeriods(account.accountId);
  const [open] = await world.database.query<{ id: string }>(
    "select id from invoices where account_id = $1 and status = 'open'",
    [account.accountId],
  );
  return { ...account, invoiceId: open!.id };
}

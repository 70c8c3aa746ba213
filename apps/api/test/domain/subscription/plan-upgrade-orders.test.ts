import { INVOICE_TEXT } from '@enq/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { billingEngines } from '../../../src/domain/billing-engine/billing-engines';
import { queueMonthlyReport } from '../../../src/domain/monthly-report';
import { DEFAULT_ISSUER } from '../../../src/domain/billing-engine/invoice-issuer';
import { applyUpgrade, upgradeQuote } from '../../../src/domain/subscription/plan-upgrade';
import { drivers } from '../../helpers/app';
import { createAccount, createWorld, useCard, type World } from '../../helpers/billing-harness';

describe.each(drivers)('an upgrade awaiting its payment (%s)', (driver) => {
  let world: World;
  beforeAll(async () => {
    world = await createWorld(driver, '2026-03-02T15:00:00Z');
  });
  afterAll(() => world?.close());

  it('PLAN-07 an upgrade whose charge has no answer yet answers pending, holds the plan, and no renewal pays its invoice', async () => {
    const billing = billingEngines({
      issuer: DEFAULT_ISSUER,
      clock: world.clock,
      payments: world.sandbox,
      paymentTimeoutMs: 100,
      afterClose: queueMonthlyReport,
    });
    const engine = billing.engine(world.database);
    const { accountId } = await createAccount(world);
    await engine.startSubscription(accountId, 'solo-annual');
    await useCard(world, accountId, '4000000000000408'); // charges, never answers
    world.clock.set('2026-05-02T15:00:00Z');
    const { proration } = await upgradeQuote(
      world.database,
      accountId,
      'team-annual',
      world.clock.now(),
      DEFAULT_ISSUER,
    );
    const [admin] = await world.database.query<{ id: string }>(
      'select id from people where account_id = $1',
      [accountId],
    );
    const actor = { accountId, personId: admin!.id };
    const deps = billing.deps(world.database);
    await expect(
      applyUpgrade(deps, engine, actor, 'team-annual', proration.totalCents),
    ).rejects.toMatchObject({
      kind: 'payment-pending',
      message: INVOICE_TEXT.paymentPending,
    });
    const [sub] = await world.database.query<{ plan_id: string }>(
      'select plan_id from subscriptions where account_id = $1',
      [accountId],
    );
    expect(sub!.plan_id).toBe('solo-annual');
    // The renewal of the annual plan is refused rather than paying the upgrade's invoice.
    await expect(engine.renewSubscription(accountId, 'solo-annual')).rejects.toMatchObject({
      kind: 'conflict',
      message: 'An upgrade is waiting for its payment; pay or settle it first.',
    });
    // Another plan while it waits is refused too; the same confirmation joins the same invoice.
    await expect(applyUpgrade(deps, engine, actor, 'firm-annual', 1)).rejects.toMatchObject({
      kind: 'conflict',
    });
    const invoices = await world.database.query<{ n: number }>(
      "select count(*)::int as n from invoices where account_id = $1 and summary = 'Upgrade'",
      [accountId],
    );
    expect(invoices[0]!.n).toBe(1);
  });
});

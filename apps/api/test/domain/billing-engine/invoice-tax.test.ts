import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { invoiceDetail } from '../../../src/domain/invoices';
import { BillingEngine } from '../../../src/domain/billing-engine/billing-engine';
import { queueMonthlyReport } from '../../../src/domain/monthly-report';
import { DEFAULT_SELLER } from '../../../src/domain/billing-engine/invoice-issuer';
import { createAccount, createWorld, useCard, type World } from '../../helpers/billing-harness';

describe('tax and the seller on issued invoices (PGlite)', () => {
  let world: World;
  let engine: BillingEngine;
  const seller = { ...DEFAULT_SELLER, name: 'enQ Tax Test LLC', tax_id: 'EIN 98-7654321' };
  beforeAll(async () => {
    world = await createWorld('pglite', '2026-03-02T15:00:00Z');
    engine = new BillingEngine({
      database: world.database,
      payments: world.sandbox,
      clock: world.clock,
      issuer: { seller, taxRateBasisPoints: 825 },
      afterClose: queueMonthlyReport,
    });
  });
  afterAll(() => world?.close());

  it('a taxable account pays the rate on the subtotal, charged in full; an exempt one pays no tax', async () => {
    const taxable = await createAccount(world);
    const invoiceId = (await engine.startSubscription(taxable.accountId, 'team-monthly')).invoiceId;
    const detail = (await invoiceDetail(world.database, taxable.accountId, invoiceId))!;
    expect(detail).toMatchObject({
      subtotal: 300,
      tax: { status: 'Taxable', rate_percent: 8.25, amount: 24.75 },
      total: 324.75,
      amount_paid: 324.75,
      amount_due: 0,
      status: 'paid',
      seller,
      buyer: { name: 'Test practice', tax_status: 'Taxable' },
    });
    expect(detail.payments).toEqual([expect.objectContaining({ amount: 324.75, status: 'succeeded' })]);

    const exempt = await createAccount(world);
    await world.database.query("update accounts set tax_status = 'exempt' where id = $1", [exempt.accountId]);
    const exemptId = (await engine.startSubscription(exempt.accountId, 'team-monthly')).invoiceId;
    expect(await invoiceDetail(world.database, exempt.accountId, exemptId)).toMatchObject({
      subtotal: 300,
      tax: { status: 'Exempt', rate_percent: 8.25, amount: 0 },
      total: 300,
      buyer: { tax_status: 'Exempt' },
    });
  });

  it('an exempt account with an exemption reference pays no tax, and its invoice prints the reference', async () => {
    const exempt = await createAccount(world);
    await world.database.query(
      "update accounts set tax_status = 'exempt', tax_exemption_reference = '32-0123456' where id = $1",
      [exempt.accountId],
    );
    const invoiceId = (await engine.startSubscription(exempt.accountId, 'practice-monthly')).invoiceId;
    expect(await invoiceDetail(world.database, exempt.accountId, invoiceId)).toMatchObject({
      subtotal: 150,
      tax: { status: 'Exempt (ref 32-0123456)', amount: 0 },
      total: 150,
      buyer: { tax_status: 'Exempt (ref 32-0123456)' },
    });
  });

  it('a declined charge leaves the whole total due', async () => {
    const declined = await createAccount(world);
    await engine.startSubscription(declined.accountId, 'solo-monthly');
    await useCard(world, declined.accountId, '4000000000000002');
    world.clock.set(new Date(world.clock.now().getTime() + 31 * 86_400_000));
    await engine.closeDuePeriods(declined.accountId);
    const [open] = await world.database.query<{ id: string }>(
      "select id from invoices where account_id = $1 and status = 'open'",
      [declined.accountId],
    );
    const invoiceId = open!.id;
    const detail = (await invoiceDetail(world.database, declined.accountId, invoiceId))!;
    expect(detail.status).toBe('open');
    expect(detail.amount_paid).toBe(0);
    expect(detail.amount_due).toBe(detail.total);
  });
});

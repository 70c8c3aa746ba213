import { issueApiToken } from '../../src/domain/auth/api-tokens';
import type { TestContext } from './app';
import type { TestClock } from './billing-harness';

/**
 * A new account whose admin has an API token, on `plan` since `start` (paid with a good card), then
 * holding `card` on file (a sandbox test number). Answers its id, its admin's id and the token.
 */
export async function planAccount(
  ctx: TestContext,
  clock: TestClock,
  start: string,
  options: { plan?: string; card?: string; exempt?: boolean } = {},
) {
  clock.set(start);
  const [a] = await ctx.database.query<{ id: string }>(
    `insert into accounts (name, tax_status, tax_exemption_reference) values ('Upgrade practice', $1, $2)
     returning id`,
    options.exempt ? ['exempt', 'EX-1'] : ['taxable', null],
  );
  const id = a!.id;
  const [person] = await ctx.database.query<{ id: string }>(
    `insert into people (account_id, full_name, email, is_admin) values ($1, 'Pat Upgrade', $2, true) returning id`,
    [id, `pat-${id}@example.com`],
  );
  const method = (card: string) => `pm_sbx_${card}_122030_${id.slice(0, 8)}`;
  await ctx.database.query(
    `insert into payment_methods (id, account_id, brand, last4, exp_month, exp_year)
     values ($1, $2, 'visa', '4242', 12, 2030)`,
    [method('4242424242424242'), id],
  );
  const started = await ctx.app.billing.startSubscription(id, options.plan ?? 'practice-monthly');
  if (started.outcome.state !== 'paid') throw new Error(`the start was ${started.outcome.state}`);
  if (options.card)
    await ctx.database.query('update payment_methods set id = $2, last4 = $3 where account_id = $1', [
      id,
      method(options.card),
      options.card.slice(-4),
    ]);
  return { id, personId: person!.id, token: (await issueApiToken(ctx.database, person!.id)).token };
}

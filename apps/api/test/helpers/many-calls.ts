import { DEMO_ADMIN } from '../../src/db/seed/demo-account';
import { issueApiToken } from '../../src/domain/auth/api-tokens';
import type { TestContext } from './app';

/**
 * Calls of about 330 bytes of CSV each, so 50,000 make 16 MB: several times what the loopback socket's
 * kernel buffers hold (net.ipv4.tcp_wmem allows 4 MB), so an export to a client that does not read
 * stays running, and a server that reads ahead of its client shows it.
 */
export const MANY_CALLS = 50_000;
export const MANY_CALLS_FROM = Date.UTC(2023, 0, 2) / 1000;

/** Gives the demo account MANY_CALLS long-named calls, one a minute from MANY_CALLS_FROM; its admin's token. */
export async function demoAdminWithManyCalls(ctx: TestContext, prefix: string): Promise<string> {
  const [admin] = await ctx.database.query<{ id: string; account_id: string }>(
    'select id, account_id from people where email = $1',
    [DEMO_ADMIN.email],
  );
  await ctx.database.query(
    `insert into calls (account_id, call_uuid, user_name, call_timestamp, destination, caller_id_number,
                        billed_seconds, billing_rate, credits_used)
     select $1, $4 || '-' || i, repeat('Tom "T" Nguyen, CPA ', 12) || i, to_timestamp($2::bigint + i * 60),
            repeat('IRS e-Services ', 6), '+12025550100', 125, 2750, 5729
       from generate_series(1, $3::int) as i`,
    [admin!.account_id, MANY_CALLS_FROM, MANY_CALLS, prefix],
  );
  return (await issueApiToken(ctx.database, admin!.id)).token;
}

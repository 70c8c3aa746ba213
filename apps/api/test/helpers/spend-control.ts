import {
  API_ACCOUNT_BASE,
  SERVICE_KEY_HEADER,
  SPEND_CONTROL_PATHS,
  TELEPHONY_AUTHORIZE_PATH,
  TELEPHONY_CALLS_PATH,
  type SpendControlResponse,
  type SpendSettingsBody,
} from '@enq/contract';
import { randomUUID } from 'node:crypto';
import { expect } from 'vitest';
import { DEMO_NEW_TEAM } from '../../src/db/seed/demo-account';
import { issueApiToken } from '../../src/domain/auth/api-tokens';
import { createTestApp, type Driver, type TestContext } from './app';

export const SERVICE_KEY = 'svc_spend_control_key_long_enough_1';
export const DESTINATION = 'IRS Practitioner Priority Service';
export const TEAM_CC = 'billing@birchstreetcpa.com';

export interface Member {
  id: string;
  accountId: string;
  pin: string;
  email: string;
  token: string;
}

/** The demo's new team account (a monthly plan, three days in), with a billing CC and one sub-user. */
export async function spendControlApp(
  driver: Driver,
  env: Record<string, string> = {},
): Promise<{
  ctx: TestContext;
  admin: Member;
  teammate: Member;
}> {
  const ctx = await createTestApp(driver, { TELEPHONY_SERVICE_KEY: SERVICE_KEY, ...env });
  const [admin] = await ctx.database.query<Omit<Member, 'token'>>(
    'select id, account_id as "accountId", pin, email from people where email = $1',
    [DEMO_NEW_TEAM.email],
  );
  await ctx.database.query(
    `insert into profiles (person_id, account_id, first_name, last_name, billing_cc_email)
     values ($1, $2, 'Lena', 'Fischer', $3)
     on conflict (person_id, account_id) do update set billing_cc_email = excluded.billing_cc_email`,
    [admin!.id, admin!.accountId, TEAM_CC],
  );
  const [teammate] = await ctx.database.query<Omit<Member, 'token'>>(
    `insert into people (account_id, full_name, email, pin) values ($1, 'Jo Park', 'jo.park@birchstreetcpa.com', '73920518')
     returning id, account_id as "accountId", pin, email`,
    [admin!.accountId],
  );
  const withToken = async (m: Omit<Member, 'token'>) => ({
    ...m,
    token: (await issueApiToken(ctx.database, m.id)).token,
  });
  return { ctx, admin: await withToken(admin!), teammate: await withToken(teammate!) };
}

export const api = (ctx: TestContext, token: string) => ({
  state: async () => {
    const response = await ctx.app.inject({
      url: `${API_ACCOUNT_BASE}${SPEND_CONTROL_PATHS.state}`,
      headers: { authorization: `Bearer ${token}` },
    });
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as SpendControlResponse;
  },
  save: (body: Partial<SpendSettingsBody> | Record<string, unknown>) =>
    ctx.app.inject({
      method: 'PUT',
      url: `${API_ACCOUNT_BASE}${SPEND_CONTROL_PATHS.settings}`,
      headers: { authorization: `Bearer ${token}` },
      payload: { percent_thresholds: [80, 100], overage_thresholds: [], spending_cap: null, ...body },
    }),
  limit: (personId: string, limit: unknown) =>
    ctx.app.inject({
      method: 'PUT',
      url: `${API_ACCOUNT_BASE}${SPEND_CONTROL_PATHS.userLimit(personId)}`,
      headers: { authorization: `Bearer ${token}` },
      payload: { monthly_credit_limit: limit },
    }),
  dismiss: (key: string) =>
    ctx.app.inject({
      method: 'POST',
      url: `${API_ACCOUNT_BASE}${SPEND_CONTROL_PATHS.dismiss(key)}`,
      headers: { authorization: `Bearer ${token}` },
    }),
});

/** Calls of the given lengths (seconds) by the person with `pin`, booked in one batch, a minute ago. */
export async function postCalls(ctx: TestContext, pin: string, seconds: number[]) {
  const at = new Date(Date.now() - 60_000).toISOString();
  const response = await ctx.app.inject({
    method: 'POST',
    url: TELEPHONY_CALLS_PATH,
    headers: { [SERVICE_KEY_HEADER]: SERVICE_KEY },
    payload: {
      calls: seconds.map((s) => ({
        call_uuid: randomUUID(),
        pin,
        call_timestamp: at,
        destination: DESTINATION,
        billed_duration: s,
      })),
    },
  });
  expect(response.statusCode, response.body).toBe(200);
  expect(response.json()).toMatchObject({ accepted: seconds.length, rejected: [] });
}

export async function authorize(ctx: TestContext, pin: string) {
  const response = await ctx.app.inject({
    url: `${TELEPHONY_AUTHORIZE_PATH}?pin=${pin}`,
    headers: { [SERVICE_KEY_HEADER]: SERVICE_KEY },
  });
  return response.json() as { allowed: boolean; reason: string | null };
}

/**
 * The current period's credits as the ledger holds them (centicredits), read apart from the app: `granted`
 * is what the overview shows as available, each bucket's use plus what it has left (docs/billing.md).
 */
export async function ledgerSpend(ctx: TestContext, accountId: string) {
  const rows = await ctx.database.query<{
    period_id: string;
    bucket: string | null;
    total: string;
    used: string;
  }>(
    `select p.id as period_id, l.bucket, coalesce(sum(l.amount), 0)::text as total,
            coalesce(-sum(l.amount) filter (where l.kind = 'use'), 0)::text as used
       from subscriptions s join billing_periods p on p.account_id = s.account_id and p.starts_at = s.current_period_start
       left join credit_ledger l on l.account_id = p.account_id and l.period_id = p.id
      where s.account_id = $1 group by p.id, l.bucket`,
    [accountId],
  );
  const included = rows.filter((r) => ['plan', 'rollover', 'bonus'].includes(r.bucket ?? ''));
  return {
    periodId: rows[0]!.period_id,
    granted: included.reduce((t, r) => t + Number(r.used) + Math.max(Number(r.total), 0), 0),
    included: included.reduce((t, r) => t + Number(r.used), 0),
    overage: Number(rows.find((r) => r.bucket === 'overage')?.used ?? 0),
  };
}

/** The spend emails the outbox holds for the account: to whom and about what. */
export async function spendEmails(ctx: TestContext, accountId: string) {
  return ctx.database.query<{ to: string; subject: string; kind: string; text: string }>(
    `select "to", subject, kind, text from outbox
      where account_id = $1 and kind in ('spend_alert', 'spending_cap', 'user_limit') order by id`,
    [accountId],
  );
}

import {
  ACTIVITY_PATHS,
  API_ACCOUNT_BASE,
  MONTHLY_REPORT_PATH,
  MONTHLY_REPORT_TEXT,
  type ActivityPage,
} from '@enq/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ADMIN, DEMO_ANNUAL, DEMO_SUB_USERS } from '../../../../../../src/db/seed/demo-account';
import { DEMO_PROFILE } from '../../../../../../src/db/seed/demo-profile';
import { issueApiToken } from '../../../../../../src/domain/auth/api-tokens';
import { createTestApp, drivers, type TestContext } from '../../../../../helpers/app';

describe.each(drivers)('monthly report setting API (%s)', (driver) => {
  let ctx: TestContext;
  const tokens: Record<string, string> = {};
  const accounts: Record<string, string> = {};
  beforeAll(async () => {
    ctx = await createTestApp(driver);
    for (const email of [DEMO_ADMIN.email, DEMO_ANNUAL.email, DEMO_SUB_USERS[0]!.email]) {
      const [p] = await ctx.database.query<{ id: string; account_id: string }>(
        'select id, account_id from people where email = $1',
        [email],
      );
      tokens[email] = (await issueApiToken(ctx.database, p!.id)).token;
      accounts[email] = p!.account_id;
    }
  });
  afterAll(() => ctx?.close());

  const call = (method: 'GET' | 'PUT', path: string, payload?: object, email = DEMO_ADMIN.email) =>
    ctx.app.inject({
      method,
      url: `${API_ACCOUNT_BASE}${path}`,
      headers: { authorization: `Bearer ${tokens[email]}` },
      ...(payload ? { payload } : {}),
    });
  const setting = (accountId: string) =>
    ctx.database.query('select enabled from monthly_report_settings where account_id = $1', [accountId]);

  it('REPORT-01 the report is off until the admin turns it on; the change is in the activity log', async () => {
    expect((await call('GET', MONTHLY_REPORT_PATH)).json()).toEqual({
      enabled: false,
      to: DEMO_PROFILE.billing_cc_email,
      can_change: true,
    });
    const on = await call('PUT', MONTHLY_REPORT_PATH, { enabled: true });
    expect(on.statusCode).toBe(200);
    expect(on.json()).toEqual({
      enabled: true,
      to: DEMO_PROFILE.billing_cc_email,
      can_change: true,
      message: MONTHLY_REPORT_TEXT.saved,
    });
    expect(await setting(accounts[DEMO_ADMIN.email]!)).toEqual([{ enabled: true }]);
    // Saving the same value again records nothing new.
    await call('PUT', MONTHLY_REPORT_PATH, { enabled: true });
    const log = (await call('GET', `${ACTIVITY_PATHS.list}?kind=profile`)).json<ActivityPage>();
    // One entry, however often it was saved (the demo's own profile change is there too).
    const reportChanges = log.entries.filter((e) => e.what === 'Changed the monthly usage report');
    expect(reportChanges.map((e) => [e.who, e.what, e.changes])).toEqual([
      [
        DEMO_ADMIN.fullName,
        'Changed the monthly usage report',
        [{ field: 'Monthly usage report', before: 'No', after: 'Yes' }],
      ],
    ]);
    // Another account's setting is its own.
    expect((await call('GET', MONTHLY_REPORT_PATH, undefined, DEMO_ANNUAL.email)).json().enabled).toBe(false);
  });

  it('REPORT-01 a user who is not the admin sees it but cannot change it; bad input names the field', async () => {
    const priya = DEMO_SUB_USERS[0]!.email;
    expect((await call('GET', MONTHLY_REPORT_PATH, undefined, priya)).json()).toMatchObject({
      can_change: false,
    });
    const refused = await call('PUT', MONTHLY_REPORT_PATH, { enabled: false }, priya);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ message: MONTHLY_REPORT_TEXT.adminOnly, field: 'enabled' });
    for (const body of [{}, { enabled: 'yes' }]) {
      const bad = await call('PUT', MONTHLY_REPORT_PATH, body);
      expect(bad.statusCode).toBe(400);
      expect(bad.json().field).toBe('enabled');
    }
    expect(await setting(accounts[DEMO_ADMIN.email]!)).toEqual([{ enabled: true }]);
  });
});

import {
  ADMIN_VIEW_AS_PATH,
  API_ACCOUNT_BASE,
  API_ADMIN_BASE,
  AUTH_PATHS,
  VIEW_AS_TEXT,
  type ViewAsResponse,
} from '@enq/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ADMIN, DEMO_STAFF_MEMBERS } from '../../../../../../src/db/seed/demo-account';
import { issueApiToken } from '../../../../../../src/domain/auth/api-tokens';
import { hashToken } from '../../../../../../src/domain/auth/token-repository';
import { staffToken } from '../../../../../helpers/staff';
import { snapshot, snapshotQuery } from '../../../../../security/suite/accounts';
import { accountOperations, requestFor, sampleOf } from '../../../../../security/suite/operations';
import { suiteApp, type SuiteApp } from '../../../../../security/suite/setup';

const SUPPORT = DEMO_STAFF_MEMBERS.find((s) => s.role === 'support')!;

describe('view as customer API', () => {
  let s: SuiteApp;
  let accountId: string;
  let support: { token: string; personId: string };
  let own: string;

  beforeAll(async () => {
    s = await suiteApp();
    const [admin] = await s.database.query<{ id: string; account_id: string }>(
      'select id, account_id from people where email = $1',
      [DEMO_ADMIN.email],
    );
    accountId = admin!.account_id;
    own = (await issueApiToken(s.database, admin!.id)).token;
    support = await staffToken(s.database, 'support');
  });
  afterAll(() => s?.close());

  const viewAs = async (reason = 'Customer asked why a call was billed') => {
    const response = await s.app.inject({
      method: 'POST',
      url: `${API_ADMIN_BASE}${ADMIN_VIEW_AS_PATH(accountId)}`,
      headers: { authorization: `Bearer ${support.token}` },
      payload: { reason },
    });
    expect(response.statusCode).toBe(200);
    return response.json() as ViewAsResponse;
  };
  const get = (path: string, token: string) =>
    s.app.inject({
      method: 'GET',
      url: `${API_ACCOUNT_BASE}${path}`,
      headers: { authorization: `Bearer ${token}` },
    });

  it("STAFF-07 support gets a 15-minute read-only token of the account's admin, in the trail and the activity log", async () => {
    const before = Date.now();
    const answer = await viewAs();
    expect(answer.account_name).toBe('Harbor & Pine Tax Advisors');
    const expires = Date.parse(answer.expires_at) - before;
    expect(expires).toBeGreaterThan(14 * 60_000);
    expect(expires).toBeLessThanOrEqual(15 * 60_000 + 5_000);
    const [row] = await s.database.query<{ read_only: boolean; issued_to_staff: string; email: string }>(
      `select t.read_only, t.issued_to_staff, p.email from api_tokens t join people p on p.id = t.person_id
        where t.token_hash = $1`,
      [hashToken(answer.token)],
    );
    expect(row).toEqual({ read_only: true, issued_to_staff: support.personId, email: DEMO_ADMIN.email });
    const [audit] = await s.database.query<{
      staff_email: string;
      account_id: string;
      reason: string;
      result: object;
    }>(
      "select staff_email, account_id, reason, result from staff_audit where action = 'view_as_customer' order by id desc limit 1",
    );
    expect(audit).toMatchObject({
      staff_email: SUPPORT.email,
      account_id: accountId,
      reason: 'Customer asked why a call was billed',
    });
    // The token is never kept in the trail.
    expect(JSON.stringify(audit!.result)).not.toContain(answer.token);
    const [activity] = await s.database.query<{ action: string }>(
      "select action from audit_log where account_id = $1 and action = 'staff.view_as_customer'",
      [accountId],
    );
    expect(activity).toEqual({ action: 'staff.view_as_customer' });
    // The customer's own session is untouched.
    expect((await get('/', own)).statusCode).toBe(200);
  });

  it('STAFF-08 pages and downloads work; every changing account operation answers 403 and changes nothing', async () => {
    const { token } = await viewAs();
    expect((await get('/', token)).statusCode).toBe(200);
    expect((await get('/profile/', token)).statusCode).toBe(200);
    const pdf = await get('/lines/vcf', token);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-disposition']).toContain('enQ.vcf');
    const { operations, resolve } = await accountOperations(s.app);
    // Log Out ends the view-as token itself (what the tab's End does): not a change to the account.
    const changing = operations.filter(
      (op) => !['GET', 'HEAD'].includes(op.method) && op.path !== '/api/v1/auth/logout',
    );
    expect(changing.length).toBeGreaterThanOrEqual(20);
    const sql = await snapshotQuery(s.database);
    const before = await snapshot(s.database, sql, accountId);
    const wrong: string[] = [];
    for (const op of changing) {
      const values = {
        params: Object.fromEntries(
          op.parameters.map((p) => [p.name, sampleOf(p.schema, resolve, undefined, p.name)]),
        ),
        body: op.body ? sampleOf(op.body, resolve) : undefined,
      };
      const response = await s.app.inject(
        requestFor(op, values, { authorization: `Bearer ${token}`, 'idempotency-key': 'view-as-test-key' }),
      );
      if (response.statusCode !== 403 || response.json().message !== VIEW_AS_TEXT.readOnly)
        wrong.push(`${op.method} ${op.path} -> ${response.statusCode}`);
    }
    expect(wrong).toEqual([]);
    expect(await snapshot(s.database, sql, accountId)).toBe(before);
    // The token still reads after all that.
    expect((await get('/', token)).statusCode).toBe(200);
  });

  it("STAFF-07 Log Out with a view-as token ends that token only: the customer's own sessions stay", async () => {
    const { token } = await viewAs();
    const revokedAt = async () =>
      (
        await s.database.query<{ at: Date | null }>(
          'select sessions_revoked_at as at from people where email = $1',
          [DEMO_ADMIN.email],
        )
      )[0]!.at;
    const before = await revokedAt();
    const loggedOut = await s.app.inject({
      method: 'POST',
      url: AUTH_PATHS.logout,
      headers: { authorization: `Bearer ${token}` },
    });
    expect(loggedOut.statusCode).toBe(200);
    expect((await get('/', token)).statusCode).toBe(401);
    // Nor can a view-as token sign the customer out of all devices.
    const { token: another } = await viewAs();
    const everywhere = await s.app.inject({
      method: 'POST',
      url: AUTH_PATHS.logoutEverywhere,
      headers: { authorization: `Bearer ${another}` },
    });
    expect(everywhere.statusCode).toBe(403);
    expect((await get('/', own)).statusCode).toBe(200);
    expect(await revokedAt()).toEqual(before);
  });

  it('STAFF-07 an expired view-as token is refused', async () => {
    const { token } = await viewAs();
    await s.database.query(
      "update api_tokens set expires_at = now() - interval '1 second' where token_hash = $1",
      [hashToken(token)],
    );
    expect((await get('/', token)).statusCode).toBe(401);
  });

  it("STAFF-03 STAFF-07 removing the staff member ends the view-as tokens issued to them, not the customer's own", async () => {
    const { token } = await viewAs();
    expect((await get('/', token)).statusCode).toBe(200);
    const admin = await staffToken(s.database, 'admin');
    const removed = await s.app.inject({
      method: 'DELETE',
      url: `${API_ADMIN_BASE}/staff/${support.personId}`,
      headers: { authorization: `Bearer ${admin.token}`, 'idempotency-key': 'remove-support-1' },
      payload: { reason: 'Left the company' },
    });
    expect(removed.statusCode).toBe(200);
    expect((await get('/', token)).statusCode).toBe(401);
    expect((await get('/', own)).statusCode).toBe(200);
  });
});

import {
  API_ADMIN_BASE,
  STAFF_MEMBER_ERRORS,
  type AdminMe,
  type StaffAuditPage,
  type StaffList,
  type StaffRole,
} from '@enq/contract';
import { generateSync } from 'otplib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ADMIN } from '../../../../../../src/db/seed/demo-account';
import { findUsableReset } from '../../../../../../src/domain/auth/password-reset-repository';
import { issueApiToken } from '../../../../../../src/domain/auth/api-tokens';
import { confirmEnrolment, startEnrolment } from '../../../../../../src/domain/two-factor/two-factor';
import { createTestApp, drivers, type TestContext } from '../../../../../helpers/app';
import { STAFF_BY_ROLE, staffToken } from '../../../../../helpers/staff';

describe.each(drivers)('admin staff API (%s)', (driver) => {
  let ctx: TestContext;
  const tokens = {} as Record<StaffRole, string>;
  const ids = {} as Record<StaffRole, string>;
  let seq = 0;

  beforeAll(async () => {
    ctx = await createTestApp(driver);
    for (const role of ['support', 'finance', 'admin'] as const) {
      const { token, personId } = await staffToken(ctx.database, role);
      tokens[role] = token;
      ids[role] = personId;
    }
  });
  afterAll(() => ctx?.close());

  const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', path: string, token: string, body?: object) =>
    ctx.app.inject({
      method,
      url: `${API_ADMIN_BASE}${path}`,
      headers: { authorization: `Bearer ${token}`, 'idempotency-key': `staff-test-${++seq}` },
      ...(body ? { payload: body } : {}),
    });
  const me = async (token: string) => call('GET', '/me', token);
  const add = (body: object, token = tokens.admin) =>
    call('POST', '/staff', token, { reason: 'New hire', role: 'support', ...body });
  const tokenOf = async (personId: string) =>
    (await issueApiToken(ctx.database, personId, new Date(), null, true)).token;

  it('STAFF-01 adds a staff member who gets a set-password email; the same email in another case is refused', async () => {
    const response = await add({ full_name: 'Casey Park', email: '  Casey.Park@ENQ-staff.com ' });
    expect(response.statusCode).toBe(200);
    expect(response.json().message).toBe(
      'Casey Park was added as Support; a set-password email is on its way.',
    );
    const list = (await call('GET', '/staff', tokens.admin)).json() as StaffList;
    expect(list.staff.find((s) => s.full_name === 'Casey Park')).toMatchObject({
      email: 'Casey.Park@ENQ-staff.com',
      role: 'support',
    });
    const [mail] = await ctx.database.query<{ subject: string; text: string }>(
      `select subject, text from outbox where "to" = 'Casey.Park@ENQ-staff.com'`,
    );
    expect(mail!.subject).toBe('You have been added to the enQ operator console');
    const link = /\/password-reset\/([A-Za-z0-9_-]{43})/.exec(mail!.text)!;
    expect(await findUsableReset(ctx.database, link[1]!, new Date())).toMatchObject({
      fullName: 'Casey Park',
    });
    // No password travels: the answer carries only the message, the trail entry and the new person.
    expect(Object.keys(response.json()).sort()).toEqual(['audit_id', 'message', 'person_id']);

    for (const email of ['casey.park@enq-staff.com', ` ${DEMO_ADMIN.email.toUpperCase()} `]) {
      const again = await add({ full_name: 'Someone', email });
      expect(again.statusCode).toBe(409);
      expect(again.json()).toMatchObject({ field: 'email', message: STAFF_MEMBER_ERRORS.emailTaken });
    }
    const bad = await add({ full_name: 'Someone', email: 'not-an-email' });
    expect(bad.json()).toMatchObject({ field: 'email' });
    const [{ n }] = (await ctx.database.query<{ n: number }>(
      "select count(*)::int as n from people where lower(email) like 'casey.park%'",
    )) as [{ n: number }];
    expect(n).toBe(1);
  });

  it('STAFF-10 the staff list says who has set up two-factor sign-in and who has not enrolled yet', async () => {
    const twoFactorOf = async () =>
      Object.fromEntries(
        ((await call('GET', '/staff', tokens.admin)).json() as StaffList).staff.map((s) => [
          s.full_name,
          s.two_factor_enabled_at,
        ]),
      );
    const finance = { id: ids.finance, email: STAFF_BY_ROLE.finance.email };
    expect((await twoFactorOf())[STAFF_BY_ROLE.finance.fullName]).toBeNull();
    // A key shown but never confirmed is not set up.
    const enrolment = await startEnrolment(ctx.database, finance);
    if (enrolment === 'already_on') throw new Error('already on');
    expect((await twoFactorOf())[STAFF_BY_ROLE.finance.fullName]).toBeNull();
    const at = new Date('2026-11-20T14:00:00.000Z');
    const code = generateSync({ secret: enrolment.secret, epoch: at.getTime() / 1000 });
    expect(await confirmEnrolment(ctx.database, finance.id, code, at)).toHaveLength(10);
    const after = await twoFactorOf();
    expect(after[STAFF_BY_ROLE.finance.fullName]).toBe(at.toISOString());
    expect(after[STAFF_BY_ROLE.support.fullName]).toBeNull();
  });

  it('STAFF-02 a role change is in force on the next request, a cached session included', async () => {
    expect(((await me(tokens.support)).json() as AdminMe).role).toBe('support');
    expect((await call('GET', '/notices', tokens.support)).statusCode).toBe(403);
    const response = await call('PUT', `/staff/${ids.support}/role`, tokens.admin, {
      role: 'admin',
      reason: 'Team lead',
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().message).toBe(`${STAFF_BY_ROLE.support.fullName} is now Admin.`);
    expect(((await me(tokens.support)).json() as AdminMe).role).toBe('admin');
    expect((await call('GET', '/notices', tokens.support)).statusCode).toBe(200);
    await call('PUT', `/staff/${ids.support}/role`, tokens.admin, { role: 'support', reason: 'Back' });
    expect((await call('GET', '/notices', tokens.support)).statusCode).toBe(403);
  });

  it('STAFF-04 nobody changes their own role or removes themself; the last admin stays', async () => {
    const self = await call('PUT', `/staff/${ids.admin}/role`, tokens.admin, {
      role: 'support',
      reason: 'x',
    });
    expect(self.json()).toMatchObject({ message: STAFF_MEMBER_ERRORS.self });
    expect((await call('DELETE', `/staff/${ids.admin}`, tokens.admin, { reason: 'x' })).statusCode).toBe(409);
    // A second admin whose role was taken away meanwhile (their session still says admin) cannot
    // demote the one admin left.
    const added = await add({ full_name: 'Robin Hale', email: 'robin.hale@enq-staff.com', role: 'admin' });
    const robin = added.json().person_id as string;
    const robinToken = await tokenOf(robin);
    expect(((await me(robinToken)).json() as AdminMe).role).toBe('admin');
    await ctx.database.query("update people set staff_role = 'finance' where id = $1", [robin]);
    const last = await call('PUT', `/staff/${ids.admin}/role`, robinToken, { role: 'finance', reason: 'x' });
    expect(last.statusCode).toBe(409);
    expect(last.json().message).toBe(STAFF_MEMBER_ERRORS.lastAdmin);
    const [morgan] = await ctx.database.query<{ staff_role: string }>(
      'select staff_role from people where id = $1',
      [ids.admin],
    );
    expect(morgan!.staff_role).toBe('admin');
  });

  it("STAFF-03 a removed staff member's token stops working at once", async () => {
    const added = await add({ full_name: 'Drew Quinn', email: 'drew.quinn@enq-staff.com', role: 'finance' });
    const drew = added.json().person_id as string;
    const drewToken = await tokenOf(drew);
    expect((await me(drewToken)).statusCode).toBe(200);
    const response = await call('DELETE', `/staff/${drew}`, tokens.admin, { reason: 'Left the company' });
    expect(response.statusCode).toBe(200);
    expect(response.json().message).toBe('Drew Quinn no longer has console access.');
    expect((await me(drewToken)).statusCode).toBe(401);
    const list = (await call('GET', '/staff', tokens.admin)).json() as StaffList;
    expect(list.staff.map((s) => s.full_name)).not.toContain('Drew Quinn');
    expect((await call('DELETE', `/staff/${drew}`, tokens.admin, { reason: 'Again' })).statusCode).toBe(404);
  });

  it('STAFF-05 the trail lists the actions newest first, filtered and paged', async () => {
    const page = (await call('GET', '/staff/audit?limit=3', tokens.admin)).json() as StaffAuditPage;
    expect(page.entries.map((e) => e.action)).toEqual(['staff.remove', 'staff.add', 'staff.add']);
    expect(page.entries[0]).toMatchObject({
      staff_name: 'Morgan Reyes',
      staff_role: 'admin',
      reason: 'Left the company',
      account_id: null,
    });
    expect(page.next_before_id).toBe(page.entries[2]!.id);
    const next = (
      await call('GET', `/staff/audit?limit=3&before_id=${page.next_before_id}`, tokens.admin)
    ).json();
    expect((next as StaffAuditPage).entries[0]!.id).toBeLessThan(page.entries[2]!.id);
    const roles = (
      await call('GET', '/staff/audit?action=staff.role', tokens.admin)
    ).json() as StaffAuditPage;
    expect(roles.entries.map((e) => e.reason)).toEqual(['Back', 'Team lead']);
    const bySupport = (await call('GET', `/staff/audit?staff_person_id=${ids.support}`, tokens.admin)).json();
    expect((bySupport as StaffAuditPage).entries).toEqual([]);
    const ids2 = [...page.entries, ...(next as StaffAuditPage).entries].map((e) => e.id);
    expect([...ids2].sort((a, b) => b - a)).toEqual(ids2);
  });

  it('STAFF-06 support and finance cannot read the staff list or the trail, nor change staff', async () => {
    for (const role of ['support', 'finance'] as const) {
      expect((await call('GET', '/staff', tokens[role])).statusCode).toBe(403);
      expect((await call('GET', '/staff/audit', tokens[role])).statusCode).toBe(403);
      expect((await add({ full_name: 'X', email: 'x@enq-staff.com' }, tokens[role])).statusCode).toBe(403);
      expect(
        (await call('PUT', `/staff/${ids.admin}/role`, tokens[role], { role: 'support', reason: 'x' }))
          .statusCode,
      ).toBe(403);
    }
  });
});

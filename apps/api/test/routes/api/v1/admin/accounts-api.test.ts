import {
  ACCOUNTS_ADMIN_PATHS,
  ACCOUNTS_TEXT,
  ACTIVITY_TEXT,
  API_ADMIN_BASE,
  type AccountSearchResponse,
  type ActivityPage,
  type AdminAccount,
} from '@enq/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ACCOUNT_NAME, DEMO_ADMIN, DEMO_ANNUAL } from '../../../../../src/db/seed/demo-account';
import { DEMO_ACCOUNT_NOTES } from '../../../../../src/db/seed/demo-account-notes';
import { createTestApp, drivers, type TestContext } from '../../../../helpers/app';
import { staffToken } from '../../../../helpers/staff';

interface Person {
  id: string;
  account_id: string;
  full_name: string;
  email: string;
  pin: string | null;
}

describe.each(drivers)('console accounts API (%s)', (driver) => {
  let ctx: TestContext;
  let support: string;
  let finance: string;
  let demo: Person;
  let annual: Person;
  let priya: Person;
  let key = 0;

  const call = (method: 'GET' | 'POST' | 'PUT', path: string, as: string, payload?: object, idem?: string) =>
    ctx.app.inject({
      method,
      url: `${API_ADMIN_BASE}${path}`,
      headers: {
        authorization: `Bearer ${as}`,
        ...(method === 'GET' ? {} : { 'idempotency-key': idem ?? `accounts-test-${++key}-key` }),
      },
      ...(payload ? { payload } : {}),
    });
  const search = async (q: string) => {
    const res = await call('GET', ACCOUNTS_ADMIN_PATHS.search(q), support);
    expect(res.statusCode).toBe(200);
    return res.json<AccountSearchResponse>().results;
  };
  const page = async (accountId: string) => {
    const res = await call('GET', ACCOUNTS_ADMIN_PATHS.account(accountId), support);
    expect(res.statusCode).toBe(200);
    return res.json<AdminAccount>();
  };
  const person = async (email: string) =>
    (
      await ctx.database.query<Person>(
        'select id, account_id, full_name, email, pin from people where lower(email) = lower($1)',
        [email],
      )
    )[0]!;

  beforeAll(async () => {
    ctx = await createTestApp(driver);
    support = (await staffToken(ctx.database, 'support')).token;
    finance = (await staffToken(ctx.database, 'finance')).token;
    demo = await person(DEMO_ADMIN.email);
    annual = await person(DEMO_ANNUAL.email);
    priya = await person('priya.raman@harborpinetax.com');
  });
  afterAll(() => ctx?.close());

  it('CONS-01 finds an account by name, email in any spelling, PIN, invoice and credit-note number, and card', async () => {
    const [invoice] = await ctx.database.query<{ number: string }>(
      'select number from invoices where account_id = $1 order by issued_at limit 1',
      [demo.account_id],
    );
    const [card] = await ctx.database.query<{ last4: string }>(
      'select last4 from payment_methods where account_id = $1 limit 1',
      [demo.account_id],
    );
    const [note] = await ctx.database.query<{ number: string }>(
      'select number from refunds where account_id = $1 limit 1',
      [demo.account_id],
    );
    const first = (results: Awaited<ReturnType<typeof search>>) =>
      results.find((r) => r.account_id === demo.account_id);
    const expectDemo = async (q: string, matched: string) => {
      const hit = first(await search(q));
      expect(hit, q).toMatchObject({
        name: DEMO_ACCOUNT_NAME,
        status: 'active',
        admin_name: DEMO_ADMIN.fullName,
        admin_email: DEMO_ADMIN.email,
        matched,
      });
      expect(hit!.plan_name).toBeTruthy();
    };
    await expectDemo('harbor & PINE', ACCOUNTS_TEXT.matched.name);
    await expectDemo('  PRIYA.RAMAN@HarborPineTax.com ', 'Email of Priya Raman');
    // Full-width letters and the @ fold to the ASCII email (NFKC).
    await expectDemo('ｐｒｉｙａ.raman＠harborpinetax.com', 'Email of Priya Raman');
    await expectDemo(`${priya.pin!.slice(0, 3)} ${priya.pin!.slice(3)}`, 'PIN of Priya Raman');
    await expectDemo(` ${invoice!.number.toLowerCase()} `, `Invoice ${invoice!.number}`);
    expect(card).toBeDefined();
    expect(first(await search(card!.last4))!.matched).toMatch(new RegExp(`card ending ${card!.last4}$`));
    expect(note).toBeDefined();
    await expectDemo(note!.number.toLowerCase(), `Credit note ${note!.number}`);
    // Nothing matches: no results, and the staff account is never one.
    expect(await search('no practice is called this')).toEqual([]);
    expect((await search('enQ staff')).map((r) => r.name)).toEqual([]);
    // No text: the newest accounts.
    const recent = await search('');
    expect(recent.length).toBeGreaterThanOrEqual(3);
    expect(recent.map((r) => r.account_id)).toContain(annual.account_id);
  });

  it('CONS-02 shows one account and nothing of another; unknown and malformed ids are 404', async () => {
    const account = await page(demo.account_id);
    expect(account).toMatchObject({ name: DEMO_ACCOUNT_NAME, status: 'active', tax: { status: 'taxable' } });
    expect(account.subscription.status).toBe('active');
    expect(account.subscription.plan_name).toBeTruthy();
    expect(account.ledger.entries.length).toBeGreaterThan(0);
    expect(account.ledger.entries.length).toBeLessThanOrEqual(50);
    expect(account.invoices.length).toBeGreaterThan(0);
    expect(account.invoices.some((i) => i.payments.some((p) => p.status === 'succeeded'))).toBe(true);
    const users = account.users.map((u) => u.email);
    expect(users).toContain(priya.email);
    expect(account.users[0]).toMatchObject({ full_name: DEMO_ADMIN.fullName, is_admin: true });
    // PINs are masked: only the last four show.
    const shown = account.users.find((u) => u.email === priya.email)!.pin!;
    expect(shown).toBe(`••${priya.pin!.slice(-4)}`);
    expect(account.notes.map((n) => n.body)).toEqual(
      [...DEMO_ACCOUNT_NOTES].sort((a, b) => a.daysAgo - b.daysAgo).map((n) => n.body),
    );

    const other = await page(annual.account_id);
    expect(other.users.map((u) => u.email)).toEqual([annual.email]);
    expect(other.notes).toEqual([]);
    const demoInvoices = new Set(account.invoices.map((i) => i.id));
    expect(other.invoices.filter((i) => demoInvoices.has(i.id))).toEqual([]);

    for (const id of [
      '00000000-0000-4000-8000-000000000001',
      'not-an-id',
      "1' or '1'='1",
      '00000000-0000-0000-0000-000000000000',
    ]) {
      const res = await call('GET', ACCOUNTS_ADMIN_PATHS.account(id), support);
      expect(res.statusCode, id).toBe(404);
      expect(res.json()).toMatchObject({ message: ACCOUNTS_TEXT.notFound });
    }
    const activity = await call('GET', ACCOUNTS_ADMIN_PATHS.activity(demo.account_id, 1), support);
    expect(activity.statusCode).toBe(200);
    expect(activity.json<ActivityPage>().entries.length).toBeGreaterThan(0);
  });

  it('CONS-03 adds an internal note once per key, newest first, never in the customer activity log', async () => {
    const path = ACCOUNTS_ADMIN_PATHS.notes(annual.account_id);
    const refused = await call('POST', path, support, { body: '   ' });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ field: 'body', message: `body: ${ACCOUNTS_TEXT.noteRequired}` });
    const body = { body: 'Called about the annual renewal date; explained the prepaid year.' };
    const first = await call('POST', path, support, body, 'note-key-0001');
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({
      message: ACCOUNTS_TEXT.noteAdded,
      note: { staff_name: 'Jordan Lee' },
    });
    const again = await call('POST', path, support, body, 'note-key-0001');
    expect(again.json()).toMatchObject({ replayed: true, audit_id: first.json().audit_id });
    await call('POST', path, support, { body: 'A second note.' });
    const notes = (await page(annual.account_id)).notes;
    expect(notes.map((n) => n.body)).toEqual(['A second note.', body.body]);
    const log = await call('GET', ACCOUNTS_ADMIN_PATHS.activity(annual.account_id, 1), support);
    expect(JSON.stringify(log.json())).not.toContain('renewal date');
    const [trail] = await ctx.database.query<{ n: number }>(
      "select count(*)::int as n from staff_audit where account_id = $1 and action = 'note.add'",
      [annual.account_id],
    );
    expect(trail!.n).toBe(2);
    // Another account's page does not show them.
    expect((await page(demo.account_id)).notes.map((n) => n.body)).not.toContain(body.body);
  });

  it('CONS-04 sets the tax status for finance only; bad input names the field and changes nothing', async () => {
    const path = ACCOUNTS_ADMIN_PATHS.taxStatus(demo.account_id);
    const tax = async () =>
      (
        await ctx.database.query<{ tax_status: string; tax_exemption_reference: string | null }>(
          'select tax_status, tax_exemption_reference from accounts where id = $1',
          [demo.account_id],
        )
      )[0];
    const issued = await ctx.database.query<{ buyer: unknown; total_cents: number }>(
      'select buyer, total_cents from invoices where account_id = $1 order by id',
      [demo.account_id],
    );
    expect(
      (await call('PUT', path, support, { tax_status: 'exempt', exemption_reference: 'X', reason: 'r' }))
        .statusCode,
    ).toBe(403);
    for (const [payload, field] of [
      [
        { tax_status: 'exempt', exemption_reference: '  ', reason: 'Certificate received' },
        'exemption_reference',
      ],
      [{ tax_status: 'exempt', reason: 'Certificate received' }, 'exemption_reference'],
      [{ tax_status: 'Non-exempt', reason: 'x' }, 'tax_status'],
      [{ tax_status: 'exempt', exemption_reference: 'EX-1', reason: ' ' }, 'reason'],
    ] as const) {
      const res = await call('PUT', path, finance, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().field).toBe(field);
    }
    expect(await tax()).toEqual({ tax_status: 'taxable', tax_exemption_reference: null });

    const body = { tax_status: 'exempt', exemption_reference: '12-3456789', reason: 'Certificate received' };
    const done = await call('PUT', path, finance, body, 'tax-key-0001');
    expect(done.statusCode).toBe(200);
    expect(done.json().message).toBe(ACCOUNTS_TEXT.taxSet('Exempt (ref 12-3456789)'));
    expect(await tax()).toEqual({ tax_status: 'exempt', tax_exemption_reference: '12-3456789' });
    // A retry with the same key changes nothing, even after another change.
    await call(
      'PUT',
      path,
      finance,
      { tax_status: 'taxable', reason: 'Certificate expired' },
      'tax-key-0002',
    );
    const retry = await call('PUT', path, finance, body, 'tax-key-0001');
    expect(retry.json()).toMatchObject({ replayed: true });
    expect(await tax()).toEqual({ tax_status: 'taxable', tax_exemption_reference: null });
    const [{ n }] = (await ctx.database.query<{ n: number }>(
      "select count(*)::int as n from staff_audit where account_id = $1 and action = 'tax_status.set'",
      [demo.account_id],
    )) as [{ n: number }];
    expect(n).toBe(2);
    // Issued invoices keep the buyer they were issued to.
    expect(
      await ctx.database.query('select buyer, total_cents from invoices where account_id = $1 order by id', [
        demo.account_id,
      ]),
    ).toEqual(issued);
    const log = (
      await call('GET', ACCOUNTS_ADMIN_PATHS.activity(demo.account_id, 1), support)
    ).json<ActivityPage>();
    const entry = log.entries.find((e) => e.what === 'Changed the tax status')!;
    expect(entry.who).toBe(ACTIVITY_TEXT.staff);
    expect(entry.changes).toContainEqual({
      field: 'Tax status',
      before: 'Exempt (ref 12-3456789)',
      after: 'Taxable',
    });
  });

  it("CONS-05 queues one receipt email per key; another account's invoice is 404", async () => {
    const [paid] = await ctx.database.query<{ id: string; number: string }>(
      `select i.id, i.number from invoices i
        where i.account_id = $1 and exists (select 1 from payments p where p.account_id = i.account_id
                                             and p.invoice_id = i.id and p.status = 'succeeded')
        order by i.issued_at desc limit 1`,
      [demo.account_id],
    );
    const outbox = () =>
      ctx.database.query<{ to: string; subject: string }>(
        `select "to", subject from outbox where account_id = $1 and kind = 'invoice-receipt' and subject like $2`,
        [demo.account_id, `%${paid!.number}`],
      );
    const before = (await outbox()).length;
    const path = ACCOUNTS_ADMIN_PATHS.resend(demo.account_id, paid!.id);
    const missing = await call('POST', path, support, {});
    expect(missing.statusCode).toBe(400);
    expect(missing.json().field).toBe('reason');
    const first = await call('POST', path, support, { reason: 'Customer lost the email' }, 'resend-key-01');
    expect(first.statusCode).toBe(200);
    expect(first.json().message).toBe(ACCOUNTS_TEXT.resent(paid!.number, DEMO_ADMIN.email));
    await call('POST', path, support, { reason: 'Customer lost the email' }, 'resend-key-01');
    expect((await outbox()).length).toBe(before + 1);
    await call('POST', path, support, { reason: 'Sent to spam, asked again' }, 'resend-key-02');
    const sent = await outbox();
    expect(sent.length).toBe(before + 2);
    expect(sent.at(-1)).toEqual({ to: DEMO_ADMIN.email, subject: `Receipt for enQ invoice ${paid!.number}` });
    // The demo account's invoice under another account's id, and an unknown id, are not found.
    for (const wrong of [
      ACCOUNTS_ADMIN_PATHS.resend(annual.account_id, paid!.id),
      ACCOUNTS_ADMIN_PATHS.resend(demo.account_id, 'in_unknown'),
    ]) {
      const res = await call('POST', wrong, support, { reason: 'x' });
      expect(res.statusCode, wrong).toBe(404);
    }
    expect((await outbox()).length).toBe(before + 2);
  });
});

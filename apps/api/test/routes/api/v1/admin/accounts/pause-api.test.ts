import {
  ACCOUNTS_ADMIN_PATHS,
  ACCOUNT_ACTION_PATHS,
  API_ADMIN_BASE,
  PAUSE_TEXT,
  STAFF_ERRORS,
  type ActivityPage,
  type AdminAccount,
  type StaffPauseResult,
} from '@enq/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, drivers, type TestContext } from '../../../../../helpers/app';
import { TestClock } from '../../../../../helpers/billing-harness';
import { planAccount } from '../../../../../helpers/plan-accounts';
import { staffToken } from '../../../../../helpers/staff';

// The console's pause and resume on a customer's behalf (issue 64). A monthly period from Jan 4, 2027,
// 10:00 New York, to Feb 4: a pause asked for now starts on Feb 4 and may resume from Mar 4 to Aug 4.
const START = '2027-01-04T15:00:00Z';

describe.each(drivers)('console pause and resume for the customer (%s)', (driver) => {
  let ctx: TestContext;
  let finance: string;
  let support: string;
  const clock = new TestClock(new Date(START));
  beforeAll(async () => {
    ctx = await createTestApp(driver, {}, { clock });
    finance = (await staffToken(ctx.database, 'finance')).token;
    support = (await staffToken(ctx.database, 'support')).token;
  });
  afterAll(() => ctx?.close());

  const post = (path: string, payload: object, key: string, token = finance) =>
    ctx.app.inject({
      method: 'POST',
      url: `${API_ADMIN_BASE}${path}`,
      headers: { authorization: `Bearer ${token}`, 'idempotency-key': key },
      payload,
    });
  const get = (path: string) =>
    ctx.app.inject({ url: `${API_ADMIN_BASE}${path}`, headers: { authorization: `Bearer ${support}` } });
  const rows = (sql: string, id: string) => ctx.database.query<Record<string, unknown>>(sql, [id]);
  const trail = (id: string) =>
    rows('select action, reason, staff_role from staff_audit where account_id = $1 order by id', id);
  const log = (id: string) =>
    rows('select action, after from audit_log where account_id = $1 order by at, id', id);

  it('pauses for the customer with a reason: the same rules, refusals naming the field, one audit entry per key', async () => {
    const { id } = await planAccount(ctx, clock, START);
    const path = ACCOUNT_ACTION_PATHS.pause(id);
    const tooLate = await post(path, { resume_on: '2027-08-05', reason: 'Asked by phone' }, 'pause-late-01');
    expect(tooLate.statusCode).toBe(400);
    expect(tooLate.json()).toMatchObject({
      message: 'A pause lasts one to six months. Choose a date from Mar 4, 2027 to Aug 4, 2027.',
      field: 'resume_on',
    });
    const noReason = await post(path, { resume_on: '2027-05-04', reason: ' ' }, 'pause-noreason-01');
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json()).toMatchObject({
      message: `reason: ${STAFF_ERRORS.reasonRequired}`,
      field: 'reason',
    });
    const refused = await post(
      path,
      { resume_on: '2027-05-04', reason: 'Asked' },
      'pause-support-1',
      support,
    );
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(STAFF_ERRORS.role('changePlan'));
    expect(await trail(id)).toEqual([]);

    const body = { resume_on: '2027-05-04', reason: 'Seasonal, asked by phone' };
    const done = await post(path, body, 'pause-first-0001');
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json()).toMatchObject({
      message: PAUSE_TEXT.paused,
      pause: { state: 'scheduled', starts_at: '2027-02-04T15:00:00.000Z' },
    });
    expect((done.json() as StaffPauseResult).pause?.resume_at).toBe('2027-05-04T14:00:00.000Z');
    const again = await post(path, body, 'pause-first-0001');
    expect(again.json()).toEqual(done.json());
    expect(await rows('select count(*)::int as n from plan_pauses where account_id = $1', id)).toEqual([
      { n: 1 },
    ]);
    // A second pause under a new key meets the customer's own refusal.
    const second = await post(path, { resume_on: '2027-06-04', reason: 'Twice' }, 'pause-second-001');
    expect(second.statusCode).toBe(409);
    expect(second.json().message).toBe(PAUSE_TEXT.alreadyPaused);

    expect(await trail(id)).toEqual([
      { action: 'pause.request', reason: 'Seasonal, asked by phone', staff_role: 'finance' },
    ]);
    expect(await log(id)).toEqual([
      {
        action: 'pause.scheduled',
        after: { pause_starts_on: '2027-02-04', resume_on: '2027-05-04', reason: 'Seasonal, asked by phone' },
      },
    ]);
    // The customer's Activity view (as the console reads it) says enQ support did it, with the reason.
    const activity = (await get(ACCOUNTS_ADMIN_PATHS.activity(id, 1))).json() as ActivityPage;
    expect(activity.entries[0]).toMatchObject({ who: 'enQ support', what: 'Scheduled a pause of the plan' });
    expect(activity.entries[0]!.changes).toContainEqual(
      expect.objectContaining({ after: 'Seasonal, asked by phone' }),
    );
    // The account page shows the pause and its dates.
    const page = (await get(ACCOUNTS_ADMIN_PATHS.account(id))).json() as AdminAccount;
    expect(page.subscription.pause).toMatchObject({
      state: 'scheduled',
      starts_at: '2027-02-04T15:00:00.000Z',
      resume_at: '2027-05-04T14:00:00.000Z',
    });
    // What the console's actions read: the pause, so that it offers Resume and not Pause.
    const state = (await get(ACCOUNT_ACTION_PATHS.refundableInvoices(id))).json();
    expect(state.pause).toMatchObject({ pause: { state: 'scheduled' }, refusal: PAUSE_TEXT.alreadyPaused });
  });

  it('an annual plan is refused naming plan', async () => {
    const { id } = await planAccount(ctx, clock, START, { plan: 'team-annual' });
    const refused = await post(
      ACCOUNT_ACTION_PATHS.pause(id),
      { resume_on: '2027-03-04', reason: 'Asked' },
      'pause-annual-001',
    );
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ message: PAUSE_TEXT.annualRefusal, field: 'plan' });
    expect(await trail(id)).toEqual([]);
  });

  it('an account that does not exist answers 404 to pause and resume, and nothing is written', async () => {
    const nobody = '00000000-0000-4000-8000-000000000000';
    for (const [path, payload] of [
      [ACCOUNT_ACTION_PATHS.pause(nobody), { resume_on: '2027-03-04', reason: 'Asked' }],
      [ACCOUNT_ACTION_PATHS.resume(nobody), { reason: 'Asked' }],
    ] as const) {
      const refused = await post(path, payload, `nobody-${path.length}-001`);
      expect(refused.statusCode).toBe(404);
      expect(refused.json()).toMatchObject({ message: 'There is no such account.' });
    }
    expect(await trail(nobody)).toEqual([]);
  });

  it('resumes a paused plan for the customer, paid first: a declined card leaves it paused and the key free; a retry pays once', async () => {
    const { id } = await planAccount(ctx, clock, START);
    const pausing = await post(
      ACCOUNT_ACTION_PATHS.pause(id),
      { resume_on: '2027-06-04', reason: 'Quiet months' },
      'resume-pause-01',
    );
    expect(pausing.statusCode).toBe(200);
    clock.set('2027-02-04T17:00:00Z');
    await ctx.app.closeDuePeriods();
    clock.set('2027-02-10T15:00:00Z');
    // The accounts list marks it paused once the pause is under way.
    const found = async () =>
      (await get(`/accounts?q=${encodeURIComponent(`pat-${id}@example.com`)}`)).json().results;
    expect(await found()).toEqual([expect.objectContaining({ account_id: id, paused: true })]);
    const resumePath = ACCOUNT_ACTION_PATHS.resume(id);
    const noSupport = await post(resumePath, { reason: 'Back early' }, 'resume-support-1', support);
    expect(noSupport.statusCode).toBe(403);

    await ctx.database.query(
      "update payment_methods set id = 'pm_sbx_4000000000000341_122030_' || left($1::text, 8), last4 = '0341' where account_id = $1",
      [id],
    );
    const declined = await post(resumePath, { reason: 'Back early' }, 'resume-first-001');
    expect(declined.statusCode).toBe(402);
    expect(declined.json().message).toMatch(
      /^Your plan is still paused: the charge to resume it was declined\. /,
    );
    const paused = await rows('select status from subscriptions where account_id = $1', id);
    expect(paused).toEqual([{ status: 'paused' }]);

    await ctx.database.query(
      "update payment_methods set id = 'pm_sbx_4242424242424242_122030_' || left($1::text, 8), last4 = '4242' where account_id = $1",
      [id],
    );
    const paid = await post(resumePath, { reason: 'Back early' }, 'resume-first-001');
    expect(paid.statusCode, paid.body).toBe(200);
    expect(paid.json()).toMatchObject({ message: PAUSE_TEXT.resumed, pause: null });
    const invoices = () => rows('select count(*)::int as n from invoices where account_id = $1', id);
    const before = await invoices();
    const replay = await post(resumePath, { reason: 'Back early' }, 'resume-first-001');
    expect(replay.json()).toEqual(paid.json());
    expect(await invoices()).toEqual(before);
    expect(await rows('select status from subscriptions where account_id = $1', id)).toEqual([
      { status: 'active' },
    ]);
    expect(await found()).toEqual([expect.objectContaining({ account_id: id, paused: false })]);
    expect(await trail(id)).toEqual([
      { action: 'pause.request', reason: 'Quiet months', staff_role: 'finance' },
      { action: 'pause.resume', reason: 'Back early', staff_role: 'finance' },
    ]);
    expect((await log(id)).map((r) => r.action)).toEqual(['pause.scheduled', 'pause.resumed']);
    expect((await log(id))[1]!.after).toMatchObject({ resumed_on: '2027-02-10', reason: 'Back early' });
  });

  it('Resume before the pause starts withdraws it for the customer, nothing charged', async () => {
    const { id } = await planAccount(ctx, clock, START);
    await post(ACCOUNT_ACTION_PATHS.pause(id), { resume_on: '2027-03-04', reason: 'R' }, 'withdraw-pause-1');
    const withdrawn = await post(
      ACCOUNT_ACTION_PATHS.resume(id),
      { reason: 'Changed mind' },
      'withdraw-0001',
    );
    expect(withdrawn.json()).toMatchObject({ message: PAUSE_TEXT.withdrawn, pause: null });
    const none = await post(ACCOUNT_ACTION_PATHS.resume(id), { reason: 'Again' }, 'withdraw-0002');
    expect(none.statusCode).toBe(409);
    expect(none.json().message).toBe(PAUSE_TEXT.notPaused);
  });
});

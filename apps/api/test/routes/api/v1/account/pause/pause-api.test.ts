import {
  ACCOUNTS_ADMIN_PATHS,
  API_ACCOUNT_BASE,
  API_ADMIN_BASE,
  PAUSE_PATHS,
  PAUSE_TEXT,
  SERVICE_KEY_HEADER,
  TELEPHONY_AUTHORIZE_PATH,
  type AdminAccount,
  type OverviewResponse,
  type PauseResponse,
} from '@enq/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, drivers, type TestContext } from '../../../../../helpers/app';
import { TestClock } from '../../../../../helpers/billing-harness';
import { planAccount } from '../../../../../helpers/plan-accounts';
import { staffToken } from '../../../../../helpers/staff';

// The pause at the API (docs/billing.md, "Pausing a plan"). A monthly period from Jan 4, 2027, 10:00
// New York, to Feb 4: a pause asked for now starts on Feb 4 and may resume from Mar 4 to Aug 4.
const START = '2027-01-04T15:00:00Z';
const KEY = 'svc_pause_api_key_long_enough_0123';
const HOUR = 3_600_000;

describe.each(drivers)('pausing a plan at the API (%s)', (driver) => {
  let ctx: TestContext;
  const clock = new TestClock(new Date(START));
  beforeAll(async () => {
    ctx = await createTestApp(driver, { TELEPHONY_SERVICE_KEY: KEY }, { clock });
  });
  afterAll(() => ctx?.close());

  const call = (token: string, method: 'GET' | 'POST', path: string, payload?: object) =>
    ctx.app.inject({
      method,
      url: `${API_ACCOUNT_BASE}${path}`,
      headers: { authorization: `Bearer ${token}` },
      ...(payload ? { payload } : {}),
    });
  const pause = (token: string, resumeOn: string) =>
    call(token, 'POST', PAUSE_PATHS.root, { resume_on: resumeOn });
  const pin = async (personId: string) => {
    const [row] = await ctx.database.query<{ pin: string }>(
      "update people set pin = lpad((floor(random() * 1e8))::text, 8, '0') where id = $1 returning pin",
      [personId],
    );
    return row!.pin;
  };
  const authorize = async (p: string) =>
    (
      await ctx.app.inject({
        url: `${TELEPHONY_AUTHORIZE_PATH}?pin=${p}`,
        headers: { [SERVICE_KEY_HEADER]: KEY },
      })
    ).json();
  /** The period-close job, at `at`. */
  const jobAt = async (at: Date | string) => {
    clock.set(at);
    await ctx.app.closeDuePeriods();
  };

  it('PAUSE-01 an annual plan cannot pause: the answer names plan, and GET says why', async () => {
    const { id, token } = await planAccount(ctx, clock, START, { plan: 'team-annual' });
    const refused = await pause(token, '2027-03-04');
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ message: PAUSE_TEXT.annualRefusal, field: 'plan' });
    const state = (await call(token, 'GET', PAUSE_PATHS.root)).json() as PauseResponse;
    expect(state).toMatchObject({ pause: null, refusal: PAUSE_TEXT.annualRefusal, latest_resume_on: null });
    expect(await ctx.database.query('select 1 from plan_pauses where account_id = $1', [id])).toHaveLength(0);
  });

  it('PAUSE-01 offers resume dates one to six months after the period end, with the plan figures; others are refused naming resume_on', async () => {
    const { token } = await planAccount(ctx, clock, START);
    const state = (await call(token, 'GET', PAUSE_PATHS.root)).json() as PauseResponse;
    expect(state).toEqual({
      pause: null,
      refusal: null,
      starts_at: '2027-02-04T15:00:00.000Z',
      earliest_resume_on: '2027-03-04',
      latest_resume_on: '2027-08-04',
      monthly_price: 150,
      monthly_credits: 14_000,
    });
    for (const early of ['2027-02-20', '2027-08-05']) {
      const refused = await pause(token, early);
      expect(refused.statusCode).toBe(400);
      expect(refused.json()).toMatchObject({
        message: 'A pause lasts one to six months. Choose a date from Mar 4, 2027 to Aug 4, 2027.',
        field: 'resume_on',
      });
    }
  });

  it('PAUSE-02 PAUSE-03 PAUSE-04 PAUSE-06 PAUSE-07 PAUSE-08 at most six months in any twelve: four paused, a second pause of three is refused, two is taken', async () => {
    const { id, token, personId } = await planAccount(ctx, clock, START);
    const p = await pin(personId);
    const first = await pause(token, '2027-06-04');
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toMatchObject({ message: PAUSE_TEXT.paused, pause: { state: 'scheduled' } });
    expect(await authorize(p)).toEqual({ allowed: true, reason: null });

    // At the period's end the plan pauses: calls are refused, and the overview says until when.
    await jobAt(new Date(Date.parse('2027-02-04T15:00:00Z') + 2 * HOUR));
    expect(await authorize(p)).toEqual({ allowed: false, reason: 'plan paused' });
    const overview = (await call(token, 'GET', '/')).json() as OverviewResponse;
    expect(overview.subscription_info).toMatchObject({
      status: 'paused',
      pause: { state: 'paused', resume_at: '2027-06-04T14:00:00.000Z', decline_message: null },
    });
    // The console's account page reads the same state.
    const support = (await staffToken(ctx.database, 'support')).token;
    const consoleAnswer = await ctx.app.inject({
      url: `${API_ADMIN_BASE}${ACCOUNTS_ADMIN_PATHS.account(id)}`,
      headers: { authorization: `Bearer ${support}` },
    });
    expect((consoleAnswer.json() as AdminAccount).subscription).toMatchObject({
      status: 'paused',
      period_start: null,
    });
    const again = await pause(token, '2027-07-04');
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ message: PAUSE_TEXT.alreadyPaused });

    // PAUSE-08: seven days before the resume, the admin is emailed once through the outbox.
    await jobAt('2027-05-28T15:00:00Z');
    await jobAt('2027-05-30T15:00:00Z');
    const mails = await ctx.database.query<{ to: string; subject: string; text: string }>(
      `select "to", subject, text from outbox where account_id = $1 and kind = 'pause-reminder'`,
      [id],
    );
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({
      to: `pat-${id}@example.com`,
      subject: 'Your enQ plan resumes on Jun 4, 2027',
    });
    expect(mails[0]!.text).toContain('$150.00 is charged to your card on file');

    // On the resume date the job resumes it, paid first: a new period from then, calls allowed again.
    await jobAt('2027-06-04T14:05:00Z');
    expect(await authorize(p)).toEqual({ allowed: true, reason: null });
    const [sub] = await ctx.database.query<{ status: string; current_period_start: Date }>(
      'select status, current_period_start from subscriptions where account_id = $1',
      [id],
    );
    expect(sub).toMatchObject({ status: 'active', current_period_start: new Date('2027-06-04T14:05:00Z') });

    // The next pause starts at Jul 4: to Oct 4 would be 4 + 3 months in the twelve before Oct 4.
    const refused = await pause(token, '2027-10-04');
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({
      message:
        'A plan can be paused for at most six months in any twelve. 4 months are already paused in the twelve months before that date, so this pause can last at most 2 months.',
      field: 'resume_on',
    });
    const state = (await call(token, 'GET', PAUSE_PATHS.root)).json() as PauseResponse;
    expect(state).toMatchObject({ earliest_resume_on: '2027-08-04', latest_resume_on: '2027-09-04' });
    expect((await pause(token, '2027-09-04')).statusCode).toBe(200);

    const log = await ctx.database.query<{ action: string }>(
      'select action from audit_log where account_id = $1 order by at, id',
      [id],
    );
    expect(log.map((r) => r.action)).toEqual(['pause.scheduled', 'pause.resumed', 'pause.scheduled']);
  });

  it('PAUSE-06 a declined resume leaves the plan paused and says why; Resume now before the pause starts withdraws it', async () => {
    const { id, token } = await planAccount(ctx, clock, START);
    expect((await pause(token, '2027-03-04')).statusCode).toBe(200);
    const withdrawn = await call(token, 'POST', PAUSE_PATHS.resume);
    expect(withdrawn.json()).toMatchObject({ message: PAUSE_TEXT.withdrawn, pause: null });
    expect((await pause(token, '2027-03-04')).statusCode).toBe(200);
    await jobAt('2027-02-10T15:00:00Z');
    await ctx.database.query(
      "update payment_methods set id = 'pm_sbx_4000000000000341_122030_' || left($1::text, 8), last4 = '0341' where account_id = $1",
      [id],
    );
    const declined = await call(token, 'POST', PAUSE_PATHS.resume);
    expect(declined.statusCode).toBe(402);
    expect(declined.json().message).toMatch(
      /^Your plan is still paused: the charge to resume it was declined\. /,
    );
    const state = (await call(token, 'GET', PAUSE_PATHS.root)).json() as PauseResponse;
    expect(state.pause).toMatchObject({ state: 'paused', decline_message: expect.any(String) });
    const [sub] = await ctx.database.query<{ status: string }>(
      'select status from subscriptions where account_id = $1',
      [id],
    );
    expect(sub!.status).toBe('paused');
  });
});

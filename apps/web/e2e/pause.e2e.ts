import {
  API_ACCOUNT_BASE,
  PAUSE_TEXT,
  SERVICE_KEY_HEADER,
  TELEPHONY_AUTHORIZE_PATH,
  USERS_PATHS,
  formatDate,
  type OverviewResponse,
} from '@enq/contract';
import { describe, expect, it } from 'vitest';
import { openDatabase } from '../../api/src/db/client';
import { DEMO_NEW_TEAM } from '../../api/src/db/seed/demo-account';
import { screenshot, seriousAxeViolations, signIn, storedToken, type Page } from './support/browser';
import { useJourney } from './support/journey';

const KEY = 'svc_e2e_pause_key_0123456789abcdef';
const WIDE = { width: 1280, height: 900 };
const PHONE = { width: 390, height: 844 };

/**
 * PAUSE: the new team's admin pauses her monthly plan on /subscription with a resume date, the plan
 * pauses at its period's end (the period is moved to have just ended while the server is stopped, as
 * the clock would), the overview shows the banner, the telephony platform's authorize is refused with
 * "plan paused", and Resume now starts a new paid period. Both widths at each screen.
 */
describe('pausing a monthly plan (Chromium against the real server)', () => {
  const journey = useJourney({ env: { TELEPHONY_SERVICE_KEY: KEY, CLOSE_GRACE_MINUTES: '0' } });
  let token = '';
  let pin = '';

  const api = async <T>(path: string): Promise<T> => {
    const response = await fetch(`${journey.server.url}${API_ACCOUNT_BASE}${path}`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(response.status).toBe(200);
    return (await response.json()) as T;
  };
  const authorize = async () =>
    (await (
      await fetch(`${journey.server.url}${TELEPHONY_AUTHORIZE_PATH}?pin=${pin}`, {
        headers: { [SERVICE_KEY_HEADER]: KEY },
      })
    ).json()) as { allowed: boolean; reason: string | null };
  const section = (page: Page) => page.getByRole('region', { name: PAUSE_TEXT.sectionTitle });
  const banner = (page: Page) => page.getByRole('status', { name: 'Plan paused' });

  it('PAUSE-01 PAUSE-04 PAUSE-05 PAUSE-06 pauses with a resume date, shows the banner and the refused call, and resumes early, paid', async () => {
    const { server, page } = journey;
    await page.goto(`${server.url}/subscription`);
    await signIn(page, DEMO_NEW_TEAM.email, DEMO_NEW_TEAM.password);
    await page.waitForURL(`${server.url}/subscription`);
    token = (await storedToken(page))!;
    pin = (await api<{ admin_user: { pin_number: string } }>(USERS_PATHS.users)).admin_user.pin_number;

    // The section, with the plan's figures, at both widths.
    const pause = section(page);
    await pause.getByText(PAUSE_TEXT.saves('$150.00', '14,000')).waitFor();
    await page.setViewportSize(PHONE);
    await expect.poll(() => pause.getByLabel(PAUSE_TEXT.resumeLabel).isVisible()).toBe(true);
    await screenshot(page, 'pause-form-390');
    await page.setViewportSize(WIDE);
    await screenshot(page, 'pause-form-1280');
    const date = pause.getByLabel(PAUSE_TEXT.resumeLabel);
    const latest = (await date.getAttribute('max'))!;
    await date.fill(latest);
    await pause.getByRole('button', { name: PAUSE_TEXT.pauseButton }).click();
    await page.getByText(PAUSE_TEXT.paused, { exact: true }).waitFor();
    const scheduled = await api<OverviewResponse>('/');
    const planned = scheduled.subscription_info.pause!;
    expect(planned.state).toBe('scheduled');
    await pause.getByText(PAUSE_TEXT.scheduled(planned.starts_at, planned.resume_at)).waitFor();
    expect(formatDate(planned.resume_at)).toBe(formatDate(`${latest}T12:00:00Z`));
    expect(await authorize()).toEqual({ allowed: true, reason: null });

    // The period ends (moved to an hour ago while the server is stopped); at start the job pauses it.
    await journey.server.stop();
    const database = await openDatabase({ kind: 'pglite', dataDir: journey.dataDir });
    try {
      await database.query(
        `with acc as (select account_id from people where lower(email) = lower($1)),
              ended as (select greatest(s.current_period_start + interval '1 minute', now() - interval '1 hour') as at,
                               s.account_id, s.current_period_end as was
                          from subscriptions s join acc using (account_id)),
              periods as (update billing_periods b set ends_at = e.at from ended e
                           where b.account_id = e.account_id and b.ends_at = e.was),
              pauses as (update plan_pauses p set starts_at = e.at from ended e
                          where p.account_id = e.account_id and p.status = 'scheduled')
         update subscriptions s set current_period_end = e.at from ended e where s.account_id = e.account_id`,
        [DEMO_NEW_TEAM.email],
      );
    } finally {
      await database.close();
    }
    await journey.restartServer();
    await expect
      .poll(async () => (await api<OverviewResponse>('/')).subscription_info.status, { timeout: 30_000 })
      .toBe('paused');

    // A call is refused with the reason the telephony side speaks.
    expect(await authorize()).toEqual({ allowed: false, reason: 'plan paused' });

    // The overview's banner with its resume date and Resume now, at both widths (the restarted server
    // listens on another port: the page signs in again with the provider's session, which it still has).
    await page.goto(`${journey.server.url}/`);
    await page.waitForURL(`${journey.server.url}/`);
    await banner(page).getByText(PAUSE_TEXT.banner(planned.resume_at)).waitFor();
    expect(await banner(page).getByRole('button', { name: PAUSE_TEXT.resumeNow }).isVisible()).toBe(true);
    expect(await seriousAxeViolations(page)).toEqual([]);
    await screenshot(page, 'pause-overview-1280');
    await page.setViewportSize(PHONE);
    expect(await banner(page).getByRole('button', { name: PAUSE_TEXT.resumeNow }).isVisible()).toBe(true);
    await screenshot(page, 'pause-overview-390');

    // Resume now, at 390 px: paid first, then the banner goes and calls are allowed again.
    const resumed = page.waitForResponse(
      (r) => r.url().endsWith('/pause/resume/') && r.request().method() === 'POST',
    );
    await banner(page).getByRole('button', { name: PAUSE_TEXT.resumeNow }).click();
    expect((await resumed).status()).toBe(200);
    await page.getByText(PAUSE_TEXT.resumed, { exact: true }).waitFor();
    await banner(page).waitFor({ state: 'detached' });
    expect(await authorize()).toEqual({ allowed: true, reason: null });
    const after = await api<OverviewResponse>('/');
    expect(after.subscription_info).toMatchObject({
      status: 'active',
      pause: null,
      plan_credits_left: 14_000,
    });
    const invoices = await api<{ invoices: { summary: string; status: string; total: number }[] }>(
      '/invoices/',
    );
    expect(invoices.invoices[0]).toMatchObject({ summary: 'Subscription', status: 'paid', total: 150 });
    await page.setViewportSize(WIDE);
    await screenshot(page, 'pause-resumed-1280');
    expect(journey.problems).toEqual([]);
  });
});

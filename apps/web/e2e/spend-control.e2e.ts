import {
  API_ACCOUNT_BASE,
  PLAN_PATHS,
  SERVICE_KEY_HEADER,
  SPEND_CONTROL_PATHS,
  SPEND_TEXT,
  TELEPHONY_AUTHORIZE_PATH,
  TELEPHONY_CALLS_PATH,
  USERS_PATHS,
  type ForecastResponse,
  type SpendControlResponse,
} from '@enq/contract';
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { openDatabase } from '../../api/src/db/client';
import { DEMO_NEW_TEAM } from '../../api/src/db/seed/demo-account';
import { screenshot, seriousAxeViolations, signIn, storedToken, type Page } from './support/browser';
import { useJourney } from './support/journey';

const KEY = 'svc_e2e_spend_control_key_0123456789';

/**
 * SPEND: the new team's admin sets a 90% alert in the Subscription page, the telephony platform posts
 * calls until it fires, and the overview shows it; then a cap, reached, refuses calls and shows in red.
 * The emails are read from the outbox at the end, after a graceful stop.
 */
describe('spend alerts and the spending cap (Chromium against the real server)', () => {
  const journey = useJourney({ env: { TELEPHONY_SERVICE_KEY: KEY } });
  let token: string;
  let pin: string;

  const api = async <T>(path: string): Promise<T> => {
    const response = await fetch(`${journey.server.url}${API_ACCOUNT_BASE}${path}`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(response.status).toBe(200);
    return (await response.json()) as T;
  };
  const spend = () => api<SpendControlResponse>(SPEND_CONTROL_PATHS.state);
  const postCall = async (seconds: number) => {
    const response = await fetch(`${journey.server.url}${TELEPHONY_CALLS_PATH}`, {
      method: 'POST',
      headers: { [SERVICE_KEY_HEADER]: KEY, 'content-type': 'application/json' },
      body: JSON.stringify({
        calls: [
          {
            call_uuid: randomUUID(),
            pin,
            call_timestamp: new Date(Date.now() - 60_000).toISOString(),
            destination: 'IRS Practitioner Priority Service',
            billed_duration: seconds,
          },
        ],
      }),
    });
    expect(await response.json()).toMatchObject({ accepted: 1 });
  };
  const authorize = async () =>
    (await (
      await fetch(`${journey.server.url}${TELEPHONY_AUTHORIZE_PATH}?pin=${pin}`, {
        headers: { [SERVICE_KEY_HEADER]: KEY },
      })
    ).json()) as { allowed: boolean; reason: string | null };
  const section = (page: Page) => page.getByRole('region', { name: SPEND_TEXT.sectionTitle });

  it('SPEND-09 SPEND-04 SPEND-14 a 90% alert and a forecast alert set in the section fire once calls pass them, and the overview shows both', async () => {
    const { server, page } = journey;
    await page.goto(`${server.url}/subscription`);
    await signIn(page, DEMO_NEW_TEAM.email, DEMO_NEW_TEAM.password);
    await page.waitForURL(`${server.url}/subscription`);
    token = (await storedToken(page))!;
    pin = (await api<{ admin_user: { pin_number: string } }>(USERS_PATHS.users)).admin_user.pin_number;

    const alerts = section(page);
    await alerts.getByRole('list', { name: 'Plan credits used' }).waitFor();
    await alerts.getByLabel('Add an alert at this percent').fill('90');
    await alerts.getByRole('button', { name: 'Add' }).first().click();
    // $5 above the overage the forecast card projects now, so the alert waits for calls.
    const { forecast } = await api<ForecastResponse>(PLAN_PATHS.forecast);
    const target = Math.ceil(forecast!.projected_overage) + 5;
    await alerts.getByLabel('Add an alert at this projected overage ($)').fill(String(target));
    await alerts.getByRole('button', { name: 'Add' }).nth(2).click();
    const saved = page.waitForResponse((r) => r.url().endsWith(SPEND_CONTROL_PATHS.settings));
    await alerts.getByRole('button', { name: 'Save alerts and limits' }).click();
    expect((await saved).status()).toBe(200);
    expect(
      await alerts.getByRole('list', { name: 'Plan credits used' }).getByRole('listitem').allTextContents(),
    ).toEqual(['80% of plan creditsRemove', '90% of plan creditsRemove', '100% of plan creditsRemove']);
    // Written with thousands separators: on some dates the projected overage passes $1,000.
    expect(
      await alerts
        .getByRole('list', { name: SPEND_TEXT.forecastLabel })
        .getByRole('listitem')
        .allTextContents(),
    ).toEqual([`$${target.toLocaleString('en-US')} projected overageRemove`]);
    await screenshot(page, 'spend-control-section-1280');
    expect(await seriousAxeViolations(page)).toEqual([]);

    // Two-hour calls until 90% has fired (the new team's 14,000 credits go in a handful).
    for (let i = 0; (await spend()).thresholds.find((t) => t.value === 90)!.status !== 'sent'; i++) {
      expect(i).toBeLessThan(20);
      await postCall(7_200);
    }
    await page.goto(`${server.url}/`);
    const banners = page.getByRole('region', { name: 'Spend alerts' });
    await banners.getByText(SPEND_TEXT.percentAlert(90)).waitFor();
    // Two-hour calls three days into the period project far more overage at its end.
    await banners.getByText(SPEND_TEXT.forecastAlert(target)).waitFor();
    await screenshot(page, 'spend-control-overview-alert');
  });

  it('SPEND-07 a cap set in the section, once reached, refuses calls and shows a danger banner leading back to it', async () => {
    const { server, page } = journey;
    expect(await authorize()).toEqual({ allowed: true, reason: null });
    const cap = Math.floor((await spend()).overage_used) + 10;
    await page.goto(`${server.url}/subscription`);
    const alerts = section(page);
    await alerts.getByLabel('Spending cap (overage per period, $)').fill(String(cap));
    const saved = page.waitForResponse((r) => r.url().endsWith(SPEND_CONTROL_PATHS.settings));
    await alerts.getByRole('button', { name: 'Save alerts and limits' }).click();
    expect((await saved).status()).toBe(200);

    for (let i = 0; (await authorize()).allowed; i++) {
      expect(i).toBeLessThan(30);
      await postCall(1_800);
    }
    expect(await authorize()).toEqual({ allowed: false, reason: 'spending cap reached' });
    await page.goto(`${server.url}/`);
    const banners = page.getByRole('region', { name: 'Spend alerts' });
    await banners.getByText(SPEND_TEXT.capReached(cap)).waitFor();
    await screenshot(page, 'spend-control-overview-cap');
    expect(await seriousAxeViolations(page)).toEqual([]);
    await banners.getByRole('link', { name: 'Raise the cap' }).click();
    await page.waitForURL(`${server.url}/subscription#alerts-and-limits`);
    await section(page).getByText(SPEND_TEXT.capReached(cap)).waitFor();

    // On a 390 px phone the section and the banners fit the width.
    await page.setViewportSize({ width: 390, height: 844 });
    await section(page).getByRole('list', { name: 'Plan credits used' }).waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await section(page).screenshot({ path: 'test-results/screenshots/spend-control-section-390.png' });
    await page.goto(`${server.url}/`);
    await page.getByRole('region', { name: 'Spend alerts' }).waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await screenshot(page, 'spend-control-overview-390');
    await page.setViewportSize({ width: 1280, height: 900 });
  });

  it('SPEND-04 SPEND-07 SPEND-14 the outbox holds one 90% email, one forecast email and one cap email for the admin', async () => {
    await journey.server.stop();
    const database = await openDatabase({ kind: 'pglite', dataDir: journey.dataDir });
    const mails = await database
      .query<{ subject: string }>(
        `select subject from outbox where kind in ('spend_alert', 'spending_cap') and "to" = $1 order by id`,
        [DEMO_NEW_TEAM.email],
      )
      .finally(() => database.close());
    const subjects = mails.map((m) => m.subject);
    expect(subjects.filter((s) => s === SPEND_TEXT.alertSubject(SPEND_TEXT.percentAlert(90)))).toHaveLength(
      1,
    );
    expect(subjects.filter((s) => s.startsWith(SPEND_TEXT.alertSubject('At this pace')))).toHaveLength(1);
    expect(subjects.filter((s) => s === SPEND_TEXT.capSubject)).toHaveLength(1);
  });
});

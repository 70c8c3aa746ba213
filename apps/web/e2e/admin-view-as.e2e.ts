import { VIEW_AS_TEXT } from '@enq/contract';
import { describe, expect, it } from 'vitest';
import {
  DEMO_ACCOUNT_NAME,
  DEMO_ADMIN,
  DEMO_STAFF,
  DEMO_STAFF_MEMBERS,
} from '../../api/src/db/seed/demo-account';
import { restingBox, screenshot, seriousAxeViolations, signIn, storedToken } from './support/browser';
import { useJourney } from './support/journey';
import { signInStaff } from './support/staff-sign-in';

const SUPPORT = DEMO_STAFF_MEMBERS.find((s) => s.role === 'support')!;

describe('view as customer (Chromium against the real server)', () => {
  const journey = useJourney();

  it('STAFF-07 STAFF-08 STAFF-09 support opens the portal as the customer: banner, overview, and a refused Save', async () => {
    const { server, page, browser } = journey;
    // The account's id, as the customer's own session tells it.
    const customer = await browser.newContext();
    const portal = await customer.newPage();
    await portal.goto(`${server.url}/`);
    await signIn(portal, DEMO_ADMIN.email, DEMO_ADMIN.password);
    await expect.poll(() => storedToken(portal), { timeout: 30_000 }).toMatch(/^enq_/);
    const accountId = await portal.evaluate(async () => {
      const token = window.localStorage.getItem('apiToken');
      const me = await fetch('/api/v1/auth/me', { headers: { authorization: `Bearer ${token}` } });
      return ((await me.json()) as { account_id: string }).account_id;
    });
    await customer.close();

    await page.goto(`${server.url}/admin/accounts/${accountId}`);
    await signInStaff(page, SUPPORT.email, DEMO_STAFF.password);
    await page.getByRole('button', { name: 'View as customer' }).click({ timeout: 30_000 });
    const dialog = page.getByRole('dialog', { name: 'View the portal as the customer?' });
    await dialog.getByLabel('Reason').fill('Customer asked about their notices');
    const staffToken = await storedToken(page);
    const opened = page.context().waitForEvent('page');
    await dialog.getByRole('button', { name: 'Open the portal' }).click();
    const tab = await opened;
    journey.watch(tab);
    const banner = tab.getByRole('region', { name: 'View as customer' });
    await banner.getByText(VIEW_AS_TEXT.banner(DEMO_ACCOUNT_NAME)).waitFor({ timeout: 30_000 });
    await tab.getByRole('heading', { name: 'Overview', level: 1 }).waitFor();
    await tab.getByTestId('subscription-summary').waitFor();
    // The token left the address bar, and the staff member's own session is as it was.
    expect(new URL(tab.url()).hash).toBe('');
    expect(await storedToken(tab)).toBe(staffToken);
    await screenshot(tab, 'view-as-overview-1280');

    await tab.goto(`${server.url}/profile`);
    const form = tab.getByRole('form', { name: 'Profile' });
    await form.waitFor({ timeout: 30_000 });
    await banner.waitFor();
    await form.getByLabel('Company').fill('Changed by staff');
    const refused = tab.waitForResponse(
      (r) => new URL(r.url()).pathname === '/api/v1/account/profile/' && r.request().method() === 'PUT',
    );
    await tab.getByRole('button', { name: 'Save' }).click();
    expect((await refused).status()).toBe(403);
    // The refusal's toast rests below the view-as banner and the header, covering neither (SHELL-21).
    const toast = tab.locator('.Toastify__toast').filter({ hasText: VIEW_AS_TEXT.readOnly });
    await toast.waitFor();
    const resting = await restingBox(toast);
    const header = (await tab.locator('header').first().boundingBox())!;
    const bannerBox = (await banner.boundingBox())!;
    expect(header.y).toBeGreaterThanOrEqual(bannerBox.y + bannerBox.height);
    expect(resting.y).toBeGreaterThanOrEqual(header.y + header.height);
    await screenshot(tab, 'view-as-profile-refused');
    expect(await seriousAxeViolations(tab)).toEqual([]);
    await tab.setViewportSize({ width: 390, height: 844 });
    await screenshot(tab, 'view-as-overview-390');

    // End forgets the view and closes the tab.
    const closed = tab.waitForEvent('close');
    await banner.getByRole('button', { name: 'End' }).click();
    await closed;
  });

  it('the pages ran without uncaught errors or Content-Security-Policy violations', () => {
    expect(journey.problems).toEqual([]);
  });
});

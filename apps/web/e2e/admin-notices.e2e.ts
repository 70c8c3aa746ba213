import { describe, expect, it } from 'vitest';
import { DEMO_ADMIN, DEMO_STAFF } from '../../api/src/db/seed/demo-account';
import { screenshot, seriousAxeViolations, signIn } from './support/browser';
import { useJourney } from './support/journey';
import { signInStaff } from './support/staff-sign-in';

const TITLE = 'New: call recordings in Call History';

describe('console notices (Chromium against the real server)', () => {
  const journey = useJourney();

  it('NOTICE-01 NOTICE-06 an admin finds one account by search, then publishes a notice to all accounts and the customer sees it on the overview', async () => {
    const { server, page, browser } = journey;
    await page.goto(`${server.url}/admin/notices`);
    await signInStaff(page, DEMO_STAFF.email, DEMO_STAFF.password);
    await page.getByRole('heading', { name: 'Notices', level: 1 }).waitFor({ timeout: 30_000 });
    await page.getByRole('button', { name: 'New notice' }).click();
    await page.getByLabel('Title').fill(TITLE);
    await page.getByLabel('Text', { exact: true }).fill('Listen to recorded calls from the call list.');
    await page.getByLabel('Link (https:// or /path)').fill('javascript:alert(1)');
    await page.getByLabel('Link text').fill('Open Call History');
    await page.getByLabel('Priority (0–100, highest first)').fill('95');
    // One account is found with the console's search (NOTICE-06); this notice then goes to all.
    await page.getByLabel('One account').check();
    await page.getByRole('searchbox', { name: 'Account' }).fill(DEMO_ADMIN.email);
    await page.getByRole('list', { name: 'Matching accounts' }).getByRole('button').first().click();
    await page.getByRole('group', { name: 'Account' }).getByRole('button', { name: 'Change' }).waitFor();
    await screenshot(page, 'admin-notices-account-1280');
    await page.getByLabel('All accounts').check();
    await page.getByLabel('Reason').fill('Feature launch');
    await page.getByRole('button', { name: 'Publish notice' }).click();
    // The refused link is named at its field and nothing is published.
    await page.getByText('The link must start with https:// or be a path on this site').waitFor();
    await page.getByLabel('Link (https:// or /path)').fill('/call-history');
    await screenshot(page, 'admin-notices-form-1280');
    await page.getByRole('button', { name: 'Publish notice' }).click();
    const notices = page.getByRole('list', { name: 'Notices' });
    await notices.getByRole('heading', { name: TITLE }).waitFor();
    const item = notices.getByRole('listitem').filter({ hasText: TITLE });
    expect(await item.getByText('Live', { exact: true }).count()).toBe(1);
    // New York time, named as the catalogue names its dates (CONS-06), whatever the browser's own zone.
    expect(await item.textContent()).toMatch(/Published \w{3} \d{1,2}, \d{4}, \d{1,2}:\d{2} [AP]M E[SD]T/);
    expect(await seriousAxeViolations(page)).toEqual([]);
    await screenshot(page, 'admin-notices-1280');

    const customer = await browser.newContext();
    const portal = await customer.newPage();
    journey.watch(portal);
    await portal.goto(`${server.url}/`);
    await signIn(portal, DEMO_ADMIN.email, DEMO_ADMIN.password);
    const region = portal.getByRole('region', { name: 'Notices' });
    await region.getByRole('heading', { name: TITLE }).waitFor({ timeout: 30_000 });
    // Priority 95 puts it first.
    expect(await region.getByRole('heading', { level: 3 }).first().textContent()).toBe(TITLE);
    expect(await region.getByRole('link', { name: 'Open Call History' }).getAttribute('href')).toBe(
      '/call-history',
    );
    await customer.close();
  });

  it('NOTICE-04 withdrawing it with a reason marks it Withdrawn', async () => {
    const { page } = journey;
    await page.getByRole('button', { name: `Withdraw ${TITLE}` }).click();
    const dialog = page.getByRole('dialog', { name: 'Withdraw this notice?' });
    await dialog.getByLabel('Reason').fill('Launch postponed');
    await dialog.getByRole('button', { name: 'Withdraw' }).click();
    const item = page.getByRole('list', { name: 'Notices' }).getByRole('listitem').filter({ hasText: TITLE });
    await item.getByText('Withdrawn', { exact: true }).waitFor();
    await page.setViewportSize({ width: 390, height: 844 });
    await screenshot(page, 'admin-notices-390');
  });

  it('STAFF-02 STAFF-05 the admin changes a role with a reason and finds it, and the notices, in the audit trail', async () => {
    const { server, page } = journey;
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto(`${server.url}/admin/staff`);
    await page.getByRole('heading', { name: 'Staff and audit', level: 1 }).waitFor({ timeout: 30_000 });
    await page.getByLabel('Role of Jordan Lee').selectOption('finance');
    const dialog = page.getByRole('dialog', { name: 'Make Jordan Lee Finance?' });
    await dialog.getByLabel('Reason').fill('Moved to the billing team');
    await dialog.getByRole('button', { name: 'Change role' }).click();
    await page.getByText('Jordan Lee is now Finance.').first().waitFor();
    const trail = page.getByRole('table', { name: 'Staff audit trail, newest first' });
    const first = trail.getByRole('row').nth(1);
    await first.getByText('Moved to the billing team').waitFor();
    expect(await first.getByText("Changed a staff member's role").count()).toBe(1);
    expect(await first.getByRole('cell').first().textContent()).toMatch(/, \d{1,2}:\d{2} [AP]M E[SD]T$/);
    await trail.getByText('Launch postponed').waitFor();
    await page.getByLabel('Action').selectOption('notice.publish');
    // The filtered page replaces the whole trail: the withdrawal leaves it.
    await expect.poll(() => trail.getByText('Launch postponed').count()).toBe(0);
    await trail.getByText('Feature launch').waitFor();
    expect(await seriousAxeViolations(page)).toEqual([]);
    await screenshot(page, 'admin-staff-1280');
    await page.setViewportSize({ width: 390, height: 844 });
    await screenshot(page, 'admin-staff-390');
  });

  it('the pages ran without uncaught errors or Content-Security-Policy violations', () => {
    expect(journey.problems).toEqual([]);
  });
});

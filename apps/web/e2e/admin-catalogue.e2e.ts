import { describe, expect, it } from 'vitest';
import { DEMO_STAFF } from '../../api/src/db/seed/demo-account';
import { screenshot, seriousAxeViolations } from './support/browser';
import { useJourney } from './support/journey';
import { signInStaff } from './support/staff-sign-in';

// A date-time box's value for noon, 20 days ahead, in the browser's zone.
/** Noon twenty days from now, as the New York time box takes it, and that day as the console writes it. */
const inTwentyDays = () => {
  const at = new Date(Date.now() + 20 * 86_400_000);
  const pad = (n: number) => String(n).padStart(2, '0');
  const day = at.toLocaleDateString('en-US', {
    month: 'short',
    day: 'numeric',
    year: 'numeric',
    timeZone: 'UTC',
  });
  return { value: `${at.getUTCFullYear()}-${pad(at.getUTCMonth() + 1)}-${pad(at.getUTCDate())}T12:00`, day };
};

describe('the console catalogue (Chromium against the real server)', () => {
  const journey = useJourney();

  it('CAT-01 CAT-03 CONS-06 an admin sees the scheduled demo price, schedules a rate change at a New York time and sees it listed From that time', async () => {
    const { server, page } = journey;
    await page.goto(`${server.url}/admin/catalogue`);
    await signInStaff(page, DEMO_STAFF.email, DEMO_STAFF.password);
    await page.waitForURL(`${server.url}/admin/catalogue`);
    await page.getByRole('heading', { name: 'Catalogue', level: 1 }).waitFor();
    // The demo's scheduled Firm monthly price.
    await page.getByText('$790.00 · 84,000 credits').waitFor();
    // From a New York midnight, as a customer's day begins there.
    await page.getByText(/^From \w{3} \d{1,2}, \d{4}, 12:00 AM E[SD]T$/).waitFor();
    expect(await seriousAxeViolations(page)).toEqual([]);
    await screenshot(page, 'admin-catalogue-plans');

    await page.getByRole('tab', { name: 'Rates' }).click();
    await page.getByRole('button', { name: 'Schedule the rate at 9:00 AM' }).click();
    const dialog = page.getByRole('dialog', { name: 'Schedule the rate at 9:00 AM' });
    await dialog.getByLabel('Credits per minute').fill('55.25');
    const from = inTwentyDays();
    await dialog.getByLabel('Effective from (New York time; empty for now)').fill(from.value);
    await dialog.getByLabel('Reason', { exact: true }).fill('Longer morning queues');
    expect(await seriousAxeViolations(page)).toEqual([]);
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.waitFor({ state: 'detached' });
    const row = page.getByRole('row', { name: /^9:00 AM/ });
    // Listed in New York time, as typed (CONS-06).
    await row.getByText(new RegExp(`^From ${from.day}, 12:00 PM E[SD]T: 55\\.25$`)).waitFor();
    await screenshot(page, 'admin-catalogue-rates');

    await page.getByRole('tab', { name: 'Lines and markets' }).click();
    await page.getByRole('heading', { name: 'IRS', level: 2 }).waitFor();
    expect(await seriousAxeViolations(page)).toEqual([]);
    await screenshot(page, 'admin-catalogue-lines');
    expect(journey.problems).toEqual([]);
  });

  it('CAT-05 at 390 px the tabs and the line editor fit the screen', async () => {
    const { page } = journey;
    await page.setViewportSize({ width: 390, height: 844 });
    await page.getByRole('button', { name: 'Edit the line Practitioner Priority Service' }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit the line Practitioner Priority Service' });
    expect(await dialog.getByLabel('enQ number').inputValue()).toBe('+18885550101');
    const box = (await dialog.boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(390);
    await screenshot(page, 'admin-catalogue-line-390');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await page.getByRole('tab', { name: 'Plans' }).click();
    await page.getByText('$790.00 · 84,000 credits').waitFor();
    // From a New York midnight, as a customer's day begins there.
    await page.getByText(/^From \w{3} \d{1,2}, \d{4}, 12:00 AM E[SD]T$/).waitFor();
    // The catalogue itself fits the phone's width (nothing in it scrolls sideways).
    const main = page.locator('main');
    expect(await main.evaluate((m) => m.scrollWidth - m.clientWidth)).toBe(0);
    await screenshot(page, 'admin-catalogue-plans-390');
  });
});

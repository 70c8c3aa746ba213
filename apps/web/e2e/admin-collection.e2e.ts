import { COLLECTION_TEXT } from '@enq/contract';
import { describe, expect, it } from 'vitest';
import { DEMO_ACCOUNT_NAME, DEMO_STAFF, DEMO_STAFF_MEMBERS } from '../../api/src/db/seed/demo-account';
import { screenshot, seriousAxeViolations } from './support/browser';
import { useJourney } from './support/journey';
import { signInStaff } from './support/staff-sign-in';

const FINANCE = DEMO_STAFF_MEMBERS.find((s) => s.role === 'finance')!;

describe('console collection (Chromium against the real server)', () => {
  const journey = useJourney();

  it('finance finds the demo practice in collection with its next try, and sets the global retry schedule and policy with a reason', async () => {
    const { server, page } = journey;
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto(`${server.url}/admin/collection`);
    await signInStaff(page, FINANCE.email, DEMO_STAFF.password);
    await page.getByRole('heading', { name: COLLECTION_TEXT.title, level: 1 }).waitFor({ timeout: 30_000 });
    const table = page.getByRole('table', { name: COLLECTION_TEXT.title });
    const row = table.getByRole('row').filter({ hasText: DEMO_ACCOUNT_NAME });
    await row.waitFor();
    expect(await row.getByRole('cell').allTextContents()).toEqual([
      expect.stringContaining(DEMO_ACCOUNT_NAME),
      expect.stringMatching(/^\S+$/),
      expect.stringMatching(/^\$[\d,]+\.\d\d$/),
      '3',
      'Your card has insufficient funds.',
      // The next try, New York time, as the console names its dates.
      expect.stringMatching(/^\w{3} \d{1,2}, \d{4}, \d{1,2}:\d{2} [AP]M E[SD]T$/),
    ]);

    const form = page.getByRole('form', { name: COLLECTION_TEXT.settingsTitle });
    expect(await form.getByLabel(COLLECTION_TEXT.scheduleLabel).inputValue()).toBe('1, 3, 5, 7');
    expect(await form.getByLabel(COLLECTION_TEXT.afterLastLabel).inputValue()).toBe('refuse');
    // The demo's plan has a schedule of its own.
    await form.getByLabel(COLLECTION_TEXT.planLabel).selectOption('team-monthly');
    expect(await form.getByLabel(COLLECTION_TEXT.scheduleLabel).inputValue()).toBe('3, 10, 21, 28');
    await form.getByLabel(COLLECTION_TEXT.planLabel).selectOption('');
    await form.getByLabel(COLLECTION_TEXT.scheduleLabel).fill('5, 2');
    await form.getByLabel('Reason').fill('Give cards a week');
    await form.getByRole('button', { name: 'Save schedule' }).click();
    await form.getByText(COLLECTION_TEXT.badSchedule).waitFor();
    await form.getByLabel(COLLECTION_TEXT.scheduleLabel).fill('2, 4, 6');
    await form.getByLabel(COLLECTION_TEXT.afterLastLabel).selectOption('cancel');
    await form.getByRole('button', { name: 'Save schedule' }).click();
    await page.getByText(COLLECTION_TEXT.saved).waitFor();
    expect(await seriousAxeViolations(page)).toEqual([]);
    await screenshot(page, 'admin-collection-1280');

    // Read again from the server: the saved schedule stands.
    await page.reload();
    await form.getByLabel(COLLECTION_TEXT.scheduleLabel).waitFor({ timeout: 30_000 });
    expect(await form.getByLabel(COLLECTION_TEXT.scheduleLabel).inputValue()).toBe('2, 4, 6');
    expect(await form.getByLabel(COLLECTION_TEXT.afterLastLabel).inputValue()).toBe('cancel');
  });

  it('on a phone the account, the amount and the next try stay in sight, and the form fits', async () => {
    const { page } = journey;
    await page.setViewportSize({ width: 390, height: 844 });
    const row = page
      .getByRole('table', { name: COLLECTION_TEXT.title })
      .getByRole('row')
      .filter({ hasText: DEMO_ACCOUNT_NAME });
    for (const cell of await row.getByRole('cell').all()) {
      if (!(await cell.isVisible())) continue;
      const box = (await cell.boundingBox())!;
      expect(box.x + box.width).toBeLessThanOrEqual(390);
    }
    expect(await row.getByRole('cell').filter({ visible: true }).count()).toBe(3);
    // Nothing on the page is wider than the phone.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await screenshot(page, 'admin-collection-390');
  });
});

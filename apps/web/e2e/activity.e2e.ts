import {
  ACTIVITY_CSV_COLUMNS,
  ACTIVITY_TEXT,
  BILLING_TEXT,
  MESSAGES,
  MONTHLY_REPORT_TEXT,
} from '@enq/contract';
import { parse } from 'csv-parse/sync';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { DEMO_ADMIN } from '../../api/src/db/seed/demo-account';
import { screenshot, seriousAxeViolations, signIn } from './support/browser';
import { useJourney } from './support/journey';

describe('Users > Activity (Chromium against the real server)', () => {
  const journey = useJourney({ acceptDownloads: true });
  const entries = () => journey.page.getByTestId('activity-entry');

  it('ACT-01 ACT-02 a billing address change shows under Users > Activity with its before and after', async () => {
    const { server, page, problems } = journey;
    await page.goto(`${server.url}/billing`);
    await signIn(page, DEMO_ADMIN.email, DEMO_ADMIN.password);
    await page.getByRole('form', { name: 'Addresses' }).waitFor();
    await page.getByRole('checkbox', { name: BILLING_TEXT.sameBilling }).uncheck();
    const billing = page.getByRole('group', { name: 'Billing Address' });
    await billing.getByLabel(/^Address Line 1/).fill('PO Box 77');
    await billing.getByLabel(/^Town or City/).fill('Bangor');
    await billing.getByRole('combobox', { name: /^State/ }).selectOption('ME');
    await billing.getByLabel(/^Postal code/).fill('04401');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText(BILLING_TEXT.addressUpdated).waitFor();

    await page.getByRole('navigation').getByRole('link', { name: 'Users' }).first().click();
    await page.getByRole('tab', { name: ACTIVITY_TEXT.tab }).click();
    await page.getByRole('heading', { name: ACTIVITY_TEXT.title }).waitFor();
    const newest = entries().first();
    await newest.getByText('Changed the addresses', { exact: true }).waitFor();
    expect(await newest.textContent()).toContain(DEMO_ADMIN.fullName);
    const city = newest.getByRole('row', { name: /Billing address: Town or city/ });
    expect(await city.getByRole('cell').allTextContents()).toEqual(['Portland', 'Bangor']);
    expect(new URL(page.url()).search).toBe('?view=activity');
    await screenshot(page, 'activity-1280');
    expect(await seriousAxeViolations(page)).toEqual([]);
    expect(problems).toEqual([]);
  });

  it('ACT-03 ACT-06 filtering by kind narrows the list, and Download CSV saves what it shows', async () => {
    const { page } = journey;
    await page.getByLabel(ACTIVITY_TEXT.kind).selectOption('billing');
    await expect
      .poll(async () => (await entries().allTextContents()).every((t) => t.includes('addresses')))
      .toBe(true);
    const shown = await entries().count();
    expect(shown).toBe(2); // the demo's earlier change and this one
    const downloading = page.waitForEvent('download');
    await page.getByRole('button', { name: ACTIVITY_TEXT.download }).click();
    const file = await downloading;
    expect(file.suggestedFilename()).toBe('account-activity.csv');
    await page.getByText(MESSAGES.fileDownloaded).waitFor();
    const rows = parse(readFileSync((await file.path())!, 'utf8'), { bom: true }) as string[][];
    expect(rows[0]).toEqual([...ACTIVITY_CSV_COLUMNS]);
    expect(rows).toHaveLength(shown + 1);
    expect(rows[1]!.slice(1, 3)).toEqual([DEMO_ADMIN.fullName, 'Changed the addresses']);
    expect(rows[1]![5]).toContain('Billing address: Town or city: Bangor');
  });

  it('ACT-01 at 390 px the Activity view reads without sideways scrolling, each value as wide as its card', async () => {
    const { page } = journey;
    await page.setViewportSize({ width: 390, height: 844 });
    await entries().first().waitFor();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    const box = await entries().first().boundingBox();
    expect(box!.x).toBeGreaterThanOrEqual(0);
    expect(box!.x + box!.width).toBeLessThanOrEqual(390);
    // Each change stacks its field, before and after at the card's width: in three columns of a third,
    // an email or a phone number broke mid-word ("harborpinet ax.com").
    const widths = await entries()
      .first()
      .evaluate((card) => {
        const inner = card.getBoundingClientRect().width;
        return [...card.querySelectorAll('td')].map((cell) => cell.getBoundingClientRect().width / inner);
      });
    expect(widths.length).toBeGreaterThan(0);
    for (const share of widths) expect(share).toBeGreaterThan(0.8);
    await screenshot(page, 'activity-390');
  });

  it('REPORT-01 the admin turns on the monthly report beside the billing CC email; Activity records it', async () => {
    const { server, page } = journey;
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto(`${server.url}/profile`);
    const box = page.getByRole('checkbox', { name: MONTHLY_REPORT_TEXT.label });
    await box.check();
    await page.getByText(MONTHLY_REPORT_TEXT.saved).waitFor();
    await screenshot(page, 'profile-monthly-report-1280');
    await page.goto(`${server.url}/users?view=activity`);
    await entries().first().getByText('Changed the monthly usage report', { exact: true }).waitFor();
    expect(
      await entries()
        .first()
        .getByRole('row', { name: /Monthly usage report/ })
        .getByRole('cell')
        .allTextContents(),
    ).toEqual(['No', 'Yes']);
  });
});

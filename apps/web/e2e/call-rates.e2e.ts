import { describe, expect, it } from 'vitest';
import { DEMO_ADMIN } from '../../api/src/db/seed/demo-account';
import { LINE_DESTINATIONS } from '../../api/src/domain/lines/line-catalogue';
import { screenshot, seriousAxeViolations, signIn } from './support/browser';
import { useJourney } from './support/journey';
import { RATE_CHART_HEIGHT } from '../src/features/call-rates/rate-chart-settings';

describe('the call rates page (Chromium against the real server)', () => {
  const journey = useJourney({ viewport: { width: 1280, height: 1000 } });

  const curves = () => journey.page.locator('.recharts-line-curve').count();

  it('RATE-01 RATE-06 RATE-07 RATE-08 draws one line per catalogue line, 700 px high, with the text and the terms link', async () => {
    const { server, page } = journey;
    await page.goto(`${server.url}/call-rates`);
    await signIn(page, DEMO_ADMIN.email, DEMO_ADMIN.password);
    await page.waitForURL(`${server.url}/call-rates`);
    await page.locator('.recharts-line-curve').first().waitFor();
    expect(await curves()).toBe(LINE_DESTINATIONS.length);
    const box = await page.getByTestId('rates-chart').boundingBox();
    expect(box!.height).toBe(RATE_CHART_HEIGHT);
    expect(await page.getByText('Dynamic pricing').count()).toBe(1);
    const terms = page.getByRole('link', { name: 'Subscription and payment terms' });
    // RATE-08: the link lands on the terms' subscription-and-payment section, which is there.
    const href = (await terms.getAttribute('href'))!;
    expect(href).toMatch(/\/site\/#terms-subscription-and-payment$/);
    const site = await page.context().newPage();
    await site.goto(href);
    expect(await site.locator('#terms-subscription-and-payment h3').textContent()).toBe(
      'Subscription and payment',
    );
    await site.close();
    // RATE-04: the y-axis starts at 20.
    const ticks = await page.locator('.recharts-yAxis-tick-labels text').allTextContents();
    expect(ticks[0]).toBe('20');
    expect(await seriousAxeViolations(page)).toEqual([]);
    await screenshot(page, 'call-rates');
  });

  it('RATE-02 RATE-03 a legend click isolates that line; clicking it again restores all', async () => {
    const { page } = journey;
    const entry = page.locator('.recharts-legend-item').nth(2);
    const name = (await entry.textContent())!.trim();
    await entry.click();
    await expect.poll(curves).toBe(1);
    expect(await page.locator('figure').getAttribute('data-isolated')).toBe(name);
    // The table below reads that line's 48 half hours.
    const table = page.getByRole('region', { name: 'Rates by half hour' });
    expect(await table.getByLabel('Line', { exact: true }).inputValue()).toBe(name);
    expect(await table.locator('tbody tr').count()).toBe(48);
    await screenshot(page, 'call-rates-isolated');
    await page.locator('.recharts-legend-item').nth(2).click();
    await expect.poll(curves).toBe(LINE_DESTINATIONS.length);
  });

  it('has no page errors', () => {
    const { problems } = journey;
    expect(problems).toEqual([]);
  });
});

import { USAGE_TEXT } from '@enq/contract';
import { describe, expect, it } from 'vitest';
import { DEMO_ADMIN } from '../../api/src/db/seed/demo-account';
import { screenshot, seriousAxeViolations, signIn, type Page } from './support/browser';
import { useJourney } from './support/journey';

const USAGE_PATH = '/api/v1/account/calls/usage/';
const PHONE = { width: 390, height: 844 };

/** The usage requests a page makes from now on, as their search params. */
function watchUsage(page: Page): URLSearchParams[] {
  const seen: URLSearchParams[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.pathname === USAGE_PATH) seen.push(url.searchParams);
  });
  return seen;
}

/** The chart drawing's scripts (recharts and our bars) a page asks from now on. */
function watchDrawingCode(page: Page): string[] {
  const seen: string[] = [];
  page.on('request', (request) => {
    const { pathname } = new URL(request.url());
    if (request.resourceType() === 'script' && /\/(usage-bars|CartesianChart)-/.test(pathname))
      seen.push(pathname);
  });
  return seen;
}

/** How far the page scrolls sideways, and where a region's chart sits. */
const layout = (page: Page, region: string) =>
  page.getByRole('region', { name: region }).evaluate((el) => {
    const chart = el.querySelector('[data-testid="usage-chart"]')!.getBoundingClientRect();
    const drawn = el.querySelector('[data-testid="usage-chart"] .recharts-wrapper')?.getBoundingClientRect();
    return {
      sideways: document.documentElement.scrollWidth - document.documentElement.clientWidth,
      chart: { left: chart.left, right: chart.right },
      drawnWidth: drawn?.width ?? 0,
    };
  });
const listed = (page: Page, region: string, list: string) =>
  page
    .getByRole('region', { name: region })
    .getByRole('region', { name: list })
    .locator('li')
    .allTextContents();

describe('the usage charts (Chromium against the real server)', () => {
  const journey = useJourney();

  it('USAGE-09 the overview shows this period by day and the top 3 users, after its summary; the drawing code comes as the card nears the window', async () => {
    const { server, page } = journey;
    const order: string[] = [];
    page.on('response', (response) => {
      const path = new URL(response.url()).pathname;
      if (path === '/api/v1/account/' || path === USAGE_PATH) order.push(path);
    });
    const drawing = watchDrawingCode(page);
    // A short window, so the card is well below the fold and past the margin it is fetched within.
    await page.setViewportSize({ width: 1280, height: 500 });
    await page.goto(`${server.url}/`);
    await signIn(page, DEMO_ADMIN.email, DEMO_ADMIN.password);
    const card = page.getByRole('region', { name: USAGE_TEXT.overviewTitle });
    // The totals and the top users are there without being scrolled to: no empty box waits there.
    const caption = card.locator('figcaption');
    await caption.waitFor();
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
    // The period is under way: the caption says so, and counts its days as the summary does.
    const text = (await caption.textContent())!;
    expect(text).toMatch(
      /^[\d,]+\.\d\d credits used this period so far, with \d+ of its \d+ days left, against [\d,]+\.\d\d credits in the whole previous period \(\d+ days\)\.$/,
    );
    const [, left, days] = /with (\d+) of its (\d+) days left/.exec(text)!;
    expect(await page.getByTestId('subscription-summary').textContent()).toContain(
      `Days left${left} ${left === '1' ? 'day' : 'days'}of ${days} in this period`,
    );
    const top = await listed(page, USAGE_TEXT.overviewTitle, USAGE_TEXT.topUsers);
    expect(top.length).toBeGreaterThan(0);
    expect(top.length).toBeLessThanOrEqual(3);
    for (const row of top) expect(row).toMatch(/[\d,]+\.\d\d credits · \d+\.\d%$/);
    expect(order.indexOf('/api/v1/account/')).toBeLessThan(order.indexOf(USAGE_PATH));
    // Recharts (88.5 KB) is not asked while the chart is far from the window...
    expect(
      await card.getByTestId('usage-chart').evaluate((el) => el.getBoundingClientRect().top),
    ).toBeGreaterThan(750);
    expect(drawing).toEqual([]);
    // ...and is drawn once scrolled to.
    await card.scrollIntoViewIfNeeded();
    await card.locator('[data-testid="usage-chart"] .recharts-bar-rectangle').first().waitFor();
    expect(drawing.length).toBeGreaterThan(0);
    await page.setViewportSize({ width: 1280, height: 900 });
    expect(await seriousAxeViolations(page)).toEqual([]);
    await screenshot(page, 'usage-overview');
  });

  it('USAGE-10 Call History charts its range; a filter and By line change the request', async () => {
    const { page } = journey;
    const usage = watchUsage(page);
    await page.getByRole('link', { name: USAGE_TEXT.seeCallHistory }).click();
    await page.waitForURL(/\/call-history\?/);
    const panel = page.getByRole('region', { name: USAGE_TEXT.title });
    // Below the calls: its answer and chart come when it is scrolled to.
    await panel.scrollIntoViewIfNeeded();
    await panel.locator('.recharts-bar-rectangle').first().waitFor();
    const lines = await listed(page, USAGE_TEXT.title, USAGE_TEXT.topLines);
    expect(lines.length).toBeGreaterThan(0);

    // A user chosen in the filters: the chart asks for that user's calls, and only they are ranked.
    const user = (await listed(page, USAGE_TEXT.title, USAGE_TEXT.topUsers))[0]!.replace(
      /[\d,]+\.\d\d credits · .*$/,
      '',
    );
    await page.getByLabel('User', { exact: true }).selectOption(user);
    await expect.poll(() => usage.at(-1)?.get('user')).toBe(user);
    const search = new URL(page.url()).searchParams;
    expect(usage.at(-1)!.get('timestampFrom')).toBe(search.get('from'));
    expect(usage.at(-1)!.get('timestampTo')).toBe(search.get('to'));
    expect(usage.at(-1)!.get('by')).toBe('user');
    await expect
      .poll(() => listed(page, USAGE_TEXT.title, USAGE_TEXT.topUsers))
      .toEqual([
        expect.stringMatching(
          new RegExp(`^${user.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}[\\d,]+\\.\\d\\d credits · 100\\.0%$`),
        ),
      ]);

    await panel.getByRole('button', { name: 'By line' }).click();
    await expect.poll(() => usage.at(-1)?.get('by')).toBe('line');
    expect(usage.at(-1)!.get('user')).toBe(user);
    expect(await panel.getByRole('button', { name: 'By line' }).getAttribute('aria-pressed')).toBe('true');
    expect(await seriousAxeViolations(page)).toEqual([]);
    await screenshot(page, 'usage-call-history');
  });

  it('USAGE-09 USAGE-10 at 390 px the charts fit the width and the top lists stack below', async () => {
    const { server, page, problems } = journey;
    await page.setViewportSize(PHONE);
    await page.goto(`${server.url}/call-history`);
    const panel = page.getByRole('region', { name: USAGE_TEXT.title });
    // Below the calls: its answer and chart come when it is scrolled to.
    await panel.scrollIntoViewIfNeeded();
    await panel.locator('.recharts-bar-rectangle').first().waitFor();
    const calls = await layout(page, USAGE_TEXT.title);
    expect(calls.sideways).toBe(0);
    expect(calls.chart.left).toBeGreaterThanOrEqual(0);
    expect(calls.chart.right).toBeLessThanOrEqual(PHONE.width);
    expect(calls.drawnWidth).toBeGreaterThan(250);
    // The lists come below the chart, not beside it.
    const chartBox = (await panel.getByTestId('usage-chart').boundingBox())!;
    const usersBox = (await panel.getByRole('region', { name: USAGE_TEXT.topUsers }).boundingBox())!;
    expect(usersBox.y).toBeGreaterThan(chartBox.y + chartBox.height);
    await screenshot(page, 'usage-call-history-390');

    await page.goto(`${server.url}/`);
    const card = page.getByRole('region', { name: USAGE_TEXT.overviewTitle });
    await card.scrollIntoViewIfNeeded();
    await card.locator('.recharts-bar-rectangle').first().waitFor();
    const overview = await layout(page, USAGE_TEXT.overviewTitle);
    expect(overview.sideways).toBe(0);
    expect(overview.chart.right).toBeLessThanOrEqual(PHONE.width);
    await screenshot(page, 'usage-overview-390');
    expect(problems).toEqual([]);
  });
});

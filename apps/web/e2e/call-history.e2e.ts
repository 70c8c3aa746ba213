import { CALL_COLUMNS, CALL_CSV_COLUMNS, CALL_TEXT, MESSAGES } from '@enq/contract';
import { parse } from 'csv-parse/sync';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { DEMO_ADMIN } from '../../api/src/db/seed/demo-account';
import { screenshot, seriousAxeViolations, signIn, type Page } from './support/browser';
import { useJourney } from './support/journey';

/** A range long before the demo history: no calls. */
const EMPTY_VIEW = '/call-history?preset=custom&from=1577854800&to=1577941199&page=1';

describe('the call history page (Chromium against the real server)', () => {
  const journey = useJourney({ acceptDownloads: true });

  const table = (target: Page) => target.getByRole('table');
  const search = (target: Page) => new URL(target.url()).searchParams;

  it('CALL-03 CALL-11 opens on the current period with the seven columns, the range in the URL', async () => {
    const { server, page } = journey;
    await page.goto(`${server.url}/call-history`);
    await signIn(page, DEMO_ADMIN.email, DEMO_ADMIN.password);
    await page.waitForURL(/\/call-history\?/);
    await table(page).waitFor();
    expect(await page.getByLabel('Date range').inputValue()).toBe('current-period');
    expect(search(page).get('preset')).toBe('current-period');
    expect(await table(page).getByRole('columnheader').allTextContents()).toEqual([...CALL_COLUMNS]);
    // As a person reads them (innerText applies text-transform), a wrapped heading read as one line.
    expect(
      await table(page)
        .getByRole('columnheader')
        .evaluateAll((ths) => ths.map((th) => (th as HTMLElement).innerText.replace(/\s+/g, ' '))),
    ).toEqual([...CALL_COLUMNS]);
    // At 1280 px each destination is one line of text, the whole name in its tooltip.
    const destinations = await page.getByTestId('call-row').evaluateAll((rows) =>
      rows.map((row) => {
        const cell = row.querySelectorAll('td')[1]!;
        const text = document.createRange();
        text.selectNodeContents(cell);
        return {
          lines: Math.round(
            text.getBoundingClientRect().height / parseFloat(getComputedStyle(cell).lineHeight),
          ),
          title: cell.title,
          name: cell.textContent,
        };
      }),
    );
    expect(destinations.length).toBeGreaterThan(0);
    for (const { lines, title, name } of destinations) {
      expect(lines, name!).toBe(1);
      expect(title).toBe(name);
    }
    expect(await page.getByLabel('Start date').inputValue()).toMatch(
      /^[A-Z][a-z]+ \d{1,2}, \d{4} \d{1,2}:\d{2} [AP]M$/,
    );
    expect(await seriousAxeViolations(page)).toEqual([]);
    await screenshot(page, 'call-history');
  });

  it('CALL-01 CALL-12 choose a preset, page through with the page links, and the URL follows', async () => {
    const { page } = journey;
    const answered = page.waitForResponse(
      (r) => new URL(r.url()).pathname === '/api/v1/account/calls/' && r.url().includes('page=1'),
    );
    await page.getByLabel('Date range').selectOption('last-month');
    await expect.poll(() => search(page).get('preset')).toBe('last-month');
    await answered;
    await table(page).waitFor();
    const nav = page.getByRole('navigation', { name: 'Pagination' });
    await nav.waitFor();
    const links = await nav.getByRole('button', { name: /^Page \d+$/ }).allTextContents();
    expect(links.length).toBeGreaterThanOrEqual(2);
    expect(links.length).toBeLessThanOrEqual(5);
    const firstRow = await table(page).getByRole('row').nth(1).textContent();
    await nav.getByRole('button', { name: 'Page 2' }).click();
    await expect.poll(() => search(page).get('page')).toBe('2');
    await expect.poll(() => table(page).getByRole('row').nth(1).textContent()).not.toBe(firstRow);
    expect(await nav.getByRole('button', { name: 'Page 2' }).getAttribute('aria-current')).toBe('page');
    // The view is bookmarkable: reloading shows the same page.
    const secondPageFirst = await table(page).getByRole('row').nth(1).textContent();
    await page.reload();
    await table(page).waitFor();
    await expect.poll(() => table(page).getByRole('row').nth(1).textContent()).toBe(secondPageFirst);
    expect(await page.getByLabel('Date range').inputValue()).toBe('last-month');
    await screenshot(page, 'call-history-page-2');
  });

  it('CALL-10 downloads the CSV of the range with the success toast', async () => {
    const { page } = journey;
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: CALL_TEXT.download }).click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/^call-history-\d{4}-\d{2}-\d{2}-to-\d{4}-\d{2}-\d{2}\.csv$/);
    await page.getByText(MESSAGES.fileDownloaded).waitFor();
    const text = readFileSync((await file.path())!, 'utf8');
    // A byte-order mark (spreadsheets then read UTF-8), and caller IDs as they are, not "'+1…".
    expect(text.startsWith('\uFEFF')).toBe(true);
    const records = parse(text, { bom: true }) as string[][];
    expect(records[0]).toEqual([...CALL_CSV_COLUMNS]);
    expect(records.slice(1).every((r) => !r[3]!.startsWith("'"))).toBe(true);
    // Durations as numbers a spreadsheet keeps: seconds, and the same in minutes.
    for (const r of records.slice(1)) expect(Number(r[5])).toBeCloseTo(Number(r[4]) / 60, 2);
    expect(records.length).toBeGreaterThan(26);
  });

  it('CALL-13 on a wide screen an empty range shows the empty text and no Download', async () => {
    const { server, page } = journey;
    await page.goto(`${server.url}${EMPTY_VIEW}`);
    await page.getByText(CALL_TEXT.empty).waitFor();
    expect(await page.getByRole('button', { name: CALL_TEXT.download }).count()).toBe(0);
    expect(await page.getByLabel('Date range').inputValue()).toBe('custom');
  });

  it('CALL-14 CALL-15 on a 500 px wide screen Download shows and the empty message does not', async () => {
    const { server, browser, context } = journey;
    const phone = await browser.newContext({
      viewport: { width: 500, height: 900 },
      storageState: await context.storageState(),
    });
    const small = await phone.newPage();
    journey.watch(small);
    // Judged once the range's (empty) calls are on screen: before they come, no page shows the text.
    const answered = small.waitForResponse((r) => {
      const url = new URL(r.url());
      return (
        url.pathname === '/api/v1/account/calls/' && url.searchParams.get('timestampFrom') === '1577854800'
      );
    });
    await small.goto(`${server.url}${EMPTY_VIEW}`);
    expect((await (await answered).json()).total_pages).toBe(0);
    // Answered, and drawn: the page's section is up and its loader has gone. The answer can come before
    // the page mounts (the boot asks it), when no loader is on screen yet either.
    await small.getByRole('region', { name: 'Call history' }).waitFor();
    await expect.poll(() => small.getByRole('status', { name: 'Loading calls' }).count()).toBe(0);
    expect(await small.getByRole('button', { name: 'Download CSV' }).isVisible()).toBe(true);
    expect(await small.getByText('No data available. Select a different date range.').count()).toBe(0);
    expect(
      await small.evaluate(
        () => document.documentElement.scrollWidth <= document.documentElement.clientWidth,
      ),
    ).toBe(true);
    await screenshot(small, 'call-history-500px-empty');
    await phone.close();
  });

  it('CALL-04 CALL-08 editing a date switches to custom; a start after the end says so', async () => {
    const { server, page } = journey;
    await page.goto(`${server.url}/call-history`);
    await table(page).waitFor();
    const end = await page.getByLabel('End date').inputValue();
    const start = page.getByLabel('Start date');
    // As a person would: into the box, then the text.
    await start.click();
    await start.fill('December 31, 2099 11:45 PM');
    await start.press('Enter');
    await page.getByText(CALL_TEXT.startAfterEnd).waitFor();
    expect(await page.getByLabel('Date range').inputValue()).toBe('custom');
    expect(await page.getByLabel('End date').inputValue()).toBe(end);
    await screenshot(page, 'call-history-invalid');
  });

  it('has no page errors or CSP violations', () => {
    const { problems } = journey;
    expect(problems).toEqual([]);
  });
});

import { describe, expect, it } from 'vitest';
import { DEMO_ADMIN } from '../../api/src/db/seed/demo-account';
import { screenshot, seriousAxeViolations, signIn, type Page } from './support/browser';
import { useJourney } from './support/journey';
import { PORTAL_ROUTES } from '../src/lib/portal-routes';

/** Each page as loaded: its heading shown and no loader left. */
async function settled(page: Page) {
  await page.getByRole('heading', { level: 1 }).first().waitFor();
  await page.waitForLoadState('networkidle');
  await page
    .getByRole('status', { name: /^Loading/ })
    .first()
    .waitFor({ state: 'detached' });
}

describe('accessibility of every portal page at 390 and 1280 px (axe, Chromium against the real server)', () => {
  const journey = useJourney();

  it.each([390, 1280])(
    'no serious or critical axe violation on any of the 12 pages at %i px',
    async (width) => {
      const { server, page } = journey;
      await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
      if (!page.url().startsWith(server.url) || page.url().includes('/interaction/')) {
        await page.goto(`${server.url}/`);
        await signIn(page, DEMO_ADMIN.email, DEMO_ADMIN.password);
        await page.waitForURL(`${server.url}/`);
      }
      const found: string[] = [];
      for (const { path } of PORTAL_ROUTES) {
        await page.goto(`${server.url}${path}`);
        await settled(page);
        for (const violation of await seriousAxeViolations(page)) found.push(`${path}: ${violation}`);
      }
      await screenshot(page, `axe-last-page-${width}`);
      expect(found).toEqual([]);
    },
  );

  it('the check reaches into the feature-request frame and the page alike: a nameless button and an image with no text are both reported', async () => {
    const { server, page } = journey;
    await page.goto(`${server.url}/feature-request`);
    const form = page.frameLocator('iframe').locator('form').first();
    await form.waitFor();
    await form.evaluate((element) => element.append(document.createElement('button')));
    await page.evaluate(() =>
      document.body.append(Object.assign(document.createElement('img'), { src: '/favicon.svg' })),
    );
    const found = await seriousAxeViolations(page);
    expect(found.some((v) => v.startsWith('button-name: iframe '))).toBe(true);
    expect(found.some((v) => v.startsWith('image-alt: '))).toBe(true);
  });
});

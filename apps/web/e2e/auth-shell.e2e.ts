import { SIGN_OUT_TEXT } from '@enq/contract';
import { describe, expect, it } from 'vitest';
import { DEMO_ADMIN, DEMO_STAFF } from '../../api/src/db/seed/demo-account';
import { screenshot, seriousAxeViolations, signIn, storedToken } from './support/browser';
import { useJourney } from './support/journey';
import { signInStaff } from './support/staff-sign-in';
import { START_FEATURE } from '../build/chunks';
import { PORTAL_ROUTES } from '../src/lib/portal-routes';

describe('sign-in and the account shell (Chromium against the real server)', () => {
  const journey = useJourney({ viewport: { width: 1280, height: 860 } });

  const heading = () => journey.page.getByRole('heading', { level: 1 });

  it('AUTH-01 AUTH-02 AUTH-07 a signed-out visit to /billing goes to the login page and comes back to /billing with apiToken stored', async () => {
    const { server, page } = journey;
    await page.goto(`${server.url}/billing?tab=card`);
    await page.waitForURL(/\/interaction\//);
    expect(await seriousAxeViolations(page)).toEqual([]);
    await screenshot(page, 'login');
    await signIn(page, DEMO_ADMIN.email, DEMO_ADMIN.password);
    await page.waitForURL(`${server.url}/billing?tab=card`);
    await expect.poll(() => heading().textContent()).toBe('Billing');
    expect(await storedToken(page)).toMatch(/^enq_/);
  });

  it('SHELL-15 the sidebar lists the twelve entries in the required order', async () => {
    const { page } = journey;
    const links = page.getByRole('navigation', { name: 'Account' }).getByRole('link');
    // The spec's sidebar, in its order.
    expect(await links.allTextContents()).toEqual([
      'Overview',
      'Lines',
      'PDF',
      'Profile',
      'Billing',
      'Users',
      'Call Rates',
      'Call History',
      'Subscription',
      'Invoices',
      'Referral',
      'Feature Request',
    ]);
  });

  it('SHELL-01 SHELL-02 SHELL-03 SHELL-04 SHELL-05 SHELL-06 SHELL-07 SHELL-08 SHELL-09 SHELL-10 SHELL-11 SHELL-12 each route shows its screen, loaded as its own module', async () => {
    const { page } = journey;
    const scripts: string[] = [];
    page.on('request', (r) => r.resourceType() === 'script' && scripts.push(new URL(r.url()).pathname));
    const nav = page.getByRole('navigation', { name: 'Account' });
    for (const route of PORTAL_ROUTES) {
      const before = scripts.length;
      await nav.getByRole('link', { name: route.label, exact: true }).click();
      // Call History writes its opening range into the query at once; only the path is the route's.
      await page.waitForURL((url) => url.pathname === route.path);
      await expect.poll(() => heading().textContent()).toBe(route.title);
      // The first visit to a screen fetches its own chunk (Billing was loaded by the first test, and
      // the start screen's code is part of the `shell` chunk every page loads: build/chunks.ts).
      if (route.path !== '/billing' && route.feature !== START_FEATURE)
        expect(scripts.length, `no chunk loaded for ${route.path}`).toBeGreaterThan(before);
    }
    expect(await seriousAxeViolations(page)).toEqual([]);
    await screenshot(page, 'shell-feature-request');
  });

  it('SHELL-14 an unknown path redirects to /', async () => {
    const { server, page } = journey;
    for (const path of ['/no/such/page', '/foo.html', '/old/report.php?id=2']) {
      await page.goto(`${server.url}/lines`);
      await expect.poll(() => heading().textContent()).toBe('Lines');
      await page.goto(`${server.url}${path}`);
      await page.waitForURL(`${server.url}/`);
      await expect.poll(() => heading().textContent()).toBe('Overview');
    }
  });

  it('SHELL-16 SHELL-17 SHELL-19 the logo, header menus and Support link point at the marketing site and support area', async () => {
    const { server, page } = journey;
    const marketing = `${server.url}/site/`;
    expect(await page.getByRole('link', { name: /enQ/ }).first().getAttribute('href')).toBe(marketing);
    const product = page.getByRole('button', { name: 'Product' });
    await product.click();
    const pricing = page.getByRole('link', { name: 'Pricing' });
    await pricing.waitFor({ state: 'visible' });
    expect(await pricing.getAttribute('href')).toBe(`${marketing}#pricing`);
    // Escape closes the menu and gives the focus back to its button.
    await page.keyboard.press('Escape');
    await pricing.waitFor({ state: 'hidden' });
    expect(await product.getAttribute('aria-expanded')).toBe('false');
    expect(await product.evaluate((button) => button === document.activeElement)).toBe(true);
    // Also when pressed the moment the menu shows, before a frame is drawn. A listener started by an
    // effect missed it and the menu stayed open, as it did in CI at 7f2b942.
    const escapedAtOnce = await product.evaluate(async (button: HTMLElement) => {
      const menu = document.getElementById(button.getAttribute('aria-controls')!)!;
      button.click();
      // The render that shows it runs in a microtask.
      for (let i = 0; i < 100 && menu.hidden; i++) await Promise.resolve();
      const shown = !menu.hidden;
      button.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape', bubbles: true }));
      // A frame and a task later, when an effect would have started listening.
      await new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve)));
      return { shown, closed: menu.hidden };
    });
    expect(escapedAtOnce).toEqual({ shown: true, closed: true });
    expect(await page.getByRole('link', { name: 'Support' }).first().getAttribute('href')).toBe(
      `${server.url}/site/support`,
    );
  });

  it('SHELL-18 on a phone the menu holds the screens, the header menus, Legal (Terms, Privacy, Taxes & Fees), Support and Log Out', async () => {
    const { server, browser, context } = journey;
    const phone = await browser.newContext({
      viewport: { width: 390, height: 844 },
      storageState: await context.storageState(),
    });
    const small = await phone.newPage();
    await small.goto(`${server.url}/lines`);
    await small.getByRole('heading', { level: 1, name: 'Lines' }).waitFor();
    expect(await small.getByRole('navigation', { name: 'Account' }).isVisible()).toBe(false);
    await small.getByRole('button', { name: 'Open menu' }).click();
    const menu = small.getByRole('dialog');
    await menu.waitFor();
    const legal = menu.getByRole('region', { name: 'Legal' });
    expect(await legal.getByRole('link').allTextContents()).toEqual(['Terms', 'Privacy', 'Taxes & Fees']);
    expect(await legal.getByRole('link', { name: 'Terms' }).getAttribute('href')).toBe(
      `${server.url}/site/#terms`,
    );
    expect(await menu.getByRole('navigation', { name: 'Account' }).getByRole('link').count()).toBe(
      PORTAL_ROUTES.length,
    );
    expect(await menu.getByRole('button', { name: 'Log Out' }).isVisible()).toBe(true);
    expect(await seriousAxeViolations(small)).toEqual([]);
    await screenshot(small, 'mobile-menu');
    await menu.getByRole('navigation', { name: 'Account' }).getByRole('link', { name: 'Invoices' }).click();
    await small.waitForURL(`${server.url}/invoices`);
    await phone.close();
  });

  it('AUTH-09 a 401 drops the stored token and reloads; a live provider session yields a fresh token without the login page', async () => {
    const { server, page } = journey;
    await page.goto(`${server.url}/invoices`);
    await expect.poll(() => heading().textContent()).toBe('Invoices');
    await page.evaluate(() => window.localStorage.setItem('apiToken', 'enq_revoked-or-forged'));
    const visited: string[] = [];
    page.on('framenavigated', (f) => f === page.mainFrame() && visited.push(f.url()));
    await page.reload();
    await page.waitForURL(`${server.url}/invoices`, { timeout: 30_000 });
    await expect.poll(() => storedToken(page), { timeout: 15_000 }).toMatch(/^enq_(?!revoked)/);
    await expect.poll(() => heading().textContent()).toBe('Invoices');
    expect(visited.some((u) => u.includes('/interaction/'))).toBe(false);
  });

  it('AUTH-09 without a provider session the dropped token leads to the login page', async () => {
    const { server, browser } = journey;
    const other = await browser.newContext();
    const fresh = await other.newPage();
    await fresh.goto(`${server.url}/site/`);
    await fresh.evaluate(() => window.localStorage.setItem('apiToken', 'enq_forged'));
    await fresh.goto(`${server.url}/users`);
    await fresh.waitForURL(/\/interaction\//);
    expect(await fresh.evaluate(() => window.localStorage.getItem('apiToken'))).toBeNull();
    await other.close();
  });

  it('AUTH-04 AUTH-05 AUTH-06 a staff identity sees only the admin authentication page', async () => {
    const { server, browser } = journey;
    const staffContext = await browser.newContext();
    const staff = await staffContext.newPage();
    await staff.goto(`${server.url}/users`);
    await signInStaff(staff, DEMO_STAFF.email, DEMO_STAFF.password);
    await staff.getByRole('heading', { name: 'Admin authentication' }).waitFor();
    expect(await staff.getByText('You authenticated as an admin user.').count()).toBe(1);
    expect(await staff.getByRole('link', { name: /admin panel/i }).getAttribute('href')).toBe(
      `${server.url}/admin`,
    );
    expect(await staff.getByRole('navigation', { name: 'Account' }).count()).toBe(0);
    await screenshot(staff, 'admin-authentication');
    await staff.goto(`${server.url}/billing`);
    await staff.getByRole('heading', { name: 'Admin authentication' }).waitFor();
    expect(await staff.getByRole('heading', { name: 'Billing' }).count()).toBe(0);
    await staff
      .getByRole('link', { name: 'Logout' })
      .or(staff.getByRole('button', { name: 'Logout' }))
      .click();
    await staff.waitForURL(`${server.url}/site/`);
    await staffContext.close();
  });

  /** Another browser (a phone, say) signed in as the demo admin, on /profile. */
  async function secondBrowser() {
    const { server, browser } = journey;
    const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
    const other = await context.newPage();
    journey.watch(other);
    await other.goto(`${server.url}/profile`);
    await signIn(other, DEMO_ADMIN.email, DEMO_ADMIN.password);
    await other.getByRole('heading', { level: 1, name: 'Profile' }).waitFor();
    return { context, other };
  }

  it("SHELL-20 Log Out clears this browser's token, ends its provider session and returns to the marketing site root; another browser stays signed in", async () => {
    const { server, page } = journey;
    const phone = await secondBrowser();
    await page.goto(`${server.url}/profile`);
    await expect.poll(() => heading().textContent()).toBe('Profile');
    await page.getByRole('button', { name: 'Log Out' }).click();
    await page.waitForURL(`${server.url}/site/`);
    expect(await storedToken(page)).toBeNull();
    // The provider session is over too: coming back asks for the password again.
    await page.goto(`${server.url}/profile`);
    await page.waitForURL(/\/interaction\//);
    // The phone is still signed in: a reload shows Profile, no sign-in.
    await phone.other.reload();
    await phone.other.getByRole('heading', { level: 1, name: 'Profile' }).waitFor();
    expect(phone.other.url()).toBe(`${server.url}/profile`);
    await phone.context.close();
  });

  it('Profile: Sign out of all devices signs out every browser, this one included', async () => {
    const { server } = journey;
    const phone = await secondBrowser();
    const laptop = await secondBrowser();
    await phone.other.getByRole('button', { name: SIGN_OUT_TEXT.button }).click();
    await phone.other
      .getByRole('dialog', { name: SIGN_OUT_TEXT.confirmTitle })
      .getByRole('button', { name: SIGN_OUT_TEXT.button })
      .click();
    await phone.other.waitForURL(`${server.url}/site/`);
    expect(await storedToken(phone.other)).toBeNull();
    // The laptop's token was ended too: its next request finds it refused and asks for the password.
    await laptop.other.reload();
    await laptop.other.waitForURL(/\/interaction\//);
    await phone.context.close();
    await laptop.context.close();
  });

  it('the pages ran without uncaught errors or Content-Security-Policy violations', () => {
    const { problems } = journey;
    expect(problems).toEqual([]);
  });
});

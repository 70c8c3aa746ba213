import { USERS_PATHS } from '@enq/contract';
import { describe, expect, it } from 'vitest';
import { DEMO_ADMIN } from '../../api/src/db/seed/demo-account';
import { screenshot, signIn } from './support/browser';
import { useJourney } from './support/journey';

const PHONE = { width: 390, height: 844 };

describe('the portal on a 390 px phone (Chromium against the real server)', () => {
  const journey = useJourney({ seeded: true, viewport: PHONE });

  it('Users: with Show All over 100 users, Add at 1280 px scrolls to the new row and focuses its name', async () => {
    const { server, page } = journey;
    await page.setViewportSize({ width: 1280, height: 900 });
    const added = Array.from({ length: 90 }, (_, i) => ({
      full_name: `Bulk Person ${i + 1}`,
      email: `bulk.person${i + 1}@harborpinetax.com`,
      hold_music: '',
    }));
    await page.goto(`${server.url}/users`);
    // Run on its own (vitest -t) it signs in first.
    await page.getByTestId('admin-row').or(page.getByLabel('Password')).waitFor();
    if (page.url().includes('/interaction/')) await signIn(page, DEMO_ADMIN.email, DEMO_ADMIN.password);
    await page.getByTestId('admin-row').waitFor();
    const status = await page.evaluate(
      async ({ path, users }) => {
        const token = window.localStorage.getItem('apiToken');
        const headers = { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' };
        const current = await (await fetch(path, { headers })).json();
        const body = { added: users.map((u) => ({ ...u, hold_music: current.default_hold_music })) };
        return (await fetch(path, { method: 'PUT', headers, body: JSON.stringify(body) })).status;
      },
      { path: `/api/v1/account${USERS_PATHS.users}`, users: added },
    );
    expect(status).toBe(200);
    await page.reload();
    await page.getByTestId('admin-row').waitFor();
    await page.getByLabel('Per page').selectOption('all');
    await page.getByRole('button', { name: 'Add', exact: true }).click();
    const name = page.getByLabel('Full name of the new user');
    await expect.poll(() => name.evaluate((el) => el === document.activeElement)).toBe(true);
    // On screen and not under the save bar: the element at its centre is the field itself.
    expect(
      await name.evaluate((el) => {
        const box = el.getBoundingClientRect();
        return document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2) === el;
      }),
    ).toBe(true);
    await screenshot(page, 'users-show-all-add-1280');
  });
});

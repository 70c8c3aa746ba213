import { describe, expect, it } from 'vitest';
import { DEMO_ADMIN } from '../../api/src/db/seed/demo-account';
import { restingBox, screenshot, signIn, type Page } from './support/browser';
import { useJourney } from './support/journey';

type Box = { x: number; y: number; width: number; height: number };
const overlaps = (a: Box, b: Box) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

describe('toasts after a save (Chromium against the real server)', () => {
  const journey = useJourney();

  /** Renames one user on the Users page, saves, and answers the save toast's box and text. */
  async function renameAndSave(page: Page, index: number, name: string) {
    const input = page.locator('[data-testid="user-row"] input[aria-label^="Full name of "]').nth(index);
    await input.fill(name);
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await page
      .getByRole('dialog', { name: 'Confirm User List Changes' })
      .getByRole('button', { name: 'Confirm' })
      .click();
    const toast = page.locator('.Toastify__toast').filter({ hasText: 'Changes saved.' }).first();
    await toast.waitFor();
    return { toast, box: await restingBox(toast), text: await toast.textContent() };
  }

  it('SHELL-21 at 1280 px the save toast sits top-right below the header, clear of Support and Log Out, with its count', async () => {
    const { server, page } = journey;
    await page.goto(`${server.url}/users`);
    await signIn(page, DEMO_ADMIN.email, DEMO_ADMIN.password);
    await page.waitForURL(`${server.url}/users`);
    await page.getByTestId('user-row').first().waitFor();
    const { toast, box, text } = await renameAndSave(page, 0, 'Toast Laptop');
    expect(text).toBe('Changes saved.1 updated.');
    const header = (await page.locator('header').first().boundingBox())!;
    expect(box.y).toBeGreaterThanOrEqual(header.y + header.height);
    for (const control of [
      page.locator('header').getByRole('link', { name: 'Support' }),
      page.locator('header').getByRole('button', { name: 'Log Out' }),
    ]) {
      const at = (await control.boundingBox())!;
      expect(overlaps(box, at)).toBe(false);
    }
    // Top-right: its right edge near the window's.
    expect(1280 - (box.x + box.width)).toBeLessThan(32);
    // Still announced as before: the library's live region on the toast itself.
    expect(await toast.getAttribute('role')).toBe('alert');
    await screenshot(page, 'toast-1280');
    await toast.getByRole('button', { name: /close/i }).click();
    await toast.waitFor({ state: 'detached' });
  });

  it('SHELL-21 at 390 px the save toast sits below the header, not over the menu and the logo, with its count', async () => {
    const { page } = journey;
    await page.setViewportSize({ width: 390, height: 844 });
    await page.reload();
    await page.getByTestId('user-row').first().waitFor();
    const { box, text } = await renameAndSave(page, 1, 'Toast Phone');
    expect(text).toBe('Changes saved.1 updated.');
    const header = (await page.locator('header').first().boundingBox())!;
    expect(box.y).toBeGreaterThanOrEqual(header.y + header.height);
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(390);
    await screenshot(page, 'toast-390');
  });
});

import { USERS_PATHS, type UsersData } from '@enq/contract';
import { describe, expect, it } from 'vitest';
import { openDatabase } from '../../api/src/db/client';
import { DEMO_ADMIN } from '../../api/src/db/seed/demo-account';
import { screenshot, seriousAxeViolations, signIn, storedToken, type Page } from './support/browser';
import { useJourney } from './support/journey';

const USERS_API = `/api/v1/account${USERS_PATHS.users}`;

describe('the users page (Chromium against the real server)', () => {
  const journey = useJourney();
  const emailed: string[] = [];

  const toast = (target: Page, text: string) => target.getByText(text, { exact: true }).first().waitFor();
  const dialog = (target: Page, name: string) => target.getByRole('dialog', { name });
  const api = (target: Page) =>
    target.evaluate(async (path) => {
      const token = window.localStorage.getItem('apiToken');
      const response = await fetch(path, { headers: { Authorization: `Bearer ${token}` } });
      return (await response.json()) as UsersData;
    }, USERS_API);
  async function saveAndConfirm(target: Page) {
    await target.getByRole('button', { name: 'Save Changes' }).click();
    await dialog(target, 'Confirm User List Changes').getByRole('button', { name: 'Confirm' }).click();
  }

  it('USR-01 USR-07 USR-14 USR-16 the demo admin sees Users: admin first, masked PINs, pages, no serious axe violations', async () => {
    const { server, page } = journey;
    await page.goto(`${server.url}/users`);
    await signIn(page, DEMO_ADMIN.email, DEMO_ADMIN.password);
    await page.waitForURL(`${server.url}/users`);
    // The page's ten rows: the first screen's four are drawn first, the rest in the task after.
    await page.getByTestId('user-row').nth(9).waitFor();
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Users');
    // USR-07: the admin is the table's first row.
    const rows = page.locator('table tbody tr');
    expect(await rows.first().getAttribute('data-testid')).toBe('admin-row');
    expect(await rows.first().textContent()).toContain('Dana Whitfield');
    // USR-14: every PIN on the page as dots and its last four digits, none of them whole.
    const data = await api(page);
    const masked = (pin: string) => `${'•'.repeat(pin.length - 4)}${pin.slice(-4)}`;
    const shown = [data.admin_user, ...data.users.slice(0, 10)];
    const table = (await page.locator('table').textContent()) ?? '';
    for (const user of shown) {
      expect(table).toContain(masked(user.pin_number));
      expect(table).not.toContain(user.pin_number);
    }
    expect(await page.getByTestId('user-row').count()).toBe(10);
    // USR-16: 24 users at 10 a page: '<' and '>' page links; at 25 a page, one page and no links.
    expect(await page.getByTestId('page-label').textContent()).toBe('1–10 of 24');
    const pages = page.getByRole('navigation', { name: 'Pages' });
    expect(await pages.getByRole('button', { name: 'Previous page' }).textContent()).toBe('<');
    expect(await pages.getByRole('button', { name: 'Next page' }).textContent()).toBe('>');
    await page.getByLabel('Per page').selectOption('25');
    await page.getByTestId('page-label').filter({ hasText: '1–24 of 24' }).waitFor();
    expect(await pages.count()).toBe(0);
    await page.getByLabel('Per page').selectOption('10');
    await pages.waitFor();
    expect(await seriousAxeViolations(page)).toEqual([]);
    await screenshot(page, 'users-1280');
  });

  it('USR-02 the hold-music preview plays real audio in the browser', async () => {
    const { page } = journey;
    const answered = page.waitForResponse(
      (r) => r.url().includes('/users/hold-music/') && r.status() === 200,
    );
    await page.getByRole('button', { name: /^Play / }).click();
    expect((await answered).headers()['content-type']).toContain('audio/wav');
    await page.getByText(/^Playing /).waitFor();
    await page.getByRole('button', { name: /^Stop / }).click();
  });

  it('USR-32 USR-34 USR-54 USR-78 adds a user inline at 1280 px, saves, and emails her the PIN shown', async () => {
    const { page } = journey;
    await page.getByRole('button', { name: 'Add', exact: true }).click();
    const name = page.getByLabel('Full name of the new user');
    await expect.poll(() => name.evaluate((el) => el === document.activeElement)).toBe(true);
    expect(await page.getByRole('button', { name: 'Add', exact: true }).isDisabled()).toBe(true);
    await name.fill('Nora Inline');
    await page.getByLabel('Email of the new user').fill('nora.inline@harborpinetax.com');
    await saveAndConfirm(page);
    await toast(page, 'Changes saved.');
    const data = await api(page);
    const pin = data.users.find((u) => u.email === 'nora.inline@harborpinetax.com')?.pin_number;
    expect(pin).toMatch(/^\d{6}$/);
    // The PIN the server issued is shown to whoever added her, and emailed on request (in the outbox below).
    const offer = dialog(page, "New user's PIN");
    expect(await offer.getByRole('listitem').textContent()).toBe(
      `Nora Inline (nora.inline@harborpinetax.com)PIN ${pin}`,
    );
    expect(await seriousAxeViolations(page)).toEqual([]);
    await screenshot(page, 'users-new-pin-1280');
    await offer.getByRole('button', { name: 'Send PIN email' }).click();
    await toast(page, 'PIN email sent to nora.inline@harborpinetax.com.');
    emailed.push('nora.inline@harborpinetax.com');
    await offer.waitFor({ state: 'detached' });
  });

  it('USR-74 USR-76 edits a user through Edit user info, which also holds her PIN and its actions, and saves', async () => {
    const { page } = journey;
    // The inline row was added on the last page, which stays in view after the save.
    await page.getByRole('button', { name: 'Page 1' }).click();
    await page.getByRole('button', { name: 'Edit Aisha Thompson' }).click();
    const edit = dialog(page, 'Edit user info');
    // More than the row: her PIN with Send PIN email and Change PIN, and the track to listen to.
    const aisha = (await api(page)).users.find((u) => u.full_name === 'Aisha Thompson')!;
    const pin = edit.getByRole('region', { name: 'PIN' });
    expect(await pin.textContent()).toContain(`••${aisha.pin_number.slice(-4)}`);
    expect(await pin.getByRole('button').allTextContents()).toEqual(['Send PIN email', 'Change PIN']);
    await edit.getByRole('button', { name: /^Play / }).waitFor();
    expect(await seriousAxeViolations(page)).toEqual([]);
    await screenshot(page, 'users-edit-1280');
    await edit.getByLabel('Full name').fill('Aisha Thompson-Reid');
    await edit.getByRole('button', { name: 'Save' }).click();
    await saveAndConfirm(page);
    await toast(page, 'Changes saved.');
    expect((await api(page)).users.some((u) => u.full_name === 'Aisha Thompson-Reid')).toBe(true);
  });

  it('USR-31 changes hold music in bulk for the selected users', async () => {
    const { page } = journey;
    await page.getByRole('checkbox', { name: 'Select Benjamin Carter' }).check();
    await page.getByRole('checkbox', { name: 'Select Carmen Delgado' }).check();
    await page.getByText('Selected users: 2').waitFor();
    await page.getByLabel('Hold music for the selected users').selectOption({ label: 'Evergreen Strings' });
    await saveAndConfirm(page);
    await toast(page, 'Changes saved.');
    const users = (await api(page)).users.filter((u) => /Benjamin Carter|Carmen Delgado/.test(u.full_name));
    expect(users.map((u) => u.hold_music)).toEqual(['evergreen-strings', 'evergreen-strings']);
  });

  it('USR-44 USR-46 removes a user after confirmation', async () => {
    const { page } = journey;
    await page
      .getByRole('row')
      .filter({ has: page.getByLabel('Full name of David Okafor') })
      .getByRole('button', { name: 'Delete user' })
      .click();
    await dialog(page, 'Confirm Delete Users').getByRole('button', { name: 'Delete' }).click();
    await toast(page, 'User deleted.');
    expect((await api(page)).users.some((u) => u.full_name === 'David Okafor')).toBe(false);
  });

  it('USR-77 changes a PIN', async () => {
    const { page } = journey;
    const before = (await api(page)).users.find((u) => u.full_name === 'Fatima Hassan')!;
    await page.getByRole('button', { name: 'Change PIN for Fatima Hassan' }).click();
    await dialog(page, 'Change PIN').getByRole('button', { name: 'Change PIN' }).click();
    await toast(page, 'PIN changed.');
    const after = (await api(page)).users.find((u) => u.full_name === 'Fatima Hassan')!;
    expect(after.pin_number).not.toBe(before.pin_number);
    const row = page.getByRole('row').filter({ has: page.getByLabel('Full name of Fatima Hassan') });
    expect(await row.textContent()).toContain(`••${after.pin_number.slice(-4)}`);
  });

  it('USR-78 sends PIN emails to the selected users', async () => {
    const { page } = journey;
    await page.getByRole('checkbox', { name: 'Select Gregory Walsh' }).check();
    await page.getByRole('checkbox', { name: 'Select Hannah Schultz' }).check();
    await page.getByRole('button', { name: 'Send PIN email' }).click();
    await dialog(page, 'Send PIN Email').getByRole('button', { name: 'Send' }).click();
    await toast(page, 'PIN emails sent to 2 users.');
    emailed.push('gregory.walsh@harborpinetax.com', 'hannah.schultz@harborpinetax.com');
    await page.getByRole('checkbox', { name: 'Select Gregory Walsh' }).uncheck();
    await page.getByRole('checkbox', { name: 'Select Hannah Schultz' }).uncheck();
  });

  it('USR-50 USR-51 USR-52 a save where another session took the email shows Changes Not Saved', async () => {
    const { page } = journey;
    await page.getByLabel('Full name of Ivan Petrov').fill('Ivan Petrov Jr.');
    await page.getByLabel('Email of Julia Moreau').fill('julia.new@harborpinetax.com');
    // Meanwhile someone else gives that email to another user.
    const status = await page.evaluate(async (path) => {
      const token = window.localStorage.getItem('apiToken');
      const headers = { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' };
      const data = (await (await fetch(path, { headers })).json()) as UsersData;
      const kenji = data.users.find((u) => u.full_name === 'Kenji Watanabe')!;
      const response = await fetch(path, {
        method: 'PUT',
        headers,
        body: JSON.stringify({ updated: [{ ...kenji, email: 'julia.new@harborpinetax.com' }] }),
      });
      return response.status;
    }, USERS_API);
    expect(status).toBe(200);
    await saveAndConfirm(page);
    const failed = dialog(page, 'Changes Not Saved');
    await failed.waitFor();
    expect(await failed.getByRole('region', { name: 'Failed Modifications' }).textContent()).toContain(
      'julia.new@harborpinetax.com: This email already exists.',
    );
    expect(await failed.textContent()).toContain(
      'Please review these issues and take the necessary actions to resolve them.',
    );
    await toast(page, 'Changes are not saved.');
    expect(await seriousAxeViolations(page)).toEqual([]);
    await screenshot(page, 'users-changes-not-saved');
    await failed.getByRole('button', { name: 'Close' }).click();
    // The valid change went through; the refused one is still on the page to fix.
    expect((await api(page)).users.some((u) => u.full_name === 'Ivan Petrov Jr.')).toBe(true);
    expect(await page.getByLabel('Email of Julia Moreau').inputValue()).toBe('julia.new@harborpinetax.com');
    await page.getByRole('button', { name: 'Cancel', exact: true }).click();
    expect(await page.getByLabel('Email of Julia Moreau').inputValue()).toBe(
      'julia.moreau@harborpinetax.com',
    );
  });

  it('USR-35 USR-40 at 900 px adds a user through the Add new user modal', async () => {
    const { server, browser, context } = journey;
    const narrow = await browser.newContext({
      viewport: { width: 900, height: 900 },
      storageState: await context.storageState(),
    });
    const small = await narrow.newPage();
    try {
      await small.goto(`${server.url}/users`);
      await small.getByTestId('admin-row').waitFor();
      await small.getByRole('button', { name: 'Add', exact: true }).click();
      const add = dialog(small, 'Add new user');
      await add.getByLabel('Full name').fill('Mona Modal');
      await add.getByLabel('Email').fill('mona.modal@harborpinetax.com');
      await add.getByRole('button', { name: 'Add' }).click();
      await toast(small, 'New user Mona Modal added to unsaved changes.');
      expect(await small.getByTestId('new-row').textContent()).toContain('New User');
      expect(await seriousAxeViolations(small)).toEqual([]);
      await screenshot(small, 'users-900');
      await saveAndConfirm(small);
      await toast(small, 'Changes saved.');
      const mona = (await api(small)).users.find((u) => u.email === 'mona.modal@harborpinetax.com');
      // Added through the dialog, her PIN is offered the same way; not sent this time.
      const offer = dialog(small, "New user's PIN");
      expect(await offer.textContent()).toContain(`PIN ${mona!.pin_number}`);
      await offer.getByRole('button', { name: 'Not now' }).click();
      await offer.waitFor({ state: 'detached' });
    } finally {
      await narrow.close();
    }
  });

  it('SPEND-08 the monthly credit limits are paged: 5 users on a 390 px phone, 10 at 1280 px', async () => {
    const { server, browser, context } = journey;
    for (const [width, rows] of [
      [390, 5],
      [1280, 10],
    ] as const) {
      const sized = await browser.newContext({
        viewport: { width, height: 844 },
        storageState: await context.storageState(),
      });
      const small = await sized.newPage();
      try {
        await small.goto(`${server.url}/users`);
        const limits = small.getByRole('region', { name: 'Monthly credit limits' });
        const list = limits.getByRole('list', { name: "Users' monthly credit limits" });
        await list.waitFor();
        expect(await list.getByRole('listitem').count()).toBe(rows);
        expect(await limits.getByText(/^1–\d+ of \d+ users$/).textContent()).toMatch(`1–${rows} of`);
        expect((await limits.boundingBox())!.height).toBeLessThan(width < 640 ? 1200 : 1000);
        expect(await small.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
        await limits.getByRole('button', { name: "Next users' limits" }).click();
        await limits.getByText(new RegExp(`^${rows + 1}–`)).waitFor();
        await limits.screenshot({ path: `test-results/screenshots/users-credit-limits-${width}.png` });
      } finally {
        await sized.close();
      }
    }
  });

  it('API-55 the PIN emails are in the outbox, one per person, with their PIN', async () => {
    const { server, page, problems } = journey;
    const token = await storedToken(page);
    expect(token).toBeTruthy();
    const pins = new Map((await api(page)).users.map((u) => [u.email, u.pin_number]));
    expect(problems).toEqual([]);
    // The embedded database belongs to the server process: stop it, then read its data directory.
    const exited = new Promise((r) => server.process.once('exit', r));
    server.process.kill('SIGTERM');
    await exited;
    const database = await openDatabase({ kind: 'pglite', dataDir: journey.dataDir });
    try {
      const rows = await database.query<{ to: string; text: string; kind: string }>(
        'select "to", text, kind from outbox where "to" = any($1::text[]) order by id',
        [emailed],
      );
      expect(rows.map((r) => r.to).sort()).toEqual([...emailed].sort());
      for (const row of rows) {
        expect(row.kind).toBe('user-pin');
        expect(row.text).toContain(`Your enQ PIN is ${pins.get(row.to)}.`);
      }
    } finally {
      await database.close();
    }
  });
});

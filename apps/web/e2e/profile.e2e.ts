import { MESSAGES, PROFILE_TEXT } from '@enq/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../api/src/db/client';
import { DEMO_ADMIN } from '../../api/src/db/seed/demo-account';
import { screenshot, seriousAxeViolations, signIn } from './support/browser';
import { useJourney } from './support/journey';

const NEW_PASSWORD = 'harbor pine ledger 2026';

/**
 * Profile, then a password reset end to end. The reset email is read from the outbox in the server's
 * embedded database, which its process holds locked: the journey stops that server (gracefully, as in
 * production), reads the data directory, and carries on with a new server process on the same data.
 * Nothing is exposed for the test's sake, and the browser keeps its cookies (they ignore the port), so
 * the last sign-in is the same device as the first.
 */
describe('the profile page and password reset (Chromium against the real server)', () => {
  const journey = useJourney();
  let resetPath = '';
  const newDeviceCalls: string[] = [];

  beforeAll(() => {
    journey.page.on('request', (request) => {
      if (new URL(request.url()).pathname === '/api/v1/account/new-device')
        newDeviceCalls.push(request.method());
    });
  });

  const form = () => journey.page.getByRole('form', { name: 'Profile' });
  const input = (label: string) => form().getByLabel(new RegExp(`^${label}`));
  const toast = (text: string) => journey.page.getByText(text, { exact: true }).first().waitFor();

  async function outbox(kind: string) {
    const database = await openDatabase({ kind: 'pglite', dataDir: journey.dataDir });
    try {
      return await database.query<{ text: string; to: string }>(
        'select text, "to" from outbox where kind = $1 order by id',
        [kind],
      );
    } finally {
      await database.close();
    }
  }

  it('PROF-01 PROF-02 AUTH-13 the demo admin signs in from a new browser and sees the saved profile', async () => {
    const { server, page } = journey;
    await page.goto(`${server.url}/profile`);
    await signIn(page, DEMO_ADMIN.email, DEMO_ADMIN.password);
    await page.waitForURL(`${server.url}/profile`);
    await form().waitFor();
    expect(await input('First name').inputValue()).toBe('Dana');
    expect(await input('Last name').inputValue()).toBe('Whitfield');
    expect(await input('Company').inputValue()).toBe('Harbor & Pine Tax Advisors');
    expect(await input('Billing CC email').inputValue()).toBe('ap@harborpinetax.com');
    expect(await input('Phone number').inputValue()).toBe('(207) 555-0143');
    expect(await page.getByRole('button', { name: 'Save' }).count()).toBe(0);
    expect(newDeviceCalls).toEqual(['POST']);
    await screenshot(page, 'profile');
    expect(await seriousAxeViolations(page)).toEqual([]);
  });

  it('PROF-03 PROF-10 PROF-12 PROF-13 SHELL edit with the leave prompt, the first error blocks save, then save', async () => {
    const { page } = journey;
    await input('Company').fill('Harbor & Pine Tax Advisors LLC');
    await input('Phone number').fill('207 555 01');
    await page.getByRole('navigation').getByRole('link', { name: 'Lines' }).first().click();
    const prompt = page.getByRole('dialog', { name: MESSAGES.unsavedChanges });
    await prompt.waitFor();
    await screenshot(page, 'profile-leave-prompt');
    await prompt.getByRole('button', { name: 'Stay' }).click();
    await prompt.waitFor({ state: 'detached' });
    expect(new URL(page.url()).pathname).toBe('/profile');

    await page.getByRole('button', { name: 'Save' }).click();
    await form().getByText(PROFILE_TEXT.invalidPhone).waitFor();
    expect(await input('Phone number').evaluate((el) => el === document.activeElement)).toBe(true);
    await screenshot(page, 'profile-invalid-phone');

    await input('Phone number').fill('207-555-0188');
    const saved = page.waitForResponse(
      (r) => new URL(r.url()).pathname === '/api/v1/account/profile/' && r.request().method() === 'PUT',
    );
    await page.getByRole('button', { name: 'Save' }).click();
    expect((await saved).status()).toBe(200);
    await toast(PROFILE_TEXT.updated);
    await expect.poll(() => page.getByRole('button', { name: 'Save' }).count()).toBe(0);

    await page.reload();
    await form().waitFor();
    expect(await input('Company').inputValue()).toBe('Harbor & Pine Tax Advisors LLC');
    expect(await input('Phone number').inputValue()).toBe('(207) 555-0188');
  });

  it('PROF-16 PROF-17 PROF-18 Reset password asks first, emails a link and signs out 3 seconds later', async () => {
    const { server, page, problems } = journey;
    await page.getByRole('button', { name: PROFILE_TEXT.resetPassword }).click();
    const dialog = page.getByRole('dialog', { name: 'Reset your password?' });
    await dialog.waitFor();
    expect(await dialog.textContent()).toContain(DEMO_ADMIN.email);
    await screenshot(page, 'profile-reset-confirm');
    await dialog.getByRole('button', { name: 'Send reset link' }).click();
    await toast(`We emailed a password reset link to ${DEMO_ADMIN.email}.`);
    const askedAt = Date.now();
    await screenshot(page, 'profile-reset-sent');
    await page.waitForURL(`${server.url}/site/`, { timeout: 15_000 });
    expect(Date.now() - askedAt).toBeGreaterThanOrEqual(2500);
    expect(await page.evaluate(() => window.localStorage.getItem('apiToken'))).toBeNull();
    expect(problems).toEqual([]);
  });

  it('the emailed link is in the outbox (read after a graceful stop), and a new server picks the data up', async () => {
    const { server } = journey;
    const exited = new Promise((resolve) => server.process.once('exit', resolve));
    server.process.kill('SIGTERM');
    await exited;
    const mails = (await outbox('password-reset')).filter((m) => m.to === DEMO_ADMIN.email);
    expect(mails).toHaveLength(1);
    const link = new URL(/https?:\/\/\S+\/password-reset\/[\w-]{43}/.exec(mails[0]!.text)![0]);
    expect(link.origin).toBe(server.url);
    resetPath = link.pathname;
    await journey.restartServer();
  });

  it('the link sets a new password once; the old one is refused and the new one signs in', async () => {
    const { server, page, problems } = journey;
    await page.goto(`${server.url}${resetPath}`);
    await page.getByRole('heading', { name: 'Choose a new password' }).waitFor();
    expect(await seriousAxeViolations(page)).toEqual([]);
    await page.getByLabel('New password', { exact: true }).fill(NEW_PASSWORD);
    await page.getByLabel('Confirm new password').fill(`${NEW_PASSWORD}!`);
    await page.getByRole('button', { name: 'Change password' }).click();
    await page.getByText('The two passwords do not match. Type the same password twice.').waitFor();
    await screenshot(page, 'password-reset-mismatch');
    await page.getByLabel('New password', { exact: true }).fill(NEW_PASSWORD);
    await page.getByLabel('Confirm new password').fill(NEW_PASSWORD);
    await page.getByRole('button', { name: 'Change password' }).click();
    await page.getByRole('heading', { name: 'Your password has been changed' }).waitFor();
    await screenshot(page, 'password-reset-done');
    expect(await seriousAxeViolations(page)).toEqual([]);

    // A second visit to the link only says it is spent, with a way to ask again.
    const again = await page.context().newPage();
    await again.goto(`${server.url}${resetPath}`);
    await again.getByRole('heading', { name: 'This link has expired or was already used' }).waitFor();
    await screenshot(again, 'password-reset-expired');
    await again.close();

    await page.getByRole('link', { name: 'Sign in' }).click();
    await page.waitForURL(/\/interaction\//);
    await screenshot(page, 'login-with-forgot-link');
    expect(await page.getByRole('link', { name: 'Forgot your password?' }).getAttribute('href')).toBe(
      '/password-reset',
    );
    await page.getByLabel('Email').fill(DEMO_ADMIN.email);
    await page.getByLabel('Password').fill(DEMO_ADMIN.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByText('Incorrect email or password.').waitFor();
    await signIn(page, DEMO_ADMIN.email, NEW_PASSWORD);
    await page.waitForURL(`${server.url}/`);
    await page.goto(`${server.url}/profile`);
    await form().waitFor();
    expect(await input('Company').inputValue()).toBe('Harbor & Pine Tax Advisors LLC');
    // AUTH-13: the same browser signing in again is no new device: no call, no second notice.
    expect(newDeviceCalls).toEqual(['POST']);
    expect(problems).toEqual([]);
  });

  it('AUTH-13 exactly one new-sign-in notice was emailed, for the first sign-in', async () => {
    const { server } = journey;
    const exited = new Promise((resolve) => server.process.once('exit', resolve));
    server.process.kill('SIGTERM');
    await exited;
    const notices = (await outbox('new-device')).filter((m) => m.to === DEMO_ADMIN.email);
    expect(notices).toHaveLength(1);
    expect(notices[0]!.text).toContain('Browser: Chrome on Linux');
  });
});

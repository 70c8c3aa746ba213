import { generateSync } from 'otplib';
import { signIn, type Page } from './browser';

/**
 * Staff sign in with a code from an authenticator app (TOTP). The first sign-in of a seeded staff
 * member sets it up: the key shown on the page is kept here, per email, for the rest of the test run,
 * and codes are computed from it with otplib (independent of the server's implementation).
 */
const keys = new Map<string, { secret: string; lastStep: number }>();
const PERIOD = 30;

/**
 * A code the server has not taken yet: the current step's, or the next one's (it accepts one step
 * either side), waiting for the step to come round only when both were used.
 */
async function unusedCode(email: string): Promise<string> {
  const key = keys.get(email);
  if (!key) throw new Error(`no authenticator key for ${email}: sign them in first in this run`);
  const nowStep = Math.floor(Date.now() / 1000 / PERIOD);
  const step = Math.max(nowStep, key.lastStep + 1);
  if (step > nowStep + 1)
    await new Promise((resolve) => setTimeout(resolve, (step - 1) * PERIOD * 1000 - Date.now() + 50));
  key.lastStep = step;
  return generateSync({ secret: key.secret, epoch: step * PERIOD });
}

/** The key a page shows (the enrolment page's, or the profile's Turn on), remembered for `email`. */
export async function rememberShownKey(page: Page, email: string, selector: string): Promise<string> {
  const text = (await page.locator(selector).textContent()) ?? '';
  const secret = text.replace(/\s+/g, '');
  keys.set(email, { secret, lastStep: 0 });
  return unusedCode(email);
}

/** A code for a person whose key this run has seen (the code step, or a customer's own sign-in). */
export const codeFor = (email: string) => unusedCode(email);

/** Signs a staff member in through the real pages, second factor included: set up, or a code. */
export async function signInStaff(page: Page, email: string, password: string) {
  await signIn(page, email, password);
  const setUp = page.getByRole('heading', { name: 'Set up two-factor sign-in' });
  const codeStep = page.getByRole('heading', { name: 'Two-factor code' });
  await setUp.or(codeStep).waitFor();
  if (await setUp.isVisible()) {
    await page.getByLabel('Code from your app').fill(await rememberShownKey(page, email, '#totp-secret'));
    await page.getByRole('button', { name: 'Turn on and continue' }).click();
    await page.getByRole('heading', { name: 'Save your recovery codes' }).waitFor();
    await page.getByRole('button', { name: 'I have saved them, continue' }).click();
    return;
  }
  await enterCode(page, email);
}

/** The code step of a sign-in, for anyone whose key this run has seen. */
export async function enterCode(page: Page, email: string) {
  await page.getByRole('heading', { name: 'Two-factor code' }).waitFor();
  await page.getByLabel('Authentication code').fill(await codeFor(email));
  await page.getByRole('button', { name: 'Verify' }).click();
}

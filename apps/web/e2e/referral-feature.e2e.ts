import { REFERRAL_TEXT, SIGNUP_TEXT } from '@enq/contract';
import { describe, expect, it } from 'vitest';
import { openDatabase } from '../../api/src/db/client';
import { DEMO_ADMIN } from '../../api/src/db/seed/demo-account';
import { DEMO_REFERRAL_CODE } from '../../api/src/db/seed/demo-referrals';
import { screenshot, seriousAxeViolations, signIn, watchPageProblems } from './support/browser';
import { useJourney } from './support/journey';

describe('referral and feature request (Chromium against the real server)', () => {
  // Seeded: the data directory outlives the restart that reads the sign-up email from the outbox.
  const journey = useJourney({ permissions: ['clipboard-read', 'clipboard-write'] });

  const clipboard = () => journey.page.evaluate(() => navigator.clipboard.readText());
  const link = () => `${journey.server.url}/site/signup?ref=${DEMO_REFERRAL_CODE}`;

  it('REF-01 REF-02 REF-04 REF-06 copies the referral link: toast and clipboard', async () => {
    const { server, page } = journey;
    await page.goto(`${server.url}/referral`);
    await signIn(page, DEMO_ADMIN.email, DEMO_ADMIN.password);
    await page.waitForURL(`${server.url}/referral`);
    const code = page.getByRole('textbox', { name: 'Referral code' });
    await code.waitFor();
    expect(await code.inputValue()).toBe(DEMO_REFERRAL_CODE);
    expect(await page.getByRole('textbox', { name: 'Referral link' }).inputValue()).toBe(link());
    expect(await page.getByRole('region', { name: 'Terms' }).getByRole('listitem').count()).toBeGreaterThan(
      4,
    );
    await screenshot(page, 'referral');
    expect(await seriousAxeViolations(page)).toEqual([]);

    await page.getByRole('button', { name: 'Copy referral link' }).click();
    await page.getByText(REFERRAL_TEXT.linkCopied).waitFor();
    expect(await clipboard()).toBe(link());
    await screenshot(page, 'referral-link-copied');
  });

  it('REF-03 REF-05 copies the code, and Share via Email opens a message with the link', async () => {
    const { page } = journey;
    await page.getByRole('button', { name: 'Copy referral code' }).click();
    await page.getByText(REFERRAL_TEXT.codeCopied).waitFor();
    expect(await clipboard()).toBe(DEMO_REFERRAL_CODE);
    const href = await page.getByRole('link', { name: REFERRAL_TEXT.shareViaEmail }).getAttribute('href');
    const params = new URLSearchParams(href!.replace(/^mailto:\?/, ''));
    expect(params.get('subject')).toBe('Harbor & Pine Tax Advisors invites you to try enQ');
    expect(params.get('body')).toContain(link());
  });

  it('FEAT-01 FEAT-02 the feature request page embeds the form prefilled with the profile email', async () => {
    const { server, page, problems } = journey;
    await page.getByRole('navigation').getByRole('link', { name: 'Feature Request' }).first().click();
    await page.waitForURL(`${server.url}/feature-request`);
    const frame = page.frameLocator('iframe[title="Feature request form"]');
    // The frame stays sandboxed: the form posts with Origin: null and its token carries it through.
    const sandbox = await page.locator('iframe[title="Feature request form"]').getAttribute('sandbox');
    expect(sandbox).toContain('allow-forms');
    expect(sandbox).not.toContain('allow-same-origin');
    const email = frame.getByLabel('Email');
    await email.waitFor();
    expect(await email.inputValue()).toBe(DEMO_ADMIN.email);
    // The demo profile's +12075550143, written as Profile writes it: one way of writing a phone number.
    expect(await frame.getByLabel('Phone').inputValue()).toBe('(207) 555-0143');
    await page
      .getByRole('status', { name: 'Loading the feature request form' })
      .waitFor({ state: 'detached' });
    // The sandboxed (opaque-origin) frame still gets the site's stylesheet: the button is the site's blue.
    expect(
      await frame
        .getByRole('button', { name: 'Send request' })
        .evaluate((button) => getComputedStyle(button).backgroundColor),
    ).toBe('rgb(37, 99, 235)');
    await screenshot(page, 'feature-request');
    expect(await seriousAxeViolations(page)).toEqual([]);

    await frame.getByLabel('Title').fill('Export call history to QuickBooks');
    await frame
      .getByLabel('Details')
      .fill('A QuickBooks export of call time would save our billing team hours.');
    await frame.getByRole('button', { name: 'Send request' }).click();
    await frame.getByText('Thank you! Your feature request has been sent to the enQ product team.').waitFor();
    expect(problems).toEqual([]);
  });

  it('both pages work at 390 px', async () => {
    const { server, page, problems } = journey;
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(`${server.url}/referral`);
    await page.getByRole('textbox', { name: 'Referral code' }).waitFor();
    await screenshot(page, 'referral-390');
    expect(await seriousAxeViolations(page)).toEqual([]);
    await page.goto(`${server.url}/feature-request`);
    await page.frameLocator('iframe[title="Feature request form"]').getByLabel('Email').waitFor();
    await page
      .getByRole('status', { name: 'Loading the feature request form' })
      .waitFor({ state: 'detached' });
    await screenshot(page, 'feature-request-390');
    expect(await seriousAxeViolations(page)).toEqual([]);
    expect(problems).toEqual([]);
  });

  // Last: reading the outbox restarts the server on another port, which the pages above were on.
  it('the referral link leads to a sign-up page that names the referrer; the emailed link opens the account', async () => {
    const { browser } = journey;
    const visitorContext = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const visitor = await visitorContext.newPage();
    const problems = watchPageProblems(visitor);
    try {
      await visitor.goto(link());
      await visitor.getByText('Harbor & Pine Tax Advisors referred you to enQ.').waitFor();
      expect(await seriousAxeViolations(visitor)).toEqual([]);
      await visitor.getByLabel('Full name').fill('Riley Chen');
      await visitor.getByLabel('Company or practice').fill('Chen & Ortega Tax Group');
      await visitor.getByLabel('Email').fill('riley.chen@chenortega.com');
      await visitor.getByLabel('Password').fill('short');
      await visitor.getByLabel('Plan').selectOption('practice-monthly');
      // The browser's own check stops a short password first; the server says the same when it gets one.
      await visitor
        .getByLabel('Password')
        .evaluate((input: HTMLInputElement) => input.removeAttribute('minlength'));
      await visitor.getByRole('button', { name: 'Create account' }).click();
      await visitor.getByRole('alert').getByText('Use at least 10 characters for your password.').waitFor();
      await screenshot(visitor, 'signup-errors');
      await visitor.getByLabel('Password').fill('pine cones in winter');
      await visitor.getByRole('button', { name: 'Create account' }).click();
      // Sign-up finishes by email (issue 22): the answer is the same for any email.
      await visitor.getByRole('heading', { name: SIGNUP_TEXT.checkEmail }).waitFor();
      await screenshot(visitor, 'signup-check-email');

      // The email is in the outbox of the server's embedded database, which its process holds locked:
      // stop it (a graceful stop finishes the work the form left for after its answer), read, start again.
      const exited = new Promise((resolve) => journey.server.process.once('exit', resolve));
      journey.server.process.kill('SIGTERM');
      await exited;
      const database = await openDatabase({ kind: 'pglite', dataDir: journey.dataDir });
      const mails = await database
        .query<{ text: string }>(`select text from outbox where kind = 'signup-link' and "to" = $1`, [
          'riley.chen@chenortega.com',
        ])
        .finally(() => database.close());
      expect(mails).toHaveLength(1);
      const path = new URL(/https?:\/\/\S+\/site\/signup\/confirm\/[\w-]{43}/.exec(mails[0]!.text)![0])
        .pathname;
      await journey.restartServer();

      await visitor.goto(`${journey.server.url}${path}`);
      await visitor.getByRole('heading', { name: SIGNUP_TEXT.confirmTitle }).waitFor();
      expect(await seriousAxeViolations(visitor)).toEqual([]);
      await screenshot(visitor, 'signup-confirm');
      await visitor.getByRole('button', { name: SIGNUP_TEXT.confirmButton }).click();
      await visitor.getByRole('heading', { name: SIGNUP_TEXT.ready }).waitFor();
      await screenshot(visitor, 'signup-ready');
      expect(problems).toEqual([]);
    } finally {
      await visitorContext.close();
    }
    // The referrer, signing in on the restarted server, sees the new practice as pending.
    const adminContext = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    try {
      const admin = await adminContext.newPage();
      await admin.goto(`${journey.server.url}/referral`);
      await signIn(admin, DEMO_ADMIN.email, DEMO_ADMIN.password);
      await admin.getByText('Chen & Ortega Tax Group').waitFor();
      expect(await admin.getByRole('list', { name: 'Referred customers' }).textContent()).toContain(
        'Bonus pending',
      );
    } finally {
      await adminContext.close();
    }
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../src/db/client';
import { DEMO_ADMIN, DEMO_ANNUAL, DEMO_NEW_TEAM } from '../../src/db/seed/demo-account';
import { DEMO_CANCELLED, DEMO_PAUSED } from '../../src/db/seed/demo-seasons';
import { hashPassword } from '../../src/domain/auth/password';
import { signInBanner } from '../../src/startup/sign-in-banner';
import { createTestApp, type TestContext } from '../helpers/app';

describe('the sign-in details npm start prints', () => {
  let ctx: TestContext;
  let database: Database;
  beforeAll(async () => {
    ctx = await createTestApp('pglite');
    database = ctx.database;
  });
  afterAll(() => ctx?.close());

  const banner = () =>
    signInBanner(database, { portal: 'http://localhost:8080', mail: null }, 'svc-key-for-the-banner');
  const lineOf = (text: string, email: string) => text.split('\n').find((l) => l.includes(email))!;

  it('prints the demo passwords while they still sign in, and never one that was changed', async () => {
    const before = await banner();
    expect(lineOf(before, DEMO_ADMIN.email)).toContain(`${DEMO_ADMIN.email} / ${DEMO_ADMIN.password}`);
    expect(before).toContain('Telephony service key:         svc-key-for-the-banner');

    await database.query('update people set password_hash = $1 where email = $2', [
      await hashPassword('a-new-password-of-dana'),
      DEMO_ADMIN.email,
    ]);
    const after = await banner();
    expect(lineOf(after, DEMO_ADMIN.email)).not.toContain(DEMO_ADMIN.password);
    expect(lineOf(after, DEMO_ADMIN.email)).toContain('(password changed since');
    // The others are as they were.
    expect(lineOf(after, DEMO_ANNUAL.email)).toContain(`${DEMO_ANNUAL.email} / ${DEMO_ANNUAL.password}`);
    expect(lineOf(after, DEMO_NEW_TEAM.email)).toContain(
      `New team, no users yet:        ${DEMO_NEW_TEAM.email} / ${DEMO_NEW_TEAM.password}`,
    );
    expect(lineOf(after, DEMO_PAUSED.email)).toContain(
      `Paused for the quiet months:   ${DEMO_PAUSED.email} / ${DEMO_PAUSED.password}`,
    );
    expect(lineOf(after, DEMO_CANCELLED.email)).toContain(
      `Cancelled, with a reason:      ${DEMO_CANCELLED.email} / ${DEMO_CANCELLED.password}`,
    );
  });
});

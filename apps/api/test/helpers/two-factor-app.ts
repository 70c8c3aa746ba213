import { generateSync } from 'otplib';
import { afterAll, beforeAll } from 'vitest';
import { issueApiToken } from '../../src/domain/auth/api-tokens';
import { createTestApp, type Driver, type TestContext } from './app';

/**
 * The app the two-factor API tests share, made in the suite's beforeAll: bearer tokens for `emails`,
 * and a server clock that moves a minute before each code, as each code is taken once (its 30 s step
 * is spent).
 */
export function twoFactorApp(driver: Driver, emails: string[]) {
  let offsetMs = 0;
  const clock = { now: () => new Date(Date.now() + offsetMs) };
  const app = {
    ctx: undefined as unknown as TestContext,
    people: {} as Record<string, { id: string; accountId: string; token: string }>,
    /** Moves the server's clock on (a lockout running out). */
    wait(ms: number) {
      offsetMs += ms;
    },
    /** The next code, computed by otplib (independent of the server's otpauth). */
    nextCode(secret: string) {
      offsetMs += 60_000;
      return generateSync({ secret, epoch: Math.floor(clock.now().getTime() / 1000) });
    },
  };
  beforeAll(async () => {
    app.ctx = await createTestApp(driver, {}, { clock });
    for (const email of emails) {
      const [p] = await app.ctx.database.query<{ id: string; account_id: string }>(
        'select id, account_id from people where email = $1',
        [email],
      );
      app.people[email] = {
        id: p!.id,
        accountId: p!.account_id,
        token: (await issueApiToken(app.ctx.database, p!.id)).token,
      };
    }
  });
  afterAll(() => app.ctx?.close());
  return app;
}

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ADMIN } from '../../../src/db/seed/demo-account';
import { issueApiTokenForEmail } from '../../../src/domain/auth/api-tokens';
import { createTestApp, type TestContext } from '../../helpers/app';

describe('npm run token: a token for an email, however it is written', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp('pglite');
  });
  afterAll(() => ctx?.close());

  const whoseToken = async (email: string) => {
    const issued = await issueApiTokenForEmail(ctx.database, email);
    if (!issued) return null;
    const me = await ctx.app.inject({
      url: '/api/v1/auth/me',
      headers: { authorization: `Bearer ${issued.token}` },
    });
    return me.json<{ email: string }>().email;
  };

  it('finds the same person by case, spaces and a full-width spelling, and nobody for another email', async () => {
    const fullWidth = DEMO_ADMIN.email.replace('d', '\uFF44'); // ｄ folds to d (NFKC)
    for (const spelling of [
      DEMO_ADMIN.email,
      DEMO_ADMIN.email.toUpperCase(),
      `  ${DEMO_ADMIN.email} `,
      fullWidth,
    ])
      expect(await whoseToken(spelling), spelling).toBe(DEMO_ADMIN.email);
    expect(await whoseToken('nobody@harborpinetax.com')).toBeNull();
  });
});

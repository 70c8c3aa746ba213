import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../helpers/app';

/** The forgot-password form allows 10 posts per client address in 15 minutes. (Hop counts: config.test.ts.) */
describe.each([
  // The value, and what X-Forwarded-For holds after the client's own entries (its address, then proxies').
  ['true', ['203.0.113.7']],
  ['127.0.0.1, 10.0.0.0/8', ['203.0.113.7', '10.0.0.1', '10.0.0.2']],
])('TRUST_PROXY=%s: the client is the right-most untrusted address', (trust, proxies) => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp('pglite', { TRUST_PROXY: trust });
  });
  afterAll(() => ctx?.close());

  const post = (forwardedFor: string) =>
    ctx.app.inject({
      method: 'POST',
      url: '/password-reset',
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        origin: ctx.app.config.publicUrl,
        'x-forwarded-for': forwardedFor,
      },
      payload: 'email=nobody%40example.com',
    });

  it('a client writing a new left-most X-Forwarded-For entry each time is still throttled', async () => {
    const codes: number[] = [];
    for (let i = 0; i < 11; i++)
      codes.push((await post([`198.51.100.${i}`, ...proxies].join(', '))).statusCode);
    expect(codes.slice(0, 10).every((c) => c === 200)).toBe(true);
    expect(codes[10]).toBe(429);
    // Another client behind the same proxies has its own allowance.
    expect((await post(['203.0.113.99', ...proxies.slice(1)].join(', '))).statusCode).toBe(200);
  });
});

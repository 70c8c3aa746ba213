import { API_ACCOUNT_BASE } from '@enq/contract';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_COMPRESS_MIN_BYTES } from '../src/app';
import { DEMO_ADMIN } from '../src/db/seed/demo-account';
import { issueApiToken } from '../src/domain/auth/api-tokens';
import { createTestApp, type TestContext } from './helpers/app';

// What a browser sends: large answers come back compressed, and read the same once decoded.
describe('compressed answers', () => {
  let ctx: TestContext;
  let auth: Record<string, string>;
  beforeAll(async () => {
    ctx = await createTestApp('pglite');
    const [admin] = await ctx.database.query<{ id: string }>('select id from people where email = $1', [
      DEMO_ADMIN.email,
    ]);
    auth = { authorization: `Bearer ${(await issueApiToken(ctx.database, admin!.id)).token}` };
  });
  afterAll(() => ctx?.close());

  const get = (url: string, headers: Record<string, string> = {}) =>
    ctx.app.inject({ url, headers: { ...auth, ...headers } });

  it('sends the rate table with brotli to a browser that takes it, the same JSON once decoded', async () => {
    const plain = await get(`${API_ACCOUNT_BASE}/rates/`);
    expect(plain.headers['content-encoding']).toBeUndefined();
    const br = await get(`${API_ACCOUNT_BASE}/rates/`, { 'accept-encoding': 'gzip, deflate, br, zstd' });
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length / 3);
    expect(JSON.parse(brotliDecompressSync(br.rawPayload).toString())).toEqual(plain.json());
  });

  it('sends gzip to a client that takes only gzip, such as the API description', async () => {
    const plain = await ctx.app.inject('/api/docs/json');
    const gz = await ctx.app.inject({ url: '/api/docs/json', headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(gz.rawPayload).toString())).toEqual(plain.json());
  });

  it('sends a small answer such as the overview as it is: compressing it would cost more than it saves', async () => {
    const response = await get(`${API_ACCOUNT_BASE}/`, { 'accept-encoding': 'br, gzip' });
    expect(response.statusCode).toBe(200);
    expect(response.rawPayload.length).toBeLessThan(API_COMPRESS_MIN_BYTES);
    expect(response.headers['content-encoding']).toBeUndefined();
    expect(response.json()).toHaveProperty('subscription_info');
  });
});

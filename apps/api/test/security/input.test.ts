import {
  API_ACCOUNT_BASE,
  PROFILE_PATHS,
  SERVICE_KEY_HEADER,
  TELEPHONY_CALLS_PATH,
  type Profile,
} from '@enq/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ADMIN } from '../../src/db/seed/demo-account';
import { DEMO_PROFILE } from '../../src/db/seed/demo-profile';
import { issueApiToken } from '../../src/domain/auth/api-tokens';
import { createTestApp, drivers, type TestContext } from '../helpers/app';

const KEY = 'svc_test_key_that_is_long_enough_123';
const NUL = 'a\u0000b';
const LONE = 'a\uD800b';

describe.each(drivers)('text the API refuses (%s)', (driver) => {
  let ctx: TestContext;
  let token: string;
  let pin: string;
  beforeAll(async () => {
    ctx = await createTestApp(driver, { TELEPHONY_SERVICE_KEY: KEY });
    const [p] = await ctx.database.query<{ id: string; pin: string }>(
      'select id, pin from people where email = $1',
      [DEMO_ADMIN.email],
    );
    pin = p!.pin;
    token = (await issueApiToken(ctx.database, p!.id)).token;
  });
  afterAll(() => ctx?.close());

  const auth = () => ({ authorization: `Bearer ${token}` });
  const putProfile = (patch: Partial<Profile>) =>
    ctx.app.inject({
      method: 'PUT',
      url: `${API_ACCOUNT_BASE}${PROFILE_PATHS.profile}`,
      headers: auth(),
      payload: { ...DEMO_PROFILE, ...patch },
    });

  it.each([
    ['a NUL', NUL, 'NUL'],
    ['a lone surrogate', LONE, 'surrogate'],
    ['a control character', 'a\u001bb', 'control'],
    ['a line break in a one-line field', 'a\nb', 'single line'],
  ])('answers %s in a body field with 400 naming the field, and saves nothing', async (_, bad, words) => {
    const response = await putProfile({ company: bad });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 'BAD_REQUEST', field: 'company' });
    expect(response.json().message).toContain(words);
    const saved = await ctx.app.inject({
      url: `${API_ACCOUNT_BASE}${PROFILE_PATHS.profile}`,
      headers: auth(),
    });
    expect(saved.json().company).toBe(DEMO_PROFILE.company);
  });

  it('keeps accepting ordinary text: accents, emoji (surrogate pairs), apostrophes', async () => {
    const response = await putProfile({ company: "Ørsted & O'Brien 🌲 Tax" });
    expect(response.statusCode).toBe(200);
    await putProfile({});
  });

  it('refuses a NUL in a query parameter of the calls download with 400 before any header is sent', async () => {
    const response = await ctx.app.inject({
      url: `${API_ACCOUNT_BASE}/calls/download/?timestampFrom=2026-01-01T00:00:00Z&timestampTo=2026-02-01T00:00:00Z&user=a%00b`,
      headers: auth(),
    });
    expect(response.statusCode).toBe(400);
    expect(response.headers['content-type']).toContain('application/json');
    expect(response.json()).toMatchObject({ field: 'user' });
  });

  it('keeps the 999 good calls of a batch with one bad record, rejecting it by index; a resend is harmless', async () => {
    const at = new Date(Date.now() - 3_600_000).toISOString();
    const calls = Array.from({ length: 1000 }, (_, i) => ({
      call_uuid: `sec-${i}`,
      pin,
      call_timestamp: at,
      destination: i === 500 ? `IRS${LONE}` : 'IRS Practitioner Priority Service',
      caller_id_number: i === 700 ? NUL : '+12125550100',
      billed_duration: 60,
    }));
    const post = () =>
      ctx.app.inject({
        method: 'POST',
        url: TELEPHONY_CALLS_PATH,
        headers: { [SERVICE_KEY_HEADER]: KEY },
        payload: { calls },
      });
    const first = await post();
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({
      accepted: 998,
      duplicates: 0,
      rejected: [
        { index: 500, call_uuid: 'sec-500', reason: expect.stringContaining('destination') },
        { index: 700, call_uuid: 'sec-700', reason: expect.stringContaining('caller_id_number') },
      ],
    });
    const again = await post();
    expect(again.statusCode).toBe(200);
    expect(again.json()).toMatchObject({ accepted: 0, duplicates: 998 });
  });

  const form = (url: string, fields: Record<string, string>) =>
    ctx.app.inject({
      method: 'POST',
      url,
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: ctx.app.config.publicUrl },
      payload: new URLSearchParams(fields).toString(),
    });

  it('answers a NUL in a sign-up field with a 400 page, and creates nothing', async () => {
    const count = async () =>
      (await ctx.database.query<{ n: number }>('select count(*)::int as n from accounts'))[0]!.n;
    const before = await count();
    const response = await form('/site/signup', {
      full_name: NUL,
      company: 'Co',
      email: 'nul@example.com',
      password: 'long-enough-password',
      plan: 'x',
    });
    expect(response.statusCode).toBe(400);
    expect(response.headers['content-type']).toContain('text/html');
    expect(await count()).toBe(before);
  });

  it('answers a NUL in the forgot-password email with a 400 page', async () => {
    const response = await form('/password-reset', { email: `dana${NUL}@x.com` });
    expect(response.statusCode).toBe(400);
  });

  it('answers a NUL in a full name with 400 naming the row, and adds nobody', async () => {
    const count = async () =>
      (await ctx.database.query<{ n: number }>('select count(*)::int as n from people'))[0]!.n;
    const before = await count();
    const boundary = '----enqsecurity';
    const csv = `full_name,email\nGood Name,good.csv@harborpinetax.com\nBad${NUL}Name,bad.csv@harborpinetax.com\n`;
    const response = await ctx.app.inject({
      method: 'POST',
      url: `${API_ACCOUNT_BASE}/users/`,
      headers: {
        ...auth(),
        'content-type': `multipart/form-data; boundary=${boundary}`,
      },
      payload:
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="users.csv"\r\n` +
        `Content-Type: text/csv\r\n\r\n${csv}\r\n--${boundary}--\r\n`,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ field: 'file' });
    expect(JSON.stringify(response.json().errors)).toContain('Full name must not contain a NUL');
    expect(await count()).toBe(before);
  });
});

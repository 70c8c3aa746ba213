import { API_ACCOUNT_BASE, FEATURE_REQUEST_MESSAGES, FEATURE_REQUEST_TEXT } from '@enq/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ADMIN, DEMO_ANNUAL } from '../../../src/db/seed/demo-account';
import { issueApiToken } from '../../../src/domain/auth/api-tokens';
import { readProfile } from '../../../src/domain/profile/profile-repository';
import {
  FORM_TOKEN_FIELD,
  issueFormToken,
  loadFormTokenKey,
} from '../../../src/domain/feature-request/form-token';
import { createTestApp, drivers, type TestContext } from '../../helpers/app';

const LOCAL_FORM = 'http://localhost:8080/site/feature-request';

async function signedIn(ctx: TestContext, email: string) {
  const [p] = await ctx.database.query<{ id: string; account_id: string }>(
    'select id, account_id from people where email = $1',
    [email],
  );
  return { ...p!, token: (await issueApiToken(ctx.database, p!.id)).token };
}

const formUrl = async (ctx: TestContext, token: string) => {
  const response = await ctx.app.inject({
    method: 'GET',
    url: `${API_ACCOUNT_BASE}/feature-request/`,
    headers: { authorization: `Bearer ${token}` },
  });
  expect(response.statusCode).toBe(200);
  return response.json().form_url as string;
};

const directive = (csp: string, name: string) =>
  csp
    .split(';')
    .map((d) => d.trim())
    .find((d) => d.startsWith(`${name} `));

describe.each(drivers)('feature request (%s)', (driver) => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp(driver);
  });
  afterAll(() => ctx?.close());

  /** The token the form page hands out, as a browser reads it from the hidden field. */
  const pageToken = async (remoteAddress?: string) => {
    const page = await ctx.app.inject({ url: '/site/feature-request', remoteAddress });
    return new RegExp(`name="${FORM_TOKEN_FIELD}" value="([^"]+)"`).exec(page.body)![1]!;
  };
  const post = async (
    fields: Record<string, string>,
    {
      origin = 'http://localhost:8080',
      token,
      remoteAddress,
    }: { origin?: string; token?: string | null; remoteAddress?: string } = {},
  ) => {
    const formToken = token === undefined ? await pageToken(remoteAddress) : token;
    return ctx.app.inject({
      method: 'POST',
      url: '/site/feature-request',
      remoteAddress,
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin },
      payload: new URLSearchParams({
        ...fields,
        ...(formToken === null ? {} : { [FORM_TOKEN_FIELD]: formToken }),
      }).toString(),
    });
  };
  const stored = () =>
    ctx.database.query<{ account_id: string | null; email: string; title: string; details: string }>(
      'select account_id, email, title, details from feature_requests order by id',
    );

  it('FEAT-02 the form address carries the profile email, phone, first and last name', async () => {
    const dana = await signedIn(ctx, DEMO_ADMIN.email);
    const url = new URL(await formUrl(ctx, dana.token));
    expect(`${url.origin}${url.pathname}`).toBe(LOCAL_FORM);
    const profile = (await readProfile(ctx.database, dana.id))!;
    expect(url.searchParams.get('email')).toBe(DEMO_ADMIN.email);
    expect(url.searchParams.get('first_name')).toBe(profile.first_name);
    expect(url.searchParams.get('last_name')).toBe(profile.last_name);
    expect(profile.phone_number).toMatch(/^\+1\d{10}$/);
    // Written as Profile shows it, not as stored: one way of writing a phone number on every screen.
    expect(url.searchParams.get('phone')).toBe(
      `(${profile.phone_number.slice(2, 5)}) ${profile.phone_number.slice(5, 8)}-${profile.phone_number.slice(8)}`,
    );
  });

  it('FEAT-02 percent-encodes what the profile holds', async () => {
    const sam = await signedIn(ctx, DEMO_ANNUAL.email);
    await ctx.database.query(
      `insert into profiles (account_id, person_id, first_name, last_name, phone_number)
       select account_id, id, $2, $3, $4 from people where id = $1
       on conflict (person_id, account_id) do update set first_name = $2, last_name = $3, phone_number = $4`,
      [sam.id, 'Sam & Jo', 'Ortiz Núñez', '+15035550142'],
    );
    expect(await formUrl(ctx, sam.token)).toBe(
      `${LOCAL_FORM}?first_name=Sam+%26+Jo&last_name=Ortiz+N%C3%BA%C3%B1ez&email=sam.ortiz%40lakesidebooks.com&phone=%28503%29+555-0142`,
    );
  });

  it('FEAT-01 the local form reads the prefill into its fields and may be framed by the portal only', async () => {
    const page = await ctx.app.inject(
      '/site/feature-request?first_name=Sam+%26+Jo&last_name=%3Cb%3EOrtiz&email=sam.ortiz%40lakesidebooks.com&phone=%2B15035550142',
    );
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain(
      'id="first_name" name="first_name" type="text" autocomplete="given-name" maxlength="100" value="Sam &amp; Jo"',
    );
    expect(page.body).toContain('value="&lt;b&gt;Ortiz"');
    expect(page.body).toContain('value="sam.ortiz@lakesidebooks.com"');
    expect(page.body).toContain('value="+15035550142"');
    // Details may come prefilled (the cancel flow's words); the title never does.
    const withDetails = await ctx.app.inject(
      '/site/feature-request?title=Hi&details=QuickBooks+%3Cexport%3E',
    );
    expect(withDetails.body).toMatch(
      /<textarea[^>]*name="details"[^>]*>QuickBooks &lt;export&gt;<\/textarea>/,
    );
    expect(withDetails.body).not.toContain('value="Hi"');
    // One script, a file of our own that tells the framing portal the page's height; none inline.
    expect(page.body.match(/<script[^>]*>/g)).toEqual(['<script src="/site/frame-height.js" defer>']);
    const csp = page.headers['content-security-policy'] as string;
    expect(directive(csp, 'frame-ancestors')).toBe("frame-ancestors 'self'");
    expect(directive(csp, 'script-src')).toBe("script-src 'self'");
    expect(page.headers['x-frame-options']).toBe('SAMEORIGIN');
    // Every other page still refuses to be framed.
    const other = await ctx.app.inject('/site/signup');
    expect(directive(other.headers['content-security-policy'] as string, 'frame-ancestors')).toBe(
      "frame-ancestors 'none'",
    );
    // The portal may frame the configured form's origin.
    const portal = await ctx.app.inject('/healthz');
    expect(directive(portal.headers['content-security-policy'] as string, 'frame-src')).toBe(
      "frame-src 'self' http://localhost:8080",
    );
  });

  it('stores a request, with the account its email belongs to, and thanks the sender', async () => {
    const response = await post({
      first_name: 'Dana',
      last_name: 'Whitfield',
      email: DEMO_ADMIN.email,
      phone: '+15035550100',
      title: 'Export call history to QuickBooks',
      details: 'We bill clients for agency hold time; a QuickBooks export would save hours each week.',
    });
    expect(response.statusCode).toBe(303);
    // The thank-you address carries nothing of the visitor's (issue 22): it lands in logs and history.
    expect(response.headers.location).toBe('/site/feature-request/thanks');
    const thanks = await ctx.app.inject(response.headers.location as string);
    expect(thanks.statusCode).toBe(200);
    expect(thanks.body).toContain(FEATURE_REQUEST_TEXT.thanks);
    expect(directive(thanks.headers['content-security-policy'] as string, 'frame-ancestors')).toBe(
      "frame-ancestors 'self'",
    );
    expect(thanks.body).toContain('href="/site/feature-request"');
    expect(thanks.body).not.toContain('Whitfield');
    const { account_id } = await signedIn(ctx, DEMO_ADMIN.email);
    expect(await stored()).toEqual([
      {
        account_id,
        email: DEMO_ADMIN.email,
        title: 'Export call history to QuickBooks',
        details: 'We bill clients for agency hold time; a QuickBooks export would save hours each week.',
      },
    ]);
    // An email no account uses is stored without one.
    expect(
      (
        await post({
          email: 'visitor@example.com',
          title: 'Spanish IVR',
          details: 'Offer the menu in Spanish too.',
        })
      ).statusCode,
    ).toBe(303);
    expect((await stored())[1]).toMatchObject({ account_id: null, email: 'visitor@example.com' });
  });

  it('refuses a request without email, title or details, with the messages, and stores nothing', async () => {
    const before = (await stored()).length;
    const response = await post({ first_name: 'Dana', email: 'dana@', title: '<i', details: '' });
    expect(response.statusCode).toBe(400);
    expect(response.body).toContain(FEATURE_REQUEST_MESSAGES.email);
    expect(response.body).toContain(FEATURE_REQUEST_MESSAGES.title);
    expect(response.body).toContain(FEATURE_REQUEST_MESSAGES.details);
    expect(response.body).toContain('value="&lt;i"');
    expect(response.body).toContain('value="Dana"');
    expect(directive(response.headers['content-security-policy'] as string, 'frame-ancestors')).toBe(
      "frame-ancestors 'self'",
    );
    const tooLong = await post({ email: DEMO_ADMIN.email, title: 'Long', details: 'x'.repeat(5001) });
    expect(tooLong.statusCode).toBe(400);
    expect((await stored()).length).toBe(before);
  });

  it('takes a post from the sandboxed frame (Origin: null) only with the token its page handed out', async () => {
    const request = {
      email: 'visitor@example.com',
      title: 'Dark mode',
      details: 'A dark theme for late filing nights.',
    };
    const before = (await stored()).length;
    const key = await loadFormTokenKey(ctx.database);
    const now = ctx.app.clock.now();
    // Each address has its own allowance of posts a minute; these tests send more than one's.
    const visitor = '198.51.100.7';
    const valid = await pageToken(visitor);
    const [expires, nonce, mac] = valid.split('.');
    const refused = [
      null, // no token
      '', // an empty field
      `${expires}.${nonce}.${mac!.slice(1)}x`, // a forged signature
      `${Number(expires) + 60}.${nonce}.${mac}`, // a later expiry under the old signature
      `${expires}.${nonce!.slice(1)}x.${mac}`, // another nonce under the old signature
      issueFormToken(key, { form: 'signup', client: visitor }, now), // another form's token
      issueFormToken(key, { form: 'feature-request', client: visitor }, new Date(+now - 3 * 3_600_000)), // expired
      await pageToken('203.0.113.9'), // handed to another address
    ];
    for (const token of refused) {
      const response = await post(request, { origin: 'null', token, remoteAddress: visitor });
      expect(response.statusCode, String(token)).toBe(403);
      // The person's text stays in the form, with a fresh token to send it again.
      expect(response.body).toContain('This form has expired or was not opened here.');
      expect(response.body).toContain('value="Dark mode"');
      expect(response.body).toMatch(
        new RegExp(`name="${FORM_TOKEN_FIELD}" value="\\d+\\.[\\w-]{22}\\.[\\w-]{43}"`),
      );
    }
    const other = '198.51.100.8';
    const otherToken = await pageToken(other);
    // Our own pages send their origin, but the token is still required.
    expect((await post(request, { token: null, remoteAddress: other })).statusCode).toBe(403);
    // Another site is refused even with a token it fetched.
    const crossSite = await post(request, {
      origin: 'https://evil.example',
      token: otherToken,
      remoteAddress: other,
    });
    expect(crossSite.statusCode).toBe(403);
    expect(crossSite.body).toContain('Please try again');
    expect(crossSite.body).not.toContain(FORM_TOKEN_FIELD);
    expect((await stored()).length).toBe(before);

    const accepted = await post(request, { origin: 'null', token: otherToken, remoteAddress: other });
    expect(accepted.statusCode).toBe(303);
    expect((await stored()).length).toBe(before + 1);
    // A token sends one request (issue 22): replayed, it is refused and stores nothing.
    const replayed = await post(request, { origin: 'null', token: otherToken, remoteAddress: other });
    expect(replayed.statusCode).toBe(403);
    expect(replayed.body).toContain('This form has expired or was not opened here.');
    expect((await stored()).length).toBe(before + 1);
  });

  it('limits how often the form can be sent', async () => {
    let last = 0;
    for (let i = 0; i < 12 && last !== 429; i++)
      last = (await post({ email: '', title: '', details: '' })).statusCode;
    expect(last).toBe(429);
  });
});

describe('an external feature-request form (pglite)', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp('pglite', {
      FEATURE_REQUEST_FORM_URL: 'https://forms.example.com/enq/ideas?embed=1',
    });
  });
  afterAll(() => ctx?.close());

  it('FEAT-01 FEAT-02 FEATURE_REQUEST_FORM_URL replaces the local form, keeps its parameters and may be framed', async () => {
    const dana = await signedIn(ctx, DEMO_ADMIN.email);
    const url = new URL(await formUrl(ctx, dana.token));
    expect(`${url.origin}${url.pathname}`).toBe('https://forms.example.com/enq/ideas');
    expect(url.searchParams.get('embed')).toBe('1');
    expect(url.searchParams.get('email')).toBe(DEMO_ADMIN.email);
    const csp = (await ctx.app.inject('/healthz')).headers['content-security-policy'] as string;
    expect(directive(csp, 'frame-src')).toBe("frame-src 'self' https://forms.example.com");
  });
});

import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ADMIN } from '../../src/db/seed/demo-account';
import { createTestApp, drivers, type TestContext } from '../helpers/app';

// Issue 22: the provider's pages and the local site write HTML through one tag that escapes every
// interpolation unless it is markup (apps/api/src/routes/html.ts).
const SRC = new URL('../../src/', import.meta.url);
const PAGE_SOURCES = [
  ...readdirSync(new URL('routes/idp/', SRC))
    .filter((f) => f.endsWith('.ts'))
    .map((f) => `routes/idp/${f}`),
  ...readdirSync(new URL('routes/site/', SRC))
    .filter((f) => f.endsWith('.ts'))
    .map((f) => `routes/site/${f}`),
  'plugins/idp/provider.ts',
];

const EVIL = `"><script>alert('x')</script>`;
const ESCAPED = '&quot;&gt;&lt;script&gt;alert(&#39;x&#39;)&lt;/script&gt;';

describe('HTML that escapes by default', () => {
  it.each(PAGE_SOURCES)('%s writes no markup outside the html tag, and escapes nothing by hand', (file) => {
    const source = readFileSync(new URL(file, SRC), 'utf8');
    // A template or string literal that starts with a tag, and is not tagged `html`.
    const untagged = [...source.matchAll(/(^|[^\w])([`'"])\s*<[a-zA-Z!/]/gm)].filter(
      (m) => !(m[2] === '`' && source.slice(0, m.index + m[1]!.length).endsWith('html')),
    );
    expect(untagged.map((m) => source.slice(m.index, m.index + 40))).toEqual([]);
    expect(source).not.toContain('escapeHtml(');
  });
});

describe.each(drivers)('pages show what visitors typed as text (%s)', (driver) => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp(driver);
  });
  afterAll(() => ctx?.close());

  const form = (url: string, fields: Record<string, string>, remoteAddress = '10.31.0.1') =>
    ctx.app.inject({
      method: 'POST',
      url,
      remoteAddress,
      headers: { origin: 'http://localhost:8080', 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams(fields).toString(),
    });
  const expectEscaped = (body: string) => {
    expect(body).toContain(ESCAPED);
    expect(body).not.toContain('<script>alert');
  };

  it('the feature-request form, prefilled with a name', async () => {
    const page = await ctx.app.inject(`/site/feature-request?first_name=${encodeURIComponent(EVIL)}`);
    expectEscaped(page.body);
  });

  it('the sign-up page: an unknown referral code, and a refused form with a name and company', async () => {
    expectEscaped((await ctx.app.inject(`/site/signup?ref=${encodeURIComponent(EVIL)}`)).body);
    const refused = await form('/site/signup', { full_name: EVIL, company: EVIL, email: 'x', password: '' });
    expect(refused.statusCode).toBe(400);
    expectEscaped(refused.body);
  });

  it('the page of a sign-up link, with the company and name it was asked for', async () => {
    const token = 's'.repeat(43);
    await ctx.database.query(
      `insert into pending_signups (token_hash, email, full_name, company, password_hash, plan_id, expires_at)
       values ($1, 'evil@example.com', $2, $2, 'scrypt$x', 'solo-monthly', now() + interval '1 hour')`,
      [createHash('sha256').update(token).digest('hex'), EVIL],
    );
    const page = await ctx.app.inject(`/site/signup/confirm/${token}`);
    expect(page.statusCode).toBe(200);
    expectEscaped(page.body);
  });

  it("'Forgot your password?' with an email", async () => {
    const answer = await form('/password-reset', { email: EVIL }, '10.31.0.2');
    expectEscaped(answer.body);
    await ctx.app.afterAnswer.idle();
  });

  it('the page of a link that confirms a new sign-in email', async () => {
    const [admin] = await ctx.database.query<{ id: string; account_id: string }>(
      'select id, account_id from people where email = $1',
      [DEMO_ADMIN.email],
    );
    const token = 'e'.repeat(43);
    await ctx.database.query(
      `insert into email_changes (token_hash, account_id, person_id, new_email, expires_at)
       values ($1, $2, $3, $4, now() + interval '1 hour')`,
      [createHash('sha256').update(token).digest('hex'), admin!.account_id, admin!.id, EVIL],
    );
    const page = await ctx.app.inject(`/site/email-change/${token}`);
    expect(page.statusCode).toBe(200);
    expectEscaped(page.body);
  });
});

import { AUTH_PATHS } from '@enq/contract';
import { SignJWT, exportJWK, generateKeyPair } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ADMIN } from '../../src/db/seed/demo-account';
import { createIdTokenVerifier, localKeys } from '../../src/domain/auth/id-token-verifier';
import { createTestApp, drivers, type TestContext } from '../helpers/app';
import { providerSignedIdToken, subjectOf } from '../helpers/tokens';

const BASE64URL = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';

/** Every other last character of the signature segment that decodes to the same signature bytes. */
function lastCharacterTwins(token: string): string[] {
  const signature = token.slice(token.lastIndexOf('.') + 1);
  const bytes = Buffer.from(signature, 'base64url');
  return [...BASE64URL]
    .filter((c) => c !== signature.at(-1))
    .map((c) => token.slice(0, -1) + c)
    .filter((t) => Buffer.from(t.slice(t.lastIndexOf('.') + 1), 'base64url').equals(bytes));
}

/** What the probe sent after a token's first exchange: the same token, spelt otherwise. */
function respellings(token: string): Record<string, string> {
  const twins = lastCharacterTwins(token);
  return {
    'a trailing space': `${token} `,
    'a leading space': ` ${token}`,
    'a trailing newline': `${token}\n`,
    'a trailing CRLF and tab': `${token}\r\n\t`,
    ...Object.fromEntries(twins.map((t, i) => [`last character swapped (${i + 1} of ${twins.length})`, t])),
  };
}

describe.each(drivers)('an ID token opens one session however it is spelt (%s)', (driver) => {
  let ctx: TestContext;
  let sub: string;
  beforeAll(async () => {
    ctx = await createTestApp(driver);
    sub = await subjectOf(ctx.database, DEMO_ADMIN.email);
  });
  afterAll(() => ctx?.close());

  const exchange = (idToken: string) =>
    ctx.app.inject({ method: 'POST', url: AUTH_PATHS.session, payload: { id_token: idToken } });
  const liveTokens = async () =>
    Number(
      (
        await ctx.database.query<{ n: string }>(
          `select count(*) as n from api_tokens t join people p on p.id = t.person_id
            where p.identity_subject = $1 and t.revoked_at is null`,
          [sub],
        )
      )[0]!.n,
    );

  it('refuses every respelling of a token already exchanged, and mints no API token for it', async () => {
    const idToken = await providerSignedIdToken(ctx.database, { sub });
    expect(lastCharacterTwins(idToken).length).toBeGreaterThan(0);
    expect((await exchange(idToken)).statusCode).toBe(200);
    const before = await liveTokens();
    for (const [how, spelt] of Object.entries(respellings(idToken))) {
      // 401 (spent, or a leading space breaks the signature) or 400 (control characters are refused).
      const response = await exchange(spelt);
      expect([400, 401], how).toContain(response.statusCode);
    }
    expect(await liveTokens()).toBe(before);
  });

  it('a respelt token exchanged first spends the token itself', async () => {
    const idToken = await providerSignedIdToken(ctx.database, { sub });
    expect((await exchange(`${idToken} `)).statusCode).toBe(200);
    const again = await exchange(idToken);
    expect(again.statusCode).toBe(401);
    expect(again.json().message).toBe('This sign-in was already used. Please sign in again.');
  });
});

describe('the replay key is what the issuer signed', () => {
  it('an ECDSA token and its (r, n - s) twin both verify, and share one replay key', async () => {
    const { privateKey, publicKey } = await generateKeyPair('ES256', { extractable: true });
    const jwk = { ...(await exportJWK(publicKey)), kid: 'k1', alg: 'ES256' };
    const verify = createIdTokenVerifier({
      issuer: 'https://issuer.example',
      audience: 'enq-portal',
      keys: localKeys({ keys: [jwk] }),
    });
    const token = await new SignJWT({})
      .setProtectedHeader({ alg: 'ES256', kid: 'k1' })
      .setSubject('someone')
      .setIssuer('https://issuer.example')
      .setAudience('enq-portal')
      .setIssuedAt()
      .setExpirationTime('10m')
      .sign(privateKey);
    const [head, body, signature] = token.split('.') as [string, string, string];
    const raw = Buffer.from(signature, 'base64url');
    const n = BigInt('0xffffffff00000000ffffffffffffffffbce6faada7179e84f3b9cac2fc632551');
    const s = BigInt(`0x${raw.subarray(32).toString('hex')}`);
    const twinS = Buffer.from((n - s).toString(16).padStart(64, '0'), 'hex');
    const twin = `${head}.${body}.${Buffer.concat([raw.subarray(0, 32), twinS]).toString('base64url')}`;
    const first = await verify(token);
    const second = await verify(twin);
    expect(twin).not.toBe(token);
    expect(first.replayKey).toMatch(/^[0-9a-f]{64}$/);
    expect(second.replayKey).toBe(first.replayKey);
  });
});

import { API_ACCOUNT_BASE, AUTH_PATHS, DEVICE_PATHS, NEW_DEVICE_EMAIL_SUBJECT } from '@enq/contract';
import { exportJWK, generateKeyPair, SignJWT, type JWK } from 'jose';
import { randomUUID } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ADMIN } from '../../../src/db/seed/demo-account';
import { lowConfidenceReasons } from '../../../src/domain/auth/sign-in-risk';
import { createTestApp, drivers, type TestContext } from '../../helpers/app';
import { subjectOf } from '../../helpers/tokens';

/** Auth0's riskAssessment (Adaptive MFA), as a post-login Action copies it into the ID token. */
function assessment(impossibleTravel: string, newDevice: string, untrustedIp = 'high') {
  const low = [impossibleTravel, newDevice, untrustedIp].includes('low');
  return {
    confidence: low ? 'low' : 'high',
    version: '1',
    assessments: {
      ImpossibleTravel: { confidence: impossibleTravel, code: 'minimal_travel_from_last_login' },
      NewDevice: { confidence: newDevice, code: 'match', details: { device: 'known' } },
      UntrustedIP: { confidence: untrustedIp, code: 'not_found_on_deny_list' },
    },
  };
}

describe('reading the risk assessment', () => {
  it('AUTH-13 names impossible travel and new device when, and only when, each has low confidence', () => {
    expect(lowConfidenceReasons(assessment('low', 'high'))).toEqual(['impossible_travel']);
    expect(lowConfidenceReasons(assessment('high', 'low'))).toEqual(['new_device']);
    expect(lowConfidenceReasons(assessment('low', 'low'))).toEqual(['impossible_travel', 'new_device']);
    for (const other of ['medium', 'high', 'neutral']) {
      expect(lowConfidenceReasons(assessment(other, other)), other).toEqual([]);
    }
    // An untrusted IP makes the overall confidence low: not a reason the rule names.
    expect(lowConfidenceReasons(assessment('high', 'high', 'low'))).toEqual([]);
  });

  it('reads nothing from a claim of another shape', () => {
    for (const claim of [undefined, null, 'low', ['low'], { confidence: 'low' }, { assessments: [] }]) {
      expect(lowConfidenceReasons(claim)).toEqual([]);
    }
    expect(lowConfidenceReasons({ assessments: { ImpossibleTravel: 'low', NewDevice: null } })).toEqual([]);
  });
});

/** An external issuer: its discovery document and keys served on a local port, as a real one would. */
async function startIssuer() {
  const { privateKey, publicKey } = await generateKeyPair('RS256', { extractable: true });
  const jwk: JWK = { ...(await exportJWK(publicKey)), kid: 'ext-1', alg: 'RS256', use: 'sig' };
  const server: Server = createServer((req, res) => {
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    res.setHeader('content-type', 'application/json');
    if (req.url === '/.well-known/openid-configuration')
      res.end(JSON.stringify({ issuer: base, jwks_uri: `${base}/jwks` }));
    else if (req.url === '/jwks') res.end(JSON.stringify({ keys: [jwk] }));
    else res.writeHead(404).end('{}');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const sign = (sub: string, claims: Record<string, unknown>) =>
    new SignJWT(claims)
      .setProtectedHeader({ alg: 'RS256', kid: 'ext-1' })
      .setSubject(sub)
      .setIssuer(issuer)
      .setAudience('enq-portal')
      .setIssuedAt()
      .setJti(randomUUID())
      .setExpirationTime('10m')
      .sign(privateKey);
  return { issuer, sign, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

// An Auth0 tenant's Action would name its claim under a namespace of its own.
const RISK_CLAIM = 'https://enq.example/risk_assessment';

describe.each(drivers)('an external provider reporting an unusual sign-in (%s)', (driver) => {
  let ctx: TestContext;
  let issuer: Awaited<ReturnType<typeof startIssuer>>;
  let sub: string;
  beforeAll(async () => {
    issuer = await startIssuer();
    ctx = await createTestApp(driver, { OIDC_ISSUER: issuer.issuer, OIDC_RISK_CLAIM: RISK_CLAIM });
    sub = await subjectOf(ctx.database, DEMO_ADMIN.email);
  });
  afterAll(async () => {
    await ctx?.close();
    await issuer?.close();
  });

  const signIn = async (claims: Record<string, unknown>) => {
    const response = await ctx.app.inject({
      method: 'POST',
      url: AUTH_PATHS.session,
      payload: { id_token: await issuer.sign(sub, claims) },
    });
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as { token: string; new_device: boolean };
  };
  const reportNewDevice = async (token: string) =>
    (
      await ctx.app.inject({
        method: 'POST',
        url: `${API_ACCOUNT_BASE}${DEVICE_PATHS.newDevice}`,
        headers: { authorization: `Bearer ${token}` },
      })
    ).json();
  const notices = async () =>
    (
      await ctx.database.query<{ subject: string; to: string }>(
        `select subject, "to" from outbox where kind = 'new-device' order by id`,
      )
    ).length;

  it.each([
    ['impossible travel', assessment('low', 'high')],
    ['a new device', assessment('high', 'low')],
  ])(
    'AUTH-13 low confidence for %s asks for POST /new-device, which emails the notice once',
    async (_, risk) => {
      const sent = await notices();
      const session = await signIn({ [RISK_CLAIM]: risk });
      expect(session.new_device).toBe(true);
      expect(await reportNewDevice(session.token)).toEqual({ notified: true });
      const [mail] = await ctx.database.query<{ subject: string; to: string }>(
        `select subject, "to" from outbox where kind = 'new-device' order by id desc limit 1`,
      );
      expect(mail).toEqual({ subject: NEW_DEVICE_EMAIL_SUBJECT, to: DEMO_ADMIN.email });
      // A retry, or a second tab, sends nothing more.
      expect(await reportNewDevice(session.token)).toEqual({ notified: false });
      expect(await notices()).toBe(sent + 1);
    },
  );

  it.each([
    ['medium confidence for both', { [RISK_CLAIM]: assessment('medium', 'medium') }],
    ['high confidence for both', { [RISK_CLAIM]: assessment('high', 'high') }],
    ['neutral (no opinion) for both', { [RISK_CLAIM]: assessment('neutral', 'neutral') }],
    ['low confidence only for an untrusted IP', { [RISK_CLAIM]: assessment('high', 'high', 'low') }],
    ['no assessment', {}],
    ['an assessment under a claim not configured', { risk_assessment: assessment('low', 'low') }],
  ])('AUTH-13 %s makes no call, and the call would send nothing', async (_, claims) => {
    const sent = await notices();
    const session = await signIn(claims);
    expect(session.new_device).toBe(false);
    expect(await reportNewDevice(session.token)).toEqual({ notified: false });
    expect(await notices()).toBe(sent);
  });
});

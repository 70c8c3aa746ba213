import {
  errorEnvelopeSchema,
  logoutResponseSchema,
  SIGN_OUT_TEXT,
  meResponseSchema,
  sessionRequestSchema,
  sessionResponseSchema,
} from '@enq/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { decodeJwt, type JWTPayload } from 'jose';
import {
  DEVICE_ID_CLAIM,
  isKnownDevice,
  InvalidIdTokenError,
  findPersonBySubject,
  lowConfidenceReasons,
  riskySignInSightingId,
  consumeIdToken,
  endSignIns,
  issuedBeforeRevocation,
  issueApiToken,
} from '../../../../domain/auth';
import { DomainError } from '../../../../domain/errors';
import { requireAccountMember } from '../../../../plugins/auth';

/**
 * The embedded provider's device claim (AUTH-13), read from a token that was verified just before.
 * External issuers send none: for them the provider's risk assessment decides (sign-in-risk.ts).
 */
function deviceClaim(claims: JWTPayload): string | null {
  const claim = claims[DEVICE_ID_CLAIM];
  return typeof claim === 'string' && /^[\w-]{16,128}$/.test(claim) ? claim : null;
}

/** Whether the sign-in used a second factor (TOTP): the provider's `amr` names otp (or mfa). */
function usedSecondFactor(claims: JWTPayload): boolean {
  const amr = claims.amr;
  return Array.isArray(amr) && amr.some((method) => method === 'otp' || method === 'mfa');
}

const authRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/session',
    {
      schema: {
        tags: ['auth'],
        summary: "Exchange the identity provider's ID token for an API token",
        body: sessionRequestSchema,
        response: { 200: sessionResponseSchema, 400: errorEnvelopeSchema, 401: errorEnvelopeSchema },
      },
      config: { rateLimit: { max: 30, timeWindow: '1 minute' } },
    },
    async (req) => {
      let verified: Awaited<ReturnType<typeof app.verifyIdToken>>;
      try {
        verified = await app.verifyIdToken(req.body.id_token);
      } catch (error) {
        if (!(error instanceof InvalidIdTokenError)) throw error;
        req.log.info({ reason: error.message }, 'id token refused');
        throw new DomainError('unauthorized', 'The sign-in could not be verified. Please sign in again.');
      }
      const person = await findPersonBySubject(app.database, verified.subject);
      if (!person) throw new DomainError('unauthorized', 'No enQ account belongs to this sign-in.');
      // A token from before Log Out or a password reset, or one already exchanged, is a replay.
      if (issuedBeforeRevocation(verified.issuedAt, person.sessions_revoked_at))
        throw new DomainError('unauthorized', 'This sign-in has ended. Please sign in again.');
      if (!(await consumeIdToken(app.database, verified.replayKey, verified.expiresAt)))
        throw new DomainError('unauthorized', 'This sign-in was already used. Please sign in again.');
      // Both read from the token verified above.
      const claims = decodeJwt(req.body.id_token);
      const deviceId = deviceClaim(claims);
      const knownDevice = deviceId === null || (await isKnownDevice(app.database, person.id, deviceId));
      // AUTH-13: low confidence for impossible travel or a new device asks for the same call.
      const risk = lowConfidenceReasons(claims[app.config.oidc.riskClaim]);
      if (risk.length > 0) req.log.info({ reasons: risk }, 'sign-in assessed as unusual');
      const sighting = risk.length > 0 ? riskySignInSightingId() : deviceId;
      const { token, expiresAt } = await issueApiToken(
        app.database,
        person.id,
        new Date(),
        sighting,
        usedSecondFactor(claims),
      );
      return { token, expires_at: expiresAt.toISOString(), new_device: !knownDevice || risk.length > 0 };
    },
  );

  app.get(
    '/me',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['auth'],
        summary: 'Who the API token belongs to',
        security: [{ bearer: [] }],
        response: { 200: meResponseSchema, 401: errorEnvelopeSchema },
      },
    },
    async (req) => {
      const p = req.principal!;
      return {
        person_id: p.personId,
        account_id: p.accountId ?? '',
        email: p.email,
        full_name: p.fullName,
        is_staff: p.isStaff,
        is_admin: p.isAdmin,
      };
    },
  );

  app.post(
    '/logout',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['auth'],
        summary:
          "Sign out this browser: end this API token (the portal then ends this browser's provider session)",
        security: [{ bearer: [] }],
        response: { 200: logoutResponseSchema, 401: errorEnvelopeSchema },
      },
    },
    async (req) => {
      // This browser only (SHELL-20): the person's other browsers and devices stay signed in. The portal
      // goes on to the provider's sign-out with its ID token, which ends this browser's provider session.
      await app.revokeToken(req.bearerToken!);
      return { message: SIGN_OUT_TEXT.signedOut };
    },
  );

  app.post(
    '/logout-everywhere',
    {
      // An account member's own sign-ins: staff identities are refused (AUTH-04), and a view-as token,
      // read-only everywhere, never signs the customer out.
      onRequest: requireAccountMember,
      schema: {
        tags: ['auth'],
        summary: "Sign out of all devices: end the person's API tokens and identity-provider sessions",
        security: [{ bearer: [] }],
        response: { 200: logoutResponseSchema, 401: errorEnvelopeSchema, 403: errorEnvelopeSchema },
      },
    },
    async (req) => {
      const { personId } = req.principal!;
      // Every way back in, as a password reset: API tokens, unspent ID tokens and provider sessions.
      await endSignIns(app.database, personId, new Date());
      await app.forgetPerson(personId);
      return { message: SIGN_OUT_TEXT.signedOutEverywhere };
    },
  );
};

export default authRoutes;

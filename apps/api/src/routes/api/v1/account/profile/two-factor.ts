import {
  TWO_FACTOR_TEXT,
  errorEnvelopeSchema,
  twoFactorCodeSchema,
  twoFactorNewCodesSchema,
  twoFactorOffSchema,
  twoFactorEnrolmentSchema,
  twoFactorRecoveryCodesSchema,
  twoFactorStartSchema,
  twoFactorStatusSchema,
} from '@enq/contract';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  beginTwoFactor,
  newRecoveryCodes,
  turnOffTwoFactor,
  turnOnTwoFactor,
  twoFactorState,
} from '../../../../../domain/two-factor';
import { requirePassword } from './two-factor-password';

const tags = ['profile'];
const errors = { 400: errorEnvelopeSchema, 409: errorEnvelopeSchema, 429: errorEnvelopeSchema };
// 403: a person without a password whose sign-in is not recent (two-factor-password.ts).
const passwordErrors = { ...errors, 403: errorEnvelopeSchema };
// A code is six digits: a few tries a minute are plenty for a person, and nothing for a guesser.
const codeLimit = { rateLimit: { max: 10, timeWindow: '1 minute' } };

/**
 * Optional two-factor sign-in on /profile (TOTP-07): turn on (the password, then the QR code, then a
 * first code, then the recovery codes once), turn off and new recovery codes (each with the password
 * and a current code). Below /profile
 * (TWO_FACTOR_PATHS in the contract), so it lives in the profile folder.
 */
const twoFactorRoutes: FastifyPluginAsyncZod = async (app) => {
  const personOf = (req: FastifyRequest) => ({
    id: req.principal!.personId,
    accountId: req.principal!.accountId!,
    email: req.principal!.email,
  });
  const status = async (personId: string, message?: string) => {
    const state = await twoFactorState(app.database, personId);
    return {
      enabled: state.enabled,
      enabled_at: state.enabledAt?.toISOString() ?? null,
      recovery_codes_left: state.recoveryCodesLeft,
      ...(message ? { message } : {}),
    };
  };

  app.get(
    '/two-factor/',
    {
      schema: {
        tags,
        summary: 'Whether two-factor sign-in is on, and how many recovery codes are left',
        response: { 200: twoFactorStatusSchema },
      },
    },
    async (req) => status(req.principal!.personId),
  );

  app.post(
    '/two-factor/start',
    {
      config: codeLimit,
      schema: {
        tags,
        summary:
          'Turn on, step one (needs the current password): a new authenticator key, its otpauth:// URI and QR code',
        body: twoFactorStartSchema,
        response: { 200: twoFactorEnrolmentSchema, ...passwordErrors },
      },
    },
    async (req) => {
      await requirePassword(app, req, req.body.password);
      const enrolment = await beginTwoFactor(app.database, personOf(req));
      return { secret: enrolment.secret, otpauth_uri: enrolment.otpauthUri, qr_code: enrolment.qrCode };
    },
  );

  app.post(
    '/two-factor/confirm',
    {
      config: codeLimit,
      schema: {
        tags,
        summary: 'Turn on, step two: the first code from the app; answers the ten recovery codes, once',
        body: twoFactorCodeSchema,
        response: { 200: twoFactorRecoveryCodesSchema, ...errors },
      },
    },
    async (req) => ({
      recovery_codes: await turnOnTwoFactor(app.database, app, personOf(req), req.body.code, app.clock.now()),
      message: TWO_FACTOR_TEXT.turnedOn,
    }),
  );

  app.post(
    '/two-factor/disable',
    {
      config: codeLimit,
      schema: {
        tags,
        summary:
          'Turn two-factor sign-in off (needs the current password, and a current code or a recovery code, which is used up)',
        body: twoFactorOffSchema,
        response: { 200: twoFactorStatusSchema, ...passwordErrors },
      },
    },
    async (req) => {
      await requirePassword(app, req, req.body.password);
      await turnOffTwoFactor(app.database, app, personOf(req), req.body.code, app.clock.now());
      return status(req.principal!.personId, TWO_FACTOR_TEXT.turnedOff);
    },
  );

  app.post(
    '/two-factor/recovery-codes',
    {
      config: codeLimit,
      schema: {
        tags,
        summary:
          'Replace the recovery codes with ten new ones (needs the current password and a current code)',
        body: twoFactorNewCodesSchema,
        response: { 200: twoFactorRecoveryCodesSchema, ...passwordErrors },
      },
    },
    async (req) => {
      await requirePassword(app, req, req.body.password);
      return {
        recovery_codes: await newRecoveryCodes(
          app.database,
          app,
          personOf(req),
          req.body.code,
          app.clock.now(),
        ),
        message: TWO_FACTOR_TEXT.codesRegenerated,
      };
    },
  );
};

export default twoFactorRoutes;

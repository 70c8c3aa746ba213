import {
  changePasswordResponseSchema,
  environmentForHost,
  errorEnvelopeSchema,
  normalizeProfile,
  profileSavedSchema,
  profileSchema,
  profileUpdateSchema,
  validateProfile,
} from '@enq/contract';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  passwordResetEmail,
  createPasswordReset,
  findResetRecipient,
  hashToken,
} from '../../../../../domain/auth';
import { EMAIL_CLASH, findEmailClash, readProfile, saveProfile } from '../../../../../domain/profile';
import { DomainError } from '../../../../../domain/errors';
import { authorizeEmailChange, requestEmailChange } from './email-change';

const profileRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['profile'];
  const environment = environmentForHost(new URL(app.config.publicUrl).hostname);
  const personOf = (req: FastifyRequest) => ({
    id: req.principal!.personId,
    accountId: req.principal!.accountId!,
  });

  app.get(
    '/',
    {
      schema: {
        tags,
        summary: "The signed-in person's profile",
        response: { 200: profileSchema, 404: errorEnvelopeSchema },
      },
    },
    async (req) => {
      const profile = await readProfile(app.database, req.principal!.personId);
      if (!profile) throw new DomainError('not-found', 'No profile was found.');
      return profile;
    },
  );

  app.put(
    '/',
    {
      schema: {
        tags,
        summary:
          'Save the six profile fields; a new sign-in email needs the current password and takes effect when the link sent to it is opened',
        body: profileUpdateSchema,
        response: {
          200: profileSavedSchema,
          400: errorEnvelopeSchema,
          403: errorEnvelopeSchema,
          409: errorEnvelopeSchema,
          429: errorEnvelopeSchema,
        },
      },
    },
    async (req, reply) => {
      // The page's own rules, so the server never stores what the page would refuse (PROF-05..12).
      const { current_password: password, ...fields } = req.body;
      const invalid = validateProfile(fields, environment);
      if (invalid) throw new DomainError('invalid', invalid.message, invalid.field);
      const profile = normalizeProfile(fields);
      const person = personOf(req);
      const current = await readProfile(app.database, person.id);
      if (!current) throw new DomainError('not-found', 'No profile was found.');
      const changing = profile.email.toLowerCase() !== current.email.toLowerCase();
      const clash = await findEmailClash(app.database, person, profile.email);
      // A user of one's own account is on the Users page anyway; another sign-in's address is only
      // told to whoever opens the link sent to it, so this answer says nothing about other accounts.
      if (clash === 'account' || (clash && !changing))
        throw new DomainError('conflict', EMAIL_CLASH[clash], 'email');
      if (!changing) {
        const saved = await saveProfile(app.database, person, profile);
        // Cached sessions carry the old name and email.
        await app.forgetPerson(person.id);
        return saved;
      }
      await authorizeEmailChange(app, req, reply, {
        email: current.email,
        password,
        tokenHash: hashToken(req.bearerToken!),
      });
      const fullName = `${profile.first_name} ${profile.last_name}`;
      const kept = { ...profile, email: current.email };
      const saved = await requestEmailChange(
        app,
        { ...person, fullName },
        current.email,
        kept,
        profile.email,
      );
      await app.forgetPerson(person.id);
      return saved;
    },
  );

  app.post(
    '/change-password/',
    {
      schema: {
        tags,
        summary: 'Email the signed-in person a single-use link to choose a new password',
        response: { 200: changePasswordResponseSchema, 409: errorEnvelopeSchema, 429: errorEnvelopeSchema },
      },
      config: {
        rateLimit: {
          max: 5,
          timeWindow: '15 minutes',
          hook: 'preHandler',
          keyGenerator: (req: FastifyRequest) => `password-reset:${req.principal?.personId ?? req.ip}`,
        },
      },
    },
    async (req) => {
      if (!app.config.oidc.embedded)
        throw new DomainError('conflict', 'Your password is managed by your sign-in provider.');
      const identity = await findResetRecipient(app.database, req.principal!.personId);
      if (!identity) throw new DomainError('conflict', 'Your sign-in has no password to reset.');
      await app.database.transaction(async (tx) => {
        const { token } = await createPasswordReset(tx, req.principal!.personId, app.clock.now());
        await app.mailer.send(
          passwordResetEmail(identity, `${app.config.publicUrl}/password-reset/${token}`),
          tx,
        );
      });
      return { message: `We emailed a password reset link to ${identity.email}.` };
    },
  );
};

export default profileRoutes;

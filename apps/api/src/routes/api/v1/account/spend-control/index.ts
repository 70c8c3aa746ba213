import {
  dismissAlertParamsSchema,
  errorEnvelopeSchema,
  spendControlResponseSchema,
  spendSettingsBodySchema,
  userLimitBodySchema,
  userLimitParamsSchema,
} from '@enq/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  dismissSpendAlert,
  saveSpendSettings,
  spendControlState,
  saveUserCreditLimit,
} from '../../../../../domain/spend-control';
import type { Principal } from '../../../../../domain/auth';

const actorOf = (p: Principal) => ({ accountId: p.accountId!, personId: p.personId, isAdmin: p.isAdmin });

/** Spend alerts, the spending cap and per-user limits (SPEND_CONTROL_PATHS); changes are the admin's. */
const spendControlRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['spend-control'];

  app.get(
    '/',
    {
      schema: {
        tags,
        summary: "The period's alerts, spending cap, banners and users' use against their limits",
        response: { 200: spendControlResponseSchema },
      },
    },
    (req) => spendControlState(app.database, actorOf(req.principal!), app.clock.now()),
  );

  app.put(
    '/settings/',
    {
      schema: {
        tags,
        summary: 'Alert thresholds and the spending cap (admin only), from now on for the rest of the period',
        body: spendSettingsBodySchema,
        response: { 200: spendControlResponseSchema, 400: errorEnvelopeSchema, 403: errorEnvelopeSchema },
      },
    },
    async (req) => {
      const actor = actorOf(req.principal!);
      await saveSpendSettings(app.database, actor, req.body, app.clock.now());
      return spendControlState(app.database, actor, app.clock.now());
    },
  );

  app.put(
    '/user-limits/:personId/',
    {
      schema: {
        tags,
        summary: "A sub-account user's monthly credit limit (admin only); null removes it",
        params: userLimitParamsSchema,
        body: userLimitBodySchema,
        response: {
          200: spendControlResponseSchema,
          400: errorEnvelopeSchema,
          403: errorEnvelopeSchema,
          404: errorEnvelopeSchema,
        },
      },
    },
    async (req) => {
      const actor = actorOf(req.principal!);
      await saveUserCreditLimit(
        app.database,
        actor,
        req.params.personId,
        req.body.monthly_credit_limit,
        app.clock.now(),
      );
      return spendControlState(app.database, actor, app.clock.now());
    },
  );

  app.post(
    '/alerts/:key/dismiss/',
    {
      schema: {
        tags,
        summary: "Hide a fired alert's banner for the signed-in person until the period ends",
        params: dismissAlertParamsSchema,
        response: { 204: z.null(), 404: errorEnvelopeSchema },
      },
    },
    async (req, reply) => {
      await dismissSpendAlert(app.database, actorOf(req.principal!), req.params.key, app.clock.now());
      return reply.code(204).send(null);
    },
  );
};

export default spendControlRoutes;

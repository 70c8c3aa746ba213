import {
  SUBSCRIPTION_TEXT,
  cancelBodySchema,
  changeBodySchema,
  changePreviewQuerySchema,
  errorEnvelopeSchema,
  previewResponseSchema,
  subscriptionMutationResponseSchema,
  subscriptionResponseSchema,
} from '@enq/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { cancelWithReason } from '../../../../../domain/cancellation';
import {
  applyKeep,
  applyPlanChange,
  cancelPreview,
  keepPreview,
  planChange,
} from '../../../../../domain/subscription';
import { subscriptionResponse } from './subscription-response';
import planUpgradeRoutes from './upgrade';

const errors = {
  400: errorEnvelopeSchema,
  402: errorEnvelopeSchema,
  404: errorEnvelopeSchema,
  409: errorEnvelopeSchema,
};

const subscriptionRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = app.billingEngines.deps(app.database);
  const tags = ['subscription'];
  await app.register(planUpgradeRoutes);

  app.get(
    '/',
    {
      schema: {
        tags,
        summary: 'Plans and the subscription summary',
        response: { 200: subscriptionResponseSchema },
      },
    },
    (req) => subscriptionResponse(app, req.principal!.accountId!),
  );

  app.get(
    '/change/',
    {
      schema: {
        tags,
        summary: 'What a change to a plan would do',
        querystring: changePreviewQuerySchema,
        response: { 200: previewResponseSchema, ...errors },
      },
    },
    async (req) => ({
      messages: (
        await planChange(
          app.database,
          req.principal!.accountId!,
          req.query.plan,
          app.clock.now(),
          deps.issuer,
        )
      ).messages,
    }),
  );

  app.post(
    '/change/',
    {
      schema: {
        tags,
        summary: 'Change, start or renew the plan',
        body: changeBodySchema,
        response: { 200: subscriptionMutationResponseSchema, ...errors },
      },
    },
    async (req) => {
      const accountId = req.principal!.accountId!;
      const kind = await applyPlanChange(
        deps,
        app.billing,
        accountId,
        req.body.plan,
        req.principal!.personId,
      );
      const message = kind === 'renew' ? SUBSCRIPTION_TEXT.renewed : SUBSCRIPTION_TEXT.changed;
      return { ...(await subscriptionResponse(app, accountId)), message };
    },
  );

  app.get(
    '/cancel/',
    {
      schema: {
        tags,
        summary: 'What cancelling would do',
        response: { 200: previewResponseSchema, ...errors },
      },
    },
    async (req) => ({ messages: await cancelPreview(app.database, req.principal!.accountId!) }),
  );

  app.post(
    '/cancel/',
    {
      schema: {
        tags,
        summary: 'Cancel at the end of the current period, with the reason (and optional words)',
        body: cancelBodySchema,
        response: { 200: subscriptionMutationResponseSchema, ...errors },
      },
    },
    async (req) => {
      const accountId = req.principal!.accountId!;
      await cancelWithReason(deps, accountId, req.principal!.personId, req.body);
      return { ...(await subscriptionResponse(app, accountId)), message: SUBSCRIPTION_TEXT.cancelled };
    },
  );

  app.get(
    '/keep/',
    {
      schema: {
        tags,
        summary: 'What keeping the plan would undo (a cancellation or a scheduled change)',
        response: { 200: previewResponseSchema, ...errors },
      },
    },
    async (req) => ({
      messages: await keepPreview(app.database, req.principal!.accountId!, deps.issuer),
    }),
  );

  app.post(
    '/keep/',
    {
      schema: {
        tags,
        summary: 'Keep the plan: undo a cancellation or a scheduled change, charging nothing',
        response: { 200: subscriptionMutationResponseSchema, ...errors },
      },
    },
    async (req) => {
      const accountId = req.principal!.accountId!;
      await applyKeep(deps, accountId, req.principal!.personId);
      return { ...(await subscriptionResponse(app, accountId)), message: SUBSCRIPTION_TEXT.changed };
    },
  );
};

export default subscriptionRoutes;

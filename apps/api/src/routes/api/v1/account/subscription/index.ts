import {
  SUBSCRIPTION_TEXT,
  centsToDollars,
  changeBodySchema,
  changePreviewQuerySchema,
  errorEnvelopeSchema,
  previewResponseSchema,
  subscriptionMutationResponseSchema,
  subscriptionResponseSchema,
  type SubscriptionResponse,
} from '@enq/contract';
import type { FastifyInstance } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { listAvailablePlans } from '../../../../../domain/billing-engine/plans-repository';
import {
  applyCancel,
  applyKeep,
  applyPlanChange,
  cancelPreview,
  keepPreview,
  planChange,
} from '../../../../../domain/subscription/subscription-changes';
import { subscriptionInfo } from '../../../../../domain/subscription/subscription-info';
import {
  recordSubscriptionChange,
  subscriptionView,
} from '../../../../../domain/subscription/subscription-activity';

async function subscriptionResponse(app: FastifyInstance, accountId: string): Promise<SubscriptionResponse> {
  const [info, plans] = await Promise.all([
    subscriptionInfo(app.database, accountId, app.clock.now()),
    listAvailablePlans(app.database),
  ]);
  return {
    ...info,
    is_subscription_active: info.status === 'active',
    plans: plans.map((p) => ({
      price_id: p.id,
      name: p.name,
      price: centsToDollars(p.priceCents),
      period: p.period,
      credits: p.creditsCc / 100,
      save: p.save,
      multi_user: p.multiUser,
    })),
  };
}

const errors = {
  400: errorEnvelopeSchema,
  402: errorEnvelopeSchema,
  404: errorEnvelopeSchema,
  409: errorEnvelopeSchema,
};

const subscriptionRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = app.billingEngines.deps(app.database);
  const tags = ['subscription'];

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
      const before = await subscriptionView(app.database, accountId);
      const kind = await applyPlanChange(deps, app.billing, accountId, req.body.plan);
      await recordSubscriptionChange(app.database, accountId, req.principal!.personId, kind, before);
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
        summary: 'Cancel at the end of the current period',
        response: { 200: subscriptionMutationResponseSchema, ...errors },
      },
    },
    async (req) => {
      const accountId = req.principal!.accountId!;
      const before = await subscriptionView(app.database, accountId);
      await applyCancel(deps, accountId);
      await recordSubscriptionChange(app.database, accountId, req.principal!.personId, 'cancel', before);
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
      const before = await subscriptionView(app.database, accountId);
      await applyKeep(deps, accountId);
      await recordSubscriptionChange(app.database, accountId, req.principal!.personId, 'keep', before);
      return { ...(await subscriptionResponse(app, accountId)), message: SUBSCRIPTION_TEXT.changed };
    },
  );
};

export default subscriptionRoutes;

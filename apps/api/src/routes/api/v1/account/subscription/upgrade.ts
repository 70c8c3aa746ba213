import {
  PLAN_TEXT,
  centsToDollars,
  ccToCredits,
  errorEnvelopeSchema,
  forecastResponseSchema,
  upgradeBodySchema,
  upgradePreviewQuerySchema,
  upgradePreviewSchema,
  upgradeResponseSchema,
} from '@enq/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { spendingCapCents } from '../../../../../domain/spend-control';
import {
  forecastAndAdvice,
  applyUpgrade,
  upgradeMessages,
  upgradeQuote,
} from '../../../../../domain/subscription';
import { subscriptionResponse } from './subscription-response';

const errors = {
  400: errorEnvelopeSchema,
  402: errorEnvelopeSchema,
  404: errorEnvelopeSchema,
  409: errorEnvelopeSchema,
};

/** The forecast with the plan advisor, and Upgrade now (PLAN_PATHS; PLAN-01..11). */
const planUpgradeRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = app.billingEngines.deps(app.database);
  const tags = ['subscription'];

  app.get(
    '/forecast/',
    {
      schema: {
        tags,
        summary: "The current period's forecast and the plan advisor",
        response: { 200: forecastResponseSchema },
      },
    },
    // The saved spending cap shows with the projection it holds back (SPEND-07).
    async (req) => {
      const accountId = req.principal!.accountId!;
      const capCents = await spendingCapCents(app.database, accountId);
      return forecastAndAdvice(app.database, accountId, app.clock.now(), capCents);
    },
  );

  app.get(
    '/upgrade-preview/',
    {
      schema: {
        tags,
        summary: 'What upgrading now would cost, prorated, tax included',
        querystring: upgradePreviewQuerySchema,
        response: { 200: upgradePreviewSchema, ...errors },
      },
    },
    async (req) => {
      const quote = await upgradeQuote(
        app.database,
        req.principal!.accountId!,
        req.query.plan,
        app.clock.now(),
        deps.issuer,
      );
      const p = quote.proration;
      return {
        plan: { price_id: quote.plan.id, name: quote.plan.name, period: quote.plan.period },
        days_left: p.daysLeft,
        days_in_period: p.lengthDays,
        credit: centsToDollars(p.creditCents),
        charge: centsToDollars(p.chargeCents),
        subtotal: centsToDollars(p.subtotalCents),
        tax: centsToDollars(p.taxCents),
        total: centsToDollars(p.totalCents),
        total_cents: p.totalCents,
        credits_added: ccToCredits(p.grantCc - p.withdrawCc),
        messages: upgradeMessages(quote),
      };
    },
  );

  app.post(
    '/upgrade/',
    {
      schema: {
        tags,
        summary: 'Upgrade now: charge the previewed total and move to the plan at once',
        body: upgradeBodySchema,
        response: { 200: upgradeResponseSchema, ...errors },
      },
    },
    async (req) => {
      const { accountId, personId } = req.principal!;
      const invoiceId = await applyUpgrade(
        deps,
        app.billing,
        { accountId: accountId!, personId },
        req.body.plan,
        req.body.total_cents,
      );
      return {
        ...(await subscriptionResponse(app, accountId!)),
        message: PLAN_TEXT.upgraded,
        invoice_id: invoiceId,
      };
    },
  );
};

export default planUpgradeRoutes;

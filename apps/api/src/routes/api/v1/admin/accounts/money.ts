import {
  IDEMPOTENCY_KEY_HEADER,
  PAYMENT_PENDING_CODE,
  accountActionParamsSchema,
  accountInvoiceParamsSchema,
  actionInvoicesSchema,
  chargePendingSchema,
  chargeResultSchema,
  creditAdjustmentBodySchema,
  creditAdjustmentResultSchema,
  errorEnvelopeSchema,
  planLabel,
  refundBodySchema,
  refundResultSchema,
  staffPlanChangeBodySchema,
  staffReasonBodySchema,
  staffSubscriptionResultSchema,
  idempotencyKeyHeadersSchema,
} from '@enq/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  requireAccount,
  actionInvoices,
  retryCharge,
  adjustCredits,
  subscriptionOnBehalf,
} from '../../../../../domain/admin';
import { refundFromConsole } from '../../../../../domain/refunds';
import { runStaffAction } from '../../../../../domain/staff-actions';
import {
  listAvailablePlans,
  creditsLeft,
  periodUsage,
  currentPeriod,
  findSubscription,
} from '../../../../../domain/billing-engine';
import { DomainError } from '../../../../../domain/errors';
import { pauseState } from '../../../../../domain/pause';
import { staffActor } from '../../../../../plugins/auth';

const errors = {
  400: errorEnvelopeSchema,
  402: errorEnvelopeSchema,
  404: errorEnvelopeSchema,
  409: errorEnvelopeSchema,
};
const headers = idempotencyKeyHeadersSchema;

/**
 * The console's money actions on one account (docs/requirements.md CMON): refunds, credit adjustments,
 * plan changes for the customer and a retried charge. Each names its permission, carries a reason and an
 * Idempotency-Key, and goes through the portal's own payment and ledger paths.
 */
const accountMoneyRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['admin'];
  const deps = app.billingEngines.deps(app.database);
  app.get(
    '/:accountId/refundable-invoices',
    {
      config: { staffPermission: 'read' },
      schema: {
        tags,
        summary: "What an account's money actions can act on: its paid and open invoices, plans and credits",
        params: accountActionParamsSchema,
        response: { 200: actionInvoicesSchema, 404: errorEnvelopeSchema },
      },
    },
    async (req) => {
      const { accountId } = req.params;
      await requireAccount(app.database, accountId);
      const [rows, plans, sub, period, pause] = await Promise.all([
        actionInvoices(app.database, accountId),
        listAvailablePlans(app.database, app.clock.now()),
        findSubscription(app.database, accountId),
        currentPeriod(app.database, accountId),
        pauseState(app.database, accountId, app.clock.now()),
      ]);
      const usage = period ? await periodUsage(app.database, accountId, period.id) : null;
      return {
        invoices: rows.map((r) => ({
          id: r.id,
          number: r.number,
          status: r.status,
          issued_at: new Date(r.issued_at).toISOString(),
          summary: r.summary,
          total_cents: r.total_cents,
          refunded_cents: r.refunded_cents,
          refundable_cents: Math.max(r.paid_cents - r.refunded_cents - r.lost_cents, 0),
          last_failure: r.status === 'open' ? r.last_failure : null,
        })),
        plans: plans.map((p) => ({ id: p.id, label: planLabel(p) })),
        subscription: {
          status: sub?.status ?? 'inactive',
          plan_id: sub?.plan_id ?? null,
          pending_plan_id: sub?.pending_plan_id ?? null,
          cancel_at_period_end: sub?.cancel_at_period_end ?? false,
        },
        credits_left: usage ? creditsLeft(usage) / 100 : 0,
        pause,
      };
    },
  );

  app.post(
    '/:accountId/refunds',
    {
      config: { staffPermission: 'refund' },
      schema: {
        tags,
        summary: 'Refund a paid invoice in full or in part: a credit note, and the customer is emailed',
        params: accountActionParamsSchema,
        headers,
        body: refundBodySchema,
        response: { 200: refundResultSchema, ...errors },
      },
    },
    async (req) => {
      const { accountId } = req.params;
      await requireAccount(app.database, accountId);
      const answer = await refundFromConsole({ ...deps, payments: app.payments }, staffActor(req), {
        accountId,
        invoiceId: req.body.invoice_id,
        amountCents: req.body.amount_cents,
        reason: req.body.reason,
        key: req.headers[IDEMPOTENCY_KEY_HEADER],
      });
      // The email was written with the credit note: send it now rather than at the next scheduled run.
      if (!answer.replayed) await app.mailer.wake();
      return answer;
    },
  );

  app.post(
    '/:accountId/credit-adjustments',
    {
      config: { staffPermission: 'adjustCredits' },
      schema: {
        tags,
        summary: "Grant (positive) or remove (negative) credits in the account's current period",
        params: accountActionParamsSchema,
        headers,
        body: creditAdjustmentBodySchema,
        response: { 200: creditAdjustmentResultSchema, ...errors },
      },
    },
    async (req) => {
      const { accountId } = req.params;
      await requireAccount(app.database, accountId);
      const { credits, reason } = req.body;
      return runStaffAction(
        app.database,
        staffActor(req),
        {
          action: 'credits.adjust',
          accountId,
          reason,
          idempotencyKey: req.headers[IDEMPOTENCY_KEY_HEADER],
          request: { credits },
        },
        async (tx) => {
          const done = await adjustCredits(tx, accountId, credits, app.clock.now(), `staff: ${reason}`);
          return {
            message: done.message,
            result: { credits: done.credits, credits_left: done.creditsLeft },
            before: done.before,
            after: done.after,
          };
        },
      );
    },
  );

  const subscriptionRoute = (action: 'change' | 'cancel' | 'reactivate', summary: string) =>
    app.post(
      `/:accountId/subscription/${action}`,
      {
        config: { staffPermission: 'changePlan' },
        schema: {
          tags,
          summary,
          params: accountActionParamsSchema,
          headers,
          body: action === 'change' ? staffPlanChangeBodySchema : staffReasonBodySchema,
          response: { 200: staffSubscriptionResultSchema, ...errors },
        },
      },
      async (req) => {
        const { accountId } = req.params;
        await requireAccount(app.database, accountId);
        const body = req.body as { reason: string; plan?: string };
        const actor = staffActor(req);
        const staffAction =
          action === 'change'
            ? 'plan.change'
            : action === 'cancel'
              ? 'subscription.cancel'
              : 'subscription.reactivate';
        return runStaffAction(
          app.database,
          actor,
          {
            action: staffAction,
            accountId,
            reason: body.reason,
            idempotencyKey: req.headers[IDEMPOTENCY_KEY_HEADER],
            request: body.plan ? { plan: body.plan } : {},
          },
          (tx) => subscriptionOnBehalf(tx, deps, app.billing, actor.personId, accountId, action, body.plan),
        );
      },
    );
  subscriptionRoute('change', "Schedule a change of plan at the period's end, for the customer");
  subscriptionRoute('cancel', 'Cancel at the end of the current period, for the customer');
  subscriptionRoute('reactivate', 'Undo a cancellation or a scheduled change, for the customer');

  app.post(
    '/:accountId/invoices/:invoiceId/charge',
    {
      config: { staffPermission: 'charge' },
      schema: {
        tags,
        summary: "Retry an open invoice's charge to the card on file (never a second charge)",
        params: accountInvoiceParamsSchema,
        headers,
        body: staffReasonBodySchema,
        response: { 200: chargeResultSchema, 202: chargePendingSchema, ...errors },
      },
    },
    async (req, reply) => {
      const { accountId, invoiceId } = req.params;
      await requireAccount(app.database, accountId);
      const answer = await retryCharge(app.database, app.billing, staffActor(req), {
        accountId,
        invoiceId,
        reason: req.body.reason,
        key: req.headers[IDEMPOTENCY_KEY_HEADER],
      });
      if (answer.outcome === 'pending')
        return reply.code(202).send({ code: PAYMENT_PENDING_CODE, message: answer.message });
      if (answer.outcome === 'failed') throw new DomainError('payment-failed', answer.message);
      if (!answer.replayed) await app.mailer.wake();
      return { message: answer.message, audit_id: answer.audit_id };
    },
  );
};

export default accountMoneyRoutes;

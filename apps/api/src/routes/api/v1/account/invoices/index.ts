import {
  AUTHENTICATION_REQUIRED_CODE,
  AUTHENTICATION_TEXT,
  authenticationRequiredSchema,
  payLinkPath,
  PAYMENT_PENDING_CODE,
  payInvoicePendingSchema,
  INVOICE_TEXT,
  errorEnvelopeSchema,
  invoiceDetailSchema,
  invoiceDownloadQuerySchema,
  invoiceFilename,
  invoiceIdQuerySchema,
  invoicesResponseSchema,
  payInvoiceResponseSchema,
  payInvoiceSchema,
  idempotencyKeyHeadersSchema,
} from '@enq/contract';
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { invoiceDetail, listInvoiceDtos } from '../../../../../domain/invoices';
import { renderInvoicePdf } from '../../../../../domain/pdf';
import { grantReferralBonusForPayment } from '../../../../../domain/referral';
import { DomainError } from '../../../../../domain/errors';
import { sendPrivateDownload } from '../private-download';
import { PERSON_WAIT_MS } from '../../../../../domain/billing-engine';

const errors = {
  400: errorEnvelopeSchema,
  402: errorEnvelopeSchema,
  404: errorEnvelopeSchema,
  409: errorEnvelopeSchema,
};
const NOT_FOUND = 'There is no such invoice.';

const invoicesRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['invoices'];

  app.get(
    '/',
    {
      schema: {
        tags,
        summary: 'The invoices, newest first, and the amount due',
        response: { 200: invoicesResponseSchema },
      },
    },
    async (req) => listInvoiceDtos(app.database, req.principal!.accountId!),
  );

  app.get(
    '/detail/',
    {
      schema: {
        tags,
        summary: "One invoice's lines, payments and refunds",
        querystring: invoiceIdQuerySchema,
        response: { 200: invoiceDetailSchema, ...errors },
      },
    },
    async (req) => {
      const detail = await invoiceDetail(app.database, req.principal!.accountId!, req.query.invoice_id);
      if (!detail) throw new DomainError('not-found', NOT_FOUND, 'invoice_id');
      return detail;
    },
  );

  app.get(
    '/download/',
    {
      schema: {
        tags,
        summary: 'The invoice PDF, or with is_refund the refund PDF',
        querystring: invoiceDownloadQuerySchema,
        produces: ['application/pdf'],
        response: { 200: z.any().meta({ description: 'application/pdf' }), ...errors },
      },
    },
    async (req, reply) => {
      const detail = await invoiceDetail(app.database, req.principal!.accountId!, req.query.invoice_id);
      if (!detail) throw new DomainError('not-found', NOT_FOUND, 'invoice_id');
      const refund = req.query.is_refund;
      if (refund && detail.refunds.length === 0)
        throw new DomainError('not-found', 'This invoice has no refund.', 'is_refund');
      const pdf = await renderInvoicePdf(detail, refund);
      return sendPrivateDownload(reply, 'application/pdf', invoiceFilename(detail.number, refund), pdf);
    },
  );

  app.post(
    '/pay/',
    {
      schema: {
        tags,
        summary: 'Charge an open invoice to the card on file (Idempotency-Key header required)',
        body: payInvoiceSchema,
        headers: idempotencyKeyHeadersSchema,
        response: {
          200: payInvoiceResponseSchema,
          202: z.union([payInvoicePendingSchema, authenticationRequiredSchema]),
          ...errors,
        },
      },
    },
    async (req, reply) => {
      const accountId = req.principal!.accountId!;
      const { invoice_id } = req.body;
      // Another account's or an unknown invoice is not found by the engine's locked read (404).
      // The charge's key comes from the invoice and its attempt, not from this header: every click, tab
      // and retry on one invoice meets the same attempt. A click that finds one in flight waits for it.
      // The cardholder is here: the charge is on-session, and a charge waiting for their bank's step (this
      // click's, or an off-session one the email linked to) is finished, never made again.
      const outcome = await app.billing.chargeInvoice(accountId, invoice_id, {
        waitMs: PERSON_WAIT_MS,
        by: { cardholder: { returnUrl: `${app.config.publicUrl}${payLinkPath(invoice_id)}` } },
      });
      if (outcome.state === 'requires_action') {
        if (!outcome.clientSecret)
          return reply.code(202).send({ code: PAYMENT_PENDING_CODE, message: INVOICE_TEXT.paymentPending });
        return reply.code(202).send({
          code: AUTHENTICATION_REQUIRED_CODE,
          message: AUTHENTICATION_TEXT.required,
          client_secret: outcome.clientSecret,
          stripe_pk: app.payments.publishableKey,
        });
      }
      if (outcome.state === 'pending')
        return reply.code(202).send({ code: PAYMENT_PENDING_CODE, message: INVOICE_TEXT.paymentPending });
      if (outcome.state !== 'paid') throw new DomainError('payment-failed', outcome.message);
      // The receipt was written with the payment: deliver it now rather than at the next scheduled run.
      await app.mailer.wake();
      // A first paid invoice may earn this account's referrer a bonus; the payment stands either way
      // (the period-close job retries pending bonuses).
      if (outcome.referralPending !== false)
        await grantReferralBonusForPayment(app.database, accountId, app.clock.now()).catch((err: unknown) =>
          req.log.error({ err }, 'referral bonus failed'),
        );
      return { message: INVOICE_TEXT.paid };
    },
  );
};

export default invoicesRoutes;

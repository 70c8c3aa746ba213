import {
  IDEMPOTENCY_KEY_HEADER,
  accountNoteBodySchema,
  accountNoteSchema,
  accountSearchQuerySchema,
  accountSearchResponseSchema,
  activityPageSchema,
  adminAccountParamsSchema,
  adminAccountSchema,
  adminActivityQuerySchema,
  adminInvoiceParamsSchema,
  errorEnvelopeSchema,
  resendBodySchema,
  staffActionResultSchema,
  taxStatusBodySchema,
  idempotencyKeyHeadersSchema,
} from '@enq/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  addAccountNote,
  resendInvoiceEmail,
  setAccountTaxStatus,
  accountActivity,
  accountPage,
  searchAccounts,
} from '../../../../../domain/admin';
import { staffActor } from '../../../../../plugins/auth';

const tags = ['admin'];
const errors = { 400: errorEnvelopeSchema, 404: errorEnvelopeSchema, 409: errorEnvelopeSchema };
const headers = idempotencyKeyHeadersSchema;
const answer = staffActionResultSchema.extend({ replayed: z.boolean() });

/** The console's accounts (CONS-01..05): search, the account page, its notes and its own actions. */
const accountsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/',
    {
      config: { staffPermission: 'read' },
      schema: {
        tags,
        summary: "Find accounts by name, anyone's email, a PIN, an invoice number or a card's last four",
        querystring: accountSearchQuerySchema,
        response: { 200: accountSearchResponseSchema, 400: errorEnvelopeSchema },
      },
    },
    async (req) => ({ results: await searchAccounts(app.database, req.query.q) }),
  );

  app.get(
    '/:accountId',
    {
      config: { staffPermission: 'read' },
      schema: {
        tags,
        summary: 'One account: plan, usage, ledger, invoices and payments, users and internal notes',
        params: adminAccountParamsSchema,
        response: { 200: adminAccountSchema, 404: errorEnvelopeSchema },
      },
    },
    async (req) => accountPage(app.database, req.params.accountId, app.clock.now()),
  );

  app.get(
    '/:accountId/activity',
    {
      config: { staffPermission: 'read' },
      schema: {
        tags,
        summary: "The account's activity log, as its admin reads it",
        params: adminAccountParamsSchema,
        querystring: adminActivityQuerySchema,
        response: { 200: activityPageSchema, ...errors },
      },
    },
    async (req) => accountActivity(app.database, req.params.accountId, req.query.page),
  );

  app.post(
    '/:accountId/notes',
    {
      config: { staffPermission: 'notes' },
      schema: {
        tags,
        summary: 'Add an internal note (the note is its own reason; the customer never sees it)',
        params: adminAccountParamsSchema,
        body: accountNoteBodySchema,
        headers,
        response: { 200: answer.extend({ note: accountNoteSchema }), ...errors },
      },
    },
    async (req) =>
      addAccountNote(
        app.database,
        staffActor(req),
        req.params.accountId,
        req.body.body,
        req.headers[IDEMPOTENCY_KEY_HEADER],
      ),
  );

  app.put(
    '/:accountId/tax-status',
    {
      config: { staffPermission: 'taxStatus' },
      schema: {
        tags,
        summary: 'Set the tax status invoices issued from now on use',
        params: adminAccountParamsSchema,
        body: taxStatusBodySchema,
        headers,
        response: { 200: answer, ...errors },
      },
    },
    async (req) =>
      setAccountTaxStatus(
        app.database,
        staffActor(req),
        req.params.accountId,
        req.body,
        req.headers[IDEMPOTENCY_KEY_HEADER],
      ),
  );

  app.post(
    '/:accountId/invoices/:invoiceId/resend',
    {
      config: { staffPermission: 'resend' },
      schema: {
        tags,
        summary: "Queue an invoice's receipt email to the account holder again",
        params: adminInvoiceParamsSchema,
        body: resendBodySchema,
        headers,
        response: { 200: answer.extend({ outbox_id: z.number().int() }), ...errors },
      },
    },
    async (req) =>
      resendInvoiceEmail(
        app.database,
        staffActor(req),
        req.params.accountId,
        req.params.invoiceId,
        req.body.reason,
        req.headers[IDEMPOTENCY_KEY_HEADER],
      ),
  );
};

export default accountsRoutes;

import {
  AUTHENTICATION_REQUIRED_CODE,
  AUTHENTICATION_TEXT,
  authenticationRequiredSchema,
  BILLING_TEXT,
  addressUpdateResponseSchema,
  addressUpdateSchema,
  billingDataSchema,
  changeCardResponseSchema,
  changeCardSchema,
  errorEnvelopeSchema,
  validateAddress,
  type Address,
} from '@enq/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { loadBillingData, changeAddresses, saveCard } from '../../../../../domain/billing';
import { retryWithNewCard } from '../../../../../domain/billing-engine';
import { DomainError } from '../../../../../domain/errors';

const errors = { 400: errorEnvelopeSchema, 402: errorEnvelopeSchema, 409: errorEnvelopeSchema };

/** The first failing address rule (BILL-24..29) and its field (e.g. 'service_address.city'). */
function checkAddress(prefix: string, address: Address) {
  const [first] = Object.entries(validateAddress(address));
  if (first) throw new DomainError('invalid', first[1], `${prefix}.${first[0]}`);
}

const billingRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['billing'];
  const load = (accountId: string) =>
    loadBillingData(app.database, app.keptAnswers, accountId, app.clock.now(), app.payments.publishableKey);

  app.get(
    '/',
    {
      schema: {
        tags,
        summary: 'Billing data: card, addresses, tax status and banner flags',
        response: { 200: billingDataSchema },
      },
    },
    (req) => load(req.principal!.accountId!),
  );

  app.put(
    '/address',
    {
      schema: {
        tags,
        summary: 'Save the service and billing addresses',
        body: addressUpdateSchema,
        response: { 200: addressUpdateResponseSchema, ...errors },
      },
    },
    async (req) => {
      const { service_address, billing_address, sameBilling } = req.body;
      checkAddress('service_address', service_address);
      if (!sameBilling) checkAddress('billing_address', billing_address);
      const { accountId, personId } = req.principal!;
      const saved = await changeAddresses(
        app.database,
        { accountId: accountId!, personId },
        service_address,
        billing_address,
        sameBilling,
      );
      return { ...saved, message: BILLING_TEXT.addressUpdated };
    },
  );

  app.post(
    '/change-card',
    {
      schema: {
        tags,
        summary:
          "Save the provider's payment method as the card on file, with a SetupIntent on the account's Customer (idempotent for the same pm_id)",
        body: changeCardSchema,
        response: { 200: changeCardResponseSchema, 202: authenticationRequiredSchema, ...errors },
      },
    },
    async (req, reply) => {
      const accountId = req.principal!.accountId!;
      // Saved with a SetupIntent on the account's Customer, never a charge (docs/billing.md, "Payments").
      const saved = await saveCard(
        app.database,
        app.payments,
        { accountId, personId: req.principal!.personId },
        req.body.pm_id,
        app.clock.now(),
        `${app.config.publicUrl}/billing`,
      );
      // The card's bank asks first: the page runs its step, then posts the same pm_id again.
      if (saved.state === 'requires_action')
        return reply.code(202).send({
          code: AUTHENTICATION_REQUIRED_CODE,
          message: AUTHENTICATION_TEXT.setupRequired,
          client_secret: saved.clientSecret,
          stripe_pk: app.payments.publishableKey,
        });
      // Invoices in collection are tried with the new card at once (docs/billing.md).
      if ((await retryWithNewCard(app.database, app.billing, accountId)) > 0) await app.mailer.wake();
      return { ...(await load(accountId)), message: BILLING_TEXT.cardSaved };
    },
  );
};

export default billingRoutes;

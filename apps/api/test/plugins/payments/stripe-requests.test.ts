import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type Stripe from 'stripe';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { StripePaymentProvider } from '../../../src/plugins/payments/stripe';

/** One request as Stripe's API would receive it. */
interface Recorded {
  method: string;
  path: string;
  /** The form body, decoded (Stripe's API takes application/x-www-form-urlencoded). */
  form: Record<string, string>;
  idempotencyKey: string | null;
}

const CARD = { brand: 'visa', last4: '4242', exp_month: 12, exp_year: 2031 };
const METHOD = { id: 'pm_1Saved', object: 'payment_method', type: 'card', card: CARD };

/** Stripe's answers, as its API reference shows them (only the fields the provider reads, plus ids). */
function answer(method: string, path: string, form: Record<string, string>): [number, object] {
  if (method === 'POST' && path === '/v1/customers')
    return [
      200,
      { id: 'cus_Account1', object: 'customer', metadata: { account_id: form['metadata[account_id]'] } },
    ];
  if (method === 'POST' && path === '/v1/customers/cus_Account1')
    return [200, { id: 'cus_Account1', object: 'customer' }];
  if (method === 'POST' && path === '/v1/setup_intents')
    return [
      200,
      {
        id: 'seti_1',
        object: 'setup_intent',
        client_secret: 'seti_1_secret_abc',
        status: 'requires_payment_method',
        customer: form.customer,
      },
    ];
  // Where a SetupIntent stands, asked before confirming (a save asked again after the bank's step).
  if (method === 'GET' && path === '/v1/setup_intents/seti_1')
    return [200, { id: 'seti_1', object: 'setup_intent', status: 'requires_payment_method' }];
  if (method === 'POST' && path === '/v1/setup_intents/seti_1/confirm') {
    if (form.payment_method === 'pm_card_authenticationRequired')
      return [
        200,
        {
          id: 'seti_1',
          object: 'setup_intent',
          status: 'requires_action',
          client_secret: 'seti_1_secret_abc',
        },
      ];
    if (form.payment_method === 'pm_card_chargeDeclined')
      return [
        402,
        {
          error: {
            type: 'card_error',
            code: 'card_declined',
            decline_code: 'generic_decline',
            message: 'Your card was declined.',
            setup_intent: { id: 'seti_1', object: 'setup_intent', status: 'requires_payment_method' },
          },
        },
      ];
    return [
      200,
      {
        id: 'seti_1',
        object: 'setup_intent',
        status: 'succeeded',
        customer: 'cus_Account1',
        payment_method: METHOD,
      },
    ];
  }
  if (method === 'GET' && path === '/v1/payment_methods/pm_1Saved') return [200, METHOD];
  if (method === 'POST' && path === '/v1/payment_intents') {
    // Off-session, a bank that insists on authentication: Stripe's card error, with the intent waiting.
    if (form.payment_method === 'pm_card_authenticationRequired' && form.off_session === 'true')
      return [
        402,
        {
          error: {
            type: 'card_error',
            code: 'authentication_required',
            decline_code: 'authentication_required',
            message: 'Your card was declined. This transaction requires authentication.',
            payment_intent: {
              id: 'pi_auth',
              object: 'payment_intent',
              status: 'requires_payment_method',
              client_secret: 'pi_auth_secret_off',
            },
          },
        },
      ];
    // At the page: the intent waits for the bank's step (next_action), for Stripe.js.
    if (form.payment_method === 'pm_card_authenticationRequired')
      return [
        200,
        {
          id: 'pi_on',
          object: 'payment_intent',
          status: 'requires_action',
          client_secret: 'pi_on_secret_on',
        },
      ];
    return [200, { id: 'pi_1', object: 'payment_intent', status: 'succeeded', amount: Number(form.amount) }];
  }
  if (method === 'GET' && path === '/v1/payment_methods/pm_card_authenticationRequired')
    return [200, { ...METHOD, id: 'pm_card_authenticationRequired', card: { ...CARD, last4: '3184' } }];
  if (method === 'GET' && path === '/v1/payment_intents/pi_auth')
    return [
      200,
      {
        id: 'pi_auth',
        object: 'payment_intent',
        status: 'requires_payment_method',
        client_secret: 'pi_auth_secret_off',
        payment_method: null,
        last_payment_error: {
          type: 'card_error',
          code: 'authentication_required',
          payment_method: { id: 'pm_card_authenticationRequired', object: 'payment_method' },
        },
      },
    ];
  if (method === 'POST' && path === '/v1/payment_intents/pi_auth/confirm')
    return [
      200,
      {
        id: 'pi_auth',
        object: 'payment_intent',
        status: 'requires_action',
        client_secret: 'pi_auth_secret_off',
      },
    ];
  if (method === 'POST' && path === '/v1/refunds')
    return form.payment_intent === 'pi_1'
      ? [
          200,
          {
            id: 're_1',
            object: 'refund',
            amount: Number(form.amount),
            payment_intent: 'pi_1',
            status: 'succeeded',
          },
        ]
      : [
          400,
          {
            error: {
              type: 'invalid_request_error',
              code: 'resource_missing',
              message: `No such payment_intent: '${form.payment_intent}'`,
            },
          },
        ];
  return [
    404,
    { error: { type: 'invalid_request_error', message: `Unrecognized request URL (${method}: ${path}).` } },
  ];
}

const read = (req: IncomingMessage) =>
  new Promise<string>((resolve) => {
    let body = '';
    req.on('data', (chunk) => (body += chunk));
    req.on('end', () => resolve(body));
  });

/**
 * The Stripe provider through the real `stripe` package, pointed at a local server that records each
 * request: what a production key would send to api.stripe.com, checked against Stripe's API reference.
 */
describe('the Stripe provider sends what Stripe accepts', () => {
  let server: Server;
  let provider: StripePaymentProvider;
  let requests: Recorded[] = [];

  beforeAll(async () => {
    server = createServer(async (req, res) => {
      const url = new URL(req.url!, 'http://localhost');
      const form = Object.fromEntries(new URLSearchParams(await read(req)));
      const key = req.headers['idempotency-key'];
      requests.push({
        method: req.method!,
        path: url.pathname,
        form,
        idempotencyKey: typeof key === 'string' ? key : null,
      });
      const [status, body] = answer(req.method!, url.pathname, form);
      res.writeHead(status, { 'content-type': 'application/json', 'request-id': 'req_test' });
      res.end(JSON.stringify(body));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    provider = new StripePaymentProvider('sk_test_local', 'pk_test_local', {
      host: '127.0.0.1',
      port,
      protocol: 'http',
      maxNetworkRetries: 0,
    });
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
  beforeEach(() => {
    requests = [];
  });

  it("makes the account's Customer once per key: POST /v1/customers with the Idempotency-Key", async () => {
    expect(
      await provider.createCustomer({ accountId: 'acct-1', idempotencyKey: 'enq-customer-acct-1' }),
    ).toEqual({
      id: 'cus_Account1',
    });
    expect(requests).toEqual([
      {
        method: 'POST',
        path: '/v1/customers',
        form: { 'metadata[account_id]': 'acct-1' },
        idempotencyKey: 'enq-customer-acct-1',
      },
    ]);
  });

  it('saves a card with a SetupIntent (usage off_session, on the Customer), confirmed with the payment method, then the default', async () => {
    const intent = await provider.createSetupIntent({
      customerId: 'cus_Account1',
      idempotencyKey: 'setup-key',
    });
    expect(intent).toEqual({ id: 'seti_1', clientSecret: 'seti_1_secret_abc' });
    const result = await provider.confirmSetupIntent({
      setupIntentId: 'seti_1',
      paymentMethodId: 'pm_1Saved',
      idempotencyKey: 'setup-key-confirm',
    });
    expect(result).toEqual({
      status: 'succeeded',
      id: 'seti_1',
      paymentMethodId: 'pm_1Saved',
      card: { brand: 'visa', last4: '4242', expMonth: 12, expYear: 2031 },
    });
    await provider.setDefaultPaymentMethod({ customerId: 'cus_Account1', paymentMethodId: 'pm_1Saved' });
    expect(
      requests.map(({ method, path, form, idempotencyKey }) => ({ method, path, form, idempotencyKey })),
    ).toEqual([
      {
        method: 'POST',
        path: '/v1/setup_intents',
        form: { customer: 'cus_Account1', usage: 'off_session', 'allowed_payment_method_types[0]': 'card' },
        idempotencyKey: 'setup-key',
      },
      { method: 'GET', path: '/v1/setup_intents/seti_1', form: {}, idempotencyKey: null },
      {
        method: 'POST',
        path: '/v1/setup_intents/seti_1/confirm',
        form: { payment_method: 'pm_1Saved', 'expand[0]': 'payment_method' },
        idempotencyKey: 'setup-key-confirm',
      },
      {
        method: 'POST',
        path: '/v1/customers/cus_Account1',
        form: { 'invoice_settings[default_payment_method]': 'pm_1Saved' },
        idempotencyKey: expect.any(String),
      },
    ]);
    // Never a charge to save a card.
    expect(requests.filter((r) => r.path.startsWith('/v1/payment_intents'))).toEqual([]);
  });

  it("answers a card refused by its setup as failed, with Stripe's message", async () => {
    const result = await provider.confirmSetupIntent({
      setupIntentId: 'seti_1',
      paymentMethodId: 'pm_card_chargeDeclined',
      idempotencyKey: 'declined-confirm',
    });
    expect(result).toEqual({
      status: 'failed',
      id: 'seti_1',
      code: 'generic_decline',
      message: 'Your card was declined.',
    });
  });

  it('charges off-session naming the Customer and the saved payment method, confirmed at once, once per key', async () => {
    const result = await provider.charge({
      amountCents: 4_900,
      paymentMethodId: 'pm_1Saved',
      customerId: 'cus_Account1',
      idempotencyKey: 'invoice:in_1:attempt:1',
      attemptId: 'pay_1',
      description: 'enQ invoice 2026-0001',
    });
    expect(result).toEqual({ status: 'succeeded', id: 'pi_1', card: { brand: 'visa', last4: '4242' } });
    const charge = requests.find((r) => r.path === '/v1/payment_intents')!;
    expect(charge).toEqual({
      method: 'POST',
      path: '/v1/payment_intents',
      form: {
        amount: '4900',
        currency: 'usd',
        customer: 'cus_Account1',
        payment_method: 'pm_1Saved',
        'allowed_payment_method_types[0]': 'card',
        description: 'enQ invoice 2026-0001',
        'metadata[attempt_id]': 'pay_1',
        confirm: 'true',
        off_session: 'true',
      },
      idempotencyKey: 'invoice:in_1:attempt:1',
    });
  });

  it('confirms a SetupIntent with return_url; a card that asks answers requires_action with the client secret', async () => {
    const result = await provider.confirmSetupIntent({
      setupIntentId: 'seti_1',
      paymentMethodId: 'pm_card_authenticationRequired',
      idempotencyKey: 'sca-setup-confirm',
      returnUrl: 'https://portal.example/billing',
    });
    expect(result).toEqual({ status: 'requires_action', id: 'seti_1', clientSecret: 'seti_1_secret_abc' });
    expect(requests.find((r) => r.path === '/v1/setup_intents/seti_1/confirm')).toEqual({
      method: 'POST',
      path: '/v1/setup_intents/seti_1/confirm',
      form: {
        payment_method: 'pm_card_authenticationRequired',
        'expand[0]': 'payment_method',
        return_url: 'https://portal.example/billing',
      },
      idempotencyKey: 'sca-setup-confirm',
    });
  });

  it('charges on-session (Pay now) with return_url and no off_session; a card that asks answers requires_action', async () => {
    const result = await provider.charge({
      amountCents: 15_000,
      paymentMethodId: 'pm_card_authenticationRequired',
      customerId: 'cus_Account1',
      idempotencyKey: 'invoice:in_2:attempt:1',
      attemptId: 'pay_2',
      description: 'enQ invoice 2026-0002',
      offSession: false,
      returnUrl: 'https://portal.example/invoices?pay=in_2',
    });
    expect(result).toEqual({
      status: 'requires_action',
      id: 'pi_on',
      clientSecret: 'pi_on_secret_on',
      card: { brand: 'visa', last4: '3184' },
    });
    expect(requests.find((r) => r.path === '/v1/payment_intents')).toEqual({
      method: 'POST',
      path: '/v1/payment_intents',
      form: {
        amount: '15000',
        currency: 'usd',
        customer: 'cus_Account1',
        payment_method: 'pm_card_authenticationRequired',
        'allowed_payment_method_types[0]': 'card',
        description: 'enQ invoice 2026-0002',
        'metadata[attempt_id]': 'pay_2',
        confirm: 'true',
        return_url: 'https://portal.example/invoices?pay=in_2',
      },
      idempotencyKey: 'invoice:in_2:attempt:1',
    });
  });

  it('an off-session charge refused with authentication_required waits (requires_action), and is confirmed on-session on the same intent', async () => {
    const charged = await provider.charge({
      amountCents: 15_000,
      paymentMethodId: 'pm_card_authenticationRequired',
      customerId: 'cus_Account1',
      idempotencyKey: 'invoice:in_3:attempt:1',
      attemptId: 'pay_3',
      description: 'enQ invoice 2026-0003',
    });
    expect(charged).toEqual({
      status: 'requires_action',
      id: 'pi_auth',
      clientSecret: 'pi_auth_secret_off',
      card: { brand: 'visa', last4: '3184' },
    });
    expect(requests.find((r) => r.path === '/v1/payment_intents')!.form.off_session).toBe('true');
    requests = [];
    const resumed = await provider.resumeCharge({
      chargeId: 'pi_auth',
      returnUrl: 'https://portal.example/invoices?pay=in_3',
      idempotencyKey: 'invoice:in_3:attempt:1:on-session',
      card: { brand: 'visa', last4: '3184' },
    });
    expect(resumed).toEqual({
      status: 'requires_action',
      id: 'pi_auth',
      clientSecret: 'pi_auth_secret_off',
      card: { brand: 'visa', last4: '3184' },
    });
    expect(requests).toEqual([
      { method: 'GET', path: '/v1/payment_intents/pi_auth', form: {}, idempotencyKey: null },
      {
        method: 'POST',
        path: '/v1/payment_intents/pi_auth/confirm',
        form: {
          payment_method: 'pm_card_authenticationRequired',
          return_url: 'https://portal.example/invoices?pay=in_3',
        },
        idempotencyKey: 'invoice:in_3:attempt:1:on-session',
      },
    ]);
  });

  it('refunds part of a payment by its PaymentIntent, with the attempt in the metadata, once per key', async () => {
    const request = {
      chargeId: 'pi_1',
      amountCents: 1_250,
      idempotencyKey: 'refund:rfa_1',
      refundAttemptId: 'rfa_1',
    };
    expect(await provider.refund(request)).toEqual({ status: 'succeeded', id: 're_1' });
    // The body is what the stripe package's own RefundCreateParams allows, field for field.
    const params = {
      payment_intent: 'pi_1',
      amount: 1_250,
      metadata: { refund_attempt_id: 'rfa_1' },
    } satisfies Stripe.RefundCreateParams;
    expect(requests).toEqual([
      {
        method: 'POST',
        path: '/v1/refunds',
        form: {
          payment_intent: params.payment_intent,
          amount: String(params.amount),
          'metadata[refund_attempt_id]': params.metadata.refund_attempt_id,
        },
        idempotencyKey: 'refund:rfa_1',
      },
    ]);
    // A PaymentIntent Stripe does not know is a failed refund with Stripe's message, not a throw.
    expect(
      await provider.refund({ ...request, chargeId: 'pi_unknown', idempotencyKey: 'refund:rfa_2' }),
    ).toEqual({
      status: 'failed',
      id: 're_failed_refund:rfa_2',
      message: "No such payment_intent: 'pi_unknown'",
    });
  });
});

import { describe, expect, it } from 'vitest';
import { UnknownPaymentMethodError } from '../../../src/domain/ports/payment-provider';
import { MemoryChargeStore, SandboxPaymentProvider } from '../../../src/plugins/payments/sandbox';
import { SqlChargeStore } from '../../../src/plugins/payments/sandbox-charges-repository';
import { drivers, openMigratedTestDatabase } from '../../helpers/app';

/** Saves `pmId` on a new customer as the portal does (docs/billing.md, "Saving a card"). */
async function save(sandbox: SandboxPaymentProvider, account: string, pmId: string) {
  const customer = await sandbox.createCustomer({
    accountId: account,
    idempotencyKey: `customer-${account}`,
  });
  const intent = await sandbox.createSetupIntent({
    customerId: customer.id,
    idempotencyKey: `setup-${account}-${pmId}`,
  });
  const result = await sandbox.confirmSetupIntent({
    setupIntentId: intent.id,
    paymentMethodId: pmId,
    idempotencyKey: `setup-${account}-${pmId}-confirm`,
  });
  return { customerId: customer.id, result };
}

const charge = (sandbox: SandboxPaymentProvider, pmId: string, customerId: string | null, key: string) =>
  sandbox.charge({
    amountCents: 1_500,
    paymentMethodId: pmId,
    customerId,
    idempotencyKey: key,
    attemptId: key,
    description: 'test',
  });

// The table in docs/billing.md ("The sandbox"): what saving, then charging, each test card does.
const CARDS: [number: string, saved: string | null, charged: string][] = [
  ['4242424242424242', null, 'succeeded'],
  ['5555555555554444', null, 'succeeded'],
  ['4000000000000002', 'card_declined', 'card_declined'],
  ['4000000000000069', 'expired_card', 'expired_card'],
  ['4000000000000127', 'incorrect_cvc', 'incorrect_cvc'],
  ['4000000000000119', 'processing_error', 'processing_error'],
  ['4000000000009995', null, 'insufficient_funds'],
  ['4000000000000341', null, 'card_declined'],
];

describe("the sandbox saves cards as Stripe's SetupIntents do", () => {
  it.each(CARDS)(
    '%s: refused at setup with %s, else saved; a charge then answers %s',
    async (number, refused, charged) => {
      const store = new MemoryChargeStore();
      const sandbox = new SandboxPaymentProvider(store);
      const pmId = sandbox.createPaymentMethod({ number, expMonth: 10, expYear: 2031 }, 'n1');
      const { customerId, result } = await save(sandbox, 'a1', pmId);
      // Saving never charges.
      expect(store.chargeCount()).toBe(0);
      if (refused) {
        expect(result).toMatchObject({ status: 'failed', code: refused });
        return;
      }
      expect(result).toMatchObject({
        status: 'succeeded',
        paymentMethodId: pmId,
        card: { last4: number.slice(-4) },
      });
      await sandbox.setDefaultPaymentMethod({ customerId, paymentMethodId: pmId });
      const outcome = await charge(sandbox, pmId, customerId, 'charge-1');
      expect(outcome.status === 'failed' ? outcome.code : outcome.status).toBe(charged);
    },
  );

  it('pm_card_visa serves two accounts: each saves its own copy, on its own Customer; a sandbox method saved by one is refused to the other', async () => {
    const sandbox = new SandboxPaymentProvider(new MemoryChargeStore());
    const first = await save(sandbox, 'a1', 'pm_card_visa');
    const second = await save(sandbox, 'a2', 'pm_card_visa');
    expect(first.customerId).not.toBe(second.customerId);
    const ids = [first, second].map((s) => (s.result.status === 'succeeded' ? s.result.paymentMethodId : ''));
    expect(ids[0]).toMatch(/^pm_sbx_4242424242424242_/);
    expect(ids[1]).toMatch(/^pm_sbx_4242424242424242_/);
    expect(ids[0]).not.toBe(ids[1]);
    // The same save asked again (a lost answer) is the same one.
    expect((await save(sandbox, 'a1', 'pm_card_visa')).result).toEqual(first.result);
    await expect(save(sandbox, 'a2', ids[0]!)).rejects.toBeInstanceOf(UnknownPaymentMethodError);
  });
});

/** The sandbox's stores: memory (unit tests) and the database a server keeps them in, on each driver. */
const stores = [
  [
    'memory',
    async () => {
      const store = new MemoryChargeStore();
      return { store, charges: async () => store.chargeCount(), close: async () => undefined };
    },
  ],
  ...drivers.map(
    (driver) =>
      [
        driver,
        async () => {
          const database = await openMigratedTestDatabase(driver);
          const count = async () =>
            (await database.query<{ n: number }>('select count(*)::int as n from sandbox_charges'))[0]!.n;
          return { store: new SqlChargeStore(() => database), charges: count, close: () => database.close() };
        },
      ] as const,
  ),
] as const;

describe.each(stores)("the sandbox keeps Stripe's Customer rule (%s store)", (_name, open) => {
  it('charges a saved card only with its Customer named: no charge is recorded for no Customer or another', async () => {
    const { store, charges, close } = await open();
    try {
      const sandbox = new SandboxPaymentProvider(store);
      const pmId = sandbox.createPaymentMethod(
        { number: '4242424242424242', expMonth: 10, expYear: 2031 },
        'n2',
      );
      const { customerId } = await save(sandbox, 'a1', pmId);
      await expect(charge(sandbox, pmId, null, 'no-customer')).rejects.toBeInstanceOf(
        UnknownPaymentMethodError,
      );
      await expect(charge(sandbox, pmId, 'cus_other', 'other')).rejects.toBeInstanceOf(
        UnknownPaymentMethodError,
      );
      expect(await charges()).toBe(0);
      const named = await charge(sandbox, pmId, customerId, 'named');
      expect(named.status).toBe('succeeded');
      // The same key again answers the charge that stands; another Customer under it is still refused.
      expect(await charge(sandbox, pmId, customerId, 'named')).toEqual(named);
      await expect(charge(sandbox, pmId, 'cus_other', 'named')).rejects.toBeInstanceOf(
        UnknownPaymentMethodError,
      );
      expect(await charges()).toBe(1);
    } finally {
      await close();
    }
  });
});

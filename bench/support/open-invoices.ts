// `node --import tsx bench/support/open-invoices.ts <count>`: <count> new customers as the sign-up page
// makes them (account, holder, the plan's first invoice issued by the engine, left open because no card
// was on file), each then given a good card (pm_card_visa) as the Billing page saves it, and an API
// token. Prints one JSON line, [{ token, invoiceId }], for bench/billing's concurrent Pay now. Run as
// its own process on the database the environment names (PGlite allows one process at a time).
import { composeBilling } from '../../apps/api/src/composition';
import { loadConfig } from '../../apps/api/src/config';
import { openDatabase } from '../../apps/api/src/db/client';
import { issueApiToken } from '../../apps/api/src/domain/auth/token-repository';
import { saveDefaultCard } from '../../apps/api/src/domain/billing/billing-repository';
import { listAvailablePlans } from '../../apps/api/src/domain/billing-engine/plans-repository';
import { listInvoiceDtos } from '../../apps/api/src/domain/invoices/invoices-view';
import { signUp } from '../../apps/api/src/domain/referral/signup';
import { prepareDatabase } from '../../apps/api/src/startup/prepare-database';

const count = Number(process.argv[2] ?? 100);
const GOOD_CARD = 'pm_card_visa';
/** Sign-ups at a time: each hashes a password (scrypt), which runs on libuv's four threads. */
const AT_ONCE = 8;

const config = loadConfig();
const database = await openDatabase(config.database);
try {
  const billing = composeBilling(config, () => database);
  await prepareDatabase(database, { seedDemo: config.seedDemo, billing });
  const plan = (await listAvailablePlans(database)).find((p) => p.period === 'mo')!;
  const card = await billing.payments.describePaymentMethod(GOOD_CARD);
  const run = Date.now().toString(36);
  const payers: { token: string; invoiceId: string }[] = [];
  for (let first = 0; first < count; first += AT_ONCE) {
    const batch = Array.from({ length: Math.min(AT_ONCE, count - first) }, (_, i) => first + i);
    payers.push(
      ...(await Promise.all(
        batch.map(async (n) => {
          const result = await signUp(
            { database, billing, environment: 'local' },
            {
              full_name: `Bench Payer ${n}`,
              company: `Bench Payer ${n} LLC`,
              email: `bench-payer-${run}-${n}@example.com`,
              password: 'bench-pay-now-password',
              plan: plan.id,
            },
          );
          if (!result.ok) throw new Error(`sign-up refused: ${JSON.stringify(result.errors)}`);
          const { invoices } = await listInvoiceDtos(database, result.accountId);
          const invoice = invoices.find((i) => i.status === 'open');
          if (!invoice) throw new Error(`sign-up ${n} left no open invoice`);
          await saveDefaultCard(database, result.accountId, GOOD_CARD, card, new Date());
          const { token } = await issueApiToken(database, result.personId);
          return { token, invoiceId: invoice.id };
        }),
      )),
    );
  }
  console.log(JSON.stringify(payers));
} finally {
  await database.close();
}

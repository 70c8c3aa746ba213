// `node --import tsx bench/support/open-invoices.ts <count>`: <count> customers whose last period close
// was declined and who then put a good card on file, the invoice Pay now is for. Each account is made
// 40 days ago as a confirmed sign-up makes one (account, holder, the engine's start of the monthly plan
// with its first invoice), pays that invoice with a good card, then its card
// declines at the close of that month (the invoice stays open, with its failed attempt: the sweep of
// never-charged invoices leaves it alone), and the card is switched to pm_card_visa as the Billing page
// saves one. Prints one JSON line, [{ token, invoiceId }], with an API token for each account holder.
// Run as its own process on the database the environment names (PGlite allows one process at a time).
import { composeBilling } from '../../apps/api/src/composition';
import { loadConfig } from '../../apps/api/src/config';
import { openDatabase } from '../../apps/api/src/db/client';
import { issueApiToken } from '../../apps/api/src/domain/auth/api-tokens';
import { hashPassword } from '../../apps/api/src/domain/auth/password';
import { saveDefaultCard } from '../../apps/api/src/domain/billing/billing-repository';
import { billingEngines } from '../../apps/api/src/domain/billing-engine/billing-engines';
import { listAvailablePlans } from '../../apps/api/src/domain/billing-engine/plans-repository';
import { listInvoiceDtos } from '../../apps/api/src/domain/invoices';
import { randomPin } from '../../apps/api/src/domain/people/pin';
import {
  insertAccount,
  insertAccountHolder,
  pinTaken,
} from '../../apps/api/src/domain/referral/referral-repository';
import { prepareDatabase } from '../../apps/api/src/startup/prepare-database';

const count = Number(process.argv[2] ?? 100);
const GOOD_CARD = 'pm_card_visa';
const DECLINING_CARD = 'pm_card_chargeDeclined';
const SIGNED_UP_DAYS_AGO = 40;
const AT_ONCE = 8;

const config = loadConfig();
const database = await openDatabase(config.database);
try {
  const billing = composeBilling(config, () => database);
  await prepareDatabase(database, { seedDemo: config.seedDemo, billing });
  const signedUp = new Date(Date.now() - SIGNED_UP_DAYS_AGO * 86_400_000);
  const then = billingEngines({ ...billing, clock: { now: () => signedUp } });
  const plan = (await listAvailablePlans(database, signedUp)).find((p) => p.period === 'mo')!;
  const run = Date.now().toString(36);
  const passwordHash = await hashPassword('bench-pay-now-password');
  const putCard = async (accountId: string, pmId: string, at: Date) =>
    saveDefaultCard(database, accountId, pmId, await billing.payments.describePaymentMethod(pmId), at);

  const customer = async (n: number) => {
    const { accountId, personId } = await database.transaction(async (tx) => {
      const accountId = await insertAccount(tx, `Bench Payer ${n} LLC`, signedUp);
      let pin = randomPin();
      while (await pinTaken(tx, pin)) pin = randomPin();
      const personId = await insertAccountHolder(tx, {
        accountId,
        fullName: `Bench Payer ${n}`,
        email: `bench-payer-${run}-${n}@example.com`,
        pin,
        passwordHash,
        at: signedUp,
      });
      return { accountId, personId };
    });
    await then.engine(database).startSubscription(accountId, plan.id);
    const open = async () =>
      (await listInvoiceDtos(database, accountId)).invoices.filter((i) => i.status === 'open');
    await putCard(accountId, GOOD_CARD, signedUp);
    const [first] = await open();
    if ((await then.engine(database).chargeInvoice(accountId, first!.id)).state !== 'paid')
      throw new Error(`customer ${n}: the first invoice was not paid`);
    await putCard(accountId, DECLINING_CARD, signedUp);
    await billing.engine(database).closeDuePeriods(accountId);
    const declined = await open();
    if (declined.length !== 1)
      throw new Error(`customer ${n}: ${declined.length} open invoices after the close`);
    await putCard(accountId, GOOD_CARD, new Date());
    const { token } = await issueApiToken(database, personId);
    return { token, invoiceId: declined[0]!.id };
  };

  const payers: { token: string; invoiceId: string }[] = [];
  for (let first = 0; first < count; first += AT_ONCE) {
    const batch = Array.from({ length: Math.min(AT_ONCE, count - first) }, (_, i) => first + i);
    payers.push(...(await Promise.all(batch.map(customer))));
  }
  console.log(JSON.stringify(payers));
} finally {
  await database.close();
}

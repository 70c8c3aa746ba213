// `node --import tsx bench/support/webhook-events.ts <count>`: <count> signed Stripe events through the
// webhook's handler (the stripe package's signature check, then kept once and applied in one
// transaction), against the same number of bare single-row inserts of the same payloads, on the database
// the environment names, in this one process. Prints one JSON line: { events, handlerPerSecond,
// barePerSecond }. Run as its own process (PGlite allows one process at a time), before the server starts.
import Stripe from 'stripe';
import { composeBilling } from '../../apps/api/src/composition';
import { loadConfig } from '../../apps/api/src/config';
import { openDatabase } from '../../apps/api/src/db/client';
import { DEMO_ADMIN } from '../../apps/api/src/db/seed/demo-account';
import { receiveProviderEvent } from '../../apps/api/src/domain/payment-events';
import { verifyStripeEvent } from '../../apps/api/src/plugins/payments/stripe-webhooks';
import { sandboxObjects } from '../../apps/api/src/plugins/payments/sandbox-events';
import { prepareDatabase } from '../../apps/api/src/startup/prepare-database';

const count = Number(process.argv[2] ?? 2000);
const config = loadConfig();
const secret = config.payments.webhookSecret!;
const database = await openDatabase(config.database);

try {
  await prepareDatabase(database, {
    seedDemo: config.seedDemo,
    billing: composeBilling(config, () => database),
  });
  const [card] = await database.query<{ id: string; paid_payment: string | null }>(
    `select m.id, (select p.id from payments p where p.account_id = m.account_id and p.status = 'succeeded'
                    order by p.created_at desc limit 1) as paid_payment
       from payment_methods m join people h on h.account_id = m.account_id
      where h.email = $1 and m.is_default limit 1`,
    [DEMO_ADMIN.email],
  );
  const run = Date.now().toString(36);
  const start = Math.floor(Date.now() / 1000) - count;
  // What Stripe sends an account most: card updates (each newer than the last), expiry notices (one
  // email, then none), refunds already recorded (the invoice's lock and sums, no change), and types the
  // portal ignores.
  const objectFor = (i: number): [string, Record<string, unknown>] => {
    const details = { id: card!.id, brand: 'visa', last4: '4242', expMonth: 12, expYear: 2030 + (i % 5) };
    switch (i % 4) {
      case 0:
        return ['payment_method.automatically_updated', sandboxObjects.paymentMethod(details)];
      case 1:
        return ['customer.source.expiring', sandboxObjects.card(details)];
      case 2:
        return [
          'charge.refunded',
          sandboxObjects.charge({
            id: `ch_bench_${i}`,
            intentId: `pi_bench_${i}`,
            attemptId: card!.paid_payment ?? 'none',
            amountCents: 1000,
            refundedCents: 0,
          }),
        ];
      default:
        return ['customer.updated', { id: `cus_bench_${i}`, object: 'customer' }];
    }
  };
  const signed = Array.from({ length: count }, (_, i) => {
    const [type, object] = objectFor(i);
    const payload = JSON.stringify({
      id: `evt_bench_${run}_${i}`,
      object: 'event',
      type,
      created: start + i,
      livemode: false,
      data: { object },
    });
    const header = Stripe.webhooks.generateTestHeaderString({ payload, secret });
    return { body: Buffer.from(payload), header };
  });
  const clock = { now: () => new Date() };

  await database.query(
    'create table if not exists bench_bare_events (id text primary key, payload jsonb not null)',
  );
  const bareStarted = performance.now();
  for (let i = 0; i < count; i++)
    await database.query('insert into bench_bare_events (id, payload) values ($1, $2::jsonb)', [
      `bare_${run}_${i}`,
      signed[i]!.body.toString(),
    ]);
  const bareSeconds = (performance.now() - bareStarted) / 1000;
  await database.query('drop table bench_bare_events');

  const handlerStarted = performance.now();
  for (const { body, header } of signed) {
    // As the route does: the body kept as it came (the text the signature check decoded).
    const verified = verifyStripeEvent(body, header, secret);
    await receiveProviderEvent(
      { database, clock, publicUrl: 'http://localhost:8080' },
      verified.event,
      verified.body,
    );
  }
  const handlerSeconds = (performance.now() - handlerStarted) / 1000;

  console.log(
    JSON.stringify({
      events: count,
      handlerPerSecond: Math.round(count / handlerSeconds),
      barePerSecond: Math.round(count / bareSeconds),
    }),
  );
} finally {
  await database.close();
}

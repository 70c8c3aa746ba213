import { API_ACCOUNT_BASE, IDEMPOTENCY_KEY_HEADER } from '@enq/contract';
import { describe, expect, it } from 'vitest';
import { drivers } from '../helpers/app';
import type { ServerProcess } from '../helpers/server-process';
import { send, serve, seededDatabase, until, WAIT_MS } from './crash-harness';
import { bearer } from './shared';

const CHANGE_CARD = `${API_ACCOUNT_BASE}/billing/change-card`;

/**
 * kill -9 between the provider's answer and the portal's write, for a card saved with a SetupIntent:
 * the sandbox's card …0416 is saved (the intent succeeded, the method attached to the account's
 * Customer) and the answer never comes back, so the server is killed while the save is at the provider
 * and not yet in the portal. The customer's retry with the same Idempotency-Key, after the restart, asks
 * the same intent, finds it saved and writes the card: one card, one Customer, one attachment.
 */
describe.each(drivers)('kill -9 while a card is being saved (%s)', (driver) => {
  it('saved at the provider, killed before the write, retried: one card on file, one Customer, one SetupIntent', async () => {
    const db = await seededDatabase(driver);
    const headers = { ...bearer(db), [IDEMPOTENCY_KEY_HEADER]: 'card-setup-crash' };
    const body = { pm_id: 'pm_card_sandboxSetupNoAnswer' };
    const read = async <T>(sql: string) => {
      const database = await db.open();
      try {
        return await database.query<T>(sql);
      } finally {
        await database.close();
      }
    };
    const savedAtProvider = async () =>
      (
        await read<{ n: number }>(
          "select count(*)::int as n from sandbox_setup_intents where status = 'succeeded'",
        )
      )[0]!.n;
    // The sandbox's setup_intent.succeeded is held back (SANDBOX_EVENTS=hold): it would put the card on
    // file by itself, and this test is of the retry that must do it without any event.
    const env = { SANDBOX_EVENTS: 'hold' };
    let server: ServerProcess | undefined = await serve(db, env);
    try {
      const before = await (db.driver === 'postgres' ? savedAtProvider() : Promise.resolve(0));
      const sent = send(server.url, 'POST', CHANGE_CARD, headers, body);
      if (driver === 'postgres') {
        await until(
          'the SetupIntent saved at the provider',
          async () => (await savedAtProvider()) > before,
          100,
        );
      } else {
        // PGlite's database is the server's alone: give the save time to reach the sandbox, whose
        // answer then never comes (checked below once the server is dead).
        for (let i = 0; i < 20; i++)
          await fetch(`${server.url}/healthz`, { signal: AbortSignal.timeout(WAIT_MS) });
      }
      server.child.kill('SIGKILL');
      await server.exited;
      expect(await sent.outcome).toBe('killed');
      server = undefined;
      // Between the two: the provider saved it, the portal did not.
      const [state] = await read<{ intent: string; method: string; card: string | null }>(
        `select i.status as intent, i.payment_method_id as method,
                (select m.id from payment_methods m where m.id = i.payment_method_id) as card
           from sandbox_setup_intents i order by i.created_at desc limit 1`,
      );
      expect(state).toMatchObject({ intent: 'succeeded', card: null });

      server = await serve(db, env);
      const retried = await fetch(`${server.url}${CHANGE_CARD}`, {
        method: 'POST',
        headers: { ...headers, 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
      expect(retried.status, await retried.text()).toBe(200);
      await server.stop();
      server = undefined;
      const cards = await read<{ id: string; last4: string; is_default: boolean }>(
        "select id, last4, is_default from payment_methods where last4 = '0416'",
      );
      expect(cards).toEqual([{ id: state!.method, last4: '0416', is_default: true }]);
      // The retry asked the same SetupIntent (its key is the account's and the method's), on the
      // Customer the account keeps.
      expect(await read('select count(*)::int as n from sandbox_setup_intents')).toEqual([{ n: 1 }]);
      expect(
        await read(
          `select a.provider_customer_id = i.customer_id as same from sandbox_setup_intents i
             join payment_methods m on m.id = i.payment_method_id join accounts a on a.id = m.account_id`,
        ),
      ).toEqual([{ same: true }]);
      expect(
        await read(`select count(*)::int as n from sandbox_payment_methods where id = '${state!.method}'`),
      ).toEqual([{ n: 1 }]);
      // The retry saved it: the provider's event about it is still kept unsent, and none was heard.
      expect(
        await read(
          `select (select count(*)::int from sandbox_events
                    where type = 'setup_intent.succeeded' and delivered_at is null) as unsent,
                  (select count(*)::int from provider_events where type = 'setup_intent.succeeded') as heard`,
        ),
      ).toEqual([{ unsent: 1, heard: 0 }]);
    } finally {
      await server?.stop();
      await db.drop();
    }
  }, 240_000);
});

import {
  API_ACCOUNT_BASE,
  AUTHENTICATION_REQUIRED_CODE,
  AUTHENTICATION_TEXT,
  IDEMPOTENCY_KEY_HEADER,
  SANDBOX_AUTHENTICATE_PATH,
  SANDBOX_PAYMENT_METHODS_PATH,
  payLinkPath,
} from '@enq/contract';
import { describe, expect, it } from 'vitest';
import { DEMO_ANNUAL } from '../../src/db/seed/demo-account';
import { issueApiToken } from '../../src/domain/auth/api-tokens';
import { drivers, type Driver } from '../helpers/app';
import type { ServerProcess } from '../helpers/server-process';
import { seededDatabase, serve, type CrashDatabase } from './crash-harness';

// Strong customer authentication (docs/billing.md) over two processes on one PostgreSQL (PGlite belongs
// to one process, which then serves every request): the annual demo account saves Stripe's test cards
// through the sandbox's bank page and renews its plan, whose charge is off-session.

interface Setup {
  db: CrashDatabase;
  servers: ServerProcess[];
  token: string;
  accountId: string;
  close(): Promise<void>;
}

async function annualOnTwoProcesses(driver: Driver): Promise<Setup> {
  const db = await seededDatabase(driver);
  const database = await db.open();
  let token: string;
  let accountId: string;
  try {
    const [person] = await database.query<{ id: string; account_id: string }>(
      'select id, account_id from people where email = $1',
      [DEMO_ANNUAL.email],
    );
    token = (await issueApiToken(database, person!.id)).token;
    accountId = person!.account_id;
  } finally {
    await database.close();
  }
  const servers: ServerProcess[] = [];
  const close = async () => {
    await Promise.all(servers.map((s) => s.stop()));
    await db.drop();
  };
  try {
    servers.push(await serve(db));
    if (driver === 'postgres') servers.push(await serve(db));
  } catch (err) {
    await close();
    throw err;
  }
  return { db, servers, token, accountId, close };
}

const api = (setup: Setup, server: ServerProcess, path: string, body?: object, key?: string) =>
  fetch(`${server.url}${path.startsWith('/api') ? path : `${API_ACCOUNT_BASE}${path}`}`, {
    method: body ? 'POST' : 'GET',
    headers: {
      authorization: `Bearer ${setup.token}`,
      'content-type': 'application/json',
      ...(key ? { [IDEMPOTENCY_KEY_HEADER]: key } : {}),
    },
    ...(body ? { body: JSON.stringify(body) } : {}),
  });

/** The cardholder completes the sandbox's bank page (served by `server`). */
async function completeBankStep(server: ServerProcess, clientSecret: string, returnPath: string) {
  const page = await fetch(
    `${server.url}${SANDBOX_AUTHENTICATE_PATH}?client_secret=${encodeURIComponent(clientSecret)}&return_url=${encodeURIComponent(returnPath)}`,
  );
  expect(page.status).toBe(200);
  const answered = await fetch(`${server.url}${SANDBOX_AUTHENTICATE_PATH}`, {
    method: 'POST',
    redirect: 'manual',
    headers: { origin: new URL(server.url).origin, 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ client_secret: clientSecret, return_url: returnPath, outcome: 'complete' }),
  });
  expect(answered.status, await answered.clone().text()).toBe(303);
}

/** Saves `number` on one process, its bank step on the other, and the save asked again on the first. */
async function saveWithAuthentication(setup: Setup, number: string) {
  const [first, second = first] = setup.servers as [ServerProcess, ServerProcess?];
  const made = await api(setup, first, SANDBOX_PAYMENT_METHODS_PATH, {
    number,
    exp_month: 9,
    exp_year: new Date().getUTCFullYear() + 2,
    cvc: '123',
  });
  const { pm_id } = (await made.json()) as { pm_id: string };
  const asked = await api(setup, first, '/billing/change-card', { pm_id });
  expect(asked.status).toBe(202);
  const { client_secret } = (await asked.json()) as { client_secret: string };
  await completeBankStep(second, client_secret, '/billing');
  const saved = await api(setup, second, '/billing/change-card', { pm_id });
  expect(saved.status, await saved.clone().text()).toBe(200);
}

describe.each(drivers)('strong customer authentication over two processes (%s)', (driver) => {
  it('4000 0025 0000 3155 saved with the bank step, then the renewal is charged off-session without asking again', async () => {
    const setup = await annualOnTwoProcesses(driver);
    try {
      await saveWithAuthentication(setup, '4000002500003155');
      const renewed = await api(setup, setup.servers.at(-1)!, '/subscription/change/', {
        plan: DEMO_ANNUAL.planId,
      });
      expect(renewed.status, await renewed.clone().text()).toBe(200);
      // PGlite's records are read once its server process stopped.
      await Promise.all(setup.servers.map((s) => s.stop()));
      const database = await setup.db.open();
      try {
        const charges = await database.query<{ status: string; customer_id: string | null }>(
          `select c.status, c.customer_id from sandbox_charges c join payments p on p.id = c.attempt_id
            where p.account_id = $1 and c.payment_method_id like 'pm_sbx_4000002500003155%'`,
          [setup.accountId],
        );
        expect(charges.map((c) => c.status)).toEqual(['succeeded']);
        const [saved] = await database.query<{ saved_with_authentication: boolean }>(
          `select saved_with_authentication from sandbox_payment_methods where id like 'pm_sbx_4000002500003155%'`,
        );
        expect(saved!.saved_with_authentication).toBe(true);
      } finally {
        await database.close();
      }
    } finally {
      await setup.close();
    }
  }, 240_000);

  it("4000 0027 6000 3184's renewal is left open with one email; after the bank step, Pay now from both processes at once pays it once", async () => {
    const setup = await annualOnTwoProcesses(driver);
    try {
      await saveWithAuthentication(setup, '4000002760003184');
      const renewed = await api(setup, setup.servers[0]!, '/subscription/change/', {
        plan: DEMO_ANNUAL.planId,
      });
      expect(renewed.status).toBe(409);
      expect(((await renewed.json()) as { message: string }).message).toBe(AUTHENTICATION_TEXT.emailed);
      const listed = await api(setup, setup.servers[0]!, '/invoices/');
      const { invoices } = (await listed.json()) as { invoices: { id: string; status: string }[] };
      const open = invoices.filter((i) => i.status === 'open');
      expect(open).toHaveLength(1);
      const invoiceId = open[0]!.id;
      const pay = (server: ServerProcess, key: string) =>
        api(setup, server, '/invoices/pay/', { invoice_id: invoiceId }, key);
      // Before the bank step: every Pay now answers the same intent's step, on either process.
      const asked = await Promise.all(
        setup.servers.flatMap((s, i) => [pay(s, `ask-key-${i}-a`), pay(s, `ask-key-${i}-b`)]),
      );
      const secrets = await Promise.all(
        asked.map(async (a) => {
          expect(a.status).toBe(202);
          const body = (await a.json()) as { code: string; client_secret: string };
          expect(body.code).toBe(AUTHENTICATION_REQUIRED_CODE);
          return body.client_secret;
        }),
      );
      expect(new Set(secrets).size).toBe(1);
      await completeBankStep(setup.servers.at(-1)!, secrets[0]!, payLinkPath(invoiceId));
      const answers = await Promise.all(
        setup.servers.flatMap((s, i) => [pay(s, `paid-key-${i}-a`), pay(s, `paid-key-${i}-b`)]),
      );
      expect(answers.map((a) => a.status)).toEqual(answers.map(() => 200));
      await Promise.all(setup.servers.map((s) => s.stop()));
      const after = await setup.db.open();
      try {
        const charges = await after.query<{ status: string }>(
          `select c.status from sandbox_charges c join payments p on p.id = c.attempt_id where p.invoice_id = $1`,
          [invoiceId],
        );
        expect(charges).toEqual([{ status: 'succeeded' }]);
        const payments = await after.query<{ status: string }>(
          'select status from payments where invoice_id = $1',
          [invoiceId],
        );
        expect(payments).toEqual([{ status: 'succeeded' }]);
        const [invoice] = await after.query<{ status: string; number: string }>(
          'select status, number from invoices where id = $1',
          [invoiceId],
        );
        expect(invoice!.status).toBe('paid');
        const receipts = await after.query(
          `select 1 from outbox where account_id = $1 and kind = 'invoice-receipt' and subject like $2`,
          [setup.accountId, `%${invoice!.number}%`],
        );
        expect(receipts).toHaveLength(1);
        // The one email asking for the bank step, with the link to the page that pays this invoice.
        const emails = await after.query<{ text: string }>(
          `select text from outbox where account_id = $1 and kind = 'payment-authentication'`,
          [setup.accountId],
        );
        expect(emails).toHaveLength(1);
        expect(emails[0]!.text).toContain(payLinkPath(invoiceId));
        // Not counted as a decline at any point.
        const [sub] = await after.query<{ is_delinquent: boolean }>(
          'select is_delinquent from subscriptions where account_id = $1',
          [setup.accountId],
        );
        expect(sub!.is_delinquent).toBe(false);
      } finally {
        await after.close();
      }
    } finally {
      await setup.close();
    }
  }, 240_000);
});

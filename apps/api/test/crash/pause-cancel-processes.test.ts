import {
  API_ACCOUNT_BASE,
  CANCELLATION_PATHS,
  CANCELLATION_TEXT,
  IDEMPOTENCY_KEY_HEADER,
  INVOICE_TEXT,
  PAUSE_PATHS,
  PAUSE_TEXT,
} from '@enq/contract';
import { describe, expect, it } from 'vitest';
import { DEMO_NEW_TEAM } from '../../src/db/seed/demo-account';
import { DEMO_CANCELLED, DEMO_PAUSED } from '../../src/db/seed/demo-seasons';
import { issueApiTokenForEmail } from '../../src/domain/auth/api-tokens';
import { queueCancellationReminders } from '../../src/domain/cancellation';
import { drivers } from '../helpers/app';
import type { ServerProcess } from '../helpers/server-process';
import { seededDatabase, send, serve, until, type CrashDatabase } from './crash-harness';
import { twoProcesses } from './shared';

// Pause, resume, cancel and the keep link (docs/billing.md) asked at once from two processes on one
// PostgreSQL (whose rows the tests read beside the servers), and a resume's charge across a kill -9. The
// demo's Maple Row is paused, Cedar Hollow has cancelled with a reason, Birch Street runs monthly.

const POST = { 'content-type': 'application/json' };

async function tokenFor(db: CrashDatabase, email: string): Promise<Record<string, string>> {
  const database = await db.open();
  try {
    return { authorization: `Bearer ${(await issueApiTokenForEmail(database, email))!.token}` };
  } finally {
    await database.close();
  }
}

/** The account's state, and its charges and activity since `since` (the seed's own are older). */
async function books(db: CrashDatabase, email: string, since: Date) {
  const database = await db.open();
  try {
    const [row] = await database.query<{
      status: string;
      cancelling: boolean;
      pauses: string[] | null;
      cancellations: number;
      kept: number;
      charged: number;
      activity: string[] | null;
    }>(
      `with account as (select account_id as id from people where email = $1)
       select s.status, s.cancel_at_period_end as cancelling,
              (select array_agg(status order by created_at) from plan_pauses where account_id = s.account_id) as pauses,
              (select count(*)::int from cancellations where account_id = s.account_id and outcome = 'cancelled') as cancellations,
              (select count(*)::int from cancellations where account_id = s.account_id and kept_at is not null) as kept,
              (select count(*)::int from sandbox_charges c join payments p on p.id = c.attempt_id
                 where p.account_id = s.account_id and c.status = 'succeeded'
                   and p.created_at > $2) as charged,
              (select array_agg(action order by at) from audit_log where account_id = s.account_id
                  and at > $2 and action like any (array['pause.%', 'subscription.%'])) as activity
         from subscriptions s where s.account_id = (select id from account)`,
      [email, since],
    );
    return row!;
  } finally {
    await database.close();
  }
}

async function all(requests: (() => Promise<Response>)[]) {
  return Promise.all(
    requests.map(async (r) => {
      const response = await r();
      return { status: response.status, message: ((await response.json()) as { message?: string }).message };
    }),
  );
}

const on = (servers: ServerProcess[], i: number) => servers[i % servers.length]!.url;

describe.each(drivers.filter((d) => d === 'postgres'))(
  'pause, resume, cancel and keep at once (%s)',
  (driver) => {
    it('PAUSE-06 ten Resume now over two processes on a paused plan: one charge, one resume, every answer resumed or not paused', async () => {
      const { db, servers, stop, close } = await twoProcesses(driver);
      const since = new Date();
      try {
        const auth = await tokenFor(db, DEMO_PAUSED.email);
        expect((await books(db, DEMO_PAUSED.email, since)).status).toBe('paused');
        const answers = await all(
          Array.from(
            { length: 10 },
            (_, i) => () =>
              fetch(`${on(servers, i)}${API_ACCOUNT_BASE}${PAUSE_PATHS.resume}`, {
                method: 'POST',
                headers: auth,
              }),
          ),
        );
        // A resume that found the first one's charge under way answers that it is being confirmed.
        for (const a of answers)
          expect([
            { status: 200, message: PAUSE_TEXT.resumed },
            { status: 409, message: PAUSE_TEXT.notPaused },
            { status: 409, message: INVOICE_TEXT.paymentPending },
          ]).toContainEqual(a);
        expect(answers.filter((a) => a.status === 200).length).toBeGreaterThanOrEqual(1);
        await stop();
        expect(await books(db, DEMO_PAUSED.email, since)).toMatchObject({
          status: 'active',
          pauses: ['resumed'],
          charged: 1,
          activity: ['pause.resumed'],
        });
      } finally {
        await close();
      }
    }, 240_000);

    it('PAUSE-01 pause and its withdrawal asked at once over two processes: at most one open pause, never a charge', async () => {
      const { db, servers, stop, close } = await twoProcesses(driver);
      const since = new Date();
      try {
        const auth = await tokenFor(db, DEMO_NEW_TEAM.email);
        const offer = await fetch(`${servers[0]!.url}${API_ACCOUNT_BASE}${PAUSE_PATHS.root}`, {
          headers: auth,
        });
        const resumeOn = ((await offer.json()) as { earliest_resume_on: string }).earliest_resume_on;
        const pause = (i: number) => () =>
          fetch(`${on(servers, i)}${API_ACCOUNT_BASE}${PAUSE_PATHS.root}`, {
            method: 'POST',
            headers: { ...auth, ...POST },
            body: JSON.stringify({ resume_on: resumeOn }),
          });
        const withdraw = (i: number) => () =>
          fetch(`${on(servers, i)}${API_ACCOUNT_BASE}${PAUSE_PATHS.resume}`, {
            method: 'POST',
            headers: auth,
          });
        const answers = await all([pause(0), pause(1), pause(0), pause(1), withdraw(0), withdraw(1)]);
        for (const a of answers) expect([200, 409]).toContain(a.status);
        await stop();
        const after = await books(db, DEMO_NEW_TEAM.email, since);
        // One pause at most is open; one withdrawn may be asked again by a later pause (pause, withdraw,
        // pause), and a withdrawal that came first found none to withdraw. Never a charge.
        expect(after.status).toBe('active');
        expect(after.charged).toBe(0);
        expect((after.pauses ?? []).filter((p) => p !== 'withdrawn').length).toBeLessThanOrEqual(1);
        expect(answers.filter((a) => a.message === PAUSE_TEXT.withdrawn).length).toBe(
          (after.pauses ?? []).filter((p) => p === 'withdrawn').length,
        );
      } finally {
        await close();
      }
    }, 240_000);

    it('ten cancellations with a reason over two processes: one cancellation, one reason row, one activity entry', async () => {
      const { db, servers, stop, close } = await twoProcesses(driver);
      const since = new Date();
      try {
        const auth = await tokenFor(db, DEMO_NEW_TEAM.email);
        const answers = await all(
          Array.from(
            { length: 10 },
            (_, i) => () =>
              fetch(`${on(servers, i)}${API_ACCOUNT_BASE}/subscription/cancel/`, {
                method: 'POST',
                headers: { ...auth, ...POST },
                body: JSON.stringify({ reason: i % 2 ? 'not_using' : 'too_expensive' }),
              }),
          ),
        );
        expect(answers.filter((a) => a.status === 200)).toHaveLength(1);
        for (const a of answers) expect([200, 409]).toContain(a.status);
        await stop();
        expect(await books(db, DEMO_NEW_TEAM.email, since)).toMatchObject({
          status: 'active',
          cancelling: true,
          cancellations: 1,
          charged: 0,
          activity: ['subscription.cancel'],
        });
      } finally {
        await close();
      }
    }, 240_000);

    it("the reminder's keep link used ten times at once over two processes: kept once, never a charge", async () => {
      const { db, servers, stop, close } = await twoProcesses(driver);
      const since = new Date();
      try {
        const auth = await tokenFor(db, DEMO_CANCELLED.email);
        const database = await db.open();
        let token: string;
        try {
          // The reminder job's own run, with a window that reaches the annual plan's end.
          await queueCancellationReminders(database, new Date(), {
            publicUrl: 'http://localhost:8080',
            days: 400,
          });
          const [mail] = await database.query<{ text: string }>(
            `select o.text from outbox o join people p on p.account_id = o.account_id
            where p.email = $1 and o.kind = 'cancellation-reminder'`,
            [DEMO_CANCELLED.email],
          );
          token = new URL(/Keep this plan: (\S+)/.exec(mail!.text)![1]!).searchParams.get('keep')!;
        } finally {
          await database.close();
        }
        const answers = await all(
          Array.from(
            { length: 10 },
            (_, i) => () =>
              fetch(`${on(servers, i)}${API_ACCOUNT_BASE}${CANCELLATION_PATHS.keep}`, {
                method: 'POST',
                headers: { ...auth, ...POST },
                body: JSON.stringify({ token }),
              }),
          ),
        );
        expect(answers.filter((a) => a.status === 200)).toEqual([
          { status: 200, message: CANCELLATION_TEXT.kept },
        ]);
        for (const a of answers.filter((a) => a.status !== 200))
          expect(a).toEqual({ status: 409, message: CANCELLATION_TEXT.linkUsed });
        await stop();
        expect(await books(db, DEMO_CANCELLED.email, since)).toMatchObject({
          status: 'active',
          cancelling: false,
          cancellations: 1,
          kept: 1,
          charged: 0,
          activity: ['subscription.cancel_undone'],
        });
      } finally {
        await close();
      }
    }, 240_000);
  },
);

// The kill waits for the provider's record of the charge, read beside the running server: PostgreSQL.
describe.each(drivers.filter((d) => d === 'postgres'))('Resume now across a crash (%s)', (driver) => {
  it('PAUSE-06 kill -9 after the provider charged the resume and before the write: charged exactly once after the restart', async () => {
    const db = await seededDatabase(driver);
    const since = new Date();
    let server: ServerProcess | undefined;
    try {
      // The sandbox's events are held back (SANDBOX_EVENTS=hold): no payment_intent.succeeded resumes
      // the plan before the kill, so what completes it is the portal asking the provider.
      server = await serve(db, { PAYMENT_TIMEOUT_SECONDS: '120', SANDBOX_EVENTS: 'hold' });
      const auth = await tokenFor(db, DEMO_PAUSED.email);
      const card = await fetch(`${server.url}${API_ACCOUNT_BASE}/billing/change-card`, {
        method: 'POST',
        headers: { ...auth, ...POST, [IDEMPOTENCY_KEY_HEADER]: 'card-no-answer' },
        body: JSON.stringify({ pm_id: 'pm_card_sandboxNoAnswer' }),
      });
      expect(card.status, await card.text()).toBe(200);
      // The charge is made, then its answer never comes back: the request hangs until the process dies.
      const sent = send(server.url, 'POST', `${API_ACCOUNT_BASE}${PAUSE_PATHS.resume}`, auth, {});
      await until(
        'the provider to record the charge',
        async () => (await books(db, DEMO_PAUSED.email, since)).charged === 1,
        50,
      );
      server.child.kill('SIGKILL');
      expect(await sent.outcome).toBe('killed');
      await server.exited;
      expect(await books(db, DEMO_PAUSED.email, since)).toMatchObject({
        status: 'paused',
        pauses: ['paused'],
        charged: 1,
      });

      // Restarted: the attempt is overdue, so the start's reconcile or the retry asks the provider
      // instead of charging again; whichever comes first resumes the plan.
      server = await serve(db, { PAYMENT_TIMEOUT_SECONDS: '1', SANDBOX_EVENTS: 'hold' });
      const retried = await fetch(`${server.url}${API_ACCOUNT_BASE}${PAUSE_PATHS.resume}`, {
        method: 'POST',
        headers: auth,
      });
      const answer = {
        status: retried.status,
        message: ((await retried.json()) as { message: string }).message,
      };
      expect([
        { status: 200, message: PAUSE_TEXT.resumed },
        { status: 409, message: PAUSE_TEXT.notPaused },
      ]).toContainEqual(answer);
      await until(
        'the plan to resume',
        async () => (await books(db, DEMO_PAUSED.email, since)).status === 'active',
        200,
      );
      await server.stop();
      // Whichever completed it, the activity log records the one resume once.
      expect(await books(db, DEMO_PAUSED.email, since)).toMatchObject({
        status: 'active',
        pauses: ['resumed'],
        charged: 1,
        activity: ['pause.resumed'],
      });
    } finally {
      await server?.stop();
      await db.drop();
    }
  }, 240_000);
});

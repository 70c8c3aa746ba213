import pg from 'pg';
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../src/db/client';
import { DEMO_ACCOUNT_NAME, DEMO_ADMIN } from '../../src/db/seed/demo-account';
import { drivers, seededDatabaseCopy } from '../helpers/app';
import {
  freePort,
  SERVER_START_TIMEOUT_MS,
  startServerProcess,
  type ServerProcess,
} from '../helpers/server-process';

const MAIL_FROM = 'enQ <mail@enq.test>';

async function until(what: string, probe: () => boolean, ms = SERVER_START_TIMEOUT_MS): Promise<void> {
  const deadline = Date.now() + ms;
  while (!probe()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/**
 * A real SMTP server that holds the first message's DATA unanswered (the sender is mid-send when it is
 * killed) and accepts every later one: `received` is what it accepted.
 */
function startSmtp(port: number) {
  const received: ParsedMail[] = [];
  let held = false;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onData(stream, _session, callback) {
      if (!held) {
        held = true;
        stream.resume(); // never answered: the message is not accepted
        return;
      }
      simpleParser(stream).then(
        (mail) => {
          received.push(mail);
          callback();
        },
        (error: Error) => callback(error),
      );
    },
  });
  server.on('error', () => undefined); // the killed sender's connection resets
  return new Promise<{ received: ParsedMail[]; held(): boolean; close(): void }>((resolve) =>
    server.listen(port, '127.0.0.1', () =>
      resolve({ received, held: () => held, close: () => server.close() }),
    ),
  );
}

/** The servers a test starts and what it must undo: all killed and undone after the file's tests. */
function killedAfterAll() {
  const servers: ServerProcess[] = [];
  const cleanups: (() => Promise<void> | void)[] = [];
  afterAll(async () => {
    for (const server of servers) if (server.child.exitCode === null) server.child.kill('SIGKILL');
    await Promise.all(servers.map((server) => server.exited));
    for (const cleanup of cleanups) await cleanup();
  });
  return { servers, cleanups };
}

describe.each(drivers)('a mail job killed mid-send (%s)', (driver) => {
  const { servers, cleanups } = killedAfterAll();

  it(
    'is retried by the next process and the email is delivered once',
    async () => {
      const database = await seededDatabaseCopy(driver);
      cleanups.push(database.drop);
      const smtpPort = await freePort();
      const smtp = await startSmtp(smtpPort);
      cleanups.push(smtp.close);
      const env = {
        ...database.env,
        SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
        MAIL_FROM,
        // A job whose process died is given up after this long and retried elsewhere; long enough that
        // the second process's own send, slow on a loaded machine, is not given up too (CI saw two).
        JOB_EXPIRE_SECONDS: '8',
        JOB_POLL_SECONDS: '0.5',
        MAIL_RETRY_SECONDS: '0.5',
      };

      const first = await startServerProcess(env);
      servers.push(first);
      await first.ready;
      const response = await fetch(`${first.url}/password-reset`, {
        method: 'POST',
        headers: { origin: first.url, 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ email: DEMO_ADMIN.email }).toString(),
      });
      expect(response.status).toBe(200);

      await until('the first process to be mid-send', smtp.held);
      first.child.kill('SIGKILL');
      await first.exited;
      expect(smtp.received).toHaveLength(0);

      const second = await startServerProcess(env);
      servers.push(second);
      await second.ready;
      await until('the email delivered by the second process', () => smtp.received.length > 0);
      const [mail] = smtp.received;
      expect(mail!.from?.value).toEqual([{ name: 'enQ', address: 'mail@enq.test' }]);
      expect(mail!.subject).toMatch(/password/i);
      await second.stop();
      expect(smtp.received).toHaveLength(1);
      // The outbox says so: sent on the second try, the first one's lease having run out with its process.
      const db = await openDatabase(
        driver === 'pglite'
          ? { kind: 'pglite', dataDir: database.env.DATA_DIR! }
          : { kind: 'postgres', url: database.env.DATABASE_URL! },
      );
      try {
        const rows = await db.query<{ status: string; attempts: number }>(
          `select status, attempts from outbox where kind = 'password-reset'`,
        );
        expect(rows).toEqual([{ status: 'sent', attempts: 2 }]);
      } finally {
        await db.close();
      }
    },
    4 * SERVER_START_TIMEOUT_MS,
  );
});

// PostgreSQL only: holding the subscription's row lock from outside is what keeps the job mid-run, and
// PGlite's one connection belongs to the server.
describe.each(drivers.filter((driver) => driver === 'postgres'))(
  'a period close killed mid-run (%s)',
  (driver) => {
    const { servers, cleanups } = killedAfterAll();

    it(
      'is retried by the next process and makes one invoice',
      async () => {
        const database = await seededDatabaseCopy(driver);
        cleanups.push(database.drop);
        // No grace window: the period that ended a minute ago is due to close at once.
        const env = {
          ...database.env,
          JOB_EXPIRE_SECONDS: '3',
          JOB_POLL_SECONDS: '0.5',
          CLOSE_GRACE_MINUTES: '0',
          // The killed process's own catch-up job expires with it: retried after 1 s, not 30.
          JOB_RETRY_SECONDS: '1',
        };
        const sql = new pg.Client({ connectionString: database.env.DATABASE_URL });
        await sql.connect();
        cleanups.unshift(() => sql.end());
        const locker = new pg.Client({ connectionString: database.env.DATABASE_URL });
        await locker.connect();
        cleanups.unshift(() => locker.end());

        const first = await startServerProcess(env);
        servers.push(first);
        await first.ready;
        const {
          rows: [account],
        } = await sql.query<{ account_id: string; period_id: string }>(
          `select s.account_id, p.id as period_id from subscriptions s
           join accounts a on a.id = s.account_id
           join billing_periods p on p.account_id = s.account_id and p.closed_at is null
          where a.name = $1`,
          [DEMO_ACCOUNT_NAME],
        );
        // The demo account's period ends now; the test holds its subscription row, so a close blocks.
        await sql.query(
          `update subscriptions set current_period_end = now() - interval '1 minute' where account_id = $1`,
          [account!.account_id],
        );
        await sql.query(`update billing_periods set ends_at = now() - interval '1 minute' where id = $1`, [
          account!.period_id,
        ]);
        await locker.query('begin');
        await locker.query('select 1 from subscriptions where account_id = $1 for update', [
          account!.account_id,
        ]);
        await sql.query(
          `insert into pgboss.job (name, data, policy, expire_in, retry_limit, retry_backoff)
         values ('period-close', '{}', 'singleton', interval '3 seconds', 6, true)`,
        );
        const blocked = async () =>
          (
            await sql.query<{ n: number }>(
              `select count(*)::int as n from pg_stat_activity where datname = current_database()
               and wait_event_type = 'Lock'`,
            )
          ).rows[0]!.n > 0;
        for (const deadline = Date.now() + SERVER_START_TIMEOUT_MS; !(await blocked());) {
          if (Date.now() > deadline) throw new Error('the period close never started');
          await new Promise((resolve) => setTimeout(resolve, 100));
        }
        first.child.kill('SIGKILL');
        await first.exited;
        await locker.query('rollback');

        const second = await startServerProcess(env);
        servers.push(second);
        await second.ready;
        const invoices = async () =>
          (
            await sql.query<{ n: number }>(
              `select count(*)::int as n from invoices where account_id = $1 and period_id = $2 and kind = 'period'`,
              [account!.account_id, account!.period_id],
            )
          ).rows[0]!.n;
        for (const deadline = Date.now() + SERVER_START_TIMEOUT_MS; (await invoices()) === 0;) {
          if (Date.now() > deadline) throw new Error('the period was never closed');
          await new Promise((resolve) => setTimeout(resolve, 100));
        }
        // Every period-close job has settled (the killed one retried, the start-up catch-up run).
        for (const deadline = Date.now() + SERVER_START_TIMEOUT_MS; ;) {
          const { rows } = await sql.query<{ n: number }>(
            `select count(*)::int as n from pgboss.job where name = 'period-close' and state < 'completed'`,
          );
          if (rows[0]!.n === 0) break;
          if (Date.now() > deadline) {
            // What each unsettled job is doing, so that a failure here can be read, not guessed.
            const { rows: open } = await sql.query(
              `select id, state, retry_count, retry_limit, start_after, started_on, output from pgboss.job
                where name = 'period-close' and state < 'completed'`,
            );
            throw new Error(`period-close jobs never settled: ${JSON.stringify(open)}`);
          }
          await new Promise((resolve) => setTimeout(resolve, 100));
        }
        await second.stop();
        expect(await invoices()).toBe(1);
      },
      4 * SERVER_START_TIMEOUT_MS,
    );
  },
);

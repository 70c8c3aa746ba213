import { CALL_CSV_COLUMNS, MONTHLY_REPORT_TEXT } from '@enq/contract';
import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { renderOutboxAttachments } from '../../../src/domain/attachments';
import { deliverOutbox } from '../../../src/domain/mail/deliver-outbox';
import { changeMonthlyReport, queueMonthlyReport } from '../../../src/domain/monthly-report/monthly-report';
import { smtpTransport } from '../../../src/plugins/mailer';
import { drivers } from '../../helpers/app';
import { createAccount, createWorld, invoicesOf, postCalls, type World } from '../../helpers/billing-harness';
import { pdfText } from '../../helpers/pdf-text';
import { startSmtp, type LocalSmtp } from '../../helpers/smtp-server';

const START = '2026-03-02T15:00:00Z'; // a Monday, 10:00 in New York
const settings = { from: 'enQ <reports@enq.test>', leaseSeconds: 60, maxAttempts: 3, retryBaseSeconds: 0 };
const log = { info: () => undefined, error: () => undefined };

describe.each(drivers)('the monthly report (%s)', (driver) => {
  let world: World;
  let smtp: LocalSmtp;
  beforeAll(async () => {
    world = await createWorld(driver, START);
    smtp = await startSmtp();
  });
  afterAll(async () => {
    await smtp?.close();
    await world?.close();
  });

  const reports = (accountId: string) =>
    world.database.query<{ id: number; to: string; subject: string; attachment: unknown }>(
      'select id, "to", subject, attachment from outbox where account_id = $1 and kind = \'monthly-report\' order by id',
      [accountId],
    );
  const adminOf = async (accountId: string) => {
    const [admin] = await world.database.query<{ id: string; email: string }>(
      'select id, email from people where account_id = $1 and is_admin',
      [accountId],
    );
    return admin!;
  };
  const optIn = async (accountId: string) =>
    changeMonthlyReport(
      world.database,
      { accountId, personId: (await adminOf(accountId)).id, isAdmin: true },
      true,
      world.clock.now(),
    );
  const periodEnd = async (accountId: string) => {
    const [sub] = await world.database.query<{ current_period_end: Date }>(
      'select current_period_end from subscriptions where account_id = $1',
      [accountId],
    );
    return new Date(sub!.current_period_end);
  };

  it('REPORT-02 at the close, one email to the billing CC address with the period CSV and a one-page usage summary PDF', async () => {
    world.clock.set(START);
    const { accountId, pin } = await createAccount(world);
    const admin = await adminOf(accountId);
    await world.database.query(
      `insert into profiles (account_id, person_id, first_name, last_name, company, billing_cc_email, phone_number)
       values ($1, $2, 'Alex', 'Admin', 'Test practice', 'ap@testpractice.com', '')`,
      [accountId, admin.id],
    );
    await optIn(accountId);
    await world.engine.startSubscription(accountId, 'solo-monthly'); // 4,000 credits
    world.clock.set('2026-03-04T15:00:00Z');
    expect(await postCalls(world, pin, new Date('2026-03-03T15:00:00Z'), 12, 600)).toMatchObject({
      accepted: 12,
      rejected: [],
    });
    world.clock.set(await periodEnd(accountId));
    expect(await world.engine.closeDuePeriods(accountId)).toBe(1);

    const [report, ...more] = await reports(accountId);
    expect(more).toEqual([]);
    expect(report!.to).toBe('ap@testpractice.com');
    expect(report!.subject).toBe(MONTHLY_REPORT_TEXT.subject('Mar 2, 2026 – Apr 2, 2026'));
    expect(report!.attachment).toMatchObject({ kind: 'monthly_report', account_id: accountId });

    await deliverOutbox(
      world.database,
      smtpTransport(`smtp://127.0.0.1:${smtp.port}`),
      settings,
      log,
      renderOutboxAttachments,
    );
    const mail = smtp.received.find((m) => m.subject === report!.subject)!;
    expect(mail.text).toContain('Email a monthly usage report');
    expect(mail.attachments.map((a) => [a.filename, a.contentType])).toEqual([
      ['usage-summary-2026-04-02.pdf', 'application/pdf'],
      ['call-history-2026-04-02.csv', 'text/csv'],
    ]);
    const closing = (await invoicesOf(world.database, accountId)).find((i) => i.summary === 'Period close')!;
    const [{ number }] = (await world.database.query<{ number: string }>(
      'select number from invoices where id = $1',
      [closing.id],
    )) as [{ number: string }];
    const text = (await pdfText(mail.attachments[0]!.content)).replace(/\s+/g, ' ');
    for (const expected of [
      'USAGE SUMMARY',
      'Period: Mar 2, 2026 – Apr 2, 2026 (31 days)',
      'Plan: Solo monthly',
      'Plan credits',
      'Overage credits',
      'Top users',
      'Alex Admin 12',
      'Top lines',
      'IRS Practitioner Priority Service 12',
      `$${(closing.total_cents / 100).toFixed(2)}`,
    ])
      expect(text).toContain(expected);
    expect(text).toContain(`Invoice number ${number}`);
    const rows = parse(mail.attachments[1]!.content.toString('utf8'), { bom: true }) as string[][];
    expect(rows[0]).toEqual([...CALL_CSV_COLUMNS]);
    expect(rows).toHaveLength(13);
    expect(
      rows.slice(1).every((r) => r[1] === 'IRS Practitioner Priority Service' && r[2] === 'Alex Admin'),
    ).toBe(true);
  });

  it('REPORT-03 closing twice, or two closes at once, writes one report; an account that did not opt in gets none', async () => {
    world.clock.set(START);
    const { accountId, pin } = await createAccount(world);
    const quiet = await createAccount(world);
    await optIn(accountId);
    for (const id of [accountId, quiet.accountId]) await world.engine.startSubscription(id, 'solo-monthly');
    world.clock.set('2026-03-04T15:00:00Z');
    await postCalls(world, pin, new Date('2026-03-03T15:00:00Z'), 3, 300);
    await postCalls(world, quiet.pin, new Date('2026-03-03T15:00:00Z'), 3, 300);
    world.clock.set(await periodEnd(accountId));
    await Promise.all([world.engine.closeDuePeriods(accountId), world.engine.closeDuePeriods(accountId)]);
    await world.engine.closeDuePeriods(accountId);
    await world.engine.closeDuePeriods(quiet.accountId);
    const written = await reports(accountId);
    expect(written).toHaveLength(1);
    // Without a CC address it goes to the admin.
    expect(written[0]!.to).toBe((await adminOf(accountId)).email);
    // Asked again for the same period (a retried close): the key holds.
    const [period] = await world.database.query<{ period_id: string }>(
      'select period_id from monthly_reports where account_id = $1',
      [accountId],
    );
    expect(await queueMonthlyReport(world.database, accountId, period!.period_id)).toBeNull();
    expect(await reports(accountId)).toHaveLength(1);
    expect(await reports(quiet.accountId)).toEqual([]);
    expect(
      await world.database.query('select 1 from monthly_reports where account_id = $1', [quiet.accountId]),
    ).toEqual([]);
  });
});

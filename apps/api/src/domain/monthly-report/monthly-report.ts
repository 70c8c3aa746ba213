import { MONTHLY_REPORT_TEXT, formatPeriod } from '@enq/contract';
import type { Transactional } from '../../db/handle';
import { recordActivity } from '../activity';
import { DomainError } from '../errors';
import { periodUsage } from '../billing-engine';
import { callsCsvStream } from '../call-history';
import { queueEmail } from '../mail';
import { renderUsageSummaryPdf } from '../pdf';
import { periodModel } from '../periods';
import type { MailAttachment } from '../ports/mailer';
import {
  claimMonthlyReport,
  monthlyReportEnabled,
  monthlyReportFacts,
  monthlyReportRecipient,
  noteMonthlyReportEmail,
  saveMonthlyReportSetting,
} from './monthly-report-repository';

const day = (at: Date) => at.toISOString().slice(0, 10);

/**
 * Writes the monthly report of a period just closed to the outbox, in the close's transaction, when the
 * account opted in (REPORT-02): one email to the billing CC address (or the admin), whose attachments
 * are rendered when it is sent. The report's key makes it once per period (REPORT-03). Answers the
 * outbox id, or null when no report is due.
 */
export async function queueMonthlyReport(
  tx: Transactional,
  accountId: string,
  periodId: string,
): Promise<number | null> {
  if (!(await monthlyReportEnabled(tx, accountId))) return null;
  const to = await monthlyReportRecipient(tx, accountId);
  const facts = await monthlyReportFacts(tx, accountId, periodId);
  if (!to || !facts) return null;
  if (!(await claimMonthlyReport(tx, accountId, periodId))) return null;
  const period = formatPeriod(facts.start.toISOString(), facts.end.toISOString());
  const id = await queueEmail(tx, {
    accountId,
    kind: 'monthly-report',
    to,
    subject: MONTHLY_REPORT_TEXT.subject(period),
    text: [
      'Hello,',
      '',
      `Your enQ usage report for ${period} (${facts.accountName}) is attached:`,
      '- the usage summary (PDF): credits used by bucket, overage, top users and lines, and the invoice;',
      "- the period's call history (CSV), with the same columns as the Call History download.",
      '',
      'You get this email because "Email a monthly usage report" is on in your profile. Turn it off there at any time.',
      '',
      'enQ',
    ].join('\n'),
    attachment: { kind: 'monthly_report', account_id: accountId, period_id: periodId },
  });
  await noteMonthlyReportEmail(tx, accountId, periodId, id);
  return id;
}

async function streamToBuffer(stream: AsyncIterable<Buffer | string>): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(typeof chunk === 'string' ? Buffer.from(chunk) : chunk);
  return Buffer.concat(chunks);
}

/** The report's two files, rendered now: the usage summary PDF, then the period's call-history CSV. */
export async function renderMonthlyReportFiles(
  q: Transactional,
  accountId: string,
  periodId: string,
): Promise<MailAttachment[]> {
  const facts = await monthlyReportFacts(q, accountId, periodId);
  if (!facts) throw new Error(`attachment: there is no period ${periodId}`);
  const usage = await periodUsage(q, accountId, periodId);
  // Every call billed in the period (the Call History download's code and columns), whatever its time.
  const csv = await streamToBuffer(callsCsvStream(q, { accountId, from: 0, to: 253_402_300_799, periodId }));
  return [
    {
      filename: MONTHLY_REPORT_TEXT.pdfFilename(day(facts.end)),
      contentType: 'application/pdf',
      content: await renderUsageSummaryPdf(
        facts,
        usage,
        periodModel({
          period: { start: facts.start, end: facts.end },
          planPeriod: facts.planPeriod,
          ledger: usage,
          now: facts.end,
        }),
      ),
    },
    { filename: MONTHLY_REPORT_TEXT.csvFilename(day(facts.end)), contentType: 'text/csv', content: csv },
  ];
}

/** The opt-in as the profile screen shows it: on or off, where it goes, and whether this person may change it. */
export async function monthlyReportState(q: Transactional, reader: { accountId: string; isAdmin: boolean }) {
  const [enabled, to] = await Promise.all([
    monthlyReportEnabled(q, reader.accountId),
    monthlyReportRecipient(q, reader.accountId),
  ]);
  return { enabled, to: to ?? '', can_change: reader.isAdmin };
}

/** Turns the report on or off (the admin only) and records the change in the activity log (REPORT-01). */
export async function changeMonthlyReport(
  database: Transactional,
  actor: { accountId: string; personId: string; isAdmin: boolean },
  enabled: boolean,
  now: Date,
): Promise<void> {
  if (!actor.isAdmin) throw new DomainError('forbidden', MONTHLY_REPORT_TEXT.adminOnly, 'enabled');
  await database.transaction(async (tx) => {
    const before = await saveMonthlyReportSetting(tx, actor.accountId, enabled, now);
    if (before === enabled) return;
    await recordActivity(tx, actor.accountId, actor.personId, [
      {
        action: 'monthly_report.update',
        target_person_id: null,
        before: { enabled: before },
        after: { enabled },
      },
    ]);
  });
}

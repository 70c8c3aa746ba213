import { invoiceFilename } from '@enq/contract';
import type { Transactional } from '../../db/handle';
import { renderInvoicePdf } from '../pdf';
import { invoiceDetail } from '../invoices';
import type { MailAttachment, OutboxAttachment } from '../ports/mailer';
import { renderMonthlyReportFiles } from '../monthly-report';

/** Every file an outbox attachment names, rendered now (the monthly report names two). */
export async function renderOutboxAttachments(
  q: Transactional,
  attachment: OutboxAttachment,
): Promise<MailAttachment[]> {
  if (attachment.kind === 'monthly_report')
    return renderMonthlyReportFiles(q, attachment.account_id, attachment.period_id);
  return [await renderOutboxAttachment(q, attachment)];
}

/**
 * The file an outbox attachment names, rendered now: the outbox keeps a reference, not the bytes, and
 * the invoice it names never changes once issued. An invoice that is gone is a send error (retried,
 * then recorded as the email's failure), never an email without its attachment.
 */
export async function renderOutboxAttachment(
  q: Transactional,
  attachment: OutboxAttachment,
): Promise<MailAttachment> {
  switch (attachment.kind) {
    case 'invoice_pdf': {
      const detail = await invoiceDetail(q, attachment.account_id, attachment.invoice_id);
      if (!detail) throw new Error(`attachment: there is no invoice ${attachment.invoice_id}`);
      return {
        filename: invoiceFilename(detail.number, false),
        contentType: 'application/pdf',
        content: await renderInvoicePdf(detail),
      };
    }
    case 'monthly_report':
      // One file only (the local mail viewer's download): the report's summary PDF.
      return (await renderMonthlyReportFiles(q, attachment.account_id, attachment.period_id))[0]!;
    default:
      throw new Error(`attachment: unknown kind ${(attachment as { kind: string }).kind}`);
  }
}

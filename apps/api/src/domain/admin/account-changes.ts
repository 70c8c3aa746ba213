import { ACCOUNTS_TEXT, taxStatusText, type AccountNote, type TaxStatusBody } from '@enq/contract';
import type { Transactional } from '../../db/handle';
import { queueInvoiceReceipt, findReceipt } from '../invoices';
import { DomainError } from '../errors';
import { customerAccount } from './account-page';
import { insertAccountNote } from './account-notes-repository';
import { invoiceOfAccount, lockAccountTax, saveAccountTax } from './account-page-repository';
import { runStaffAction, type StaffActionAnswer, type StaffActor } from '../staff-actions';

// The account page's own actions (CONS-03..05), each through runStaffAction: the change, its staff
// audit entry and (but for an internal note) the account's activity-log line in one transaction, once
// per Idempotency-Key.

/**
 * Adds an internal note (CONS-03). The note is its own reason: the trail keeps it with the account, and
 * the customer's activity log never shows it, as the note is internal.
 */
export async function addAccountNote(
  db: Transactional,
  actor: StaffActor,
  accountId: string,
  body: string,
  idempotencyKey: string | null,
): Promise<StaffActionAnswer<{ note: AccountNote }>> {
  const account = await customerAccount(db, accountId);
  return runStaffAction<{ note: AccountNote }>(
    db,
    actor,
    {
      action: 'note.add',
      accountId: account.id,
      reason: body.slice(0, 500),
      idempotencyKey,
      request: { account_id: account.id, body },
      customerLog: false,
    },
    async (tx) => {
      const row = await insertAccountNote(tx, {
        accountId: account.id,
        staffPersonId: actor.personId,
        staffName: actor.fullName,
        body,
      });
      const note = {
        id: row.id,
        body: row.body,
        staff_name: row.staff_name,
        at: new Date(row.created_at).toISOString(),
      };
      return { message: ACCOUNTS_TEXT.noteAdded, result: { note } };
    },
  );
}

/**
 * Sets the tax status invoices issued from now on use (CONS-04); an issued invoice keeps the buyer it was
 * issued to. Exempt needs its reference (the contract refuses it without, and so does the database).
 */
export async function setAccountTaxStatus(
  db: Transactional,
  actor: StaffActor,
  accountId: string,
  body: TaxStatusBody,
  idempotencyKey: string | null,
) {
  const account = await customerAccount(db, accountId);
  const reference = body.tax_status === 'exempt' ? (body.exemption_reference ?? null) : null;
  const tax = { status: body.tax_status, exemption_reference: reference };
  return runStaffAction(
    db,
    actor,
    {
      action: 'tax_status.set',
      accountId: account.id,
      reason: body.reason,
      idempotencyKey,
      request: { account_id: account.id, tax_status: body.tax_status, exemption_reference: reference },
    },
    async (tx) => {
      const before = (await lockAccountTax(tx, account.id))!;
      await saveAccountTax(tx, account.id, tax.status, tax.exemption_reference);
      const was = { status: before.tax_status, exemption_reference: before.tax_exemption_reference };
      return {
        message: ACCOUNTS_TEXT.taxSet(taxStatusText(tax)),
        before: { tax_status: taxStatusText(was) },
        after: { tax_status: taxStatusText(tax) },
      };
    },
  );
}

/**
 * Queues the invoice's receipt email again (CONS-05), as the payment queued it: to the account holder,
 * with the invoice PDF. Another account's invoice is not found; an unpaid invoice has no receipt.
 */
export async function resendInvoiceEmail(
  db: Transactional,
  actor: StaffActor,
  accountId: string,
  invoiceId: string,
  reason: string,
  idempotencyKey: string | null,
) {
  const account = await customerAccount(db, accountId);
  const invoice = await invoiceOfAccount(db, account.id, invoiceId);
  if (!invoice) throw new DomainError('not-found', ACCOUNTS_TEXT.invoiceNotFound);
  const receipt = await findReceipt(db, account.id, invoice.id);
  if (!receipt) throw new DomainError('conflict', ACCOUNTS_TEXT.noReceipt);
  return runStaffAction<{ outbox_id: number }>(
    db,
    actor,
    {
      action: 'invoice.resend',
      accountId: account.id,
      reason,
      idempotencyKey,
      request: { account_id: account.id, invoice_id: invoice.id },
    },
    async (tx) => {
      const outboxId = await queueInvoiceReceipt(tx, account.id, invoice.id);
      if (outboxId === null) throw new DomainError('conflict', ACCOUNTS_TEXT.noReceipt);
      return {
        message: ACCOUNTS_TEXT.resent(invoice.number, receipt.email),
        result: { outbox_id: outboxId },
        after: { invoice: invoice.number },
      };
    },
  );
}

-- Money rows are append-only (docs/billing.md, "Invoices"): invoices, their lines, payments, refunds
-- (credit notes) and credit ledger entries are never deleted, and never updated beyond the status changes
-- the code makes; a correction is a new row. Row triggers enforce it on PGlite and PostgreSQL alike, so a
-- cascade (deleting an account) is refused too. TRUNCATE is not a row statement and stays possible.
-- A later migration that fills a new column of these tables must disable the trigger for that update.
--
-- An issued invoice: only open -> paid (setting paid_at), open -> void and paid -> refunded; everything
-- else, a no-op update included, is refused. This extends 0007's guard of the document columns to every
-- column but status and paid_at, under the same trigger.
CREATE OR REPLACE FUNCTION "invoice_document_unchanged"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF to_jsonb(NEW) - 'status' - 'paid_at' IS DISTINCT FROM to_jsonb(OLD) - 'status' - 'paid_at' THEN
    RAISE EXCEPTION 'invoice % is issued and cannot change; refund it instead', OLD."number"
      USING ERRCODE = 'check_violation';
  END IF;
  IF (OLD."status" = 'open' AND NEW."status" = 'paid' AND NEW."paid_at" IS NOT NULL)
     OR (OLD."status" = 'open' AND NEW."status" = 'void' AND NEW."paid_at" IS NOT DISTINCT FROM OLD."paid_at")
     OR (OLD."status" = 'paid' AND NEW."status" = 'refunded' AND NEW."paid_at" IS NOT DISTINCT FROM OLD."paid_at") THEN
    RETURN NEW;
  END IF;
  RAISE EXCEPTION 'invoice % cannot go from % to %: an invoice only goes from open to paid (with its payment date), from open to void, or from paid to refunded',
    OLD."number", OLD."status", NEW."status" USING ERRCODE = 'check_violation';
END $$;--> statement-breakpoint
CREATE FUNCTION "money_row_kept"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- TG_ARGV[0] says what the table's rows are and how a correction is made.
  RAISE EXCEPTION '% (% refused)', TG_ARGV[0], TG_OP USING ERRCODE = 'check_violation';
END $$;--> statement-breakpoint
CREATE TRIGGER "invoices_never_deleted" BEFORE DELETE ON "invoices"
  FOR EACH ROW EXECUTE FUNCTION "money_row_kept"('an issued invoice is never deleted; void or refund it instead');--> statement-breakpoint
-- Lines never change and are never deleted (0007 refused only updates).
DROP TRIGGER "invoice_lines_unchanged" ON "invoice_lines";--> statement-breakpoint
DROP FUNCTION "invoice_line_unchanged"();--> statement-breakpoint
CREATE TRIGGER "invoice_lines_unchanged" BEFORE UPDATE OR DELETE ON "invoice_lines"
  FOR EACH ROW EXECUTE FUNCTION "money_row_kept"('the lines of an issued invoice cannot change; refund it instead');--> statement-breakpoint
-- A line is written only by the transaction that issues its invoice. That transaction wrote the invoice
-- row it sees, so the row's xmin is one of its own transaction ids. The xmin is checked with
-- pg_xact_status ('in progress' for the current transaction and its subtransactions; another transaction
-- still in progress cannot be seen at all) rather than compared with txid_current(): an invoice issued in
-- a savepoint (a nested Transactional.transaction) carries the subtransaction's id, which txid_current()
-- never returns. xmin is a 32-bit xid and pg_xact_status takes a 64-bit one: our own ids are all at or
-- after the top-level id (a subtransaction's is assigned after its parent's), so the xmin is read as the
-- top-level id plus its 32-bit distance from it, and an xmin before the top-level id is refused without
-- asking. Both functions are core PostgreSQL (13+), so PGlite runs the same check; a deferred check of
-- the sums at commit would let a $0 line slip in.
-- An update of the invoice in the same transaction gives it a new xmin too, but every allowed update
-- moves it out of 'open', so the invoice must still be open.
CREATE FUNCTION "invoice_line_issued_with_invoice"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  top_xid bigint := pg_current_xact_id()::text::bigint;
  distance bigint;
  invoice_status text;
  invoice_number text;
BEGIN
  SELECT ((i."xmin"::text::bigint - top_xid) % 4294967296 + 4294967296) % 4294967296, i."status", i."number"
    INTO distance, invoice_status, invoice_number
    FROM "invoices" i WHERE i."id" = NEW."invoice_id" AND i."account_id" = NEW."account_id";
  IF FOUND AND invoice_status = 'open' AND distance < 2147483648
     AND pg_xact_status((top_xid + distance)::text::xid8) = 'in progress' THEN
    RETURN NEW;
  END IF;
  RAISE EXCEPTION 'invoice % is issued: its lines are written only when it is issued; refund it instead',
    coalesce(invoice_number, NEW."invoice_id") USING ERRCODE = 'check_violation';
END $$;--> statement-breakpoint
CREATE TRIGGER "invoice_lines_issued_with_invoice" BEFORE INSERT ON "invoice_lines"
  FOR EACH ROW EXECUTE FUNCTION "invoice_line_issued_with_invoice"();--> statement-breakpoint
-- A payment attempt: the one update is a pending attempt resolving to succeeded or failed, with the
-- provider's id, the failure, the time and the card (once). Compared as jsonb less those keys so that the
-- check holds whichever of those columns the table has.
CREATE FUNCTION "payment_resolved_once"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  resolved text[] := ARRAY['status', 'provider_payment_id', 'failure_code', 'failure_message', 'resolved_at',
                           'card_brand', 'card_last4'];
BEGIN
  IF OLD."status" = 'pending' AND NEW."status" IN ('succeeded', 'failed')
     AND to_jsonb(NEW) - resolved = to_jsonb(OLD) - resolved
     AND (OLD."card_brand" IS NULL OR NEW."card_brand" IS NOT DISTINCT FROM OLD."card_brand")
     AND (OLD."card_last4" IS NULL OR NEW."card_last4" IS NOT DISTINCT FROM OLD."card_last4") THEN
    RETURN NEW;
  END IF;
  RAISE EXCEPTION 'payment % cannot change: a payment is kept as it happened, only a pending one becomes succeeded or failed; a refund is a new row',
    OLD."id" USING ERRCODE = 'check_violation';
END $$;--> statement-breakpoint
CREATE TRIGGER "payments_resolved_once" BEFORE UPDATE ON "payments"
  FOR EACH ROW EXECUTE FUNCTION "payment_resolved_once"();--> statement-breakpoint
CREATE TRIGGER "payments_never_deleted" BEFORE DELETE ON "payments"
  FOR EACH ROW EXECUTE FUNCTION "money_row_kept"('a payment is never deleted; a refund is a new row');--> statement-breakpoint
CREATE TRIGGER "refunds_unchanged" BEFORE UPDATE OR DELETE ON "refunds"
  FOR EACH ROW EXECUTE FUNCTION "money_row_kept"('a credit note never changes; issue another one instead');--> statement-breakpoint
CREATE TRIGGER "credit_ledger_unchanged" BEFORE UPDATE OR DELETE ON "credit_ledger"
  FOR EACH ROW EXECUTE FUNCTION "money_row_kept"('a credit ledger entry never changes; book a correcting entry instead');

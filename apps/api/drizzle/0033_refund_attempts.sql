-- Console refunds (issue 25, docs/requirements.md CMON): a refund attempt is written as pending before the
-- card provider is called, with the provider's idempotency key derived from it ('refund:<id>'), so a retry
-- after a crash between the provider's answer and our write asks the same refund and never refunds twice.
-- It becomes succeeded with the credit note it issued (refund_id), or failed, once; it is never deleted. It keeps
-- who asked and why, so the reconciliation job can finish one whose request was never sent again.
CREATE TABLE "refund_attempts" (
	"id" text NOT NULL,
	"account_id" uuid NOT NULL REFERENCES "accounts"("id") ON DELETE cascade,
	"invoice_id" text NOT NULL,
	"payment_id" text NOT NULL,
	"amount_cents" integer NOT NULL,
	"request_key" text NOT NULL,
	"staff_person_id" uuid NOT NULL,
	"staff_email" text NOT NULL,
	"staff_role" text NOT NULL,
	"reason" text NOT NULL,
	"provider_key" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"provider_refund_id" text,
	"failure_message" text,
	"refund_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"resolved_at" timestamp with time zone,
	CONSTRAINT "refund_attempts_id_account_id_pk" PRIMARY KEY("id","account_id"),
	CONSTRAINT "refund_attempts_status_check" CHECK ("status" IN ('pending', 'succeeded', 'failed')),
	CONSTRAINT "refund_attempts_amount_check" CHECK ("amount_cents" > 0),
	CONSTRAINT "refund_attempts_invoice_fk" FOREIGN KEY ("invoice_id","account_id") REFERENCES "invoices"("id","account_id")
);--> statement-breakpoint
CREATE UNIQUE INDEX "refund_attempts_request_key" ON "refund_attempts" ("account_id","request_key");--> statement-breakpoint
CREATE INDEX "refund_attempts_invoice_idx" ON "refund_attempts" ("account_id","invoice_id");--> statement-breakpoint
CREATE FUNCTION "refund_attempt_resolved_once"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF OLD."status" = 'pending' AND NEW."status" IN ('succeeded', 'failed')
     AND (to_jsonb(NEW) - ARRAY['status', 'provider_refund_id', 'failure_message', 'refund_id', 'resolved_at'])
       = (to_jsonb(OLD) - ARRAY['status', 'provider_refund_id', 'failure_message', 'refund_id', 'resolved_at']) THEN
    RETURN NEW;
  END IF;
  RAISE EXCEPTION 'refund attempt % cannot change: only a pending one becomes succeeded or failed', OLD."id"
    USING ERRCODE = 'check_violation';
END $$;--> statement-breakpoint
CREATE TRIGGER "refund_attempts_resolved_once" BEFORE UPDATE ON "refund_attempts"
  FOR EACH ROW EXECUTE FUNCTION "refund_attempt_resolved_once"();--> statement-breakpoint
CREATE TRIGGER "refund_attempts_never_deleted" BEFORE DELETE ON "refund_attempts"
  FOR EACH ROW EXECUTE FUNCTION "money_row_kept"('a refund attempt is never deleted');--> statement-breakpoint
-- The sandbox card provider's refunds, one per idempotency key (Stripe keeps its own).
CREATE TABLE "sandbox_refunds" (
	"idempotency_key" text PRIMARY KEY NOT NULL,
	"id" text NOT NULL,
	"charge_id" text NOT NULL,
	"amount_cents" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);

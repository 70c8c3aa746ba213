DROP INDEX "payments_one_pending";--> statement-breakpoint
CREATE UNIQUE INDEX "payments_one_pending" ON "payments" USING btree ("account_id","invoice_id") WHERE "payments"."status" in ('pending', 'requires_action');--> statement-breakpoint
ALTER TABLE "sandbox_payment_methods" ADD COLUMN "saved_with_authentication" boolean DEFAULT false NOT NULL;
--> statement-breakpoint
-- A payment attempt may now wait for the cardholder's authentication (requires_action, with the
-- provider's intent) before it resolves; it resolves once, on that same intent. Otherwise as 0014.
CREATE OR REPLACE FUNCTION "payment_resolved_once"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  resolved text[] := ARRAY['status', 'provider_payment_id', 'failure_code', 'failure_message', 'resolved_at',
                           'card_brand', 'card_last4'];
BEGIN
  IF ((OLD."status" = 'pending' AND NEW."status" IN ('succeeded', 'failed', 'requires_action'))
      OR (OLD."status" = 'requires_action' AND NEW."status" IN ('succeeded', 'failed')
          AND NEW."provider_payment_id" IS NOT DISTINCT FROM OLD."provider_payment_id"))
     AND to_jsonb(NEW) - resolved = to_jsonb(OLD) - resolved
     AND (OLD."card_brand" IS NULL OR NEW."card_brand" IS NOT DISTINCT FROM OLD."card_brand")
     AND (OLD."card_last4" IS NULL OR NEW."card_last4" IS NOT DISTINCT FROM OLD."card_last4") THEN
    RETURN NEW;
  END IF;
  RAISE EXCEPTION 'payment % cannot change: a payment is kept as it happened, only a pending one becomes succeeded, failed or requires_action, and one that requires action succeeded or failed on its intent; a refund is a new row',
    OLD."id" USING ERRCODE = 'check_violation';
END $$;

-- Refunds the billing system makes on its own (PLAN-13: an Upgrade now whose payment was confirmed only
-- after its period had closed is refunded in full). They take the console's money-safe refund path, so
-- their refund attempt and staff audit entry name the system actor ('enQ billing', role 'system') and no
-- staff person: a row has a person and an email exactly when its role is not 'system'.
ALTER TABLE "staff_audit" ALTER COLUMN "staff_person_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "staff_audit" ALTER COLUMN "staff_email" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "staff_audit" ADD CONSTRAINT "staff_audit_actor_check" CHECK (
	("staff_role" = 'system') = ("staff_person_id" IS NULL) AND ("staff_role" = 'system') = ("staff_email" IS NULL)
);--> statement-breakpoint
ALTER TABLE "refund_attempts" ALTER COLUMN "staff_person_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "refund_attempts" ALTER COLUMN "staff_email" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "refund_attempts" ADD CONSTRAINT "refund_attempts_actor_check" CHECK (
	("staff_role" = 'system') = ("staff_person_id" IS NULL) AND ("staff_role" = 'system') = ("staff_email" IS NULL)
);
--> statement-breakpoint
-- A console charge retry calls the card provider outside the transaction that records it, so its
-- Idempotency-Key is claimed first (CMON-07): a twin request with the same key (another tab, another
-- process) that finds the invoice already paid by the first waits for the first's answer instead of
-- answering "not open". A claim whose request died is taken over once it is two minutes old.
CREATE TABLE "staff_action_claims" (
	"action" text NOT NULL,
	"idempotency_key" text NOT NULL,
	"claimed_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "staff_action_claims_pk" PRIMARY KEY("action","idempotency_key")
);

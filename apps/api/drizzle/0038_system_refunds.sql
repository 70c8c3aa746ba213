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

-- The operator console (issue 25): staff roles, and the append-only staff audit trail every console
-- action writes in the transaction that makes it. A role is support < finance < admin (contract
-- admin/staff.ts); staff made before roles existed are admins, as they had every power the SQL gave.
ALTER TABLE "people" ADD COLUMN "staff_role" text;--> statement-breakpoint
UPDATE "people" SET "staff_role" = 'admin' WHERE "is_staff";--> statement-breakpoint
ALTER TABLE "people" ADD CONSTRAINT "people_staff_role_check"
	CHECK (("is_staff" AND "staff_role" in ('support', 'finance', 'admin')) OR (NOT "is_staff" AND "staff_role" IS NULL));--> statement-breakpoint
-- One row per console action: who (as they were then), what, on which account, why, with its answer.
-- The idempotency key makes a retried action return its first answer instead of acting twice.
CREATE TABLE "staff_audit" (
	"id" bigserial PRIMARY KEY,
	"at" timestamp with time zone NOT NULL DEFAULT now(),
	"staff_person_id" uuid NOT NULL,
	"staff_email" text NOT NULL,
	"staff_role" text NOT NULL,
	"action" text NOT NULL,
	"account_id" uuid,
	"reason" text NOT NULL,
	"idempotency_key" text,
	"request" jsonb NOT NULL DEFAULT '{}'::jsonb,
	"result" jsonb NOT NULL DEFAULT '{}'::jsonb
);--> statement-breakpoint
CREATE UNIQUE INDEX "staff_audit_action_key" ON "staff_audit" ("action", "idempotency_key")
	WHERE "idempotency_key" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "staff_audit_account_at_idx" ON "staff_audit" ("account_id", "at");--> statement-breakpoint
CREATE INDEX "staff_audit_at_idx" ON "staff_audit" ("at", "id");--> statement-breakpoint
CREATE TRIGGER "staff_audit_kept" BEFORE UPDATE OR DELETE ON "staff_audit"
	FOR EACH ROW EXECUTE FUNCTION "money_row_kept"('the staff audit trail is append-only');

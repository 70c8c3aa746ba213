-- The operator console's notices, staff and view-as-customer (issue 25). A notice reaches every account
-- (account_id and plan_id null), the accounts on one plan (plan_id), or one account (account_id); the
-- existing per-account and global notices keep their meaning. starts_at is the publish time (a later one
-- schedules it); a withdrawn notice stops showing and stays listed in the console.
ALTER TABLE "notifications" ADD COLUMN "plan_id" text REFERENCES "plans"("id");--> statement-breakpoint
ALTER TABLE "notifications" ADD COLUMN "withdrawn_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "notifications" ADD COLUMN "withdraw_reason" text;--> statement-breakpoint
ALTER TABLE "notifications" ADD COLUMN "created_by" uuid;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_one_audience_check"
	CHECK ("account_id" IS NULL OR "plan_id" IS NULL);--> statement-breakpoint
CREATE INDEX "notifications_plan_idx" ON "notifications" ("plan_id") WHERE "plan_id" IS NOT NULL;--> statement-breakpoint
-- View as customer: a short-lived token of the account's admin that only reads, and the staff member
-- it was issued to (their removal ends it).
ALTER TABLE "api_tokens" ADD COLUMN "read_only" boolean NOT NULL DEFAULT false;--> statement-breakpoint
ALTER TABLE "api_tokens" ADD COLUMN "issued_to_staff" uuid;--> statement-breakpoint
CREATE INDEX "api_tokens_issued_to_staff_idx" ON "api_tokens" ("issued_to_staff") WHERE "issued_to_staff" IS NOT NULL;

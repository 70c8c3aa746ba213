-- Why a customer cancelled, or which alternative of the cancel flow they took instead (issue 64). One
-- row a flow that ended; a cancellation's row keeps the reminder's "Keep this plan" link as its
-- SHA-256 (the token itself is only in the email).
CREATE TABLE "cancellations" (
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"account_id" uuid NOT NULL,
	"person_id" uuid,
	"plan_id" text NOT NULL,
	"reason" text NOT NULL,
	"words" text,
	"outcome" text NOT NULL,
	"period_end" timestamp with time zone,
	"keep_token_hash" text,
	"reminder_queued_at" timestamp with time zone,
	"kept_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "cancellations_account_id_id_pk" PRIMARY KEY("account_id","id"),
	CONSTRAINT "cancellations_reason_check" CHECK ("reason" IN ('too_expensive', 'seasonal', 'missing_feature', 'switching', 'not_using', 'other')),
	CONSTRAINT "cancellations_outcome_check" CHECK ("outcome" IN ('cancelled', 'plan_change', 'pause', 'feature_request'))
);--> statement-breakpoint
ALTER TABLE "cancellations" ADD CONSTRAINT "cancellations_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cancellations" ADD CONSTRAINT "cancellations_plan_id_plans_id_fk" FOREIGN KEY ("plan_id") REFERENCES "public"."plans"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "cancellations_created_idx" ON "cancellations" USING btree ("created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "cancellations_keep_token_idx" ON "cancellations" USING btree ("keep_token_hash");--> statement-breakpoint
CREATE INDEX "cancellations_reminder_due_idx" ON "cancellations" USING btree ("period_end") WHERE outcome = 'cancelled' and reminder_queued_at is null;

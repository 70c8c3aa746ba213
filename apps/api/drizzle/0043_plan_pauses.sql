-- A monthly plan's pause (docs/billing.md, "Pausing a plan"): one row per pause asked for; the
-- subscription's status is 'paused' while one is under way, and a resume is a paid-first order.
CREATE TABLE "plan_pauses" (
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"account_id" uuid NOT NULL,
	"plan_id" text NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"resume_at" timestamp with time zone NOT NULL,
	"status" text DEFAULT 'scheduled' NOT NULL,
	"resumed_at" timestamp with time zone,
	"carry_rollover_cc" bigint,
	"carry_bonus_cc" bigint,
	"decline_message" text,
	"declined_at" timestamp with time zone,
	"reminded_at" timestamp with time zone,
	"requested_by" uuid,
	"reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "plan_pauses_id_account_id_pk" PRIMARY KEY("id","account_id"),
	CONSTRAINT "plan_pauses_status_check" CHECK ("plan_pauses"."status" IN ('scheduled', 'paused', 'resumed', 'withdrawn'))
);--> statement-breakpoint
ALTER TABLE "plan_pauses" ADD CONSTRAINT "plan_pauses_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plan_pauses" ADD CONSTRAINT "plan_pauses_plan_id_plans_id_fk" FOREIGN KEY ("plan_id") REFERENCES "public"."plans"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "plan_pauses_one_open" ON "plan_pauses" USING btree ("account_id") WHERE "plan_pauses"."status" in ('scheduled', 'paused');--> statement-breakpoint
CREATE INDEX "plan_pauses_due_idx" ON "plan_pauses" USING btree ("resume_at") WHERE "plan_pauses"."status" = 'paused';--> statement-breakpoint
ALTER TABLE "period_start_orders" DROP CONSTRAINT "period_start_orders_kind_check";--> statement-breakpoint
ALTER TABLE "period_start_orders" ADD CONSTRAINT "period_start_orders_kind_check" CHECK ("period_start_orders"."kind" IN ('start', 'renew', 'upgrade', 'resume'));--> statement-breakpoint
-- The overview's and Subscription's kept answers read the pause (migration 0039's triggers, alike).
CREATE TRIGGER "plan_pauses_account_changes_insert" AFTER INSERT ON "plan_pauses" REFERENCING NEW TABLE AS "new_rows"
	FOR EACH STATEMENT EXECUTE FUNCTION "account_changed_new"();--> statement-breakpoint
CREATE TRIGGER "plan_pauses_account_changes_update_old" AFTER UPDATE ON "plan_pauses" REFERENCING OLD TABLE AS "old_rows"
	FOR EACH STATEMENT EXECUTE FUNCTION "account_changed_old"();--> statement-breakpoint
CREATE TRIGGER "plan_pauses_account_changes_update_new" AFTER UPDATE ON "plan_pauses" REFERENCING NEW TABLE AS "new_rows"
	FOR EACH STATEMENT EXECUTE FUNCTION "account_changed_new"();--> statement-breakpoint
CREATE TRIGGER "plan_pauses_account_changes_delete" AFTER DELETE ON "plan_pauses" REFERENCING OLD TABLE AS "old_rows"
	FOR EACH STATEMENT EXECUTE FUNCTION "account_changed_old"();--> statement-breakpoint
CREATE TRIGGER "plan_pauses_account_changes_truncate" AFTER TRUNCATE ON "plan_pauses"
	FOR EACH STATEMENT EXECUTE FUNCTION "account_changed_all"();

-- The monthly usage report (REPORT): the admin's opt-in (no row is no), and the reports written, one
-- per closed period: the key makes a second close of a period, or two at once, write no second email.
CREATE TABLE IF NOT EXISTS "monthly_report_settings" (
	"account_id" uuid PRIMARY KEY NOT NULL,
	"enabled" boolean DEFAULT false NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "monthly_report_settings_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action
);--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "monthly_reports" (
	"account_id" uuid NOT NULL,
	"period_id" uuid NOT NULL,
	"outbox_id" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "monthly_reports_account_id_period_id_pk" PRIMARY KEY("account_id","period_id"),
	CONSTRAINT "monthly_reports_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action
);

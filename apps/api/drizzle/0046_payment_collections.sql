-- Collecting failed payments (docs/billing.md, "Collecting failed payments"): a declined off-session
-- charge puts its invoice in collection, retried on the operator's schedule.
ALTER TABLE "payments" ADD COLUMN "off_session" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "calls_refused" boolean DEFAULT false NOT NULL;--> statement-breakpoint
CREATE TABLE "payment_collections" (
	"account_id" uuid NOT NULL,
	"invoice_id" text NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"failures" integer NOT NULL,
	"next_try_at" timestamp with time zone,
	"last_reason" text NOT NULL,
	"ended" text,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "payment_collections_account_id_invoice_id_pk" PRIMARY KEY("account_id","invoice_id"),
	CONSTRAINT "payment_collections_ended_check" CHECK ("payment_collections"."ended" IN ('refused', 'cancelled'))
);--> statement-breakpoint
ALTER TABLE "payment_collections" ADD CONSTRAINT "payment_collections_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_collections" ADD CONSTRAINT "payment_collections_invoice_fk" FOREIGN KEY ("invoice_id","account_id") REFERENCES "public"."invoices"("id","account_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "payment_collections_due_idx" ON "payment_collections" USING btree ("next_try_at") WHERE "payment_collections"."next_try_at" is not null;--> statement-breakpoint
CREATE TABLE "collection_settings" (
	"scope" text PRIMARY KEY NOT NULL,
	"plan_id" text,
	"retry_days" integer[] NOT NULL,
	"after_last" text DEFAULT 'refuse' NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "collection_settings_after_last_check" CHECK ("collection_settings"."after_last" IN ('refuse', 'cancel')),
	CONSTRAINT "collection_settings_scope_check" CHECK (("collection_settings"."scope" = 'global' and "collection_settings"."plan_id" is null) or "collection_settings"."scope" = 'plan:' || "collection_settings"."plan_id")
);--> statement-breakpoint
ALTER TABLE "collection_settings" ADD CONSTRAINT "collection_settings_plan_id_plans_id_fk" FOREIGN KEY ("plan_id") REFERENCES "public"."plans"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
-- The default schedule: days 1, 3, 5 and 7 after the decline, then calls refused until paid.
INSERT INTO "collection_settings" ("scope", "retry_days", "after_last") VALUES ('global', '{1,3,5,7}', 'refuse');

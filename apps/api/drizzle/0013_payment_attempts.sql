-- Payments become attempts: a row is written as 'pending' before the provider is called, with a key
-- derived from the invoice and the attempt number, and is resolved to 'succeeded' or 'failed' once the
-- provider's answer is known (by the request, or by the reconciliation job that asks the provider).
ALTER TABLE "payments" ADD COLUMN "attempt" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "provider_payment_id" text;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "resolved_at" timestamp with time zone;--> statement-breakpoint
UPDATE "payments" p SET "attempt" = n."attempt", "provider_payment_id" = p."id", "resolved_at" = p."created_at"
  FROM (SELECT "id", "account_id",
               row_number() OVER (PARTITION BY "account_id", "invoice_id" ORDER BY "created_at", "id") AS "attempt"
          FROM "payments") n
 WHERE n."id" = p."id" AND n."account_id" = p."account_id";--> statement-breakpoint
CREATE UNIQUE INDEX "payments_invoice_attempt_key" ON "payments" USING btree ("account_id", "invoice_id", "attempt");--> statement-breakpoint
-- The database, not the code, allows one attempt in flight and one successful payment per invoice.
CREATE UNIQUE INDEX "payments_one_pending" ON "payments" USING btree ("account_id", "invoice_id") WHERE "status" = 'pending';--> statement-breakpoint
CREATE UNIQUE INDEX "payments_one_succeeded" ON "payments" USING btree ("account_id", "invoice_id") WHERE "status" = 'succeeded';--> statement-breakpoint
CREATE INDEX "payments_pending_idx" ON "payments" USING btree ("created_at") WHERE "status" = 'pending';--> statement-breakpoint
-- A period that starts only once its invoice is paid (a start after a cancellation, an early renewal):
-- the invoice is issued first, and the period opens in the transaction that records its payment.
CREATE TABLE "period_start_orders" (
	"account_id" uuid NOT NULL,
	"invoice_id" text NOT NULL,
	"kind" text NOT NULL,
	"plan_id" text NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"ends_period_id" uuid,
	"status" text DEFAULT 'awaiting_payment' NOT NULL,
	"decided_at" timestamp with time zone,
	CONSTRAINT "period_start_orders_invoice_id_account_id_pk" PRIMARY KEY("invoice_id","account_id"),
	CONSTRAINT "period_start_orders_kind_check" CHECK ("kind" IN ('start', 'renew')),
	CONSTRAINT "period_start_orders_status_check" CHECK ("status" IN ('awaiting_payment', 'started', 'void'))
);--> statement-breakpoint
ALTER TABLE "period_start_orders" ADD CONSTRAINT "period_start_orders_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "period_start_orders" ADD CONSTRAINT "period_start_orders_invoice_fk" FOREIGN KEY ("invoice_id","account_id") REFERENCES "public"."invoices"("id","account_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "period_start_orders" ADD CONSTRAINT "period_start_orders_plan_id_plans_id_fk" FOREIGN KEY ("plan_id") REFERENCES "public"."plans"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "period_start_orders_one_awaiting" ON "period_start_orders" USING btree ("account_id") WHERE "status" = 'awaiting_payment';--> statement-breakpoint
-- The local sandbox provider's own records, standing in for Stripe's: shared by every process on the
-- database, kept outside the portal's transactions, so a charge survives the crash of its caller.
CREATE TABLE "sandbox_charges" (
	"idempotency_key" text PRIMARY KEY NOT NULL,
	"id" text NOT NULL,
	"attempt_id" text,
	"payment_method_id" text NOT NULL,
	"amount_cents" integer NOT NULL,
	"status" text NOT NULL,
	"failure_code" text,
	"failure_message" text,
	"card_brand" text NOT NULL,
	"card_last4" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint
CREATE INDEX "sandbox_charges_attempt_idx" ON "sandbox_charges" USING btree ("attempt_id");

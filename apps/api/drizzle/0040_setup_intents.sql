-- Cards are saved the way Stripe saves them (docs/billing.md, "Payments"): a SetupIntent on the account's
-- own Customer, never a zero-amount charge. accounts.provider_customer_id (0003) is now set, once per
-- account, on its first card saved; one account per Customer.
CREATE UNIQUE INDEX "accounts_provider_customer_id_key" ON "accounts" USING btree ("provider_customer_id");--> statement-breakpoint
-- The sandbox plays Stripe's part: its customers (one per idempotency key), SetupIntents, the payment
-- methods attached to a customer, and the customer each charge named.
ALTER TABLE "sandbox_charges" ADD COLUMN "customer_id" text;--> statement-breakpoint
CREATE TABLE "sandbox_customers" (
	"idempotency_key" text PRIMARY KEY NOT NULL,
	"id" text NOT NULL,
	"default_payment_method_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sandbox_customers_id_unique" UNIQUE("id")
);--> statement-breakpoint
CREATE TABLE "sandbox_setup_intents" (
	"id" text PRIMARY KEY NOT NULL,
	"idempotency_key" text NOT NULL,
	"customer_id" text NOT NULL,
	"status" text NOT NULL,
	"payment_method_id" text,
	"failure_code" text,
	"failure_message" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sandbox_setup_intents_idempotency_key_unique" UNIQUE("idempotency_key")
);--> statement-breakpoint
CREATE TABLE "sandbox_payment_methods" (
	"id" text PRIMARY KEY NOT NULL,
	"customer_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);

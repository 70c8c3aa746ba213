-- The local card sandbox's events, standing in for Stripe's own queue of webhook deliveries: written in
-- the transaction that records the charge, refund or saved card they are about, so a process that dies
-- after the sandbox answered still has them to send. `lease_until` is a delivery in flight (another
-- process leaves it alone until then); `delivered_at` is the portal's 2xx.
CREATE TABLE "sandbox_events" (
	"seq" bigserial PRIMARY KEY NOT NULL,
	"id" text NOT NULL UNIQUE,
	"type" text NOT NULL,
	"payload" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"lease_until" timestamp with time zone,
	"delivered_at" timestamp with time zone,
	"deliveries" integer DEFAULT 0 NOT NULL
);--> statement-breakpoint
CREATE INDEX "sandbox_events_due_idx" ON "sandbox_events" USING btree ("seq") WHERE "delivered_at" IS NULL;--> statement-breakpoint
-- A dispute the bank decided against us: the disputed amount taken back from a paid invoice's payment,
-- recorded once per dispute (charge.dispute.closed with status lost), beside the invoice's credit notes.
CREATE TABLE "dispute_losses" (
	"dispute_id" text NOT NULL,
	"account_id" uuid NOT NULL REFERENCES "accounts"("id") ON DELETE CASCADE,
	"invoice_id" text NOT NULL,
	"payment_id" text NOT NULL,
	"amount_cents" integer NOT NULL,
	"lost_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "dispute_losses_pk" PRIMARY KEY("dispute_id","account_id"),
	CONSTRAINT "dispute_losses_amount_check" CHECK ("amount_cents" > 0),
	CONSTRAINT "dispute_losses_invoice_fk" FOREIGN KEY ("invoice_id","account_id") REFERENCES "invoices"("id","account_id"),
	CONSTRAINT "dispute_losses_payment_fk" FOREIGN KEY ("payment_id","account_id") REFERENCES "payments"("id","account_id")
);--> statement-breakpoint
CREATE INDEX "dispute_losses_invoice_idx" ON "dispute_losses" USING btree ("account_id","invoice_id");

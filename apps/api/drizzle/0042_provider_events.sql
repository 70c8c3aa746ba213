-- The card provider's events (Stripe's webhooks), each kept once by its id: a delivery that comes again
-- (Stripe retries until it hears 2xx, and may send one event twice) finds its row and changes nothing.
-- The row is written in the transaction that applies the event, so an event is applied exactly when it
-- is kept. `object_id` is the object the event is about (a PaymentIntent, a charge, a dispute, a card):
-- a late event about a card is told from a newer one by `created`, Stripe's own time of the event.
CREATE TABLE "provider_events" (
	"id" text PRIMARY KEY NOT NULL,
	"type" text NOT NULL,
	"object_id" text,
	"account_id" uuid REFERENCES "accounts"("id") ON DELETE SET NULL,
	"created" timestamp with time zone NOT NULL,
	"payload" jsonb NOT NULL,
	"outcome" text NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint
CREATE INDEX "provider_events_object_idx" ON "provider_events" USING btree ("object_id","type","created");--> statement-breakpoint
-- A dispute of an invoice's charge, opened and closed by the cardholder's bank (charge.dispute.*). Its
-- status is Stripe's; once it is final (won, lost) a late or repeated event does not reopen it.
CREATE TABLE "invoice_disputes" (
	"id" text NOT NULL,
	"account_id" uuid NOT NULL REFERENCES "accounts"("id") ON DELETE CASCADE,
	"invoice_id" text NOT NULL,
	"payment_id" text NOT NULL,
	"amount_cents" integer NOT NULL,
	"reason" text NOT NULL,
	"status" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"closed_at" timestamp with time zone,
	CONSTRAINT "invoice_disputes_pk" PRIMARY KEY("id","account_id"),
	CONSTRAINT "invoice_disputes_invoice_fk" FOREIGN KEY ("invoice_id","account_id") REFERENCES "invoices"("id","account_id")
);--> statement-breakpoint
CREATE INDEX "invoice_disputes_invoice_idx" ON "invoice_disputes" USING btree ("account_id","invoice_id");--> statement-breakpoint
-- An event names the PaymentIntent it is about; an attempt settled by the request has it recorded.
CREATE INDEX "payments_provider_payment_idx" ON "payments" USING btree ("provider_payment_id") WHERE "provider_payment_id" IS NOT NULL;

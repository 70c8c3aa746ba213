-- The operator console's accounts (issue 25): internal notes staff keep on an account (never shown to
-- the customer), and the indexes its search box uses, so each way of finding an account is one indexed
-- lookup: any person's email by its key (lower(email), the contract's emailKey), a card's last four.
CREATE TABLE "account_notes" (
	"id" bigserial NOT NULL,
	"account_id" uuid NOT NULL REFERENCES "accounts" ("id") ON DELETE CASCADE,
	"staff_person_id" uuid NOT NULL,
	"staff_name" text NOT NULL,
	"body" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL DEFAULT now(),
	PRIMARY KEY ("id", "account_id")
);--> statement-breakpoint
CREATE INDEX "account_notes_account_created_idx" ON "account_notes" ("account_id", "created_at");--> statement-breakpoint
CREATE INDEX "people_email_key_idx" ON "people" (lower("email"));--> statement-breakpoint
CREATE INDEX "payment_methods_last4_idx" ON "payment_methods" ("last4");--> statement-breakpoint
CREATE INDEX "accounts_created_at_idx" ON "accounts" ("created_at");

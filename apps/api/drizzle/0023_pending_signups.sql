-- A sign-up waits here until the link emailed to its address is opened (issue 22): the form's answer
-- is the same whether or not the email already signs in. Only the link token's SHA-256 is stored.
CREATE TABLE "pending_signups" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"email" text NOT NULL,
	"full_name" text NOT NULL,
	"company" text NOT NULL,
	"password_hash" text NOT NULL,
	"plan_id" text NOT NULL,
	"ref" text DEFAULT '' NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "pending_signups_email_idx" ON "pending_signups" USING btree (lower("email"));
--> statement-breakpoint
CREATE INDEX "pending_signups_expires_idx" ON "pending_signups" USING btree ("expires_at");

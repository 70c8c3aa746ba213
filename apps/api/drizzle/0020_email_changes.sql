-- A change of sign-in email waits here until the link sent to the new address is opened (issue 22).
CREATE TABLE "email_changes" (
	"token_hash" text NOT NULL,
	"account_id" uuid NOT NULL,
	"person_id" uuid NOT NULL,
	"new_email" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "email_changes_token_hash_account_id_pk" PRIMARY KEY("token_hash","account_id")
);
--> statement-breakpoint
ALTER TABLE "email_changes" ADD CONSTRAINT "email_changes_person_fk" FOREIGN KEY ("person_id","account_id") REFERENCES "public"."people"("id","account_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "email_changes_person_idx" ON "email_changes" USING btree ("person_id");
--> statement-breakpoint
-- Site-form tokens already spent, kept until they expire: a token sends one form (issue 22).
CREATE TABLE "spent_form_tokens" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE INDEX "spent_form_tokens_expires_idx" ON "spent_form_tokens" USING btree ("expires_at");

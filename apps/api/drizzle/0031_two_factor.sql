-- Two-factor sign-in (TOTP, RFC 6238) in the embedded provider (issue 25): a person's authenticator
-- secret (encrypted with a server secret), their one-use recovery codes (hashed), and whether an API
-- token was issued after a second factor (the operator console requires one of staff).
ALTER TABLE "api_tokens" ADD COLUMN "second_factor" boolean NOT NULL DEFAULT false;--> statement-breakpoint
-- One row per person who started enrolment: enabled_at is null until a first code confirmed it.
-- last_step is the 30-second step of the last code accepted: a code is taken once (no replay).
CREATE TABLE "two_factor" (
	"account_id" uuid NOT NULL,
	"person_id" uuid NOT NULL,
	"secret" text NOT NULL,
	"enabled_at" timestamp with time zone,
	"last_step" bigint,
	"created_at" timestamp with time zone NOT NULL DEFAULT now(),
	CONSTRAINT "two_factor_pk" PRIMARY KEY ("account_id", "person_id"),
	CONSTRAINT "two_factor_person_fk" FOREIGN KEY ("person_id", "account_id")
		REFERENCES "people"("id", "account_id") ON DELETE CASCADE
);--> statement-breakpoint
CREATE INDEX "two_factor_person_idx" ON "two_factor" ("person_id");--> statement-breakpoint
-- Ten recovery codes per enabled person, stored as SHA-256 hashes; used_at marks one spent.
CREATE TABLE "two_factor_recovery_codes" (
	"account_id" uuid NOT NULL,
	"person_id" uuid NOT NULL,
	"code_hash" text NOT NULL,
	"used_at" timestamp with time zone,
	CONSTRAINT "two_factor_recovery_codes_pk" PRIMARY KEY ("account_id", "person_id", "code_hash"),
	CONSTRAINT "two_factor_recovery_codes_person_fk" FOREIGN KEY ("person_id", "account_id")
		REFERENCES "people"("id", "account_id") ON DELETE CASCADE
);

ALTER TABLE "people" ADD COLUMN "sessions_revoked_at" timestamp with time zone;--> statement-breakpoint
CREATE TABLE "consumed_id_tokens" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE INDEX "consumed_id_tokens_expires_idx" ON "consumed_id_tokens" USING btree ("expires_at");--> statement-breakpoint
CREATE TABLE "sign_in_failures" (
	"key" text PRIMARY KEY NOT NULL,
	"failures" integer NOT NULL,
	"last_failure_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE INDEX "sign_in_failures_last_idx" ON "sign_in_failures" USING btree ("last_failure_at");

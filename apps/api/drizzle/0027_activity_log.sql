-- The Activity view (Users > Activity) filters an account's log by person: the changes a person made
-- and the changes about them, newest first.
CREATE INDEX IF NOT EXISTS "audit_log_account_actor_idx" ON "audit_log" USING btree ("account_id","actor_person_id","at");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "audit_log_account_target_idx" ON "audit_log" USING btree ("account_id","target_person_id","at");

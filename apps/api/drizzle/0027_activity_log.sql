-- The Activity view (Users > Activity) reads an account's log newest first, a page at a time: in the
-- order (at, id), since the rows one transaction writes share their time; and filters it by person,
-- the changes a person made and the changes about them.
CREATE INDEX IF NOT EXISTS "audit_log_account_at_id_idx" ON "audit_log" USING btree ("account_id","at","id");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "audit_log_account_actor_idx" ON "audit_log" USING btree ("account_id","actor_person_id","at");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "audit_log_account_target_idx" ON "audit_log" USING btree ("account_id","target_person_id","at");

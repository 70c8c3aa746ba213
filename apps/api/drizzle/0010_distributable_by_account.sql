-- Every account-owned table's primary key, unique keys and foreign keys include account_id, so the tables
-- can be sharded by account (Citus); keys unique across the service move to lookup tables kept by
-- triggers. docs/scaling.md, "Sharding by account", says why each table is where it is.
-- 1. Staff identities had no account: they get enQ's own staff account, so people.account_id is required.
INSERT INTO "accounts" ("id", "name", "status")
SELECT '00000000-0000-0000-0000-000000000000', 'enQ staff', 'closed'
 WHERE EXISTS (SELECT 1 FROM "people" WHERE "account_id" IS NULL)
ON CONFLICT DO NOTHING;--> statement-breakpoint
UPDATE "people" SET "account_id" = '00000000-0000-0000-0000-000000000000' WHERE "account_id" IS NULL;--> statement-breakpoint
ALTER TABLE "people" ALTER COLUMN "account_id" SET NOT NULL;--> statement-breakpoint
-- 2. Tables reached through a person or an invoice carry the account too, copied from the parent row.
ALTER TABLE "api_tokens" ADD COLUMN "account_id" uuid;--> statement-breakpoint
ALTER TABLE "password_resets" ADD COLUMN "account_id" uuid;--> statement-breakpoint
ALTER TABLE "known_devices" ADD COLUMN "account_id" uuid;--> statement-breakpoint
ALTER TABLE "notification_dismissals" ADD COLUMN "account_id" uuid;--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "account_id" uuid;--> statement-breakpoint
ALTER TABLE "invoice_lines" ADD COLUMN "account_id" uuid;--> statement-breakpoint
ALTER TABLE "refunds" ADD COLUMN "account_id" uuid;--> statement-breakpoint
UPDATE "api_tokens" x SET "account_id" = p."account_id" FROM "people" p WHERE p."id" = x."person_id";--> statement-breakpoint
UPDATE "password_resets" x SET "account_id" = p."account_id" FROM "people" p WHERE p."id" = x."person_id";--> statement-breakpoint
UPDATE "known_devices" x SET "account_id" = p."account_id" FROM "people" p WHERE p."id" = x."person_id";--> statement-breakpoint
UPDATE "notification_dismissals" x SET "account_id" = p."account_id" FROM "people" p WHERE p."id" = x."person_id";--> statement-breakpoint
UPDATE "profiles" x SET "account_id" = p."account_id" FROM "people" p WHERE p."id" = x."person_id";--> statement-breakpoint
-- Copying the account onto an issued invoice's lines changes nothing the document says (0007 forbids
-- any update of a line, so its trigger rests for this one statement).
ALTER TABLE "invoice_lines" DISABLE TRIGGER "invoice_lines_unchanged";--> statement-breakpoint
UPDATE "invoice_lines" x SET "account_id" = i."account_id" FROM "invoices" i WHERE i."id" = x."invoice_id";--> statement-breakpoint
ALTER TABLE "invoice_lines" ENABLE TRIGGER "invoice_lines_unchanged";--> statement-breakpoint
UPDATE "refunds" x SET "account_id" = i."account_id" FROM "invoices" i WHERE i."id" = x."invoice_id";--> statement-breakpoint
ALTER TABLE "api_tokens" ALTER COLUMN "account_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "password_resets" ALTER COLUMN "account_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "known_devices" ALTER COLUMN "account_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "notification_dismissals" ALTER COLUMN "account_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "profiles" ALTER COLUMN "account_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "invoice_lines" ALTER COLUMN "account_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "refunds" ALTER COLUMN "account_id" SET NOT NULL;--> statement-breakpoint
-- 3. The foreign keys on single ids go first: the keys they stand on are replaced below.
ALTER TABLE "api_tokens" DROP CONSTRAINT "api_tokens_person_id_people_id_fk";--> statement-breakpoint
ALTER TABLE "calls" DROP CONSTRAINT "calls_person_id_people_id_fk";--> statement-breakpoint
ALTER TABLE "calls" DROP CONSTRAINT "calls_period_id_billing_periods_id_fk";--> statement-breakpoint
ALTER TABLE "credit_ledger" DROP CONSTRAINT "credit_ledger_period_id_billing_periods_id_fk";--> statement-breakpoint
ALTER TABLE "invoice_lines" DROP CONSTRAINT "invoice_lines_invoice_id_invoices_id_fk";--> statement-breakpoint
ALTER TABLE "invoices" DROP CONSTRAINT "invoices_period_id_billing_periods_id_fk";--> statement-breakpoint
ALTER TABLE "known_devices" DROP CONSTRAINT "known_devices_person_id_people_id_fk";--> statement-breakpoint
ALTER TABLE "notification_dismissals" DROP CONSTRAINT "notification_dismissals_person_id_people_id_fk";--> statement-breakpoint
ALTER TABLE "password_resets" DROP CONSTRAINT "password_resets_person_id_people_id_fk";--> statement-breakpoint
ALTER TABLE "payments" DROP CONSTRAINT "payments_invoice_id_invoices_id_fk";--> statement-breakpoint
ALTER TABLE "profiles" DROP CONSTRAINT "profiles_person_id_people_id_fk";--> statement-breakpoint
ALTER TABLE "refunds" DROP CONSTRAINT "refunds_invoice_id_invoices_id_fk";--> statement-breakpoint
ALTER TABLE "refunds" DROP CONSTRAINT "refunds_payment_id_payments_id_fk";--> statement-breakpoint
-- 4. Primary keys become (own key, account_id): the own key leads, so lookups by it alone still use the
-- index; Citus asks only that the key contains the distribution column.
ALTER TABLE "api_tokens" DROP CONSTRAINT "api_tokens_pkey";--> statement-breakpoint
ALTER TABLE "audit_log" DROP CONSTRAINT "audit_log_pkey";--> statement-breakpoint
ALTER TABLE "billing_periods" DROP CONSTRAINT "billing_periods_pkey";--> statement-breakpoint
ALTER TABLE "credit_ledger" DROP CONSTRAINT "credit_ledger_pkey";--> statement-breakpoint
ALTER TABLE "invoice_lines" DROP CONSTRAINT "invoice_lines_pkey";--> statement-breakpoint
ALTER TABLE "invoices" DROP CONSTRAINT "invoices_pkey";--> statement-breakpoint
ALTER TABLE "known_devices" DROP CONSTRAINT "known_devices_person_id_device_id_pk";--> statement-breakpoint
ALTER TABLE "notification_dismissals" DROP CONSTRAINT "notification_dismissals_person_id_notification_key_pk";--> statement-breakpoint
ALTER TABLE "password_resets" DROP CONSTRAINT "password_resets_pkey";--> statement-breakpoint
ALTER TABLE "payment_methods" DROP CONSTRAINT "payment_methods_pkey";--> statement-breakpoint
ALTER TABLE "payments" DROP CONSTRAINT "payments_pkey";--> statement-breakpoint
ALTER TABLE "people" DROP CONSTRAINT "people_pkey";--> statement-breakpoint
ALTER TABLE "profiles" DROP CONSTRAINT "profiles_pkey";--> statement-breakpoint
ALTER TABLE "referrals" DROP CONSTRAINT "referrals_pkey";--> statement-breakpoint
ALTER TABLE "refunds" DROP CONSTRAINT "refunds_pkey";--> statement-breakpoint
ALTER TABLE "refunds" DROP CONSTRAINT "refunds_number_unique";--> statement-breakpoint
DROP INDEX "calls_call_uuid_key";--> statement-breakpoint
DROP INDEX "invoices_number_key";--> statement-breakpoint
DROP INDEX "people_pin_key";--> statement-breakpoint
DROP INDEX "people_identity_subject_key";--> statement-breakpoint
DROP INDEX "people_sign_in_email_key";--> statement-breakpoint
ALTER TABLE "api_tokens" ADD CONSTRAINT "api_tokens_token_hash_account_id_pk" PRIMARY KEY("token_hash","account_id");--> statement-breakpoint
ALTER TABLE "audit_log" ADD CONSTRAINT "audit_log_id_account_id_pk" PRIMARY KEY("id","account_id");--> statement-breakpoint
ALTER TABLE "billing_periods" ADD CONSTRAINT "billing_periods_id_account_id_pk" PRIMARY KEY("id","account_id");--> statement-breakpoint
ALTER TABLE "calls" ADD CONSTRAINT "calls_call_uuid_account_id_pk" PRIMARY KEY("call_uuid","account_id");--> statement-breakpoint
ALTER TABLE "credit_ledger" ADD CONSTRAINT "credit_ledger_id_account_id_pk" PRIMARY KEY("id","account_id");--> statement-breakpoint
ALTER TABLE "invoice_lines" ADD CONSTRAINT "invoice_lines_id_account_id_pk" PRIMARY KEY("id","account_id");--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_id_account_id_pk" PRIMARY KEY("id","account_id");--> statement-breakpoint
ALTER TABLE "known_devices" ADD CONSTRAINT "known_devices_person_id_device_id_account_id_pk" PRIMARY KEY("person_id","device_id","account_id");--> statement-breakpoint
ALTER TABLE "notification_dismissals" ADD CONSTRAINT "notification_dismissals_person_id_notification_key_account_id_pk" PRIMARY KEY("person_id","notification_key","account_id");--> statement-breakpoint
ALTER TABLE "password_resets" ADD CONSTRAINT "password_resets_token_hash_account_id_pk" PRIMARY KEY("token_hash","account_id");--> statement-breakpoint
ALTER TABLE "payment_methods" ADD CONSTRAINT "payment_methods_id_account_id_pk" PRIMARY KEY("id","account_id");--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_id_account_id_pk" PRIMARY KEY("id","account_id");--> statement-breakpoint
ALTER TABLE "people" ADD CONSTRAINT "people_id_account_id_pk" PRIMARY KEY("id","account_id");--> statement-breakpoint
ALTER TABLE "profiles" ADD CONSTRAINT "profiles_person_id_account_id_pk" PRIMARY KEY("person_id","account_id");--> statement-breakpoint
ALTER TABLE "referrals" ADD CONSTRAINT "referrals_id_referrer_account_id_pk" PRIMARY KEY("id","referrer_account_id");--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_id_account_id_pk" PRIMARY KEY("id","account_id");--> statement-breakpoint
CREATE UNIQUE INDEX "refunds_account_number_key" ON "refunds" USING btree ("account_id","number");--> statement-breakpoint
-- 5. Foreign keys between account-owned tables on (id, account_id). Deleting a user keeps their calls and
-- clears only person_id (SET NULL with a column list, PostgreSQL 15+).
ALTER TABLE "api_tokens" ADD CONSTRAINT "api_tokens_person_fk" FOREIGN KEY ("person_id","account_id") REFERENCES "public"."people"("id","account_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "calls" ADD CONSTRAINT "calls_person_fk" FOREIGN KEY ("person_id","account_id") REFERENCES "public"."people"("id","account_id") ON DELETE SET NULL ("person_id") ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "calls" ADD CONSTRAINT "calls_period_fk" FOREIGN KEY ("period_id","account_id") REFERENCES "public"."billing_periods"("id","account_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credit_ledger" ADD CONSTRAINT "credit_ledger_period_fk" FOREIGN KEY ("period_id","account_id") REFERENCES "public"."billing_periods"("id","account_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_lines" ADD CONSTRAINT "invoice_lines_invoice_fk" FOREIGN KEY ("invoice_id","account_id") REFERENCES "public"."invoices"("id","account_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_period_fk" FOREIGN KEY ("period_id","account_id") REFERENCES "public"."billing_periods"("id","account_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "known_devices" ADD CONSTRAINT "known_devices_person_fk" FOREIGN KEY ("person_id","account_id") REFERENCES "public"."people"("id","account_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notification_dismissals" ADD CONSTRAINT "notification_dismissals_person_fk" FOREIGN KEY ("person_id","account_id") REFERENCES "public"."people"("id","account_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "password_resets" ADD CONSTRAINT "password_resets_person_fk" FOREIGN KEY ("person_id","account_id") REFERENCES "public"."people"("id","account_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_invoice_fk" FOREIGN KEY ("invoice_id","account_id") REFERENCES "public"."invoices"("id","account_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "profiles" ADD CONSTRAINT "profiles_person_fk" FOREIGN KEY ("person_id","account_id") REFERENCES "public"."people"("id","account_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_invoice_fk" FOREIGN KEY ("invoice_id","account_id") REFERENCES "public"."invoices"("id","account_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_payment_fk" FOREIGN KEY ("payment_id","account_id") REFERENCES "public"."payments"("id","account_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
-- 6. Keys unique across the service: a lookup table per key, whose primary key keeps the name of the
-- unique index it replaces (the code tells a clash by that name); people keeps plain indexes to find rows.
CREATE TABLE "pins" (
	"pin" text NOT NULL,
	"account_id" uuid NOT NULL,
	"person_id" uuid NOT NULL,
	CONSTRAINT "people_pin_key" PRIMARY KEY("pin")
);
--> statement-breakpoint
CREATE TABLE "sign_in_emails" (
	"email" text NOT NULL,
	"account_id" uuid NOT NULL,
	"person_id" uuid NOT NULL,
	CONSTRAINT "people_sign_in_email_key" PRIMARY KEY("email")
);
--> statement-breakpoint
CREATE TABLE "identity_subjects" (
	"subject" text NOT NULL,
	"account_id" uuid NOT NULL,
	"person_id" uuid NOT NULL,
	CONSTRAINT "people_identity_subject_key" PRIMARY KEY("subject")
);
--> statement-breakpoint
CREATE TABLE "invoice_numbers" (
	"number" text NOT NULL,
	"account_id" uuid NOT NULL,
	"invoice_id" text NOT NULL,
	CONSTRAINT "invoices_number_key" PRIMARY KEY("number")
);
--> statement-breakpoint
INSERT INTO "pins" SELECT "pin", "account_id", "id" FROM "people" WHERE "pin" IS NOT NULL;--> statement-breakpoint
INSERT INTO "sign_in_emails" SELECT lower("email"), "account_id", "id" FROM "people" WHERE "password_hash" IS NOT NULL;--> statement-breakpoint
INSERT INTO "identity_subjects" SELECT "identity_subject", "account_id", "id" FROM "people" WHERE "identity_subject" IS NOT NULL;--> statement-breakpoint
INSERT INTO "invoice_numbers" SELECT "number", "account_id", "id" FROM "invoices";--> statement-breakpoint
CREATE INDEX "people_pin_idx" ON "people" USING btree ("pin");--> statement-breakpoint
CREATE INDEX "people_identity_subject_idx" ON "people" USING btree ("identity_subject");--> statement-breakpoint
CREATE INDEX "people_sign_in_email_idx" ON "people" USING btree (lower("email")) WHERE "people"."password_hash" is not null;--> statement-breakpoint
-- Row triggers keep the lookups in step with every writer of people and invoices.
CREATE FUNCTION "people_keys_remove"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	DELETE FROM "pins" WHERE "person_id" = OLD."id" AND "pin" = OLD."pin";
	DELETE FROM "sign_in_emails" WHERE "person_id" = OLD."id" AND "email" = lower(OLD."email");
	DELETE FROM "identity_subjects" WHERE "person_id" = OLD."id" AND "subject" = OLD."identity_subject";
	RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION "people_keys_add"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	IF NEW."pin" IS NOT NULL THEN
		INSERT INTO "pins" VALUES (NEW."pin", NEW."account_id", NEW."id");
	END IF;
	IF NEW."password_hash" IS NOT NULL THEN
		INSERT INTO "sign_in_emails" VALUES (lower(NEW."email"), NEW."account_id", NEW."id");
	END IF;
	IF NEW."identity_subject" IS NOT NULL THEN
		INSERT INTO "identity_subjects" VALUES (NEW."identity_subject", NEW."account_id", NEW."id");
	END IF;
	RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "people_keys_insert" AFTER INSERT ON "people" FOR EACH ROW EXECUTE FUNCTION "people_keys_add"();
--> statement-breakpoint
CREATE TRIGGER "people_keys_delete" AFTER DELETE ON "people" FOR EACH ROW EXECUTE FUNCTION "people_keys_remove"();
--> statement-breakpoint
-- An update that leaves every key alone (most of a users save) fires nothing; same-event triggers run
-- in name order, so the old keys go before the new ones come.
CREATE TRIGGER "people_keys_update_1_remove" AFTER UPDATE ON "people" FOR EACH ROW
	WHEN (OLD."pin" IS DISTINCT FROM NEW."pin" OR OLD."email" IS DISTINCT FROM NEW."email"
	   OR (OLD."password_hash" IS NULL) <> (NEW."password_hash" IS NULL)
	   OR OLD."identity_subject" IS DISTINCT FROM NEW."identity_subject"
	   OR OLD."account_id" <> NEW."account_id" OR OLD."id" <> NEW."id")
	EXECUTE FUNCTION "people_keys_remove"();
--> statement-breakpoint
CREATE TRIGGER "people_keys_update_2_add" AFTER UPDATE ON "people" FOR EACH ROW
	WHEN (OLD."pin" IS DISTINCT FROM NEW."pin" OR OLD."email" IS DISTINCT FROM NEW."email"
	   OR (OLD."password_hash" IS NULL) <> (NEW."password_hash" IS NULL)
	   OR OLD."identity_subject" IS DISTINCT FROM NEW."identity_subject"
	   OR OLD."account_id" <> NEW."account_id" OR OLD."id" <> NEW."id")
	EXECUTE FUNCTION "people_keys_add"();
--> statement-breakpoint
CREATE FUNCTION "invoice_numbers_sync"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	IF TG_OP <> 'INSERT' THEN
		DELETE FROM "invoice_numbers" WHERE "number" = OLD."number" AND "invoice_id" = OLD."id";
	END IF;
	IF TG_OP <> 'DELETE' THEN
		INSERT INTO "invoice_numbers" VALUES (NEW."number", NEW."account_id", NEW."id");
	END IF;
	RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "invoice_numbers_insert" AFTER INSERT ON "invoices" FOR EACH ROW EXECUTE FUNCTION "invoice_numbers_sync"();
--> statement-breakpoint
CREATE TRIGGER "invoice_numbers_delete" AFTER DELETE ON "invoices" FOR EACH ROW EXECUTE FUNCTION "invoice_numbers_sync"();
--> statement-breakpoint
CREATE TRIGGER "invoice_numbers_update" AFTER UPDATE ON "invoices" FOR EACH ROW
	WHEN (OLD."number" <> NEW."number" OR OLD."account_id" <> NEW."account_id" OR OLD."id" <> NEW."id")
	EXECUTE FUNCTION "invoice_numbers_sync"();

-- The overview and the billing page are the most visited answers, and their statements cost several
-- primary-key reads. Each process keeps what it answered with the snapshot it was read in; before
-- answering from that copy it asks whether any transaction that snapshot could not see has written to
-- the account's data. These triggers record, per writing transaction, the accounts it touched in the
-- tables those answers read (the nil account for what every account reads: plans, prices, notices for
-- all). Inserting a row per transaction takes no lock another writer waits for, and whoever writes (a
-- route, a job, the card provider's webhook, psql) is recorded alike.
CREATE TABLE "account_changes" (
	"account_id" uuid NOT NULL,
	"xid" xid8 NOT NULL,
	CONSTRAINT "account_changes_pk" PRIMARY KEY("account_id","xid")
);--> statement-breakpoint
-- Rows below the horizon are deleted (pruneAccountChanges); a copy read in a snapshot older than the
-- horizon is read again.
CREATE TABLE "account_changes_horizon" (
	"id" boolean PRIMARY KEY DEFAULT true CHECK ("id"),
	"horizon" xid8 NOT NULL
);--> statement-breakpoint
INSERT INTO "account_changes_horizon" ("id", "horizon") VALUES (true, '0');--> statement-breakpoint
-- One function per transition table and account column, all alike: the accounts table names its
-- account in "id", the others in "account_id".
DO $$
DECLARE
	f record;
BEGIN
	FOR f IN SELECT * FROM (VALUES ('account_changed_new', 'account_id', 'new_rows'),
		('account_changed_old', 'account_id', 'old_rows'), ('account_row_changed_new', 'id', 'new_rows'),
		('account_row_changed_old', 'id', 'old_rows')) AS v(name, account, rows)
	LOOP
		EXECUTE format($sql$CREATE FUNCTION %I() RETURNS trigger LANGUAGE plpgsql AS $body$
BEGIN
	INSERT INTO "account_changes" ("account_id", "xid")
	SELECT DISTINCT coalesce(%I, '00000000-0000-0000-0000-000000000000'), pg_current_xact_id() FROM %I
	ON CONFLICT DO NOTHING;
	RETURN NULL;
END $body$
$sql$, f.name, f.account, f.rows);
	END LOOP;
END $$;--> statement-breakpoint
CREATE FUNCTION "account_changed_all"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	INSERT INTO "account_changes" ("account_id", "xid")
	VALUES ('00000000-0000-0000-0000-000000000000', pg_current_xact_id()) ON CONFLICT DO NOTHING;
	RETURN NULL;
END $$;--> statement-breakpoint
DO $$
DECLARE
	t record;
BEGIN
	-- Every table the kept answers read and the functions naming the accounts its rows belong to (a
	-- notice for every account has none: the nil account).
	FOR t IN SELECT * FROM (VALUES ('accounts', 'account_row_changed'), ('people', 'account_changed'),
		('subscriptions', 'account_changed'), ('billing_periods', 'account_changed'),
		('credit_ledger', 'account_changed'), ('invoices', 'account_changed'), ('calls', 'account_changed'),
		('payment_methods', 'account_changed'), ('payments', 'account_changed'),
		('notification_dismissals', 'account_changed'), ('notifications', 'account_changed')) AS v(name, fn)
	LOOP
		EXECUTE format('CREATE TRIGGER %I AFTER INSERT ON %I REFERENCING NEW TABLE AS "new_rows"
			FOR EACH STATEMENT EXECUTE FUNCTION %I()', t.name || '_account_changes_insert', t.name, t.fn || '_new');
		-- An update records the account before and after (a row moved to another account changes both).
		EXECUTE format('CREATE TRIGGER %I AFTER UPDATE ON %I REFERENCING OLD TABLE AS "old_rows"
			FOR EACH STATEMENT EXECUTE FUNCTION %I()', t.name || '_account_changes_update_old', t.name, t.fn || '_old');
		EXECUTE format('CREATE TRIGGER %I AFTER UPDATE ON %I REFERENCING NEW TABLE AS "new_rows"
			FOR EACH STATEMENT EXECUTE FUNCTION %I()', t.name || '_account_changes_update_new', t.name, t.fn || '_new');
		EXECUTE format('CREATE TRIGGER %I AFTER DELETE ON %I REFERENCING OLD TABLE AS "old_rows"
			FOR EACH STATEMENT EXECUTE FUNCTION %I()', t.name || '_account_changes_delete', t.name, t.fn || '_old');
		EXECUTE format('CREATE TRIGGER %I AFTER TRUNCATE ON %I
			FOR EACH STATEMENT EXECUTE FUNCTION "account_changed_all"()', t.name || '_account_changes_truncate', t.name);
	END LOOP;
	FOR t IN SELECT * FROM (VALUES ('plans'), ('plan_versions')) AS v(name) LOOP
		EXECUTE format('CREATE TRIGGER %I AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON %I
			FOR EACH STATEMENT EXECUTE FUNCTION "account_changed_all"()', t.name || '_account_changes_change', t.name);
	END LOOP;
END $$;

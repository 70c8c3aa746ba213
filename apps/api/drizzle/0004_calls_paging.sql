CREATE TABLE "call_day_counts" (
	"account_id" uuid NOT NULL,
	"day" integer NOT NULL,
	"calls" integer NOT NULL,
	CONSTRAINT "call_day_counts_account_id_day_pk" PRIMARY KEY("account_id","day")
);
--> statement-breakpoint
ALTER TABLE "call_day_counts" ADD CONSTRAINT "call_day_counts_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE FUNCTION "call_day_counts_add"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	INSERT INTO "call_day_counts" ("account_id", "day", "calls")
	SELECT "account_id", floor(extract(epoch FROM "call_timestamp") / 86400)::int, count(*)::int
	  FROM "new_calls" GROUP BY 1, 2
	ON CONFLICT ("account_id", "day") DO UPDATE SET "calls" = "call_day_counts"."calls" + excluded."calls";
	RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION "call_day_counts_remove"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	UPDATE "call_day_counts" c SET "calls" = c."calls" - d."n"
	  FROM (SELECT "account_id", floor(extract(epoch FROM "call_timestamp") / 86400)::int AS "day", count(*)::int AS "n"
	          FROM "old_calls" GROUP BY 1, 2) d
	 WHERE c."account_id" = d."account_id" AND c."day" = d."day";
	RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "calls_count_insert" AFTER INSERT ON "calls" REFERENCING NEW TABLE AS "new_calls"
	FOR EACH STATEMENT EXECUTE FUNCTION "call_day_counts_add"();
--> statement-breakpoint
CREATE TRIGGER "calls_count_delete" AFTER DELETE ON "calls" REFERENCING OLD TABLE AS "old_calls"
	FOR EACH STATEMENT EXECUTE FUNCTION "call_day_counts_remove"();
--> statement-breakpoint
CREATE TRIGGER "calls_count_update_old" AFTER UPDATE ON "calls" REFERENCING OLD TABLE AS "old_calls"
	FOR EACH STATEMENT EXECUTE FUNCTION "call_day_counts_remove"();
--> statement-breakpoint
CREATE TRIGGER "calls_count_update_new" AFTER UPDATE ON "calls" REFERENCING NEW TABLE AS "new_calls"
	FOR EACH STATEMENT EXECUTE FUNCTION "call_day_counts_add"();
--> statement-breakpoint
INSERT INTO "call_day_counts" ("account_id", "day", "calls")
SELECT "account_id", floor(extract(epoch FROM "call_timestamp") / 86400)::int, count(*)::int FROM "calls" GROUP BY 1, 2;

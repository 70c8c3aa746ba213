-- Spend alerts and caps (docs/requirements.md, SPEND). An alert threshold is a kind and an amount: a
-- percent of the period's plan, rollover and bonus credits ('plan_percent'), or overage in cents
-- ('overage_cents'); a later kind (a forecast) adds its name to the check.
CREATE TABLE "spend_thresholds" (
	"account_id" uuid NOT NULL REFERENCES "accounts"("id") ON DELETE CASCADE,
	"kind" text NOT NULL,
	"amount" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "spend_thresholds_pk" PRIMARY KEY ("account_id", "kind", "amount"),
	CONSTRAINT "spend_thresholds_kind_check" CHECK ("kind" in ('plan_percent', 'overage_cents')),
	CONSTRAINT "spend_thresholds_amount_check" CHECK ("amount" > 0)
);--> statement-breakpoint
-- The spending cap: the most overage a period may reach, in cents; no row, no cap.
CREATE TABLE "spending_caps" (
	"account_id" uuid PRIMARY KEY NOT NULL REFERENCES "accounts"("id") ON DELETE CASCADE,
	"cap_cents" bigint NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "spending_caps_cap_check" CHECK ("cap_cents" > 0)
);--> statement-breakpoint
-- An alert (or the cap, kind 'cap') that fired in a period: the key makes it fire once per period and
-- threshold, whichever process books the batch that crosses it.
CREATE TABLE "spend_alert_firings" (
	"account_id" uuid NOT NULL REFERENCES "accounts"("id") ON DELETE CASCADE,
	"period_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"amount" bigint NOT NULL,
	"fired_at" timestamp with time zone NOT NULL,
	CONSTRAINT "spend_alert_firings_pk" PRIMARY KEY ("account_id", "period_id", "kind", "amount"),
	CONSTRAINT "spend_alert_firings_period_fk" FOREIGN KEY ("period_id", "account_id")
		REFERENCES "billing_periods"("id", "account_id") ON DELETE CASCADE
);--> statement-breakpoint
-- A sub-account user's most credits per period (centicredits); no row, no limit.
CREATE TABLE "user_credit_limits" (
	"account_id" uuid NOT NULL,
	"person_id" uuid NOT NULL,
	"limit_cc" bigint NOT NULL,
	CONSTRAINT "user_credit_limits_pk" PRIMARY KEY ("account_id", "person_id"),
	CONSTRAINT "user_credit_limits_person_fk" FOREIGN KEY ("person_id", "account_id")
		REFERENCES "people"("id", "account_id") ON DELETE CASCADE,
	CONSTRAINT "user_credit_limits_limit_check" CHECK ("limit_cc" > 0)
);--> statement-breakpoint
-- Credits each person used in each period, kept by a statement trigger on calls (as 0004 keeps
-- call_day_counts), so authorize checks a user's limit without summing the period's calls. Filled here
-- for the periods still open; settled periods are never asked.
CREATE TABLE "user_period_usage" (
	"account_id" uuid NOT NULL,
	"period_id" uuid NOT NULL,
	"person_id" uuid NOT NULL,
	"credits_cc" bigint NOT NULL,
	CONSTRAINT "user_period_usage_pk" PRIMARY KEY ("account_id", "period_id", "person_id"),
	CONSTRAINT "user_period_usage_period_fk" FOREIGN KEY ("period_id", "account_id")
		REFERENCES "billing_periods"("id", "account_id") ON DELETE CASCADE
);--> statement-breakpoint
INSERT INTO "user_period_usage" ("account_id", "period_id", "person_id", "credits_cc")
	SELECT c."account_id", c."period_id", c."person_id", sum(c."credits_used") FROM "calls" c
	  JOIN "billing_periods" p ON p."id" = c."period_id" AND p."account_id" = c."account_id"
	 WHERE p."closed_at" IS NULL AND c."person_id" IS NOT NULL
	 GROUP BY 1, 2, 3;--> statement-breakpoint
CREATE FUNCTION "user_period_usage_add"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	INSERT INTO "user_period_usage" ("account_id", "period_id", "person_id", "credits_cc")
		SELECT "account_id", "period_id", "person_id", sum("credits_used") FROM "new_calls"
		 WHERE "period_id" IS NOT NULL AND "person_id" IS NOT NULL
		 GROUP BY 1, 2, 3
	ON CONFLICT ("account_id", "period_id", "person_id")
		DO UPDATE SET "credits_cc" = "user_period_usage"."credits_cc" + excluded."credits_cc";
	RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "calls_user_period_usage" AFTER INSERT ON "calls" REFERENCING NEW TABLE AS "new_calls"
	FOR EACH STATEMENT EXECUTE FUNCTION "user_period_usage_add"();--> statement-breakpoint
-- 80% and 100% are on for every account: those there now, and each one created from now on.
INSERT INTO "spend_thresholds" ("account_id", "kind", "amount")
	SELECT "id", 'plan_percent', p.amount FROM "accounts", (VALUES (80), (100)) AS p(amount);--> statement-breakpoint
CREATE FUNCTION "spend_thresholds_defaults"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	INSERT INTO "spend_thresholds" ("account_id", "kind", "amount")
		VALUES (NEW."id", 'plan_percent', 80), (NEW."id", 'plan_percent', 100);
	RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER "accounts_spend_thresholds_defaults" AFTER INSERT ON "accounts"
	FOR EACH ROW EXECUTE FUNCTION "spend_thresholds_defaults"();

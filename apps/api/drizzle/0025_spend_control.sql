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

-- A sub-account user reaching their monthly credit limit (SPEND-16): the admin and the billing CC are
-- emailed once per period and limit, as the cap's email is (spend_alert_firings has no person to key on).
CREATE TABLE "user_limit_firings" (
	"account_id" uuid NOT NULL,
	"period_id" uuid NOT NULL,
	"person_id" uuid NOT NULL,
	"limit_cc" bigint NOT NULL,
	"fired_at" timestamp with time zone NOT NULL,
	CONSTRAINT "user_limit_firings_pk" PRIMARY KEY ("account_id", "period_id", "person_id", "limit_cc"),
	CONSTRAINT "user_limit_firings_period_fk" FOREIGN KEY ("period_id", "account_id")
		REFERENCES "billing_periods"("id", "account_id") ON DELETE CASCADE
);

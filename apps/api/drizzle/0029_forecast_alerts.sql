-- The forecast alert (SPEND-13): a threshold on the overage projected at the period's end, in cents,
-- fired like the others (spend_alert_firings, once per period and threshold).
ALTER TABLE "spend_thresholds" DROP CONSTRAINT "spend_thresholds_kind_check";--> statement-breakpoint
ALTER TABLE "spend_thresholds" ADD CONSTRAINT "spend_thresholds_kind_check"
	CHECK ("kind" in ('plan_percent', 'overage_cents', 'forecast_overage_cents'));

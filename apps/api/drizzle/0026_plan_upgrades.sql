-- Upgrade now (docs/billing.md, "Upgrade now"): an upgrade is paid first, like a start or an early
-- renewal, so it is ordered the same way. Its order names the period it upgrades (ends_period_id) and
-- the person who confirmed it, whom the audit log names when the payment starts the upgrade.
ALTER TABLE "period_start_orders" DROP CONSTRAINT "period_start_orders_kind_check";--> statement-breakpoint
ALTER TABLE "period_start_orders" ADD CONSTRAINT "period_start_orders_kind_check" CHECK ("kind" IN ('start', 'renew', 'upgrade'));--> statement-breakpoint
ALTER TABLE "period_start_orders" ADD COLUMN "actor_person_id" uuid;

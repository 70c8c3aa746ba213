-- Which calls each invoice billed (docs/billing.md, "Late calls"): a call's place in the order calls are
-- booked, and on each invoice that bills usage the last place it covers. An invoice's calls are its
-- period's calls after the period's previous invoice's place, up to its own. Calls of one account are
-- booked under the lock of its subscription, as invoices are issued, so the order is the commit order.
CREATE SEQUENCE "calls_billed_seq";--> statement-breakpoint
-- Calls already there get places in the table's order; an invoice issued before this has none and
-- keeps listing its whole period.
ALTER TABLE "calls" ADD COLUMN "billed_seq" bigint DEFAULT nextval('calls_billed_seq') NOT NULL;--> statement-breakpoint
ALTER SEQUENCE "calls_billed_seq" OWNED BY "calls"."billed_seq";--> statement-breakpoint
-- Issued invoices never change (0014's trigger covers every column): this one is written at issue.
ALTER TABLE "invoices" ADD COLUMN "calls_through" bigint;

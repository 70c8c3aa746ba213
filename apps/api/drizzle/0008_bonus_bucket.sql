-- Referral bonus credits get a bucket of their own (docs/requirements.md), drawn after plan and rollover.
-- Until now a bonus was booked as bucket 'rollover', kind 'bonus', and calls drew it as rollover.
ALTER TABLE "calls" ADD COLUMN "bonus_credits" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
UPDATE "credit_ledger" SET "bucket" = 'bonus' WHERE "bucket" = 'rollover' AND "kind" = 'bonus';--> statement-breakpoint
-- Periods that had a bonus: the rollover bucket now lacks the bonus but still holds what was drawn from
-- it. Under the new order rollover credits go first and the bonus after, so each call's rollover share
-- beyond the period's real rollover (its carry-in), counted in call order, was bonus.
WITH "r" AS (
  SELECT "account_id", "period_id",
         coalesce(sum("amount") FILTER (WHERE "amount" > 0), 0) AS "inflow",
         coalesce(-sum("amount") FILTER (WHERE "kind" = 'use'), 0) AS "used"
    FROM "credit_ledger"
   WHERE "bucket" = 'rollover'
     AND ("account_id", "period_id") IN (SELECT "account_id", "period_id" FROM "credit_ledger" WHERE "bucket" = 'bonus')
   GROUP BY "account_id", "period_id"
), "c" AS (
  SELECT "calls"."call_uuid", "calls"."rollover_credits",
         sum("calls"."rollover_credits") OVER (PARTITION BY "calls"."account_id", "calls"."period_id"
                                              ORDER BY "calls"."call_timestamp", "calls"."call_uuid") AS "upto",
         least("r"."used", "r"."inflow") AS "rollover_used"
    FROM "calls" JOIN "r" ON "r"."account_id" = "calls"."account_id" AND "r"."period_id" = "calls"."period_id"
   WHERE "calls"."rollover_credits" > 0
)
UPDATE "calls" SET "bonus_credits" = "calls"."bonus_credits" + "m"."x", "rollover_credits" = "calls"."rollover_credits" - "m"."x"
  FROM (SELECT "call_uuid", least("rollover_credits", greatest("upto" - "rollover_used", 0)) AS "x" FROM "c") AS "m"
 WHERE "calls"."call_uuid" = "m"."call_uuid" AND "m"."x" > 0;--> statement-breakpoint
-- The ledger the same way: what left the rollover bucket beyond its inflow (uses first, then carries out,
-- then expiry) was bonus. Rows are not rewritten: a pair of entries moves each share from rollover to
-- bonus, so every balance stays a sum and the history shows the move.
WITH "r" AS (
  SELECT "account_id", "period_id",
         coalesce(sum("amount") FILTER (WHERE "amount" > 0), 0) AS "inflow",
         coalesce(-sum("amount") FILTER (WHERE "kind" = 'use'), 0) AS "used",
         coalesce(-sum("amount") FILTER (WHERE "kind" = 'carry_out'), 0) AS "carried",
         coalesce(-sum("amount") FILTER (WHERE "kind" = 'expire'), 0) AS "expired"
    FROM "credit_ledger"
   WHERE "bucket" = 'rollover'
     AND ("account_id", "period_id") IN (SELECT "account_id", "period_id" FROM "credit_ledger" WHERE "bucket" = 'bonus')
   GROUP BY "account_id", "period_id"
), "u" AS (
  SELECT *, least("used", "inflow") AS "used_r" FROM "r"
), "uc" AS (
  SELECT *, least("carried", "inflow" - "used_r") AS "carried_r" FROM "u"
), "shares" AS (
  SELECT "account_id", "period_id", "kind", "x"
    FROM "uc", LATERAL (VALUES
      ('use', "used" - "used_r"),
      ('carry_out', "carried" - "carried_r"),
      ('expire', "expired" - least("expired", "inflow" - "used_r" - "carried_r"))) AS "v"("kind", "x")
   WHERE "x" > 0
)
INSERT INTO "credit_ledger" ("account_id", "period_id", "bucket", "kind", "amount", "at", "note")
SELECT "account_id", "period_id", "b"."bucket", "kind", "b"."sign" * "x", now(), 'migration 0008: bonus share drawn as rollover'
  FROM "shares", (VALUES ('rollover', 1), ('bonus', -1)) AS "b"("bucket", "sign");

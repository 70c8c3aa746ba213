-- Invoices become documents: each keeps its own seller, buyer, tax and lines with the period each bills,
-- and existing invoices are brought to the rule of docs/billing.md ("What a row means").
ALTER TABLE "invoice_lines" ADD COLUMN "period_start" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "invoice_lines" ADD COLUMN "period_end" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "summary" text;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "subtotal_cents" integer;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "tax_rate_bp" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "tax_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "seller" jsonb;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "buyer" jsonb;--> statement-breakpoint
ALTER TABLE "refunds" ADD COLUMN "number" text;--> statement-breakpoint
-- A subscription line bills the period it prepays (the dates its invoice carried until now) ...
UPDATE "invoice_lines" l SET "period_start" = i."period_start", "period_end" = i."period_end"
  FROM "invoices" i WHERE i."id" = l."invoice_id" AND l."kind" = 'subscription';--> statement-breakpoint
-- ... a credit line the billing period whose calls used the credits.
UPDATE "invoice_lines" l SET "period_start" = p."starts_at", "period_end" = p."ends_at"
  FROM "invoices" i JOIN "billing_periods" p ON p."id" = i."period_id"
 WHERE i."id" = l."invoice_id" AND l."kind" <> 'subscription';--> statement-breakpoint
UPDATE "invoice_lines" l SET "period_start" = i."period_start", "period_end" = i."period_end"
  FROM "invoices" i WHERE i."id" = l."invoice_id" AND l."period_start" IS NULL;--> statement-breakpoint
-- A period close's invoice is the closed period's: its Period is that period, not the one it prepays.
UPDATE "invoices" i SET "period_start" = p."starts_at", "period_end" = p."ends_at"
  FROM "billing_periods" p WHERE p."id" = i."period_id" AND i."kind" = 'period';--> statement-breakpoint
-- The closed period's credits used within the plan, so that the row's Credits used is its lines' sum.
INSERT INTO "invoice_lines" ("invoice_id", "kind", "description", "period_start", "period_end", "quantity", "amount_cents")
SELECT i."id", 'included',
       CASE WHEN pl."period" = 'mo' THEN 'Credits used from plan, rollover and bonus credits (included)'
            ELSE 'Credits used from the annual plan and bonus credits (included)' END,
       p."starts_at", p."ends_at", u."included", 0
  FROM "invoices" i
  JOIN "billing_periods" p ON p."id" = i."period_id"
  JOIN "plans" pl ON pl."id" = p."plan_id"
  JOIN LATERAL (SELECT -coalesce(sum(c."amount"), 0) AS "included" FROM "credit_ledger" c
                 WHERE c."account_id" = i."account_id" AND c."period_id" = i."period_id" AND c."kind" = 'use'
                   AND c."bucket" NOT IN ('overage', 'unbilled')) u ON true
 WHERE i."kind" = 'period' AND u."included" > 0;--> statement-breakpoint
INSERT INTO "invoice_lines" ("invoice_id", "kind", "description", "period_start", "period_end", "quantity", "amount_cents")
SELECT i."id", 'included', 'Credits used beyond the annual plan (annual plans are never charged overage)',
       p."starts_at", p."ends_at", u."unbilled", 0
  FROM "invoices" i
  JOIN "billing_periods" p ON p."id" = i."period_id"
  JOIN LATERAL (SELECT -coalesce(sum(c."amount"), 0) AS "unbilled" FROM "credit_ledger" c
                 WHERE c."account_id" = i."account_id" AND c."period_id" = i."period_id" AND c."kind" = 'use'
                   AND c."bucket" = 'unbilled') u ON true
 WHERE i."kind" = 'period' AND u."unbilled" > 0;--> statement-breakpoint
UPDATE "invoices" i SET "credits_used" = coalesce((SELECT sum(l."quantity") FROM "invoice_lines" l
  WHERE l."invoice_id" = i."id" AND l."kind" IN ('included', 'overage')), 0);--> statement-breakpoint
UPDATE "invoices" i SET "summary" = CASE
    WHEN i."kind" = 'period' THEN 'Period close'
    WHEN i."kind" = 'start' AND EXISTS (SELECT 1 FROM "invoice_lines" l WHERE l."invoice_id" = i."id"
                                          AND l."description" LIKE '%(renewal)%') THEN 'Renewal'
    WHEN i."kind" = 'start' THEN 'Subscription'
    ELSE 'Interim' END;--> statement-breakpoint
-- An interim invoice names the high-water mark its period's invoiced overage had then passed
-- (the marks of packages/contract/src/credits.ts: $300, $500, $1,000, then every $1,000).
UPDATE "invoices" i SET "summary" = 'Interim: $' || to_char(m."mark" / 100, 'FM999,999,990') || ' mark'
  FROM (SELECT x."id", CASE WHEN x."c" >= 200000 THEN 100000 + floor((x."c" - 100000) / 100000) * 100000
                            WHEN x."c" >= 100000 THEN 100000 WHEN x."c" >= 50000 THEN 50000
                            WHEN x."c" >= 30000 THEN 30000 ELSE 0 END AS "mark"
          FROM (SELECT "id", floor((sum("overage_credits") OVER (PARTITION BY "period_id" ORDER BY "issued_at", "number")
                                    + 50) / 100) AS "c"
                  FROM "invoices" WHERE "kind" = 'interim' AND "status" <> 'void') x) m
 WHERE m."id" = i."id" AND m."mark" > 0;--> statement-breakpoint
UPDATE "invoices" SET "subtotal_cents" = "total_cents";--> statement-breakpoint
-- Invoices issued before sellers were configurable were issued by the demo seller (invoice-issuer.ts).
UPDATE "invoices" SET "seller" = '{"name":"enQ Communications, Inc.","address":["100 Congress Avenue, Suite 2000","Austin, TX 78701","United States"],"email":"billing@enq.example.com","tax_id":"EIN 99-1234567"}'::jsonb;--> statement-breakpoint
UPDATE "invoices" i SET "buyer" = jsonb_build_object(
    'name', a."name",
    'email', coalesce((SELECT p."email" FROM "people" p WHERE p."account_id" = a."id" AND p."is_admin"
                        ORDER BY p."created_at" LIMIT 1), ''),
    'service_address', a."service_address", 'billing_address', a."billing_address", 'tax_status', a."tax_status")
  FROM "accounts" a WHERE a."id" = i."account_id";--> statement-breakpoint
UPDATE "refunds" r SET "number" = i."number" || '-CN' || n."rn"
  FROM (SELECT "id", row_number() OVER (PARTITION BY "invoice_id" ORDER BY "created_at", "id") AS "rn" FROM "refunds") n,
       "invoices" i
 WHERE n."id" = r."id" AND i."id" = r."invoice_id";--> statement-breakpoint
ALTER TABLE "invoice_lines" ALTER COLUMN "period_start" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "invoice_lines" ALTER COLUMN "period_end" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "invoices" ALTER COLUMN "summary" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "invoices" ALTER COLUMN "subtotal_cents" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "invoices" ALTER COLUMN "tax_rate_bp" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "invoices" ALTER COLUMN "tax_cents" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "invoices" ALTER COLUMN "seller" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "invoices" ALTER COLUMN "buyer" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "refunds" ALTER COLUMN "number" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_number_unique" UNIQUE("number");--> statement-breakpoint
-- An issued invoice is a document: only its status and payment date may change (a correction is a
-- refund), and its lines never change.
CREATE FUNCTION "invoice_document_unchanged"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF (NEW."account_id", NEW."number", NEW."kind", NEW."summary", NEW."period_id", NEW."period_start",
      NEW."period_end", NEW."issued_at", NEW."subscription_cents", NEW."overage_credits", NEW."overage_cents",
      NEW."subtotal_cents", NEW."tax_rate_bp", NEW."tax_cents", NEW."total_cents", NEW."credits_used",
      NEW."seller", NEW."buyer")
     IS DISTINCT FROM
     (OLD."account_id", OLD."number", OLD."kind", OLD."summary", OLD."period_id", OLD."period_start",
      OLD."period_end", OLD."issued_at", OLD."subscription_cents", OLD."overage_credits", OLD."overage_cents",
      OLD."subtotal_cents", OLD."tax_rate_bp", OLD."tax_cents", OLD."total_cents", OLD."credits_used",
      OLD."seller", OLD."buyer") THEN
    RAISE EXCEPTION 'invoice % is issued and cannot change; refund it instead', OLD."number"
      USING ERRCODE = 'check_violation';
  END IF;
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER "invoices_issued_unchanged" BEFORE UPDATE ON "invoices"
  FOR EACH ROW EXECUTE FUNCTION "invoice_document_unchanged"();--> statement-breakpoint
CREATE FUNCTION "invoice_line_unchanged"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'the lines of an issued invoice cannot change' USING ERRCODE = 'check_violation';
END $$;--> statement-breakpoint
CREATE TRIGGER "invoice_lines_unchanged" BEFORE UPDATE ON "invoice_lines"
  FOR EACH ROW EXECUTE FUNCTION "invoice_line_unchanged"();

-- Tax status becomes a closed set (shared spec decisions: taxable or exempt, with an optional exemption
-- reference, set by the operator). Until now it was free text that invoices read with /exempt/i, so
-- 'Non-exempt' paid no tax. The values found are mapped so:
--   a value that is exactly 'exempt' in any letter case ('Exempt', 'EXEMPT', with blanks around it
--   ignored) becomes 'exempt';
--   every other value ('Taxable', 'Non-exempt', 'Tax exempt', '', anything else) becomes 'taxable'.
-- Issued invoices are not touched: each keeps the tax status text it was issued with (buyer snapshot).
ALTER TABLE "accounts" ADD COLUMN "tax_exemption_reference" text;--> statement-breakpoint
UPDATE "accounts" SET "tax_status" = CASE WHEN lower(btrim("tax_status")) = 'exempt' THEN 'exempt' ELSE 'taxable' END;--> statement-breakpoint
ALTER TABLE "accounts" ALTER COLUMN "tax_status" SET DEFAULT 'taxable';--> statement-breakpoint
ALTER TABLE "accounts" ADD CONSTRAINT "accounts_tax_status_check" CHECK ("tax_status" in ('taxable', 'exempt'));--> statement-breakpoint
ALTER TABLE "accounts" ADD CONSTRAINT "accounts_tax_exemption_reference_check" CHECK ("tax_exemption_reference" is null or ("tax_status" = 'exempt' and btrim("tax_exemption_reference") <> ''));

ALTER TABLE "accounts" ADD COLUMN "service_address" jsonb;--> statement-breakpoint
ALTER TABLE "accounts" ADD COLUMN "billing_address" jsonb;--> statement-breakpoint
ALTER TABLE "accounts" ADD COLUMN "tax_status" text DEFAULT 'Taxable' NOT NULL;--> statement-breakpoint
ALTER TABLE "accounts" ADD COLUMN "provider_customer_id" text;
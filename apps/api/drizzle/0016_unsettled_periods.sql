CREATE INDEX "billing_periods_unsettled_idx" ON "billing_periods" USING btree ("ends_at") WHERE "billing_periods"."closed_at" is null;

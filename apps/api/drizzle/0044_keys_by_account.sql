-- Every account-owned table keeps the account in its unique keys, so it can be sharded by account
-- (docs/scaling.md, "Sharding by account"). A Customer id is the provider's and already unique there;
-- the portal only needs to find an account by it (webhooks), which a plain index does. A Keep this plan
-- link is looked up with the signed-in account, so its hash is unique within the account.
DROP INDEX "accounts_provider_customer_id_key";--> statement-breakpoint
CREATE INDEX "accounts_provider_customer_id_idx" ON "accounts" USING btree ("provider_customer_id");--> statement-breakpoint
DROP INDEX "cancellations_keep_token_idx";--> statement-breakpoint
CREATE UNIQUE INDEX "cancellations_keep_token_idx" ON "cancellations" USING btree ("account_id","keep_token_hash");

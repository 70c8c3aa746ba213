-- The provider's event whose card details a payment method holds (payment_method.automatically_updated):
-- its time and id. A card update writes only over older details, checked on the row itself, so that an
-- older update whose statement waited for the row while a newer one wrote it (two deliveries at once on
-- PostgreSQL) finds the newer stamp when it gets the row, and leaves the newer details in place.
ALTER TABLE "payment_methods" ADD COLUMN "details_event_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "payment_methods" ADD COLUMN "details_event_id" text;--> statement-breakpoint
-- The updates applied so far, newest per card.
UPDATE "payment_methods" m SET "details_event_at" = e."created", "details_event_id" = e."id"
  FROM (SELECT DISTINCT ON ("object_id") "object_id", "created", "id" FROM "provider_events"
         WHERE "type" = 'payment_method.automatically_updated' AND "outcome" = 'applied'
         ORDER BY "object_id", "created" DESC, "id" DESC) e
 WHERE m."id" = e."object_id";

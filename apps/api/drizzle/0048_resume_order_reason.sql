-- Why staff resumed a paused plan on a customer's behalf, kept with the resume's order: the activity log's
-- 'pause.resumed' entry is written when the order is paid, which may be after the request that asked for
-- it is gone (its answer lost, its process killed, the payments' reconcile completing it).
ALTER TABLE "period_start_orders" ADD COLUMN "actor_reason" text;

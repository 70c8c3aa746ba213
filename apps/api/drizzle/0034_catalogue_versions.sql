-- The operator console's catalogue (issue 25): plan prices with effective dates, and a revision of the
-- rate table that every process checks before rating, so a rate scheduled in one reaches all of them.
-- Each plan's current price, credits and save label become its first version, in force since -infinity.
CREATE TABLE "plan_versions" (
	"plan_id" text NOT NULL REFERENCES "plans"("id") ON DELETE cascade,
	"effective_from" timestamp with time zone NOT NULL,
	"price_cents" integer NOT NULL,
	"credits" integer NOT NULL,
	"save" text,
	CONSTRAINT "plan_versions_plan_id_effective_from_pk" PRIMARY KEY("plan_id","effective_from")
);--> statement-breakpoint
INSERT INTO "plan_versions" ("plan_id", "effective_from", "price_cents", "credits", "save")
	SELECT "id", '-infinity', "price_cents", "credits", "save" FROM "plans";--> statement-breakpoint
CREATE TABLE "rate_revision" (
	"id" boolean PRIMARY KEY DEFAULT true CHECK ("id"),
	"revision" integer NOT NULL DEFAULT 0
);--> statement-breakpoint
INSERT INTO "rate_revision" ("id", "revision") VALUES (true, 0);

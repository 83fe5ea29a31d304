CREATE TABLE "commerce_regions" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"currency_code" text NOT NULL,
	"shopping" boolean DEFAULT true NOT NULL
);
--> statement-breakpoint
CREATE TABLE "countries" (
	"iso" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"slug" text NOT NULL,
	"continent" text NOT NULL,
	"languages" jsonb NOT NULL,
	"region_group" text,
	"sort_order" integer NOT NULL,
	CONSTRAINT "countries_slug_unique" UNIQUE("slug")
);
--> statement-breakpoint
CREATE TABLE "currencies" (
	"code" text PRIMARY KEY NOT NULL,
	"token" text NOT NULL,
	"decimal_token" text NOT NULL,
	"thousands_token" text NOT NULL,
	"decimal_places" integer NOT NULL,
	"token_location" text NOT NULL
);
--> statement-breakpoint
ALTER TABLE "commerce_regions" ADD CONSTRAINT "commerce_regions_currency_code_currencies_code_fk" FOREIGN KEY ("currency_code") REFERENCES "public"."currencies"("code") ON DELETE no action ON UPDATE no action;
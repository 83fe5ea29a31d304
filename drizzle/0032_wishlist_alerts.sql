-- A price drop or back-in-stock of a listed size, mailed (issue 45, decision 0054). The opt-in lives on the list's
-- own row, so removing the product or erasing the customer removes it too; what was last seen (price in the
-- region's currency, in stock) is the baseline a later change is measured against.
ALTER TABLE "wishlist_items" ADD COLUMN "alert" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "wishlist_items" ADD COLUMN "alert_locale" text;--> statement-breakpoint
ALTER TABLE "wishlist_items" ADD COLUMN "alert_region" text;--> statement-breakpoint
ALTER TABLE "wishlist_items" ADD COLUMN "alert_currency" text;--> statement-breakpoint
ALTER TABLE "wishlist_items" ADD COLUMN "alert_price" numeric(12, 2);--> statement-breakpoint
ALTER TABLE "wishlist_items" ADD COLUMN "alert_in_stock" boolean;--> statement-breakpoint
ALTER TABLE "wishlist_items" ADD COLUMN "alerted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "wishlist_items" ADD COLUMN "alert_held" boolean DEFAULT false NOT NULL;--> statement-breakpoint
CREATE INDEX "wishlist_items_alert_product_idx" ON "wishlist_items" USING btree ("product_id") WHERE "alert";--> statement-breakpoint
-- Where the alerts' watcher stopped reading the product change log and the catalogue version (one row).
CREATE TABLE "wishlist_alert_cursor" (
	"id" integer PRIMARY KEY NOT NULL,
	"product_changes" bigint DEFAULT 0 NOT NULL,
	"catalogue" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "wishlist_alert_cursor_one_row" CHECK ("id" = 1)
);

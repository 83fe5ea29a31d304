CREATE TABLE "stock_movements" (
	"id" serial PRIMARY KEY NOT NULL,
	"variant_id" integer NOT NULL,
	"reason" text NOT NULL,
	"before" integer NOT NULL,
	"after" integer NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"staff_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "product_prices" ADD COLUMN "sale_starts_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "product_prices" ADD COLUMN "sale_ends_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "variants" ADD COLUMN "low_stock_threshold" integer;--> statement-breakpoint
ALTER TABLE "stock_movements" ADD CONSTRAINT "stock_movements_variant_id_variants_id_fk" FOREIGN KEY ("variant_id") REFERENCES "public"."variants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "stock_movements_variant_idx" ON "stock_movements" USING btree ("variant_id","id");--> statement-breakpoint
CREATE INDEX "products_name_lower_idx" ON "products" USING btree (lower("name") text_pattern_ops);--> statement-breakpoint
-- Shipping rules show in the cart and checkout of every process: the back office's edits bump the catalogue's
-- version like any other catalogue write (issue 20).
CREATE TRIGGER shipping_zones_bump_catalogue AFTER INSERT OR UPDATE OR DELETE ON shipping_zones FOR EACH STATEMENT EXECUTE FUNCTION bump_data_version('catalogue');
--> statement-breakpoint
CREATE TRIGGER shipping_methods_bump_catalogue AFTER INSERT OR UPDATE OR DELETE ON shipping_methods FOR EACH STATEMENT EXECUTE FUNCTION bump_data_version('catalogue');
--> statement-breakpoint
CREATE TRIGGER shipping_settings_bump_catalogue AFTER INSERT OR UPDATE OR DELETE ON shipping_settings FOR EACH STATEMENT EXECUTE FUNCTION bump_data_version('catalogue');

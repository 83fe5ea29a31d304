-- Per-variant prices (issue 41, decision 0042): a variant may have its own retail price and sale (with its start
-- and end) in a commerce region, in that region's currency; a variant without a row costs its product's price.
-- Every change moves the 'catalogue' data version (overrides are edited by hand, a few at a time), and the sale
-- schedule watcher looks at these rows' starts and ends as it does at product_prices'.
CREATE TABLE "variant_prices" (
	"variant_id" integer NOT NULL,
	"region_id" text NOT NULL,
	"retail_price" numeric(12, 2) NOT NULL,
	"sale_price" numeric(12, 2),
	"sale_starts_at" timestamp with time zone,
	"sale_ends_at" timestamp with time zone,
	CONSTRAINT "variant_prices_variant_id_region_id_pk" PRIMARY KEY("variant_id","region_id"),
	CONSTRAINT "variant_prices_variant_id_variants_id_fk" FOREIGN KEY ("variant_id") REFERENCES "public"."variants"("id") ON DELETE cascade ON UPDATE no action,
	CONSTRAINT "variant_prices_region_id_commerce_regions_id_fk" FOREIGN KEY ("region_id") REFERENCES "public"."commerce_regions"("id") ON DELETE no action ON UPDATE no action,
	CONSTRAINT "variant_prices_positive" CHECK ("retail_price" > 0 AND ("sale_price" IS NULL OR ("sale_price" > 0 AND "sale_price" < "retail_price")))
);
--> statement-breakpoint
CREATE TRIGGER variant_prices_bump_catalogue AFTER INSERT OR UPDATE OR DELETE ON variant_prices FOR EACH STATEMENT EXECUTE FUNCTION bump_data_version('catalogue');

-- Fit charts (issue 45, decision 0040): a series' load ranges per size (kg, smallest size first) and the series
-- each product is sized by. Both move the 'catalogue' data version, like every table a product page shows, so a
-- chart edited in the back office reaches cached product and category pages at once.
CREATE TABLE "fit_series" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"ranges" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "fit_series_name_unique" UNIQUE("name")
);
--> statement-breakpoint
CREATE TABLE "product_fit_series" (
	"product_id" integer PRIMARY KEY NOT NULL,
	"series_id" integer NOT NULL,
	CONSTRAINT "product_fit_series_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action,
	CONSTRAINT "product_fit_series_series_id_fit_series_id_fk" FOREIGN KEY ("series_id") REFERENCES "public"."fit_series"("id") ON DELETE restrict ON UPDATE no action
);
--> statement-breakpoint
CREATE INDEX "product_fit_series_series_idx" ON "product_fit_series" USING btree ("series_id");
--> statement-breakpoint
CREATE TRIGGER fit_series_bump_catalogue AFTER INSERT OR UPDATE OR DELETE ON fit_series FOR EACH STATEMENT EXECUTE FUNCTION bump_data_version('catalogue');
--> statement-breakpoint
CREATE TRIGGER product_fit_series_bump_catalogue AFTER INSERT OR UPDATE OR DELETE ON product_fit_series FOR EACH STATEMENT EXECUTE FUNCTION bump_data_version('catalogue');

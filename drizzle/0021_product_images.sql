-- Product images uploaded in the back office (issue 20): the files live in the media service's uploads folder
-- (server/media/upload.ts); a product's rows give their order. Which image a colour shows stays in
-- variants.thumbnail, where the storefront reads it.
CREATE TABLE "product_images" (
	"media_id" text PRIMARY KEY NOT NULL,
	"product_id" integer NOT NULL,
	"position" integer NOT NULL,
	"alt" text DEFAULT '' NOT NULL,
	"format" text NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"bytes" integer NOT NULL,
	"staff_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "product_images" ADD CONSTRAINT "product_images_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "product_images_product_idx" ON "product_images" USING btree ("product_id","position");--> statement-breakpoint
-- A product's images show on its storefront page: their changes bump the catalogue's version like any other.
CREATE TRIGGER product_images_bump_catalogue AFTER INSERT OR UPDATE OR DELETE ON product_images FOR EACH STATEMENT EXECUTE FUNCTION bump_data_version('catalogue');

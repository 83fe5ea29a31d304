-- Issue 42: a sale moves the version of what it changed, not the whole catalogue's. Stock and price updates write
-- one row per product they touch into product_changes, under one new 'product-changes' version (the row lock of
-- data_versions orders the versions as the transactions commit, so a reader that saw version N has seen every
-- change up to N). `shown` says whether anything a page shows moved (a price, a variant's in-stock state, any
-- other column of a variant); a level that moves without crossing zero changes only the exact stock count the API
-- answers. Each process reads the rows past the version it last saw and evicts what shows those products; the
-- 'catalogue' version still moves for everything else (new or removed products and variants, names, categories,
-- groups, currencies, shipping).
CREATE TABLE "product_changes" (
	"version" bigint NOT NULL,
	"product_id" integer NOT NULL,
	"shown" boolean NOT NULL,
	CONSTRAINT "product_changes_pkey" PRIMARY KEY ("version", "product_id")
);
--> statement-breakpoint
-- The search index follows the shown changes only (prices; stock is in no search document).
CREATE INDEX "product_changes_shown_idx" ON "product_changes" USING btree ("version") WHERE "shown";
--> statement-breakpoint
INSERT INTO data_versions (scope, version) VALUES ('product-changes', 0) ON CONFLICT (scope) DO NOTHING;
--> statement-breakpoint
-- Records the products one statement changed under the next version. Rows more than 10,000 versions old are
-- removed as new ones come (about an hour of steady orders); a process that fell further behind drops its caches
-- whole (server/cache/data-version.ts, PRODUCT_CHANGES_KEPT).
CREATE OR REPLACE FUNCTION record_product_changes(ids integer[], shown boolean[]) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  v bigint;
BEGIN
  IF ids IS NULL OR cardinality(ids) = 0 THEN
    RETURN;
  END IF;
  INSERT INTO data_versions (scope, version, updated_at) VALUES ('product-changes', 1, now())
  ON CONFLICT (scope) DO UPDATE SET version = data_versions.version + 1, updated_at = now()
  RETURNING version INTO v;
  INSERT INTO product_changes (version, product_id, shown)
  SELECT v, u.id, bool_or(u.shown) FROM unnest(ids, shown) AS u(id, shown) GROUP BY u.id;
  DELETE FROM product_changes WHERE version < v - 10000;
END;
$$;
--> statement-breakpoint
-- A variant's update: shown unless only its level moved and it stayed on the same side of zero.
CREATE OR REPLACE FUNCTION variants_record_changes() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  ids integer[];
  shown boolean[];
BEGIN
  SELECT array_agg(c.product_id), array_agg(c.shown) INTO ids, shown
  FROM (
    SELECT n.product_id,
      (to_jsonb(n) - 'inventory_level') IS DISTINCT FROM (to_jsonb(o) - 'inventory_level')
        OR (n.inventory_level > 0) IS DISTINCT FROM (o.inventory_level > 0) AS shown
    FROM new_rows n JOIN old_rows o ON o.id = n.id
    WHERE to_jsonb(n) IS DISTINCT FROM to_jsonb(o)
  ) c;
  PERFORM record_product_changes(ids, shown);
  RETURN NULL;
END;
$$;
--> statement-breakpoint
-- A product's update: its stock total alone is per product (shown when it crosses zero); any other column (name,
-- slug, visibility, category, availability…) shows in listings, search and the sitemap, and moves the catalogue.
CREATE OR REPLACE FUNCTION products_record_changes() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  ids integer[];
  shown boolean[];
BEGIN
  IF EXISTS (
    SELECT 1 FROM new_rows n JOIN old_rows o ON o.id = n.id
    WHERE (to_jsonb(n) - 'inventory_level') IS DISTINCT FROM (to_jsonb(o) - 'inventory_level')
  ) OR (SELECT count(*) FROM new_rows) <> (SELECT count(*) FROM new_rows n JOIN old_rows o ON o.id = n.id) THEN
    INSERT INTO data_versions (scope, version, updated_at) VALUES ('catalogue', 1, now())
    ON CONFLICT (scope) DO UPDATE SET version = data_versions.version + 1, updated_at = now();
    RETURN NULL;
  END IF;
  SELECT array_agg(n.id), array_agg((n.inventory_level > 0) IS DISTINCT FROM (o.inventory_level > 0))
  INTO ids, shown
  FROM new_rows n JOIN old_rows o ON o.id = n.id
  WHERE n.inventory_level IS DISTINCT FROM o.inventory_level;
  PERFORM record_product_changes(ids, shown);
  RETURN NULL;
END;
$$;
--> statement-breakpoint
-- A price's update shows wherever the product does (product page, listings, search documents).
CREATE OR REPLACE FUNCTION product_prices_record_changes() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  ids integer[];
  shown boolean[];
BEGIN
  SELECT array_agg(n.product_id), array_agg(true) INTO ids, shown
  FROM new_rows n JOIN old_rows o ON o.product_id = n.product_id AND o.region_id = n.region_id
  WHERE to_jsonb(n) IS DISTINCT FROM to_jsonb(o);
  IF EXISTS (
    SELECT 1 FROM new_rows n
    WHERE NOT EXISTS (SELECT 1 FROM old_rows o WHERE o.product_id = n.product_id AND o.region_id = n.region_id)
  ) THEN
    -- A price moved to another product or region: membership of listings, the catalogue's business.
    INSERT INTO data_versions (scope, version, updated_at) VALUES ('catalogue', 1, now())
    ON CONFLICT (scope) DO UPDATE SET version = data_versions.version + 1, updated_at = now();
    RETURN NULL;
  END IF;
  PERFORM record_product_changes(ids, shown);
  RETURN NULL;
END;
$$;
--> statement-breakpoint
-- Inserts and deletes (a product, variant or regional price appearing or going) still move the catalogue.
DROP TRIGGER IF EXISTS products_bump_catalogue ON products;
--> statement-breakpoint
CREATE TRIGGER products_bump_catalogue AFTER INSERT OR DELETE ON products FOR EACH STATEMENT EXECUTE FUNCTION bump_data_version('catalogue');
--> statement-breakpoint
CREATE TRIGGER products_record_changes AFTER UPDATE ON products REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION products_record_changes();
--> statement-breakpoint
DROP TRIGGER IF EXISTS variants_bump_catalogue ON variants;
--> statement-breakpoint
CREATE TRIGGER variants_bump_catalogue AFTER INSERT OR DELETE ON variants FOR EACH STATEMENT EXECUTE FUNCTION bump_data_version('catalogue');
--> statement-breakpoint
CREATE TRIGGER variants_record_changes AFTER UPDATE ON variants REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION variants_record_changes();
--> statement-breakpoint
DROP TRIGGER IF EXISTS product_prices_bump_catalogue ON product_prices;
--> statement-breakpoint
CREATE TRIGGER product_prices_bump_catalogue AFTER INSERT OR DELETE ON product_prices FOR EACH STATEMENT EXECUTE FUNCTION bump_data_version('catalogue');
--> statement-breakpoint
CREATE TRIGGER product_prices_record_changes AFTER UPDATE ON product_prices REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION product_prices_record_changes();

-- Anonymous page caches are invalidated when what those pages show changes: any write to these tables, from
-- any server process or tool, bumps the matching data_versions row.
CREATE OR REPLACE FUNCTION bump_data_version() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO data_versions (scope, version, updated_at) VALUES (TG_ARGV[0], 1, now())
  ON CONFLICT (scope) DO UPDATE SET version = data_versions.version + 1, updated_at = now();
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER products_bump_catalogue AFTER INSERT OR UPDATE OR DELETE ON products FOR EACH STATEMENT EXECUTE FUNCTION bump_data_version('catalogue');
--> statement-breakpoint
CREATE TRIGGER variants_bump_catalogue AFTER INSERT OR UPDATE OR DELETE ON variants FOR EACH STATEMENT EXECUTE FUNCTION bump_data_version('catalogue');
--> statement-breakpoint
CREATE TRIGGER product_prices_bump_catalogue AFTER INSERT OR UPDATE OR DELETE ON product_prices FOR EACH STATEMENT EXECUTE FUNCTION bump_data_version('catalogue');
--> statement-breakpoint
CREATE TRIGGER product_categories_bump_catalogue AFTER INSERT OR UPDATE OR DELETE ON product_categories FOR EACH STATEMENT EXECUTE FUNCTION bump_data_version('catalogue');
--> statement-breakpoint
CREATE TRIGGER categories_bump_catalogue AFTER INSERT OR UPDATE OR DELETE ON categories FOR EACH STATEMENT EXECUTE FUNCTION bump_data_version('catalogue');
--> statement-breakpoint
CREATE TRIGGER customer_groups_bump_catalogue AFTER INSERT OR UPDATE OR DELETE ON customer_groups FOR EACH STATEMENT EXECUTE FUNCTION bump_data_version('catalogue');
--> statement-breakpoint
CREATE TRIGGER currencies_bump_catalogue AFTER INSERT OR UPDATE OR DELETE ON currencies FOR EACH STATEMENT EXECUTE FUNCTION bump_data_version('catalogue');
--> statement-breakpoint
CREATE TRIGGER content_entries_bump_content AFTER INSERT OR UPDATE OR DELETE ON content_entries FOR EACH STATEMENT EXECUTE FUNCTION bump_data_version('content');
--> statement-breakpoint
CREATE TRIGGER content_assets_bump_content AFTER INSERT OR UPDATE OR DELETE ON content_assets FOR EACH STATEMENT EXECUTE FUNCTION bump_data_version('content');

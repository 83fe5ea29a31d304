-- One image resolver (issue 41): a colour value names the image it shows (`options[].values[].image`, read by
-- core/product-image.ts), so a listing that reads no variants still shows each colour's own image instead of a
-- media id guessed from the product's and the colour's slugs. Backfilled from the first variant of each colour
-- that names a thumbnail (what the back office's colour pick and the seed wrote); a value with none stays without.
UPDATE "products" p SET "options" = (
	SELECT jsonb_agg(
		CASE WHEN (o->>'name') ~* '^colou?r$' OR (o->>'displayName') ~* '^colou?r$' THEN
			jsonb_set(o, '{values}', coalesce((
				SELECT jsonb_agg(
					CASE WHEN v ? 'image' THEN v ELSE v || coalesce((
						SELECT jsonb_build_object('image', regexp_replace(split_part(var."thumbnail", '?', 1), '^.*/', ''))
						FROM "variants" var, jsonb_array_elements(var."option_values") ov
						WHERE var."product_id" = p."id" AND var."thumbnail" IS NOT NULL
							AND (ov->>'id')::int = (v->>'entityId')::int AND (ov->>'option_id')::int = (o->>'id')::int
						ORDER BY var."id" LIMIT 1
					), '{}'::jsonb) END
					ORDER BY vi)
				FROM jsonb_array_elements(o->'values') WITH ORDINALITY AS vals(v, vi)
			), '[]'::jsonb))
		ELSE o END
		ORDER BY oi)
	FROM jsonb_array_elements(p."options") WITH ORDINALITY AS opts(o, oi)
)
WHERE jsonb_array_length(p."options") > 0;

-- Payment and fulfilment apart (issue 40): an order's status id keeps the platform's single status (the
-- storefront's order pages and the API speak it), and two columns say where its money and its parcels stand, so a
-- partial refund no longer takes a paid, unshipped order out of the shipping queue. `paid_at` orders the queue
-- (oldest paid first). Returns record lines, quantities, a reason and what went back to stock; a refund names the
-- lines and the shipping it gives back. Backfilled from the facts (shipments, refunds, the timeline's 'paid' and
-- 'cancelled' events) with the rule of core/order-standing.ts.
ALTER TABLE "orders" ADD COLUMN "payment_status" text DEFAULT 'awaiting' NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "fulfillment_status" text DEFAULT 'unfulfilled' NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "paid_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "tags" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "refunds" ADD COLUMN "lines" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "refunds" ADD COLUMN "shipping_amount" numeric(12, 2) DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "refunds" ADD COLUMN "return_id" integer;--> statement-breakpoint
CREATE TABLE "order_returns" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL REFERENCES "orders"("id") ON DELETE cascade,
	"reason" text NOT NULL,
	"items" jsonb NOT NULL,
	"staff_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint
CREATE INDEX "order_returns_order_idx" ON "order_returns" USING btree ("order_id");--> statement-breakpoint
UPDATE "orders" o SET "paid_at" = CASE
		WHEN o."status_id" = 7 THEN NULL
		WHEN o."payment_method" = 'cash_on_delivery'
			THEN (SELECT min(e."created_at") FROM "order_events" e WHERE e."order_id" = o."id" AND e."type" = 'paid')
		WHEN o."status_id" = 5 AND NOT EXISTS (SELECT 1 FROM "order_events" e WHERE e."order_id" = o."id" AND e."type" = 'cancelled' AND e."detail"->>'wasPaid' = 'true')
			THEN NULL
		ELSE coalesce((SELECT min(e."created_at") FROM "order_events" e WHERE e."order_id" = o."id" AND e."type" = 'paid'), o."created_at")
	END;--> statement-breakpoint
UPDATE "orders" o SET "payment_status" = CASE
		WHEN o."paid_at" IS NULL AND o."status_id" = 5 THEN 'voided'
		WHEN o."paid_at" IS NULL THEN 'awaiting'
		WHEN coalesce((SELECT sum(r."amount") FROM "refunds" r WHERE r."order_id" = o."id"), 0) >= o."total" AND o."total" > 0 THEN 'refunded'
		WHEN coalesce((SELECT sum(r."amount") FROM "refunds" r WHERE r."order_id" = o."id"), 0) > 0 THEN 'partially_refunded'
		ELSE 'paid'
	END,
	"fulfillment_status" = CASE
		WHEN o."status_id" = 5 THEN 'cancelled'
		ELSE (
			WITH shipped AS (
				SELECT (item->>'order_item_id')::int AS id, sum((item->>'quantity')::int) AS quantity
				FROM "shipments" s, jsonb_array_elements(s."items") item
				WHERE s."order_id" = o."id" GROUP BY 1
			), removed AS (
				SELECT (line->>'order_item_id')::int AS id, sum(coalesce((line->>'removed')::int, 0)) AS quantity
				FROM "refunds" r, jsonb_array_elements(r."lines") line
				WHERE r."order_id" = o."id" GROUP BY 1
			), lines AS (
				SELECT i."quantity" - coalesce(rm."quantity", 0) AS ordered, least(coalesce(sh."quantity", 0), i."quantity") AS sent
				FROM "order_items" i LEFT JOIN shipped sh ON sh."id" = i."id" LEFT JOIN removed rm ON rm."id" = i."id"
				WHERE i."order_id" = o."id"
			)
			SELECT CASE
				WHEN coalesce(sum(sent), 0) = 0 AND coalesce(sum(ordered), 0) > 0 THEN 'unfulfilled'
				WHEN coalesce(sum(sent), 0) = 0 THEN 'cancelled'
				WHEN sum(sent) < sum(ordered) THEN 'partially_fulfilled'
				WHEN o."status_id" = 10 OR NOT EXISTS (SELECT 1 FROM "shipments" s WHERE s."order_id" = o."id" AND s."delivered_at" IS NULL) THEN 'delivered'
				ELSE 'fulfilled'
			END FROM lines
		)
	END;--> statement-breakpoint
ALTER TABLE "orders" ALTER COLUMN "payment_status" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "orders" ALTER COLUMN "fulfillment_status" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_payment_status_known" CHECK ("payment_status" IN ('awaiting', 'paid', 'partially_refunded', 'refunded', 'voided'));--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_fulfillment_status_known" CHECK ("fulfillment_status" IN ('unfulfilled', 'partially_fulfilled', 'fulfilled', 'delivered', 'cancelled'));--> statement-breakpoint
-- The shipping queue: what is paid (or paid on delivery) and not yet shipped in full, oldest paid first.
CREATE INDEX "orders_ship_queue_idx" ON "orders" USING btree ((coalesce("paid_at", "created_at")), "id")
	WHERE "fulfillment_status" IN ('unfulfilled', 'partially_fulfilled')
	AND ("payment_status" IN ('paid', 'partially_refunded') OR ("payment_status" = 'awaiting' AND "payment_method" = 'cash_on_delivery'));--> statement-breakpoint
CREATE INDEX "orders_payment_status_created_idx" ON "orders" USING btree ("payment_status", "created_at", "id");--> statement-breakpoint
CREATE INDEX "orders_fulfillment_status_created_idx" ON "orders" USING btree ("fulfillment_status", "created_at", "id");

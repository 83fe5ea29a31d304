-- Discount codes (issue 41, decision 0038). A cart names the code a shopper entered (re-evaluated on every view);
-- an order keeps the code, what it took off the lines and the shipping, and each line its share. `uses` is raised
-- in checkout's transaction under the code's row lock; the check and the redemptions' unique keys hold whatever
-- writes them.
CREATE TABLE "discount_codes" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"kind" text NOT NULL,
	"percent" numeric(5, 2),
	"amounts" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"scope" text DEFAULT 'cart' NOT NULL,
	"category_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"product_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"region_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"minimums" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"starts_at" timestamp with time zone,
	"ends_at" timestamp with time zone,
	"active" boolean DEFAULT true NOT NULL,
	"usage_limit" integer,
	"per_customer_limit" integer,
	"combines_with_sale" boolean DEFAULT false NOT NULL,
	"applies_to_pro" boolean DEFAULT false NOT NULL,
	"uses" integer DEFAULT 0 NOT NULL,
	"version" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "discount_codes_code_upper" CHECK ("code" = upper("code")),
	CONSTRAINT "discount_codes_uses_within_limit" CHECK ("uses" >= 0 and ("usage_limit" is null or "uses" <= "usage_limit"))
);--> statement-breakpoint
CREATE UNIQUE INDEX "discount_codes_code_idx" ON "discount_codes" USING btree ("code");--> statement-breakpoint
CREATE TABLE "discount_redemptions" (
	"id" serial PRIMARY KEY NOT NULL,
	"code_id" integer NOT NULL REFERENCES "discount_codes"("id") ON DELETE restrict,
	"order_id" integer NOT NULL REFERENCES "orders"("id") ON DELETE cascade,
	"shopper_key" text NOT NULL,
	"use_number" integer NOT NULL,
	"amount" numeric(12, 2) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint
CREATE UNIQUE INDEX "discount_redemptions_order_idx" ON "discount_redemptions" USING btree ("order_id");--> statement-breakpoint
CREATE UNIQUE INDEX "discount_redemptions_shopper_idx" ON "discount_redemptions" USING btree ("code_id","shopper_key","use_number");--> statement-breakpoint
CREATE INDEX "discount_redemptions_code_idx" ON "discount_redemptions" USING btree ("code_id");--> statement-breakpoint
ALTER TABLE "carts" ADD COLUMN "discount_code" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "discount_code" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "discount_amount" numeric(12, 2) DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "shipping_discount" numeric(12, 2) DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "discount" numeric(12, 2) DEFAULT 0 NOT NULL;

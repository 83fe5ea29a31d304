-- Product reviews from buyers (issue 45, decision 0043). One review per customer and product, tied to the
-- delivered order that makes it a verified purchase; it waits for moderation after every write. Approvals, edits
-- and votes record a shown product change (decision 0036) from the engine, so a cached product page follows them;
-- no trigger here moves the 'catalogue' version, which would empty every page for one review.
CREATE TABLE "product_reviews" (
	"id" serial PRIMARY KEY NOT NULL,
	"product_id" integer NOT NULL,
	"customer_id" integer NOT NULL,
	"order_id" integer NOT NULL,
	"rating" smallint NOT NULL,
	"body" text NOT NULL,
	"language" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"reject_reason" text,
	"reply" text,
	"replied_at" timestamp with time zone,
	"helpful" integer DEFAULT 0 NOT NULL,
	"written_at" timestamp with time zone DEFAULT now() NOT NULL,
	"moderated_at" timestamp with time zone,
	CONSTRAINT "product_reviews_customer_product_unique" UNIQUE("customer_id","product_id"),
	CONSTRAINT "product_reviews_rating_check" CHECK ("rating" BETWEEN 1 AND 5),
	CONSTRAINT "product_reviews_status_check" CHECK ("status" IN ('pending', 'approved', 'rejected')),
	CONSTRAINT "product_reviews_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action,
	CONSTRAINT "product_reviews_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action,
	CONSTRAINT "product_reviews_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action
);
--> statement-breakpoint
CREATE INDEX "product_reviews_product_status_idx" ON "product_reviews" USING btree ("product_id","status");
--> statement-breakpoint
CREATE INDEX "product_reviews_status_written_idx" ON "product_reviews" USING btree ("status","written_at");
--> statement-breakpoint
-- One "helpful" per client and review: `voter` is the throttle's keyed hash of the client address (decision
-- 0037), never the address; `customer_id` names a signed-in voter so that an erase removes their votes.
CREATE TABLE "review_votes" (
	"review_id" integer NOT NULL,
	"voter" text NOT NULL,
	"customer_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "review_votes_pkey" PRIMARY KEY ("review_id","voter"),
	CONSTRAINT "review_votes_review_id_product_reviews_id_fk" FOREIGN KEY ("review_id") REFERENCES "public"."product_reviews"("id") ON DELETE cascade ON UPDATE no action,
	CONSTRAINT "review_votes_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action
);
--> statement-breakpoint
CREATE INDEX "review_votes_customer_idx" ON "review_votes" USING btree ("customer_id");
--> statement-breakpoint
-- An order's invitation to review, claimed before the mail goes so that two processes never both send it.
CREATE TABLE "review_invitations" (
	"order_id" integer PRIMARY KEY NOT NULL,
	"sent_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "review_invitations_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action
);

CREATE TABLE "back_in_stock_notices" (
	"subscription_id" integer PRIMARY KEY NOT NULL,
	"variant_id" integer NOT NULL,
	"sent_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "back_in_stock_notices" ADD CONSTRAINT "back_in_stock_notices_subscription_id_newsletter_subscriptions_id_fk" FOREIGN KEY ("subscription_id") REFERENCES "public"."newsletter_subscriptions"("id") ON DELETE cascade ON UPDATE no action;
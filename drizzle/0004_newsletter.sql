CREATE TABLE "newsletter_subscriptions" (
	"id" serial PRIMARY KEY NOT NULL,
	"email" text NOT NULL,
	"list_id" text NOT NULL,
	"locale" text NOT NULL,
	"content_region" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "newsletter_subscriptions_email_list" ON "newsletter_subscriptions" USING btree ("email","list_id");--> statement-breakpoint
CREATE INDEX "newsletter_subscriptions_created" ON "newsletter_subscriptions" USING btree ("created_at");
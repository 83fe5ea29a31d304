CREATE TABLE "demo_bookings" (
	"id" serial PRIMARY KEY NOT NULL,
	"event_uid" text NOT NULL,
	"event_date" text NOT NULL,
	"name" text NOT NULL,
	"email" text NOT NULL,
	"party" integer NOT NULL,
	"locale" text NOT NULL,
	"consent_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "demo_bookings_event_email" ON "demo_bookings" USING btree ("event_uid","email");--> statement-breakpoint
CREATE INDEX "demo_bookings_event" ON "demo_bookings" USING btree ("event_uid");
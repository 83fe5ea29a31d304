CREATE TABLE "signup_confirmations" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"email" text NOT NULL,
	"region_id" text NOT NULL,
	"password_hash" text NOT NULL,
	"details" jsonb NOT NULL,
	"pro_application" jsonb,
	"return_to" text,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "signup_confirmations_expires_idx" ON "signup_confirmations" USING btree ("expires_at");
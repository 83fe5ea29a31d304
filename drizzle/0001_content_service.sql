CREATE TABLE "content_assets" (
	"uid" text NOT NULL,
	"locale" text DEFAULT 'en-us' NOT NULL,
	"title" text NOT NULL,
	"filename" text NOT NULL,
	"url" text NOT NULL,
	"content_type" text NOT NULL,
	"file_size" integer DEFAULT 0 NOT NULL,
	"fields" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"published_to" text[] DEFAULT '{}' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "content_assets_uid_locale_pk" PRIMARY KEY("uid","locale")
);
--> statement-breakpoint
CREATE TABLE "content_entries" (
	"content_type" text NOT NULL,
	"uid" text NOT NULL,
	"locale" text NOT NULL,
	"title" text DEFAULT '' NOT NULL,
	"fields" jsonb NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"published_to" text[] DEFAULT '{}' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "content_entries_content_type_uid_locale_pk" PRIMARY KEY("content_type","uid","locale")
);
--> statement-breakpoint
CREATE INDEX "content_entries_type_locale_idx" ON "content_entries" USING btree ("content_type","locale");--> statement-breakpoint
CREATE INDEX "content_entries_uid_idx" ON "content_entries" USING btree ("uid");--> statement-breakpoint
CREATE INDEX "content_entries_updated_idx" ON "content_entries" USING btree ("updated_at");
-- Drafts and publishing (issue 21): content_entries is the working copy editors save; every save is a row of
-- content_versions; what is published to an environment and locale is a row of content_publications holding a
-- snapshot of the published version, and the delivery protocol (so the live store) reads only those. An
-- unpublish leaves a row in content_unpublications so that sync can answer entry_unpublished.
CREATE TABLE "content_versions" (
	"content_type" text NOT NULL,
	"uid" text NOT NULL,
	"locale" text NOT NULL,
	"version" integer NOT NULL,
	"title" text DEFAULT '' NOT NULL,
	"fields" jsonb NOT NULL,
	"saved_at" timestamp with time zone DEFAULT now() NOT NULL,
	"saved_by" text,
	CONSTRAINT "content_versions_content_type_uid_locale_version_pk" PRIMARY KEY("content_type","uid","locale","version")
);
--> statement-breakpoint
CREATE TABLE "content_publications" (
	"content_type" text NOT NULL,
	"uid" text NOT NULL,
	"locale" text NOT NULL,
	"environment" text NOT NULL,
	"version" integer NOT NULL,
	"title" text DEFAULT '' NOT NULL,
	"fields" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"saved_at" timestamp with time zone DEFAULT now() NOT NULL,
	"published_at" timestamp with time zone DEFAULT now() NOT NULL,
	"published_by" text,
	CONSTRAINT "content_publications_content_type_uid_locale_environment_pk" PRIMARY KEY("content_type","uid","locale","environment")
);
--> statement-breakpoint
CREATE TABLE "content_unpublications" (
	"content_type" text NOT NULL,
	"uid" text NOT NULL,
	"locale" text NOT NULL,
	"environment" text NOT NULL,
	"unpublished_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "content_unpublications_content_type_uid_locale_environment_pk" PRIMARY KEY("content_type","uid","locale","environment")
);
--> statement-breakpoint
CREATE INDEX "content_publications_env_type_locale_idx" ON "content_publications" USING btree ("environment","content_type","locale");--> statement-breakpoint
CREATE INDEX "content_publications_env_uid_idx" ON "content_publications" USING btree ("environment","uid");--> statement-breakpoint
CREATE INDEX "content_publications_env_published_idx" ON "content_publications" USING btree ("environment","published_at");--> statement-breakpoint
CREATE INDEX "content_unpublications_env_time_idx" ON "content_unpublications" USING btree ("environment","unpublished_at");--> statement-breakpoint
ALTER TABLE "content_entries" ADD COLUMN "updated_by" text;--> statement-breakpoint
-- Each entry's current fields become its version N, published to every environment it was published to.
INSERT INTO "content_versions" ("content_type", "uid", "locale", "version", "title", "fields", "saved_at")
  SELECT "content_type", "uid", "locale", "version", "title", "fields", "updated_at" FROM "content_entries";
--> statement-breakpoint
INSERT INTO "content_publications" ("content_type", "uid", "locale", "environment", "version", "title", "fields", "created_at", "saved_at", "published_at")
  SELECT e."content_type", e."uid", e."locale", env, e."version", e."title", e."fields", e."created_at", e."updated_at", e."updated_at"
  FROM "content_entries" e CROSS JOIN LATERAL unnest(e."published_to") AS env;
--> statement-breakpoint
-- The live store reads publications: they, not the working copy, move the 'content' data version.
DROP TRIGGER IF EXISTS content_entries_bump_content ON content_entries;
--> statement-breakpoint
CREATE TRIGGER content_publications_bump_content AFTER INSERT OR UPDATE OR DELETE ON content_publications FOR EACH STATEMENT EXECUTE FUNCTION bump_data_version('content');
--> statement-breakpoint
ALTER TABLE "content_entries" DROP COLUMN "published_to";

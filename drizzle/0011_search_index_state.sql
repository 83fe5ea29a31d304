CREATE TABLE "search_index_state" (
	"engine" text PRIMARY KEY NOT NULL,
	"version" integer DEFAULT 0 NOT NULL,
	"source" text,
	"built_at" text
);

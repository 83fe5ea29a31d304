CREATE TABLE "search_clicks" (
	"id" text PRIMARY KEY NOT NULL,
	"engine" text NOT NULL,
	"query" text NOT NULL,
	"document_id" text NOT NULL,
	"request_id" text,
	"tags" text[] DEFAULT '{}' NOT NULL,
	"at" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "search_documents" (
	"engine" text NOT NULL,
	"locale" text NOT NULL,
	"id" text NOT NULL,
	"type" text NOT NULL,
	"title" text NOT NULL,
	"category" text,
	"colours" text[] DEFAULT '{}' NOT NULL,
	"regions" text[] DEFAULT '{}' NOT NULL,
	"stack" text NOT NULL,
	"environment" text NOT NULL,
	"price_us" double precision,
	"price_ca" double precision,
	"price_eu_region_1" double precision,
	"date" text,
	"rank" integer DEFAULT 0 NOT NULL,
	"fields" jsonb NOT NULL,
	"tsv" "tsvector" NOT NULL,
	"title_tsv" "tsvector" NOT NULL,
	"hash" text NOT NULL,
	CONSTRAINT "search_documents_engine_locale_id_pk" PRIMARY KEY("engine","locale","id")
);
--> statement-breakpoint
CREATE TABLE "search_terms" (
	"engine" text NOT NULL,
	"locale" text NOT NULL,
	"term" text NOT NULL,
	"docs" integer NOT NULL,
	CONSTRAINT "search_terms_engine_locale_term_pk" PRIMARY KEY("engine","locale","term")
);
--> statement-breakpoint
CREATE INDEX "search_clicks_document_idx" ON "search_clicks" USING btree ("engine","document_id");--> statement-breakpoint
CREATE INDEX "search_documents_tsv_idx" ON "search_documents" USING gin ("tsv");--> statement-breakpoint
CREATE INDEX "search_documents_title_tsv_idx" ON "search_documents" USING gin ("title_tsv");--> statement-breakpoint
CREATE INDEX "search_documents_type_idx" ON "search_documents" USING btree ("engine","locale","type");--> statement-breakpoint
CREATE INDEX "search_terms_prefix_idx" ON "search_terms" USING btree ("engine","locale","term" text_pattern_ops);
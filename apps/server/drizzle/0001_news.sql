CREATE TABLE "news_items" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"source" text NOT NULL,
	"external_key" text NOT NULL,
	"title" text NOT NULL,
	"author" text NOT NULL,
	"published_at" timestamp with time zone,
	"description" text NOT NULL,
	"categories" text[] DEFAULT '{}'::text[] NOT NULL,
	"link" text NOT NULL,
	"image_url" text,
	"first_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"edited_at" timestamp with time zone,
	"removed_at" timestamp with time zone,
	CONSTRAINT "news_items_source_key" UNIQUE("source","external_key")
);
--> statement-breakpoint
CREATE TABLE "news_sources" (
	"name" text PRIMARY KEY NOT NULL,
	"url" text NOT NULL,
	"etag" text,
	"last_modified" text,
	"last_attempt_at" timestamp with time zone,
	"last_success_at" timestamp with time zone,
	"last_failure_at" timestamp with time zone,
	"last_error" text,
	"consecutive_failures" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE INDEX "news_items_source_date" ON "news_items" USING btree ("source",coalesce("published_at", "first_seen_at") desc);
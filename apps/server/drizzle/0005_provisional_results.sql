CREATE TABLE "practice_results" (
	"race_id" integer NOT NULL,
	"position_display_order" integer NOT NULL,
	"position_number" integer,
	"position_text" text NOT NULL,
	"driver_number" text NOT NULL,
	"driver_id" text NOT NULL,
	"constructor_id" text NOT NULL,
	"engine_manufacturer_id" text NOT NULL,
	"session" text NOT NULL,
	"time" text,
	"gap" text,
	"interval" text,
	"laps" integer,
	"source" text DEFAULT 'F1DB' NOT NULL,
	CONSTRAINT "practice_results_race_id_session_position_display_order_pk" PRIMARY KEY("race_id","session","position_display_order"),
	CONSTRAINT "practice_results_session" CHECK ("practice_results"."session" in ('FREE_PRACTICE_1', 'FREE_PRACTICE_2', 'FREE_PRACTICE_3', 'FREE_PRACTICE_4')),
	CONSTRAINT "practice_results_source" CHECK ("practice_results"."source" in ('F1DB', 'LIVE_TIMING'))
);
--> statement-breakpoint
CREATE TABLE "provisional_differences" (
	"id" serial PRIMARY KEY NOT NULL,
	"race_id" integer NOT NULL,
	"session" text NOT NULL,
	"driver_id" text NOT NULL,
	"provisional_position" text,
	"official_position" text,
	"provisional_points" double precision,
	"official_points" double precision,
	"import_version" text NOT NULL,
	"found_at" timestamp with time zone NOT NULL,
	CONSTRAINT "provisional_differences_once" UNIQUE("race_id","session","driver_id","import_version")
);
--> statement-breakpoint
CREATE TABLE "source_status" (
	"source" text PRIMARY KEY NOT NULL,
	"version" text,
	"detail" text,
	"last_check_at" timestamp with time zone,
	"next_check_at" timestamp with time zone,
	"last_success_at" timestamp with time zone,
	"last_error_at" timestamp with time zone,
	"last_error" text
);
--> statement-breakpoint
ALTER TABLE "fastest_laps" ADD COLUMN "source" text DEFAULT 'F1DB' NOT NULL;--> statement-breakpoint
ALTER TABLE "qualifying_results" ADD COLUMN "source" text DEFAULT 'F1DB' NOT NULL;--> statement-breakpoint
ALTER TABLE "race_constructor_standings" ADD COLUMN "source" text DEFAULT 'F1DB' NOT NULL;--> statement-breakpoint
ALTER TABLE "race_driver_standings" ADD COLUMN "source" text DEFAULT 'F1DB' NOT NULL;--> statement-breakpoint
ALTER TABLE "race_results" ADD COLUMN "source" text DEFAULT 'F1DB' NOT NULL;--> statement-breakpoint
CREATE INDEX "practice_results_provisional" ON "practice_results" USING btree ("race_id") WHERE "practice_results"."source" <> 'F1DB';--> statement-breakpoint
CREATE INDEX "provisional_differences_found" ON "provisional_differences" USING btree ("found_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "fastest_laps_provisional" ON "fastest_laps" USING btree ("race_id") WHERE "fastest_laps"."source" <> 'F1DB';--> statement-breakpoint
CREATE INDEX "qualifying_results_provisional" ON "qualifying_results" USING btree ("race_id") WHERE "qualifying_results"."source" <> 'F1DB';--> statement-breakpoint
CREATE INDEX "race_constructor_standings_provisional" ON "race_constructor_standings" USING btree ("race_id") WHERE "race_constructor_standings"."source" <> 'F1DB';--> statement-breakpoint
CREATE INDEX "race_driver_standings_provisional" ON "race_driver_standings" USING btree ("race_id") WHERE "race_driver_standings"."source" <> 'F1DB';--> statement-breakpoint
CREATE INDEX "race_results_provisional" ON "race_results" USING btree ("race_id") WHERE "race_results"."source" <> 'F1DB';--> statement-breakpoint
ALTER TABLE "fastest_laps" ADD CONSTRAINT "fastest_laps_source" CHECK ("fastest_laps"."source" in ('F1DB', 'LIVE_TIMING'));--> statement-breakpoint
ALTER TABLE "qualifying_results" ADD CONSTRAINT "qualifying_results_source" CHECK ("qualifying_results"."source" in ('F1DB', 'LIVE_TIMING'));--> statement-breakpoint
ALTER TABLE "race_constructor_standings" ADD CONSTRAINT "race_constructor_standings_source" CHECK ("race_constructor_standings"."source" in ('F1DB', 'LIVE_TIMING'));--> statement-breakpoint
ALTER TABLE "race_driver_standings" ADD CONSTRAINT "race_driver_standings_source" CHECK ("race_driver_standings"."source" in ('F1DB', 'LIVE_TIMING'));--> statement-breakpoint
ALTER TABLE "race_results" ADD CONSTRAINT "race_results_source" CHECK ("race_results"."source" in ('F1DB', 'LIVE_TIMING'));
CREATE TABLE "ergast_aliases" (
	"kind" text NOT NULL,
	"alias" text NOT NULL,
	"target_id" text NOT NULL,
	CONSTRAINT "ergast_aliases_kind_alias_target_id_pk" PRIMARY KEY("kind","alias","target_id")
);
--> statement-breakpoint
CREATE TABLE "ergast_statuses" (
	"id" integer PRIMARY KEY NOT NULL,
	"status" text NOT NULL,
	CONSTRAINT "ergast_statuses_status_unique" UNIQUE("status")
);
--> statement-breakpoint
CREATE TABLE "pit_stops" (
	"race_id" integer NOT NULL,
	"position_display_order" integer NOT NULL,
	"driver_number" text NOT NULL,
	"driver_id" text NOT NULL,
	"constructor_id" text NOT NULL,
	"stop" integer NOT NULL,
	"lap" integer NOT NULL,
	"time" text,
	CONSTRAINT "pit_stops_race_id_position_display_order_pk" PRIMARY KEY("race_id","position_display_order")
);
--> statement-breakpoint
CREATE INDEX "pit_stops_driver" ON "pit_stops" USING btree ("driver_id");--> statement-breakpoint
CREATE INDEX "fastest_laps_race_driver" ON "fastest_laps" USING btree ("race_id","driver_id");--> statement-breakpoint
CREATE INDEX "qualifying_results_driver" ON "qualifying_results" USING btree ("driver_id");--> statement-breakpoint
CREATE INDEX "qualifying_results_constructor" ON "qualifying_results" USING btree ("constructor_id");--> statement-breakpoint
CREATE INDEX "race_constructor_standings_constructor" ON "race_constructor_standings" USING btree ("constructor_id");--> statement-breakpoint
CREATE INDEX "race_driver_standings_driver" ON "race_driver_standings" USING btree ("driver_id");--> statement-breakpoint
CREATE INDEX "race_results_constructor" ON "race_results" USING btree ("constructor_id");--> statement-breakpoint
CREATE INDEX "race_results_winners" ON "race_results" USING btree ("race_id","session","position_display_order") WHERE "race_results"."position_number" = 1;--> statement-breakpoint
CREATE INDEX "races_circuit" ON "races" USING btree ("circuit_id");
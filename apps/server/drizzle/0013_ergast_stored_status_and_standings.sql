CREATE TABLE "ergast_constructor_standings" (
	"race_id" integer NOT NULL,
	"position_display_order" integer NOT NULL,
	"position_number" integer,
	"position_text" text NOT NULL,
	"points" double precision NOT NULL,
	"constructor_id" text NOT NULL,
	"source" text DEFAULT 'F1DB' NOT NULL,
	CONSTRAINT "ergast_constructor_standings_race_id_position_display_order_pk" PRIMARY KEY("race_id","position_display_order")
);
--> statement-breakpoint
CREATE TABLE "ergast_driver_standings" (
	"race_id" integer NOT NULL,
	"position_display_order" integer NOT NULL,
	"position_number" integer,
	"position_text" text NOT NULL,
	"points" double precision NOT NULL,
	"driver_id" text NOT NULL,
	"source" text DEFAULT 'F1DB' NOT NULL,
	CONSTRAINT "ergast_driver_standings_race_id_position_display_order_pk" PRIMARY KEY("race_id","position_display_order")
);
--> statement-breakpoint
ALTER TABLE "race_results" ADD COLUMN "status" text;--> statement-breakpoint
-- The rows already there read as results/status.ts finishStatus reads them; from now on every writer stores it.
UPDATE "race_results" rr SET "status" = CASE
  WHEN rr.position_number IS NOT NULL THEN coalesce((
    SELECT CASE WHEN w.laps - rr.laps = 1 THEN '+1 Lap' WHEN w.laps > rr.laps THEN '+' || (w.laps - rr.laps) || ' Laps' END
    FROM (SELECT w.laps FROM race_results w WHERE w.race_id = rr.race_id AND w.session = rr.session AND w.position_number = 1
      ORDER BY w.position_display_order DESC LIMIT 1) w), 'Finished')
  WHEN rr.position_text = 'DNF' THEN coalesce(rr.reason_retired, 'Retired')
  WHEN rr.position_text = 'NC' THEN 'Not classified'
  WHEN rr.position_text = 'DSQ' THEN 'Disqualified'
  WHEN rr.position_text = 'EX' THEN 'Excluded'
  WHEN rr.position_text = 'DNS' THEN 'Did not start'
  WHEN rr.position_text = 'DNP' THEN 'Withdrew'
  WHEN rr.position_text = 'DNQ' THEN 'Did not qualify'
  WHEN rr.position_text = 'DNPQ' THEN 'Did not pre-qualify'
  ELSE coalesce(rr.reason_retired, rr.position_text) END;--> statement-breakpoint
ALTER TABLE "race_results" ALTER COLUMN "status" SET NOT NULL;--> statement-breakpoint
CREATE INDEX "ergast_constructor_standings_constructor_position" ON "ergast_constructor_standings" USING btree ("constructor_id","position_number");--> statement-breakpoint
CREATE INDEX "ergast_driver_standings_driver_position" ON "ergast_driver_standings" USING btree ("driver_id","position_number");--> statement-breakpoint
CREATE INDEX "race_results_status" ON "race_results" USING btree ("status");
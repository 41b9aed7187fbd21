CREATE TABLE "timing_laps" (
	"race_id" integer NOT NULL,
	"session" text NOT NULL,
	"driver_id" text NOT NULL,
	"driver_number" text NOT NULL,
	"constructor_id" text NOT NULL,
	"lap" integer NOT NULL,
	"completed_at_ms" integer,
	"time_ms" integer,
	"sector1_ms" integer,
	"sector2_ms" integer,
	"sector3_ms" integer,
	"position" integer,
	"gap_to_leader_ms" integer,
	"pit_in" boolean NOT NULL,
	"pit_out" boolean NOT NULL,
	CONSTRAINT "timing_laps_race_id_session_lap_driver_id_pk" PRIMARY KEY("race_id","session","lap","driver_id")
);
--> statement-breakpoint
CREATE TABLE "timing_pit_visits" (
	"race_id" integer NOT NULL,
	"session" text NOT NULL,
	"driver_id" text NOT NULL,
	"visit" integer NOT NULL,
	"in_lap" integer NOT NULL,
	"out_lap" integer,
	"in_at_ms" integer NOT NULL,
	"pit_lane_ms" integer,
	CONSTRAINT "timing_pit_visits_race_id_session_driver_id_visit_pk" PRIMARY KEY("race_id","session","driver_id","visit")
);
--> statement-breakpoint
CREATE TABLE "timing_sessions" (
	"race_id" integer NOT NULL,
	"session" text NOT NULL,
	"archive_path" text NOT NULL,
	"utc_at_zero" timestamp with time zone,
	"gmt_offset_minutes" integer,
	"missing_topics" text[] NOT NULL,
	"read_at" timestamp with time zone NOT NULL,
	CONSTRAINT "timing_sessions_race_id_session_pk" PRIMARY KEY("race_id","session")
);
--> statement-breakpoint
CREATE TABLE "timing_stints" (
	"race_id" integer NOT NULL,
	"session" text NOT NULL,
	"driver_id" text NOT NULL,
	"stint" integer NOT NULL,
	"compound" text,
	"is_new" boolean,
	"first_lap" integer NOT NULL,
	"laps" integer NOT NULL,
	CONSTRAINT "timing_stints_race_id_session_driver_id_stint_pk" PRIMARY KEY("race_id","session","driver_id","stint")
);
--> statement-breakpoint
CREATE TABLE "timing_track_status" (
	"race_id" integer NOT NULL,
	"session" text NOT NULL,
	"period" integer NOT NULL,
	"kind" text NOT NULL,
	"start_ms" integer NOT NULL,
	"end_ms" integer,
	"start_lap" integer NOT NULL,
	"end_lap" integer NOT NULL,
	CONSTRAINT "timing_track_status_race_id_session_period_pk" PRIMARY KEY("race_id","session","period"),
	CONSTRAINT "timing_track_status_kind" CHECK ("timing_track_status"."kind" in ('SAFETY_CAR', 'VIRTUAL_SAFETY_CAR', 'RED_FLAG'))
);
--> statement-breakpoint
CREATE TABLE "timing_weather" (
	"race_id" integer NOT NULL,
	"session" text NOT NULL,
	"sample" integer NOT NULL,
	"at_ms" integer NOT NULL,
	"air_temp" real,
	"track_temp" real,
	"humidity" real,
	"pressure" double precision,
	"wind_speed" real,
	"wind_direction" integer,
	"rainfall" boolean,
	CONSTRAINT "timing_weather_race_id_session_sample_pk" PRIMARY KEY("race_id","session","sample")
);

CREATE TABLE "timing_driver_list" (
	"year" integer NOT NULL,
	"driver_id" text NOT NULL,
	"constructor_id" text NOT NULL,
	"headshot_url" text,
	"team_colour" text,
	"session_path" text NOT NULL,
	"read_at" timestamp with time zone NOT NULL,
	CONSTRAINT "timing_driver_list_year_driver_id_pk" PRIMARY KEY("year","driver_id")
);

CREATE TABLE "session_overrides" (
	"race_id" integer NOT NULL,
	"kind" text NOT NULL,
	"added" boolean DEFAULT false NOT NULL,
	"starts_at" timestamp with time zone,
	"cancelled" boolean DEFAULT false NOT NULL,
	"removed" boolean DEFAULT false NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "session_overrides_race_id_kind_pk" PRIMARY KEY("race_id","kind")
);

CREATE TABLE "archive_session_starts" (
	"race_id" integer NOT NULL,
	"kind" text NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	CONSTRAINT "archive_session_starts_race_id_kind_pk" PRIMARY KEY("race_id","kind")
);

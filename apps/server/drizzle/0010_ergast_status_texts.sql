-- The importer fills the table again (npm run import:f1db); until then the Ergast API counts no statuses.
DROP TABLE "ergast_statuses";--> statement-breakpoint
CREATE TABLE "ergast_statuses" (
	"status" text PRIMARY KEY NOT NULL,
	"id" integer NOT NULL,
	"ergast_status" text NOT NULL
);
--> statement-breakpoint
CREATE INDEX "ergast_statuses_id" ON "ergast_statuses" USING btree ("id");

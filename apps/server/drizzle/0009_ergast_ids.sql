CREATE TABLE "ergast_ids" (
	"kind" text NOT NULL,
	"f1db_id" text NOT NULL,
	"ergast_id" text NOT NULL,
	CONSTRAINT "ergast_ids_kind_f1db_id_pk" PRIMARY KEY("kind","f1db_id")
);
--> statement-breakpoint
CREATE INDEX "ergast_ids_kind_ergast_id" ON "ergast_ids" USING btree ("kind","ergast_id");
CREATE TABLE "ballots" (
	"id" serial PRIMARY KEY NOT NULL,
	"race_id" integer NOT NULL,
	"user_id" uuid,
	"visitor_id" text,
	"address_hash" text,
	"address_slot" integer,
	"best_point_scorer" text NOT NULL,
	"best_of_the_rest" text NOT NULL,
	"best_team" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "ballots_race_user" UNIQUE("race_id","user_id"),
	CONSTRAINT "ballots_race_visitor" UNIQUE("race_id","visitor_id"),
	CONSTRAINT "ballots_race_address_slot" UNIQUE("race_id","address_hash","address_slot"),
	CONSTRAINT "ballots_one_voter" CHECK (num_nonnulls("ballots"."user_id", "ballots"."visitor_id") = 1),
	CONSTRAINT "ballots_visitor_address" CHECK (("ballots"."visitor_id" is null) = ("ballots"."address_hash" is null) and ("ballots"."visitor_id" is null) = ("ballots"."address_slot" is null)),
	CONSTRAINT "ballots_address_slot" CHECK ("ballots"."address_slot" >= 1)
);
--> statement-breakpoint
ALTER TABLE "ballots" ADD CONSTRAINT "ballots_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "ballots_user" ON "ballots" USING btree ("user_id");